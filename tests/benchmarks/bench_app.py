"""Benchmark of the lessons as a web app (Voila + Debian's Chromium, loopback only).

Measures, and prints medians of:
1. time until each lesson is interactive (Voila's spinner gone, every widget drawn), cold
   (kernel started on request) and preheated (kernel run in advance), against an empty notebook
   served by the same server in the same run, on a kernel without the app's warm imports,
   loaded in turn with each lesson, pair by pair (target: no lesson above 1.3x the empty
   notebook, the median of its pairs' ratios);
2. a click's round trip to Python and back on the card table widget (target: median < 100 ms);
3. the memory (RSS) of each lesson's kernel;
4. a classroom: 20 learners opening lessons at the same moment (all interactive, no errors),
   with the time until the last one is ready and the server's total memory.

Run: ./run bench  (or .venv/bin/python tests/benchmarks/bench_app.py [--rounds N] [--learners N])
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import psutil
from playwright.sync_api import Error as PlaywrightError, TimeoutError as PlaywrightTimeout, \
    sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino_learn.teaching import catalog  # noqa: E402
from cassino_learn.serving.voila import WARM_IMPORTS, VoilaServer, kernel_spec  # noqa: E402
from chromium import ARGS, CHROMIUM, READY  # noqa: E402  (this folder)

# The card table of the click test: 9S can take 9D, so selecting it makes Python mark 9D usable.
EMPTY = "zz_empty.ipynb"
TABLE = "zz_table.ipynb"
ERRORS = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
          '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')


def plain_kernel(folder: Path) -> dict:
    """The empty notebook's kernel: the app's kernel without its warm imports
    (serving/warm_imports.py), so that the baseline is Voila's own floor and does not pay for
    importing the course in the background. Its spec is found through JUPYTER_PATH, which the
    server adds to its own."""
    spec = kernel_spec()
    spec["argv"] = [arg for arg in spec["argv"] if WARM_IMPORTS not in arg]
    kernel_folder = folder / ".kernels" / "kernels" / "python3-plain"
    kernel_folder.mkdir(parents=True)
    (kernel_folder / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(folder / ".kernels"), os.environ.get("JUPYTER_PATH", "")) if p)
    return {"name": "python3-plain", "display_name": "Python 3", "language": "python"}


def site(progress: Path) -> tuple[Path, list[str]]:
    """A temporary folder with the lessons (or the test notebooks if there are none yet), an
    empty notebook and a card table notebook, all served by the same server."""
    folder = Path(tempfile.mkdtemp(prefix="cassino-bench-"))
    lessons = catalog.lessons_dir()
    pages = [item.notebook for item in (catalog.INDEX, *catalog.LESSONS, catalog.SANDBOX)
             if (lessons / item.notebook).exists()]
    source = lessons
    if not pages:
        source = ROOT / "tests" / "browser" / "notebooks"
        pages = ["00_index.ipynb", "02_pairing.ipynb"]
        print(f"(no lessons in {lessons} yet: using {source})")
    for name in pages:
        shutil.copy(source / name, folder / name)
    if (lessons / "quizzes").is_dir():
        shutil.copytree(lessons / "quizzes", folder / "quizzes")
    python3 = {"name": "python3", "display_name": "Python 3", "language": "python"}
    empty = nbformat.v4.new_notebook(metadata={"kernelspec": plain_kernel(folder)})
    nbformat.write(empty, folder / EMPTY)
    table = nbformat.v4.new_notebook(metadata={"kernelspec": python3}, cells=[
        nbformat.v4.new_code_cell(
            "from cassino_learn.ui import CardTable\n"
            "CardTable('table: 5D 2C KH 9D; hand: 7S 3D 9S 8C; hand 2: 4H 6H 8D; turn: 1')")])
    nbformat.write(table, folder / TABLE)
    return folder, pages


def open_until_interactive(browser, url: str) -> tuple[float, list[str]]:
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    try:
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_function(READY, timeout=120_000, polling=50)
        elapsed = time.perf_counter() - start
        errors = page.locator(ERRORS).all_inner_texts()
    except PlaywrightTimeout:
        elapsed, errors = float("nan"), ["never became interactive within 120 s"]
    except PlaywrightError as error:  # e.g. the page loaded itself again once interactive
        elapsed, errors = float("nan"), [f"the page went away: {error.message[:120]}"]
    context.close()
    return elapsed, errors


def kernels(server: VoilaServer) -> list[psutil.Process]:
    assert server.process is not None
    return [p for p in psutil.Process(server.process.pid).children(recursive=True)
            if "ipykernel" in " ".join(p.cmdline())]


def total_rss(server: VoilaServer) -> float:
    assert server.process is not None
    root = psutil.Process(server.process.pid)
    return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)]) / 2**20


def wait_for_pools(server: VoilaServer, expected: int, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.log().count("Kernel pool of") >= expected:
            time.sleep(2)
            return
        time.sleep(0.5)
    print(f"  (warning: only {server.log().count('Kernel pool of')} of {expected} pools filled)")


def time_pages(browser, server: VoilaServer, pages: list[str], rounds: int, label: str,
               pools: int = 0) -> dict[str, float]:
    """`pools`: with preheated kernels, how many notebooks have a pool; each load then waits
    until the pool used by the previous load is full again (as it would be for a learner)."""
    # Each page is loaded in a pair with the empty notebook, the two in turn (which goes first
    # alternates round by round), so a slow spell of this shared machine falls on both halves of
    # a pair alike; the ratio is given of the medians and, pair by pair, as the median of the
    # pairs' ratios (the figure the target is read from).
    samples: dict[str, list[float]] = {name: [] for name in [EMPTY, *pages]}
    ratios: dict[str, list[float]] = {name: [] for name in pages}

    def timed(name: str) -> float:
        if pools:
            used = server.log().count("Using pre-heated kernel")
            wait_for_pools(server, expected=pools + used, timeout=120)
        elapsed, errors = open_until_interactive(browser, server.url(name))
        if errors:
            print(f"  {name}: ERRORS on the page: {errors[:2]}")
        samples[name].append(elapsed)
        return elapsed

    for number in range(rounds):
        for name in pages:
            if number % 2 == 0:
                base, page = timed(EMPTY), timed(name)
            else:
                page, base = timed(name), timed(EMPTY)
            if page == page and base == base:
                ratios[name].append(page / base)
    medians: dict[str, float] = {}
    for name, times in samples.items():
        valid = [t for t in times if t == t]
        medians[name] = statistics.median(valid) if valid else float("nan")
    base = medians[EMPTY]
    print(f"\n{label}: median seconds until interactive ({rounds} round(s) each, each page in a "
          f"pair with the empty notebook); {os.getloadavg()[0]:.1f} load at the end")
    print(f"  {'empty notebook':34s} {base:6.2f} s")
    worst = 0.0
    for name in pages:
        paired = statistics.median(ratios[name]) if ratios[name] else float("nan")
        worst = max(worst, paired)
        flag = "" if paired <= 1.3 else "  > 1.3x"
        print(f"  {name:34s} {medians[name]:6.2f} s  {medians[name] / base:4.2f}x of the medians,"
              f" pair by pair {paired:4.2f}x ({min(ratios[name], default=0):.2f} to "
              f"{max(ratios[name], default=0):.2f}){flag}")
    print(f"  worst ratio to the empty notebook, pair by pair: {worst:.2f}x (target <= 1.3x)")
    return medians


def click_round_trip(browser, server: VoilaServer, clicks: int) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url(TABLE), timeout=180_000)
    page.wait_for_function(READY, timeout=180_000)
    page.wait_for_selector('[data-zone="hand"] [data-card]')
    # Click a hand card in the page itself and time until Python's answer (the offered moves)
    # is drawn: selecting shows move buttons, selecting again clears them.
    # Time in the page itself from the click to Python's answer being drawn: the table cards
    # the selected card can use are marked (.cl-usable) from `usable_cards`, which only the
    # Python side computes; clicking again deselects, and Python clears them.
    script = """async () => {
        const card = document.querySelector('[data-zone="hand"] [data-card="9S"]');
        const usable = () => document.querySelectorAll('[data-zone="table"] .cl-usable').length;
        const want = usable() === 0;
        const start = performance.now();
        const answered = new Promise(resolve => {
            const watch = new MutationObserver(() => {
                if ((usable() > 0) === want) { watch.disconnect(); resolve(); }
            });
            watch.observe(document.body, {attributes: true, childList: true, subtree: true});
        });
        card.click();
        await Promise.race([answered, new Promise((_, no) => setTimeout(() => no('timeout'), 10000))]);
        return performance.now() - start;
    }"""
    times = []
    for _ in range(clicks):
        times.append(page.evaluate(script))
        page.wait_for_timeout(50)
    context.close()
    median = statistics.median(times)
    print(f"\nclick round trip on the card table: median {median:.1f} ms, "
          f"min {min(times):.1f}, max {max(times):.1f} over {clicks} clicks (target < 100 ms)")


def kernel_memory(browser, server: VoilaServer, pages: list[str]) -> None:
    print("\nmemory (RSS) of each page's kernel, just after it is interactive:")
    rss = {}
    for name in [EMPTY, *pages]:
        before = {p.pid for p in kernels(server)}
        context = browser.new_context()
        page = context.new_page()
        page.goto(server.url(name), timeout=180_000)
        page.wait_for_function(READY, timeout=180_000)
        new = [p for p in kernels(server) if p.pid not in before]
        rss[name] = sum(p.memory_info().rss for p in new) / 2**20
        context.close()
        print(f"  {name:34s} {rss[name]:6.1f} MiB")
    print(f"  median over lessons: {statistics.median(rss[n] for n in pages):.1f} MiB "
          f"(empty notebook {rss[EMPTY]:.1f} MiB)")


def classroom(browser, server: VoilaServer, pages: list[str], learners: int) -> None:
    lessons = [p for p in pages if p != catalog.INDEX.notebook] or pages
    contexts = [browser.new_context() for _ in range(learners)]
    tabs = [context.new_page() for context in contexts]
    start = time.perf_counter()
    for number, tab in enumerate(tabs):
        tab.goto(server.url(lessons[number % len(lessons)]), wait_until="commit",
                 timeout=180_000)
    ready, errors, peak = [], 0, total_rss(server)
    for tab in tabs:
        tab.wait_for_function(READY, timeout=600_000, polling=200)
        ready.append(time.perf_counter() - start)
        errors += tab.locator(ERRORS).count()
        peak = max(peak, total_rss(server))
    for context in contexts:
        context.close()
    print(f"\nclassroom: {learners} learners opening lessons at once: all interactive after "
          f"{max(ready):.1f} s (median learner {statistics.median(ready):.1f} s), "
          f"{errors} error output(s), server memory {peak:.0f} MiB "
          f"({len(kernels(server))} kernels)")


def precompile() -> None:
    """Compile the package's bytecode, as any installed copy has it. Without it, a machine
    that sets PYTHONDONTWRITEBYTECODE (as some sandboxes and CI images do) makes every lesson
    kernel compile the package from source, which the empty notebook never imports: that
    measures the environment, not the lessons."""
    package = ROOT / "cassino_learn"
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("(PYTHONDONTWRITEBYTECODE is set: compiling the package's bytecode once)")
    compileall.compile_dir(package, quiet=1, force=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--parts", default="cold,click,memory,classroom,preheat",
                        help="which measurements to take (comma-separated)")
    parser.add_argument("--pages", default="",
                        help="only the notebooks whose names contain one of these (comma-separated)")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    parts = set(args.parts.split(","))
    print(f"load average at the start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    precompile()
    progress = Path(tempfile.mkdtemp(prefix="cassino-bench-progress-"))
    folder, pages = site(progress)
    if args.pages:
        pages = [p for p in pages if any(part in p for part in args.pages.split(","))]
    env = {"CASSINO_LEARN_DATA": str(progress)}
    print(f"serving {len(pages)} page(s) from {folder}; Chromium {CHROMIUM}; loopback only")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            with VoilaServer(folder, ip="127.0.0.1", env=env) as server:
                if "cold" in parts:
                    time_pages(browser, server, pages, args.rounds, "cold kernels")
                if "click" in parts:
                    click_round_trip(browser, server, args.clicks)
                if "memory" in parts:
                    kernel_memory(browser, server, pages)
                if "classroom" in parts:
                    classroom(browser, server, pages, args.learners)
            if "preheat" not in parts:
                browser.close()
                return 0
            with VoilaServer(folder, ip="127.0.0.1", env=env, preheat=True) as server:
                heated = [p for p in pages if p not in ("00_index.ipynb", "90_sandbox.ipynb")]
                wait_for_pools(server, expected=len(heated) + 2)
                print(f"\npreheated server: {total_rss(server):.0f} MiB with "
                      f"{len(kernels(server))} kernels waiting")
                time_pages(browser, server, heated, args.rounds, "preheated kernels",
                           pools=len(heated) + 2)
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(progress, ignore_errors=True)
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
