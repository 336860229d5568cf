"""Benchmark of the static edition (the course built by `cassino-learn build-static`, served by a
plain static web server on loopback, opened in Debian's Chromium with every other request
blocked).

Measures, and prints with the machine's load (`uptime`):
1. the site's size on disk, and the Pyodide folder's share of it;
2. the bytes a cold first lesson fetches from the server (a new browser profile: nothing cached);
3. time to interactive (Voici's spinner gone, every widget drawn) of a lesson, cold (a new
   browser profile on disk each time) and warm (the same profile, after another lesson has been
   opened: the runtime comes from the browser's cache), with the bytes a warm lesson still
   fetches.
Targets on an idle 2-core machine: warm within 5 s, cold within 15 s.

Run: ./run bench  (or .venv/bin/python tests/benchmarks/bench_static.py [--site DIR] [--rounds N])
"""

from __future__ import annotations

import argparse
import os
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

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
READY = ("() => !document.getElementById('loading') && document.querySelector('#rendered_cells')"
         " && !document.body.innerText.includes('Loading widget...')")
FIRST, OTHER = "voici/render/01_cards_and_points.html", "voici/render/02_pairing.html"


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    print(f"before: {load()}")
    with tempfile.TemporaryDirectory(prefix="bench-static-") as temp:
        site = args.site
        if site is None:
            started = time.perf_counter()
            site = build_site(Path(temp) / "site", report=lambda message: None)
            print(f"build: {time.perf_counter() - started:.0f} s (tools and downloads cached "
                  "after the first build)")
        size, runtime = folder_size(site), folder_size(site / "static" / "pyodide")
        print(f"site: {size / 1e6:.1f} MB, of which Pyodide and the wheels {runtime / 1e6:.1f} MB")

        cold, cold_bytes, warm, warm_bytes, outside_all = [], [], [], [], []
        with StaticServer(site) as server, sync_playwright() as playwright:
            for round_number in range(args.rounds):
                profile = Path(temp) / f"profile-{round_number}"
                context, outside = new_context(playwright, profile, server)
                page = context.new_page()
                seconds, sent = open_until_ready(page, server, FIRST)
                cold.append(seconds)
                cold_bytes.append(sent)
                for path in (OTHER, FIRST):
                    seconds, sent = open_until_ready(page, server, path)
                    warm.append(seconds)
                    warm_bytes.append(sent)
                outside_all += outside
                context.close()
                print(f"round {round_number + 1}: cold {cold[-1]:.1f} s "
                      f"({cold_bytes[-1] / 1e6:.1f} MB), warm {warm[-2]:.1f} s and "
                      f"{warm[-1]:.1f} s ({warm_bytes[-2] / 1e6:.2f} and "
                      f"{warm_bytes[-1] / 1e6:.2f} MB); {load()}")

    print(f"cold first lesson: median {statistics.median(cold):.1f} s to interactive, "
          f"{statistics.median(cold_bytes) / 1e6:.1f} MB fetched (target 15 s)")
    print(f"warm lesson: median {statistics.median(warm):.1f} s to interactive, "
          f"{statistics.median(warm_bytes) / 1e6:.2f} MB fetched (target 5 s)")
    print(f"requests that tried to leave the site: {len(outside_all)}")
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
