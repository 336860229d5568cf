"""The static edition's files, as a class's server sends them.

- Compressed where the browser takes gzip and a .gz copy was made (serving/class_site.py).
- `Cache-Control: no-cache` with an ETag: the browser asks again and gets 304 Not Modified
  while the file is unchanged (the site's service worker keeps the files besides).
- The lesson pages only for a learner of the class (others go to the name page first), each
  with the class client's script (serving/static/class-client.js) added to its head; the
  pages are kept in memory, compressed once.
- Nothing outside the site's folder, no hidden file, no path a name typed could make.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tornado import web

from .class_site import compressed
from .class_web import PAGES_PATH, ClassState, join_url, learner_from_cookie
from .templates import render

__all__ = ["SiteFiles", "ClientScript", "CLIENT_PATH", "client_script"]

CLIENT_PATH = "class-client.js"
CHUNK = 256 * 1024
TYPES = {".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
         ".json": "application/json", ".webmanifest": "application/manifest+json",
         ".whl": "application/zip", ".zip": "application/zip", ".html": "text/html",
         ".css": "text/css", ".svg": "image/svg+xml", ".tar": "application/x-tar",
         ".py": "text/x-python", ".woff2": "font/woff2", ".woff": "font/woff",
         ".ttf": "font/ttf"}


@dataclass(frozen=True)
class ClientScript:
    """The class client's script, and its compressed copy (sent at CLIENT_PATH)."""

    body: bytes
    gz: bytes
    version: str


def client_script() -> ClientScript:
    body = (Path(__file__).parent / "static" / "class-client.js").read_bytes()
    return ClientScript(body, gzip.compress(body, 9, mtime=0),
                        hashlib.sha256(body).hexdigest()[:12])


@dataclass(frozen=True)
class _Page:
    stamp: tuple[int, int]
    body: bytes
    gz: bytes
    etag: str


def content_type(path: Path) -> str:
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] \
        or "application/octet-stream"
    return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind.endswith("json") \
        else kind


def _takes_gzip(handler: web.RequestHandler) -> bool:
    accepted = handler.request.headers.get("Accept-Encoding", "")
    return any(part.split(";")[0].strip() == "gzip" for part in accepted.split(","))


class SiteFiles(web.RequestHandler):
    """GET and HEAD of the site's files (see the module's text)."""

    pages: dict[Path, _Page] = {}

    def initialize(self, state: ClassState, site: Path, client: ClientScript) -> None:
        self.state, self.site, self.client = state, site, client

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-cache")

    def head(self, path: str) -> Any:
        return self.get(path, body=False)

    async def get(self, path: str, body: bool = True) -> None:
        if path == CLIENT_PATH:
            self._send_bytes(self.client.body, self.client.gz, f'"{self.client.version}"',
                             "text/javascript; charset=utf-8", body)
            return
        target = self._resolve(path)
        if target is None:
            raise web.HTTPError(404)
        if self._is_page(target):
            if await learner_from_cookie(self, self.state) is None:
                self.redirect(join_url(self.state.base_url, self._page_url(target)))
                return
            page = self._page(target)
            self.set_header("Cache-Control", "no-cache, private")
            self._send_bytes(page.body, page.gz, page.etag, "text/html; charset=utf-8", body)
            return
        await self._send_file(target, body)

    # ---------------------------------------------------------------- finding the file

    def _resolve(self, path: str) -> Path | None:
        if any(part.startswith(".") for part in path.split("/")) or "\\" in path \
                or "\0" in path:
            return None
        root = self.site
        target = (root / path).resolve()
        if target != root and root not in target.parents:
            return None
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def _is_page(self, target: Path) -> bool:
        relative = target.relative_to(self.site).as_posix()
        return target.suffix == ".html" and (relative.startswith(PAGES_PATH)
                                             or relative == "index.html")

    def _page_url(self, target: Path) -> str:
        relative = target.relative_to(self.site).as_posix()
        return self.state.base_url + (relative if relative.startswith(PAGES_PATH) else "")

    def _page(self, target: Path) -> _Page:
        info = target.stat()
        stamp = (info.st_mtime_ns, info.st_size)
        kept = self.pages.get(target)
        if kept is not None and kept.stamp == stamp:
            return kept
        markup = target.read_bytes()
        base = self.state.base_url
        tag = render("class/site_scripts.html", base_url=base, client_path=CLIENT_PATH,
                     version=self.client.version).encode("utf-8")
        head = markup.find(b"<head>")
        if head < 0:
            head = markup.find(b"<head")
            head = markup.find(b">", head) if head >= 0 else -1
            at = head + 1 if head >= 0 else 0
        else:
            at = head + len(b"<head>")
        body = markup[:at] + tag + markup[at:]
        digest = hashlib.sha256(body).hexdigest()[:16]
        page = _Page(stamp, body, gzip.compress(body, 9, mtime=0), f'"{digest}"')
        self.pages[target] = page
        return page

    # ---------------------------------------------------------------- sending it

    def _not_modified(self, etag: str) -> bool:
        asked = self.request.headers.get("If-None-Match", "")
        if etag in [tag.strip().removeprefix("W/") for tag in asked.split(",")]:
            self.set_status(304)
            self.set_header("ETag", etag)
            self.finish()
            return True
        return False

    def _send_bytes(self, raw: bytes, gz: bytes, etag: str, kind: str, body: bool) -> None:
        self.set_header("Vary", "Accept-Encoding")
        if self._not_modified(etag):
            return
        self.set_header("ETag", etag)
        self.set_header("Content-Type", kind)
        data = raw
        if _takes_gzip(self) and len(gz) < len(raw):
            data = gz
            self.set_header("Content-Encoding", "gzip")
        self.set_header("Content-Length", str(len(data)))
        self.finish(data if body else None)

    async def _send_file(self, target: Path, body: bool) -> None:
        info = target.stat()
        etag = f'"{info.st_size:x}-{info.st_mtime_ns:x}"'
        self.set_header("Vary", "Accept-Encoding")
        if self._not_modified(etag):
            return
        self.set_header("ETag", etag)
        self.set_header("Content-Type", content_type(target))
        source = target
        gz = compressed(target) if _takes_gzip(self) else None
        if gz is not None:
            source = gz
            self.set_header("Content-Encoding", "gzip")
        self.set_header("Content-Length", str(source.stat().st_size))
        if not body:
            self.finish()
            return
        with source.open("rb") as handle:
            while True:
                chunk = handle.read(CHUNK)
                if not chunk:
                    break
                self.write(chunk)
                try:
                    await self.flush()
                except Exception:  # noqa: BLE001 - the browser went away
                    return
        self.finish()
