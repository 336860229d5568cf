"""Finish a built site: Font Awesome served from the site instead of a CDN, links between
lessons pointing at the built pages, what the pages do not use left out, and the service worker that keeps the site's files in the browser."""

from __future__ import annotations

import hashlib
import html
import os
import re
import shutil
from pathlib import Path

from ...teaching import catalog
from ..templates import render
from ..voila import _page_links
from .steps import BuildError, Reporter, npm_package

__all__ = ["FAILED_HELP", "FONT_AWESOME_VERSION", "LINK_SCRIPT", "SERVICE_WORKER", "build_id",
           "finish_site", "outside_references"]

#: Voila's template asks a CDN for Font Awesome 5 ("^5"); the site serves this copy instead.
FONT_AWESOME_VERSION = "5.15.4"
_CDN_FONT_AWESOME = re.compile(
    r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/\"']+/css/")
#: Voici's file list asks for Font Awesome 4; version 5's full stylesheet draws its icons.
_CDN_FONT_AWESOME_4 = re.compile(
    r"https://cdn\.jsdelivr\.net/npm/font-awesome@4[^/\"']*/css/font-awesome(\.min)?\.css")

#: The lessons link to each other by notebook name (as Voila serves them); a built page is
#: voici/render/<name>.html: this script, placed in each page's head, fixes links as they come.
LINK_SCRIPT = "<script>\n" + Path(__file__).with_name("page-links.js").read_text("utf-8") \
    + "</script>"
_LINK_MARK = "<!-- cassino-learn: links to built pages -->"

#: Built by JupyterLite for its full JupyterLab app, which the course does not use: the Voici
#: pages load their front end from voici/build.
UNUSED = ("build", "doc", "jupyter-lite.ipynb")


def _font_awesome(report: Reporter) -> Path:
    return npm_package("@fortawesome/fontawesome-free", FONT_AWESOME_VERSION,
                       "css/all.min.css", "Font Awesome", report)


def _copy_font_awesome(output: Path, report: Reporter) -> Path:
    source = _font_awesome(report)
    target = output / "static" / "fontawesome"
    (target / "css").mkdir(parents=True, exist_ok=True)
    (target / "webfonts").mkdir(exist_ok=True)
    for name in ("all.min.css", "v4-shims.min.css"):
        shutil.copy2(source / "css" / name, target / "css" / name)
    # Every browser in use takes woff2 (the stylesheet's first choice); the rest would be dead
    # weight.
    for font in (source / "webfonts").glob("*.woff2"):
        shutil.copy2(font, target / "webfonts" / font.name)
    shutil.copy2(source / "LICENSE.txt", target / "LICENSE.txt")
    return target / "css"


#: The failed-cell note of the app's template sends the teacher to the server's log; the static
#: edition has no server, nothing of a page's run is recorded outside the browser, and Voici
#: shows the failed cell's error on the page, under the note.
FAILED_HELP = ("tell your teacher which page it was and what the message below says: the "
               "course runs in your browser, so no server kept a record of it.")
_FAILED_HELP = re.compile(r'(<span class="cassino-failed-help">).*?(</span>)', re.S)

_APP_BAR_HOME = re.compile(r'(<a class="cassino-home"[^>]*>.*?</a>)(\s*</nav>)', re.S)


def _place_in_course(text: str, slug: str) -> str:
    """The app bar's "Lesson n of m" (Voici does not hand the template the settings that
    Voila does, so it is added here from the same catalogue)."""
    position = _page_links().get(slug, {}).get("position")
    if not position or 'class="cassino-where"' in text:  # (the stylesheet names it too)
        return text
    where = f'<span class="cassino-where">{html.escape(position)}</span>'
    return _APP_BAR_HOME.sub(lambda m: m.group(1) + where + m.group(2), text, count=1)


def _rewrite_page(page: Path, font_css: Path) -> None:
    text = _place_in_course(page.read_text(encoding="utf-8"), page.stem)
    text = _FAILED_HELP.sub(lambda m: m.group(1) + html.escape(FAILED_HELP) + m.group(2), text)
    local = os.path.relpath(font_css, page.parent).replace(os.sep, "/") + "/"
    text = _CDN_FONT_AWESOME.sub(local, text)
    text = _CDN_FONT_AWESOME_4.sub(local + "all.min.css", text)
    if _LINK_MARK not in text:
        text = text.replace("</head>", f"{_LINK_MARK}\n{LINK_SCRIPT}\n</head>", 1)
    page.write_text(text, encoding="utf-8")


def outside_references(output: Path) -> list[str]:
    """Stylesheets and scripts that built pages would load from outside the site."""
    found = []
    pattern = re.compile(r"<(?:link|script)\b[^>]*(?:href|src)=\"(https?:|//)[^\"]*\"")
    for page in sorted(output.rglob("*.html")):
        for match in pattern.finditer(page.read_text(encoding="utf-8")):
            found.append(f"{page.relative_to(output)}: {match.group(0)}")
    return found


def _entry_page(output: Path) -> None:
    """The site's front door opens the course's contents page."""
    target = f"voici/render/{catalog.INDEX.slug}.html"
    (output / "index.html").write_text(
        render("site/entry.html", title=catalog.INDEX.title, target=target) + "\n",
        encoding="utf-8")


#: The site's service worker, in place of JupyterLite's (see the file).
SERVICE_WORKER = Path(__file__).with_name("service-worker.js")


def build_id(output: Path) -> str:
    """A digest of every file of the site but the service worker: a new build that changes
    anything has a new one."""
    digest = hashlib.sha256()
    for path in sorted(p for p in output.rglob("*") if p.is_file()):
        if path.name != SERVICE_WORKER.name:
            digest.update(path.relative_to(output).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _install_service_worker(output: Path) -> None:
    template = SERVICE_WORKER.read_text(encoding="utf-8")
    cache = 'const CACHE = "cassino-learn-BUILD_ID";'
    if cache not in template:
        raise BuildError(f"{SERVICE_WORKER} no longer names its cache as {cache}")
    text = template.replace(cache, cache.replace("BUILD_ID", build_id(output)))
    (output / SERVICE_WORKER.name).write_text(text, encoding="utf-8")


def finish_site(output: Path, report: Reporter) -> None:
    _entry_page(output)
    font_css = _copy_font_awesome(output, report)
    pages = sorted((output / "voici").rglob("*.html"))
    for page in pages:
        _rewrite_page(page, font_css)
    for name in UNUSED:
        path = output / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    _install_service_worker(output)
    outside = outside_references(output)
    if outside:
        raise BuildError("built pages still load from outside the site:\n" + "\n".join(outside))
    report(f"finished {len(pages)} pages: Font Awesome served locally, lesson links rewritten, "
           "files kept by the site's service worker")
