"""Benchmark of a classroom on one machine (loopback only, Debian's Chromium):

1. start: from `cassino-learn serve` (the real command, lessons preheated) to the server
   answering and to the index interactive (target: index interactive within 5 s of the server
   answering, while the lessons are being preheated);
2. class: N learners (Playwright pages, arriving a little apart) each open the index and five
   lessons in turn, answer a quiz question, then leave. Kernels alive and the server's memory
   are sampled during the lesson and for two minutes after (target: kernels back to the pool
   size and memory within 10% of the idle server within 2 minutes; no page error);
3. server: the class's server of `serve --class` (one Tornado process, the lessons in the
   learners' browsers) under 30, 300 and 1,000 simulated learners (class_load.py: HTTP clients
   posting what a lesson's page posts, a stage every 20 to 60 s divided by --speedup, the
   contents page reloaded now and then): the server's memory idle and at its peak, the
   progress API's latency (median, 99th percentile), events lost (made by a learner but not
   in the database at the end: must be 0) and the teacher's summary right for every learner;
4. faults: 30 simulated learners, the server killed (SIGKILL) mid-class and started again:
   events lost;
5. browsers: the bytes of a learner's first visit (name page, contents, lesson 1) and of a
   later one; 10 learners in Chromium at once: the time from opening lesson 1 to its first
   stage, cold (a new browser) and warm (the same browser again); one browser offline for
   --offline seconds while solving a stage: nothing lost.

The learners' Chromium runs niced (`--browser-nice`, default 10): in a classroom their browsers
are on their own computers.

Run: ./run bench  (or .venv-test/bin/python tests/benchmarks/bench_classroom.py [--learners N])
Quote the figures with the machine's load (printed: `uptime` before and after).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path

import psutil
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino_learn.serving.voila import VoilaServer, free_port  # noqa: E402
from cassino_learn.teaching import catalog  # noqa: E402
from cassino_learn.pages.lesson import QUIZ_BUTTON  # noqa: E402
from cassino_learn.teaching.stages import load_stages, most_stars  # noqa: E402
from chromium import ARGS, CHROMIUM, READY  # noqa: E402  (this folder)

ERRORS = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
          '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
PATIENCE_MS = 300_000  # longest wait for one step of a learner (a page, the quiz's answer)
FIRST = "01_cards_and_points"
FIRST_STARS = most_stars(load_stages(FIRST))  # demonstrations are not starred
LESSONS = ["02_pairing.ipynb", "03_combining.ipynb", "04_trailing.ipynb", "05_building.ipynb",
           "06_raising_builds.ipynb"]


def browser_command(folder: Path, niceness: int) -> str:
    """Chromium, run `niceness` steps below the server: in a classroom the learners' browsers
    run on their own computers and take no CPU from the server; here they share its 2 cores."""
    if niceness <= 0:
        return CHROMIUM
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {niceness} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def kernel_count(pid: int) -> int:
    return sum(1 for p in tree(pid)[1:] if "ipykernel" in " ".join(_cmdline(p)))


def rss_mib(pid: int) -> float:
    total = 0
    for process in tree(pid):
        try:
            total += process.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def _cmdline(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except psutil.Error:
        return []


#: Every page of the course shows widgets (the stage runner, the index's table): a page is usable
#: once they are drawn, which needs its kernel connection. (READY alone is also true of a page
#: whose widgets have not started to load: a learner leaving then would not have used it.)
USABLE = f"() => ({READY})() && !!document.querySelector('.jupyter-widgets')"


async def until_interactive(page, url: str) -> float:
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=PATIENCE_MS)
    await page.wait_for_function(USABLE, timeout=PATIENCE_MS, polling=100)
    return time.perf_counter() - start


# -- 1. start --------------------------------------------------------------------------------

async def measure_start(browser, lessons: Path, progress: Path, preheat: bool = True) -> None:
    port = free_port()
    env = dict(os.environ, CASSINO_LEARN_DATA=str(progress))
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "cassino_learn.serving.cli", "serve", "--no-browser",
         "--port", str(port), "--lessons", str(lessons), *([] if preheat else ["--no-preheat"])],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://localhost:{port}/"
    try:
        while True:
            try:
                with urllib.request.urlopen(f"{base}voila/templates/cassino/static/cassino.css",
                                            timeout=2):
                    break
            except OSError:
                await asyncio.sleep(0.05)
        answered = time.perf_counter() - started
        context = await browser.new_context()
        page = await context.new_page()
        index = await until_interactive(page, f"{base}voila/render/{catalog.INDEX.notebook}")
        await context.close()
        how = "lessons preheated" if preheat else "--no-preheat, for comparison"
        print(f"\nstart (cold, {how}): the server answered {answered:.1f} s after "
              f"`cassino-learn serve`; the index was interactive {index:.1f} s after that "
              f"({answered + index:.1f} s in all; target <= 5 s after answering)")
    finally:
        server.terminate()
        server.wait(timeout=60)


# -- 2. class --------------------------------------------------------------------------------

async def learner(browser, server: VoilaServer, number: int, delay: float, bank: dict,
                  times: list[float], errors: list[str], reloads: list[int],
                  failures: Path | None = None) -> None:
    """One learner's visit."""
    await asyncio.sleep(delay)
    context = await browser.new_context()
    # Patient: 30 pages and the server share 2 cores; a slow page is a figure, not an error.
    context.set_default_timeout(PATIENCE_MS)
    page = await context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("console", lambda m: errors.append(f"learner {number}: console: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"learner {number}: uncaught: {e}"))
    navigations = []
    page.on("framenavigated", lambda f: navigations.append(f.url) if f == page.main_frame else None)
    opened = 0
    try:
        for name in [catalog.INDEX.notebook, *LESSONS]:
            opened += 1
            times.append(await until_interactive(page, server.url(name)))
            shown = await page.locator(ERRORS).count()
            if shown:
                errors.append(f"learner {number}: {shown} error output(s) on {name}")
            if name == LESSONS[0]:
                await answer_first_question(page, bank)
        opened += 1
        await page.goto("about:blank")  # leaving the last lesson
    except Exception as error:  # a page that never became usable is the figure, not a crash
        try:  # a page whose renderer hangs would never answer: bounded
            told = await asyncio.wait_for(page.locator(".cassino-kernel-lost").is_visible(), 30)
        except Exception:  # noqa: BLE001 - a hung or crashed page said nothing
            told = False
        errors.append(f"learner {number}: {type(error).__name__} on {page.url} "
                      f"({'the page said its kernel was gone' if told else 'nothing said'}): "
                      f"{str(error)[:200]}")
        if failures:
            await record_failure(page, failures / f"learner-{number}", console)
    finally:
        # Pages that reloaded themselves (their kernel gone before they reached it).
        reloads.append(max(0, len(navigations) - opened))
        try:
            await asyncio.wait_for(context.close(), 60)
        except Exception as error:  # noqa: BLE001 - a hung page must not stall the class
            errors.append(f"learner {number}: closing the page hung: {type(error).__name__}")


#: What a stuck page holds, for the record of a failing learner.
PAGE_STATE = """() => {
  const count = s => document.querySelectorAll(s).length;
  const quiz = [...document.querySelectorAll('.cl-quiz')][0];
  return {quizzes: count('.cl-quiz'), quiz_status: count('.cl-quiz-status'),
          move_inputs: count('.cl-move-input'), tables: count('.cl-widget'),
          items: count('.cl-item'), loading: count('.widget-loading, .jupyter-widgets-loading'),
          widget_errors: [...document.querySelectorAll('.jupyter-widgets .widget-error, .jp-RenderedText[data-mime-type*=error], .cassino-kernel-lost')].map(e => e.innerText.slice(0, 300)),
          quiz_html: quiz ? quiz.outerHTML.slice(0, 3000) : null};
}"""


async def record_failure(page, stem: Path, console: list[str]) -> None:
    """A failing learner's page as a screenshot, its console and what the quiz holds."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    try:
        await asyncio.wait_for(page.screenshot(path=f"{stem}.png", full_page=True), 60)
        state = await asyncio.wait_for(page.evaluate(PAGE_STATE), 60)
    except Exception as error:  # noqa: BLE001 - a hung page: say so in the record
        state = {"unreadable": f"{type(error).__name__}: {error}"}
    stem.with_suffix(".json").write_text(json.dumps({"state": state, "console": console[-200:]},
                                                    indent=1))


async def answer_first_question(page, bank: dict) -> None:
    await page.get_by_role("button", name=QUIZ_BUTTON).click()  # the quiz is dealt on request
    quiz = page.locator(".cl-quiz").filter(has=page.locator(".cl-quiz-status")).first
    box = quiz.locator(".cl-move-input")
    await box.fill(bank["items"][0]["answers"][0])
    await box.press("Enter")
    await quiz.locator(".cl-feedback").filter(has_text="✔").wait_for()


async def sample(server: VoilaServer, samples: list, stop: asyncio.Event) -> None:
    start = time.perf_counter()
    while not stop.is_set():
        samples.append((time.perf_counter() - start, kernel_count(server.process.pid),
                        rss_mib(server.process.pid), os.getloadavg()[0]))
        try:
            await asyncio.wait_for(stop.wait(), timeout=2)
        except asyncio.TimeoutError:
            pass


async def measure_class(browser, lessons: Path, progress: Path, learners: int,
                        spacing: float, after: float, failures: Path | None = None) -> None:
    bank = json.loads((lessons / catalog.lesson("02_pairing").quiz_bank).read_text())
    pooled = sum(1 for item in catalog.LESSONS if (lessons / item.notebook).exists())
    with VoilaServer(lessons, ip="127.0.0.1", preheat=True,
                     env={"CASSINO_LEARN_DATA": str(progress)}) as server:
        deadline = time.monotonic() + 600
        while server.log().count("Kernel pool of") < pooled and time.monotonic() < deadline:
            await asyncio.sleep(1)
        await asyncio.sleep(5)
        idle_rss, idle_kernels = rss_mib(server.process.pid), kernel_count(server.process.pid)
        print(f"\nclass: idle server with its pool: {idle_kernels} kernels, {idle_rss:.0f} MiB")
        times: list[float] = []
        errors: list[str] = []
        reloads: list[int] = []
        samples: list = []
        stop = asyncio.Event()
        sampler = asyncio.create_task(sample(server, samples, stop))
        started = time.perf_counter()
        await asyncio.gather(*(learner(browser, server, n, n * spacing, bank, times, errors,
                                       reloads, failures)
                               for n in range(learners)))
        lesson_time = time.perf_counter() - started
        during = [s for s in samples]
        left = time.perf_counter()
        while time.perf_counter() - left < after:
            await asyncio.sleep(2)
        stop.set()
        await sampler
        end_kernels, end_rss = kernel_count(server.process.pid), rss_mib(server.process.pid)
        back = next((t for t, k, r, _ in samples
                     if t >= left - started and k <= idle_kernels and r <= 1.1 * idle_rss), None)
        print(f"  {learners} learners, one arriving every {spacing:.1f} s, the index and "
              f"{len(LESSONS)} lessons each: done in {lesson_time:.0f} s")
        print(f"  pages interactive: {len(times)} of {learners * (1 + len(LESSONS))}, median "
              f"{statistics.median(times):.1f} s, slowest {max(times):.1f} s" if times else
              "  no page became interactive")
        print(f"  during: at most {max(s[1] for s in during)} kernels, "
              f"{max(s[2] for s in during):.0f} MiB; load (1 min) up to "
              f"{max(s[3] for s in during):.1f}")
        print(f"  {after:.0f} s after the last learner left: {end_kernels} kernels (pool "
              f"{idle_kernels}), {end_rss:.0f} MiB ({100 * (end_rss / idle_rss - 1):+.0f}% of "
              f"the idle server); back to the pool size and within 10%: "
              + (f"after {back - (left - started):.0f} s" if back is not None else "not yet"))
        steps = [s for s in samples if s[0] >= left - started][::8]  # about every 16 s
        print("  after the last learner left (s: kernels, MiB): " + ", ".join(
            f"{t - (left - started):.0f}: {k}, {r:.0f}" for t, k, r, _ in steps))
        if failures:  # the server's side of the story, beside the failing learners' records
            failures.mkdir(parents=True, exist_ok=True)
            shutil.copy(server.log_path, failures / "voila.log")
        log = server.log()
        print("  kernels shut down: " + ", ".join(f"{count} {why}" for why, count in (
            ("after their page left", log.count("its page closed")),
            ("no page ever connected to", log.count("no page connected to it")),
            ("culled idle by Jupyter Server", log.count("Culling 'idle' kernel")))))
        print(f"  pages that reloaded themselves (kernel gone before they reached it): "
              f"{sum(reloads)}")
        print(f"  errors: {len(errors)}")
        kinds = Counter(re.sub(r"learner \d+: ", "", error).splitlines()[0][:90]
                        for error in errors)
        for kind, count in kinds.most_common(8):
            print(f"    {count} x {kind}")
        for error in errors[:10]:
            print(f"    {error}")


async def main_async(args: argparse.Namespace) -> None:
    progress = Path(tempfile.mkdtemp(prefix="cassino-bench-progress-"))
    lessons = Path(tempfile.mkdtemp(prefix="cassino-bench-lessons-")) / "lessons"
    shutil.copytree(catalog.lessons_dir(), lessons)
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=browser_command(lessons.parent, args.browser_nice), args=ARGS)
            if "start" in args.parts:
                await measure_start(browser, lessons, progress)
                await measure_start(browser, lessons, progress, preheat=False)
            if "class" in args.parts:
                await measure_class(browser, lessons, progress, args.learners, args.spacing,
                                    args.after, args.failures)
            if {"server", "faults", "streams", "browsers"} & set(args.parts.split(",")):
                from class_bench import measure_class_server

                await measure_class_server(browser, args)
            await browser.close()
    finally:
        shutil.rmtree(progress, ignore_errors=True)
        shutil.rmtree(lessons.parent, ignore_errors=True)


def _interrupt(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--spacing", type=float, default=2.0,
                        help="seconds between two learners arriving")
    parser.add_argument("--after", type=float, default=120.0,
                        help="seconds to watch the server after the last learner left")
    parser.add_argument("--parts", default="start,server,faults,browsers",
                        help="start, class (Voila, no names), server, faults, streams, browsers "
                             "(the class's server of serve --class), comma-separated")
    parser.add_argument("--sizes", default="30,300,1000",
                        help="simulated learners of the server part, comma-separated")
    parser.add_argument("--speedup", type=float, default=10.0,
                        help="the simulated class runs this many times faster than a real one")
    parser.add_argument("--stages", type=int, default=6,
                        help="stages each simulated learner plays")
    parser.add_argument("--offline", type=float, default=120.0,
                        help="seconds one browser stays offline in the browsers part")
    parser.add_argument("--failures", type=Path, default=None,
                        help="a folder for each failing learner's screenshot and console, "
                             "and the server's log")
    parser.add_argument("--client-processes", type=int, default=4,
                        help="processes the simulated learners are spread over")
    parser.add_argument("--stand-in-site", action="store_true",
                        help="serve a stand-in of the in-browser edition (its pages' layout) "
                             "instead of building it, for the server, faults and streams parts")
    parser.add_argument("--browser-nice", type=int, default=10,
                        help="niceness of the learners' Chromium and of the simulated "
                             "learners' processes (0: as the server)")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    # Stopped with kill: unwind like Ctrl-C, so the servers it started stop with their kernels.
    signal.signal(signal.SIGTERM, _interrupt)
    print(f"load before: {uptime()}")
    print(f"learners' Chromium and simulated learners at nice {args.browser_nice} (the server "
          f"at this process's)")
    asyncio.run(main_async(args))
    print(f"load after: {uptime()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
