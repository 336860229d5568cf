"""Benchmark of the static edition (the course built by `cassino-learn build-static`, served by a
plain static web server on loopback, opened in Debian's Chromium with every other request
blocked).

Measures, and prints with the machine's load (`uptime`):
1. the site's size on disk, and the Pyodide folder's share of it;
2. the bytes a cold first lesson fetches from the server (a new browser profile: nothing cached);
3. time to interactive (Voici's spinner gone, every widget drawn) of a lesson, cold (a new
   browser profile on disk each time) and warm (the same profile, after another lesson has been
   opened: the runtime comes from the browser's cache), with the bytes a warm lesson still
   fetches;
4. the same for the machine's baseline: a site built the same way from one empty notebook
   (Python, the kernel and Voici, none of the course), so the ratio shows what is the course's
   own under whatever load the machine has.
Targets on an idle 2-core machine: warm within 5 s, cold within 15 s.

Run: ./run bench  (or .venv/bin/python tests/benchmarks/bench_static.py [--site DIR] [--rounds N])
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino_learn.serving.static import build_site  # noqa: E402
from cassino_learn.serving.static.preview import StaticServer  # noqa: E402
from chromium import ARGS, CHROMIUM, READY  # noqa: E402  (this folder)

FIRST, OTHER = "voici/render/01_cards_and_points.html", "voici/render/02_pairing.html"
EMPTY_NOTEBOOK = ROOT / "tests" / "browser" / "notebooks" / "empty.ipynb"


def load() -> str:
    return "load average %.2f, %.2f, %.2f on %d cores" % (*os.getloadavg(), os.cpu_count() or 0)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def new_context(playwright, profile: Path, server: StaticServer):
    """A browser with a profile of its own on disk, as a learner's browser has. Outside requests
    fail at name lookup and are recorded; no request routing, since Playwright's routing turns
    the browser's HTTP cache off and a warm load would measure nothing."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM,
        args=[*ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
        viewport={"width": 1280, "height": 900})
    context.set_default_timeout(300_000)
    outside: list[str] = []

    def seen(request) -> None:
        if not request.url.startswith((server.base_url, "data:", "blob:")):
            outside.append(request.url)

    context.on("request", seen)
    return context, outside


def open_until_ready(page, server: StaticServer, path: str) -> tuple[float, int]:
    """Seconds until the page is interactive, and bytes the server sent meanwhile."""
    before = server.bytes_sent
    started = time.perf_counter()
    page.goto(server.url(path))
    page.wait_for_function(READY, timeout=300_000)
    return time.perf_counter() - started, server.bytes_sent - before


def measure(playwright, site: Path, first: str, other: str, rounds: int, temp: Path,
            label: str) -> dict[str, list]:
    """Cold and warm loads of `first` (warm: after `other`, then `first` again), per round."""
    found: dict[str, list] = {"cold": [], "cold_bytes": [], "warm": [], "warm_bytes": [],
                              "outside": []}
    with StaticServer(site) as server:
        for round_number in range(rounds):
            profile = temp / f"profile-{label}-{round_number}"
            context, outside = new_context(playwright, profile, server)
            page = context.new_page()
            seconds, sent = open_until_ready(page, server, first)
            found["cold"].append(seconds)
            found["cold_bytes"].append(sent)
            for path in (other, first):
                seconds, sent = open_until_ready(page, server, path)
                found["warm"].append(seconds)
                found["warm_bytes"].append(sent)
            found["outside"] += outside
            context.close()
            shutil.rmtree(profile, ignore_errors=True)
            print(f"{label} round {round_number + 1}: cold {found['cold'][-1]:.1f} s "
                  f"({found['cold_bytes'][-1] / 1e6:.1f} MB), warm {found['warm'][-2]:.1f} s "
                  f"and {found['warm'][-1]:.1f} s ({found['warm_bytes'][-2] / 1e6:.2f} and "
                  f"{found['warm_bytes'][-1] / 1e6:.2f} MB); {load()}", flush=True)
    return found


def baseline_site(temp: Path) -> Path:
    """The site of one empty notebook (as its contents page), built as the course is."""
    lessons = temp / "baseline-lessons"
    lessons.mkdir()
    shutil.copy(EMPTY_NOTEBOOK, lessons / "00_index.ipynb")
    return build_site(temp / "baseline", lessons=lessons, report=lambda message: None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the empty-notebook baseline")
    args = parser.parse_args()

    print(f"before: {load()}")
    with tempfile.TemporaryDirectory(prefix="bench-static-") as temp_name:
        temp = Path(temp_name)
        site = args.site
        if site is None:
            started = time.perf_counter()
            site = build_site(temp / "site", report=lambda message: None)
            print(f"build: {time.perf_counter() - started:.0f} s (tools, downloads and bytecode "
                  "cached after the first build)")
        size, runtime = folder_size(site), folder_size(site / "static" / "pyodide")
        print(f"site: {size / 1e6:.1f} MB, of which Pyodide and the wheels {runtime / 1e6:.1f} MB")
        baseline = None if args.no_baseline else baseline_site(temp)

        with sync_playwright() as playwright:
            course = measure(playwright, site, FIRST, OTHER, args.rounds, temp, "lesson")
            empty = (measure(playwright, baseline, "voici/render/00_index.html",
                             "voici/render/00_index.html", args.rounds, temp, "baseline")
                     if baseline else None)

    cold, warm = statistics.median(course["cold"]), statistics.median(course["warm"])
    print(f"cold first lesson: median {cold:.1f} s to interactive, "
          f"{statistics.median(course['cold_bytes']) / 1e6:.1f} MB fetched (target 15 s)")
    print(f"warm lesson: median {warm:.1f} s to interactive, "
          f"{statistics.median(course['warm_bytes']) / 1e6:.2f} MB fetched (target 5 s)")
    if empty:
        empty_cold, empty_warm = statistics.median(empty["cold"]), statistics.median(empty["warm"])
        print(f"baseline (one empty notebook, same runtime): cold {empty_cold:.1f} s, warm "
              f"{empty_warm:.1f} s; the lesson takes {cold / empty_cold:.2f}x cold and "
              f"{warm / empty_warm:.2f}x warm")
    outside = course["outside"] + (empty["outside"] if empty else [])
    print(f"requests that tried to leave the site: {len(outside)}")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
