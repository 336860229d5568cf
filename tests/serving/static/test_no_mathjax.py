"""The site's Voici starts no LaTeX typesetter (cassino_learn/serving/static/no_mathjax.py):
the rewrite on scripts shaped like Voici's, the built site, and a lesson page in Chromium that
loads no MathJax and still shows its markdown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cassino_learn.serving.static.no_mathjax import MARK, leave_out_mathjax
from cassino_learn.serving.static.steps import BuildError

# Shaped as Voici 0.10's scripts are: voici.js hands out each package from a numbered module;
# another script lists the plugin modules Voici starts.
HANDED_OUT = ('44109:()=>c("default","@jupyterlab/mathjax-extension",!1,[1,4,5,0],'
              '(()=>x.e(926).then((()=>()=>x(85688))))),51757:()=>c("default",'
              '"@jupyterlab/services-extension",!1,[1,4,5,0],(()=>x.e(6064)))')
PLUGINS = ('e=[n(25767).A.filter((e=>"x"===e.id)),n(44222),n(24777),n(44109),n(55085),'
           'n(83499)],t=[]')


def _site(folder: Path, **scripts: str) -> Path:
    build = folder / "voici" / "build"
    build.mkdir(parents=True)
    for name, text in scripts.items():
        (build / f"{name}.js").write_text(text)
    return folder


def test_the_plugin_is_taken_out_of_the_list_voici_starts_once(tmp_path):
    site = _site(tmp_path, voici=HANDED_OUT, **{"5981": PLUGINS})
    changed = leave_out_mathjax(site)
    assert changed.name == "5981.js"
    text = changed.read_text()
    assert text == PLUGINS.replace("n(44109),", MARK)
    assert "n(24777)," + MARK + "n(55085)" in text  # the list stays a list
    assert leave_out_mathjax(site) == changed and changed.read_text() == text
    assert (site / "voici" / "build" / "voici.js").read_text() == HANDED_OUT


@pytest.mark.parametrize("scripts, says", [
    ({"voici": "nothing handed out", "5981": PLUGINS}, "0 times"),
    ({"voici": HANDED_OUT, "5981": "e=[n(44222)],t=[]"}, "0 lists"),
    ({"voici": HANDED_OUT, "5981": PLUGINS, "7000": PLUGINS}, "2 lists"),
])
def test_voici_of_another_shape_stops_the_build(tmp_path, scripts, says):
    site = _site(tmp_path, **scripts)
    with pytest.raises(BuildError, match=f"{says}.*no_mathjax.py"):
        leave_out_mathjax(site)


def test_the_built_sites_voici_starts_no_latex_typesetter(site):
    texts = [p.read_text(encoding="utf-8") for p in (Path(site.root) / "voici" / "build").glob("*.js")]
    assert sum(text.count(MARK) for text in texts) == 1


def _typesetter_chunks(build: Path) -> set[str]:
    """The script files MathJax's typesetter loads when it first typesets (read from its
    plugin's script: `ensureMathDocument` starts by loading them)."""
    chunks = set()
    for script in build.glob("*.js"):
        found = TYPESETTER_LOADS.search(script.read_text(encoding="utf-8"))
        if found:
            chunks |= {f"{n}.js" for n in re.findall(r"\w\.e\((\d+)\)", found["loads"])}
    return chunks


TYPESETTER_LOADS = re.compile(r"ensureMathDocument=async function\(\)\{.{0,80}?"
                              r"Promise\.all\(\[(?P<loads>[^\]]*)\]\)")


@pytest.mark.slow
@pytest.mark.browser
def test_a_lesson_loads_no_mathjax_and_still_shows_its_markdown(visit, site):
    build = Path(site.root) / "voici" / "build"
    mathjax = _typesetter_chunks(build)
    assert len(mathjax) >= 3
    visit.open("voici/render/02_pairing.html")
    visit.wait_until_ready()
    assert "Your turn, in one card" in visit.page.inner_text("body")
    assert visit.page.locator(".jp-MarkdownOutput h2").count() >= 4
    loaded = {Path(path).name for path in visit.page.evaluate(
        "performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        if "/voici/build/" in path and path.endswith(".js")}
    assert len(loaded) > 10  # the page's own scripts were seen
    assert loaded & mathjax == set()
    assert visit.errors() == []
