"""Two class servers starting at once on one machine (or two test workers) share the cached
in-browser edition: it is built once, and neither replaces the folder the other serves."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from cassino_learn.serving import class_site, static


def test_two_servers_starting_at_once_build_the_site_once(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CASSINO_LEARN_CACHE", str(tmp_path / "cache"))
    builds: list[Path] = []
    inside = threading.Event()

    def build_site(output: Path, lessons=None, report=None) -> Path:  # as slow as a real one
        builds.append(output)
        inside.set()
        time.sleep(0.5)
        (output / "voici" / "render").mkdir(parents=True)
        (output / "voici" / "render" / "00_index.html").write_text("<p>index</p>")
        return output

    monkeypatch.setattr(static, "build_site", build_site)
    found: list[Path] = []
    said: list[str] = []

    def start() -> None:
        found.append(class_site.class_site(None, said.append))

    first = threading.Thread(target=start)
    first.start()
    assert inside.wait(10)  # the first is building when the second starts
    second = threading.Thread(target=start)
    second.start()
    first.join(20)
    second.join(20)
    assert len(builds) == 1, said
    assert found[0] == found[1] and class_site.is_site(found[0])
    assert any("cached" in line for line in said)
