"""Benchmark of the static edition (the course built by `cassino-learn build-static`, served by a
plain static web server on loopback, opened in Debian's Chromium with every other request
blocked), with the served edition (Voila) measured in the same run.

Measures, and prints with the machine's load (`uptime`):
1. the site's size on disk, and the Pyodide folder's share of it;
2. for lessons 2 and 11: time to interactive (Voici's spinner gone, every widget drawn), cold
   (a new browser profile on disk each time) and warm (the same profile, after another lesson:
   the runtime comes from the browser's cache; `--warm` of them a round), and the bytes fetched;
3. the same for the machine's baseline: a site built the same way from one empty notebook
   (Python, the kernel and Voici, none of the course): the ratio is what the course adds. The
   baseline and the two lessons take turns load by load in one browser (each cold in a browser
   of its own), so a change in the machine's load weighs on each warm load and the baseline's
   beside it alike; the ratio is printed of the medians, of the pairs load by load (median
   and middle half), and round by round. A warm load is split where Voici starts on the cells
   (the kernel ready): before, the page and the kernel start as the baseline's do, and the
   machine's noise is large; after, the course's cells run and are drawn. The lesson's part
   after it, added to the baseline's whole load, is the ratio with the shared start's noise
   left out;
4. the memory of the browser's processes (proportional set size, summed) with the lesson open,
   above the same browser on a blank page;
5. a seeded match of lesson 11 against the Expert played by clicks (tests/serving/static/seeded_game.py):
   click-to-update latency (a click on a card or an action until the page shows the kernel's
   answer: median, 99th percentile, worst), the wait from a round's end to its review on the
   page, and the computer's move times (the table showing the learner's move until the learner
   may move again: the Expert's search and a round trip). Played twice: at a learner's pace
   (before each move the learner thinks until the review of their moves has caught up, at most
   10 s) and at the page's pace (each click as soon as the page allows: the review falls
   behind and the round's end waits for it);
6. where a lesson's start goes inside the browser's Python (part "imports"): a page of one cell
   that times, in Pyodide, each import and first-screen call a lesson page makes (ipywidgets,
   the course's modules, lesson 2's stage runner, a demonstration's
   button, the quiz and practice buttons, lesson 11's hint list), medians of `--rounds` loads;
   the probe page is no lesson page, so its kernel imports nothing in advance
   (cassino_learn/serving/static/browser_site.py) and each step shows its own cost;
7. the served edition (Voila, the same lessons, the same seeded game): time to interactive of
   lessons 2 and 11, the browser's memory above a blank page (the kernel's memory is the
   server's, in bench_app.py), and the seeded match's click latencies;
8. one Python for the whole course (part "course", issue 44; see `course`): the first page of
   a visit against Voila's same lesson, alternated pair by pair in one browser, then lesson to
   lesson inside that page; the browser's memory after one lesson and after five; a cold first
   visit and a later one, with the bytes each fetched.
Targets (issue 35): click p99 at most 300 ms; a round's review within 1 s of its end; a warm
lesson within 1.1 times the baseline; the Expert within 1 s a move. Issue 44: lesson to lesson
within 1 s (p90); the first page of a visit within 1.5 times Voila's; five lessons within 50 MB
of one.

Run: ./run bench  (or .venv-test/bin/python tests/benchmarks/bench_static.py [--site DIR]
[--rounds N] [--warm N] [--skip PART,...] [--pace learner,page], parts: loads, memory, match,
imports, served, course;
--pace page plays only the round at the page's pace, the fastest clicks the page allows)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import psutil
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "serving" / "static"))

from cassino_learn.serving.static import build_site  # noqa: E402
from cassino_learn.serving.static.preview import StaticServer  # noqa: E402
from cassino_learn.serving.voila import VoilaServer  # noqa: E402
from chromium import ARGS, CHROMIUM, READY  # noqa: E402  (this folder)
from seeded_game import (LESSON, MATCH_OVER, PAGE, Timings, deal, learner_move,  # noqa: E402
                         percentile, seeded_lessons)

LESSONS = {"2": "02_pairing", "11": "11_full_game"}
OTHER = "01_cards_and_points"  # opened before a warm load
EMPTY_NOTEBOOK = ROOT / "tests" / "browser" / "notebooks" / "empty.ipynb"
SEED = 11
THINK = 10.0


def load() -> str:
    return "load average %.2f, %.2f, %.2f on %d cores" % (*os.getloadavg(), os.cpu_count() or 0)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def static_page(name: str) -> str:
    return f"voici/render/{name}.html"


def new_context(playwright, profile: Path, base_url: str | tuple[str, ...]):
    """A browser with a profile of its own on disk, as a learner's browser has. Requests outside
    `base_url` (one or several sites) fail at name lookup and are recorded; no request routing,
    since Playwright's routing turns the browser's HTTP cache off and a warm load would measure
    nothing."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM,
        args=[*ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"],
        viewport={"width": 1280, "height": 900})
    context.set_default_timeout(300_000)
    outside: list[str] = []

    def seen(request) -> None:
        bases = base_url if isinstance(base_url, tuple) else (base_url,)
        if not request.url.startswith((*bases, "data:", "blob:")):
            outside.append(request.url)

    context.on("request", seen)
    return context, outside


def browser_memory(profile: Path) -> float:
    """MB of every process of the browser using `profile` (proportional set size, so shared
    pages are counted once)."""
    roots = [p for p in psutil.process_iter(["cmdline"])
             if any(str(profile) in part for part in (p.info["cmdline"] or ()))
             and not any(part.startswith("--type=") for part in (p.info["cmdline"] or ()))]
    total = 0
    for process in {q.pid: q for root in roots
                    for q in [root, *root.children(recursive=True)]}.values():
        try:
            total += process.memory_full_info().pss
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            pass
    return total / 1e6


def settle_memory(profile: Path) -> float:
    """The browser's memory once it stops changing (garbage collection and caches settle)."""
    last, stable = browser_memory(profile), 0
    deadline = time.monotonic() + 20
    while stable < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
        now = browser_memory(profile)
        stable = stable + 1 if abs(now - last) < 2 else 0
        last = now
    return last


def open_until_ready(page, url: str, sent=lambda: 0) -> tuple[float, int]:
    """Seconds until the page is interactive, and bytes the server sent meanwhile."""
    before = sent()
    started = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_function(READY, timeout=300_000, polling=50)
    return time.perf_counter() - started, sent() - before


#: Notes, in the page's clock (ms since it began to load), when Voici starts on the cells: its
#: first "Executing 1 of N" (the kernel is ready, the cells are sent). Before it the page and
#: the kernel start as the baseline's do; after it, the lesson's cells run and are drawn.
CELLS_STARTED = """
(() => {
  let wrapped;
  Object.defineProperty(window, "update_loading_text", {
    configurable: true,
    get() { return wrapped; },
    set(original) {
      wrapped = function (cell, ...rest) {
        if (cell > 0 && window.__cellsStarted === undefined) window.__cellsStarted = performance.now();
        return original.call(this, cell, ...rest);
      };
    },
  });
})();
"""

Found = dict[str, list]


def empty_found() -> Found:
    return {"cold": [], "cold_bytes": [], "warm": [], "warm_bytes": [], "memory": [],
            "round_warm": [], "warm_start": [], "warm_cells": []}


@dataclass
class Subject:
    """A page the loads part measures, and what was found of it."""
    label: str                       # "baseline", "in-browser", "served"
    name: str                        # its notebook
    url: Callable[[str], str]        # a notebook's address ("" for the site's root)
    sent: Callable[[], int]          # bytes the server has sent so far
    found: Found = field(default_factory=empty_found)


def cold_load(playwright, subject: Subject, number: int, temp: Path,
              memory: bool) -> list[str]:
    """A cold load of `subject` in a new browser (a new profile), with the browser's memory
    above a blank page. Returns the requests that tried to leave the site."""
    profile = temp / f"profile-{subject.label}-{subject.name}-{number}"
    context, outside = new_context(playwright, profile, subject.url(""))
    page = context.new_page()
    blank = settle_memory(profile) if memory else 0.0
    seconds, bytes_sent = open_until_ready(page, subject.url(subject.name), subject.sent)
    subject.found["cold"].append(seconds)
    subject.found["cold_bytes"].append(bytes_sent)
    if memory:
        subject.found["memory"].append(settle_memory(profile) - blank)
    context.close()
    shutil.rmtree(profile, ignore_errors=True)
    return outside


def warm_load(page, subject: Subject) -> float:
    """A warm load of `subject`, after another lesson of its site in the same browser."""
    other = OTHER if subject.name != OTHER else LESSONS["2"]
    open_until_ready(page, subject.url(other), subject.sent)
    seconds, bytes_sent = open_until_ready(page, subject.url(subject.name), subject.sent)
    subject.found["warm"].append(seconds)
    subject.found["warm_bytes"].append(bytes_sent)
    started = page.evaluate("window.__cellsStarted")
    if started is not None:  # the page's clock begins at the navigation, a moment after goto
        subject.found["warm_start"].append(started / 1000)
        subject.found["warm_cells"].append(seconds - started / 1000)
    return seconds


def loads_in_turns(playwright, subjects: list[Subject], rounds: int, warm_loads: int,
                   temp: Path, memory: bool) -> list[str]:
    """`rounds` rounds. In each, every subject is loaded cold in a browser of its own; then one
    browser opens each once and loads them warm `warm_loads` times, taking turns load by load
    (the sites are on separate ports, so none shares another's cache). So the k-th warm loads
    of all subjects lie side by side, and a change in the machine's load weighs on each pair
    alike. The order of the turns moves on each round. Returns the requests that tried to
    leave the sites."""
    left: list[str] = []
    for number in range(rounds):
        turn = number % len(subjects)
        order = subjects[turn:] + subjects[:turn]
        for subject in order:
            left += cold_load(playwright, subject, number, temp, memory)
        profile = temp / f"profile-warm-{number}"
        context, outside = new_context(playwright, profile, tuple(s.url("") for s in order))
        context.add_init_script(CELLS_STARTED)
        page = context.new_page()
        for subject in order:  # each site's first load in this browser fills its cache
            open_until_ready(page, subject.url(subject.name))
        warm: dict[int, list[float]] = {id(subject): [] for subject in order}
        for _ in range(warm_loads):
            for subject in order:
                warm[id(subject)].append(warm_load(page, subject))
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
        left += outside
        for subject in order:
            found, mine = subject.found, warm[id(subject)]
            found["round_warm"].append(statistics.median(mine))
            print(f"  {subject.label} {subject.name} #{number + 1}: cold {found['cold'][-1]:.2f} s "
                  f"({found['cold_bytes'][-1] / 1e6:.1f} MB), warm "
                  f"{' '.join(f'{w:.2f}' for w in mine)} s ({found['warm_bytes'][-1] / 1e6:.2f} MB)"
                  + (f", memory above a blank page {found['memory'][-1]:.0f} MB" if memory else "")
                  + f"; {load()}", flush=True)
    return left


def summary(label: str, found: Found, baseline: Found | None) -> None:
    cold, warm = statistics.median(found["cold"]), statistics.median(found["warm"])
    line = f"{label}: cold {cold:.2f} s, warm {warm:.2f} s (medians)"
    if found["warm_cells"]:
        line += (f", of which {statistics.median(found['warm_start']):.2f} s to the cells' "
                 f"start and {statistics.median(found['warm_cells']) * 1000:.0f} ms from there")
    if found["memory"]:
        line += f"; memory above a blank page {statistics.median(found['memory']):.0f} MB"
    if baseline:
        line += (f"; {cold / statistics.median(baseline['cold']):.2f}x cold and "
                 f"{warm / statistics.median(baseline['warm']):.2f}x warm the empty notebook")
        paired = [mine / theirs for mine, theirs in zip(found["warm"], baseline["warm"])]
        if len(paired) > 3:
            low, middle, high = statistics.quantiles(paired, n=4)
            line += (f"; warm load by load beside the baseline's: median {middle:.2f}x, middle "
                     f"half {low:.2f} to {high:.2f}x, {len(paired)} pairs")
        if found["warm_cells"] and baseline["warm_cells"]:
            start, cells = (statistics.median(found[part]) - statistics.median(baseline[part])
                            for part in ("warm_start", "warm_cells"))
            base = statistics.median(baseline["warm"])
            line += (f"; a warm load's start to its cells {start * 1000:+.0f} ms, its cells to "
                     f"interactive {cells * 1000:+.0f} ms against the baseline's (medians): its "
                     f"cells on the baseline's start {(base + cells) / base:.2f}x")
        by_round = [mine / theirs for mine, theirs in zip(found["round_warm"],
                                                          baseline["round_warm"])]
        if len(by_round) > 1:
            line += (f" (round by round: {min(by_round):.2f} to {max(by_round):.2f}x, "
                     f"median {statistics.median(by_round):.2f}x)")
    print(line, flush=True)


def play_match(playwright, url: str, temp: Path, label: str, think: float,
               rounds: int | None = None) -> Timings:
    """The seeded lesson 11 against the Expert, by clicks, to the match's end (or `rounds`)."""
    profile = temp / f"profile-match-{label}"
    context, _ = new_context(playwright, profile, url)
    page = context.new_page()
    open_until_ready(page, url)
    deal(page)
    timings, played = Timings(), 0
    while True:
        if learner_move(page, timings, think=think):
            played += 1
            print(f"  {label}: round {played} reviewed {timings.round_ends[-1]:.2f} s after its "
                  f"end; {load()}", flush=True)
            if rounds is not None and played >= rounds:
                break
            if page.get_by_text(MATCH_OVER).count():
                break
    context.close()
    shutil.rmtree(profile, ignore_errors=True)
    clicks, thinking = timings.clicks, timings.thinking
    print(f"{label}: {len(clicks)} clicks: median {statistics.median(clicks) * 1000:.0f} ms, "
          f"p99 {percentile(clicks, 0.99) * 1000:.0f} ms, worst {max(clicks) * 1000:.0f} ms; "
          f"round-end waits {', '.join(f'{s:.2f}' for s in timings.round_ends)} s; "
          f"computer's moves ({len(thinking)}): median {statistics.median(thinking):.2f} s, "
          f"90th {percentile(thinking, 0.9):.2f} s, worst {max(thinking):.2f} s; said "
          f"thinking after {timings.said_thinking} moves"
          + (f"; the learner thought a median {statistics.median(timings.thought):.1f} s"
             if timings.thought else ""), flush=True)
    for kind in ("hand", "table", "action"):
        some = [c for c, k in zip(clicks, timings.kinds) if k == kind]
        if some:
            print(f"  {kind} clicks ({len(some)}): median {statistics.median(some) * 1000:.0f} "
                  f"ms, p99 {percentile(some, 0.99) * 1000:.0f} ms, worst {max(some) * 1000:.0f} "
                  f"ms", flush=True)
    return timings


def baseline_site(temp: Path) -> Path:
    """The site of one empty notebook (as its contents page), built as the course is."""
    lessons = temp / "baseline-lessons"
    lessons.mkdir()
    shutil.copy(EMPTY_NOTEBOOK, lessons / "00_index.ipynb")
    return build_site(temp / "baseline", lessons=lessons, report=lambda message: None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an existing build (default: build one)")
    parser.add_argument("--rounds", type=int, default=3, help="loads of each page")
    parser.add_argument("--warm", type=int, default=3,
                        help="warm loads of each in-browser page a round (part loads)")
    parser.add_argument("--skip", default="",
                        help="parts to skip: loads,memory,match,imports,served,course")
    parser.add_argument("--pace", default="learner,page",
                        help="the match's paces: learner (the whole match, thinking until the "
                             "review caught up) and page (one round, every click as soon as "
                             "the page allows)")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    paces = set(filter(None, args.pace.split(",")))
    if not paces <= {"learner", "page"}:
        parser.error(f"--pace takes learner, page or both, not {args.pace!r}")

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
        memory = "memory" not in skip
        outside: list[str] = []
        with sync_playwright() as playwright:
            if "loads" not in skip:
                baseline = baseline_site(temp)
                with StaticServer(baseline) as base, StaticServer(site) as server:
                    empty = Subject("baseline", "00_index",  # the site's only page
                                    lambda n: base.url(static_page("00_index")) if n
                                    else base.base_url,
                                    lambda: base.bytes_sent)
                    lessons = {number: Subject("in-browser", name,
                                               lambda n: server.url(static_page(n)) if n
                                               else server.base_url,
                                               lambda: server.bytes_sent)
                               for number, name in LESSONS.items()}
                    outside += loads_in_turns(playwright, [empty, *lessons.values()],
                                              args.rounds, args.warm, temp, memory)
                summary("in-browser empty notebook (baseline)", empty.found, None)
                for number, subject in lessons.items():
                    summary(f"in-browser lesson {number}", subject.found, empty.found)
            if "match" not in skip:
                seeded = build_site(temp / "seeded", report=lambda message: None,
                                    lessons=seeded_lessons(temp / "seeded-lessons", SEED))
                with StaticServer(seeded) as server:
                    if "learner" in paces:
                        play_match(playwright, server.url(PAGE), temp, "in-browser match, "
                                   "learner's pace", THINK)
                    if "page" in paces:
                        play_match(playwright, server.url(PAGE), temp, "in-browser round, "
                                   "page's pace", 0.0, rounds=1)
            if "imports" not in skip:
                imports_in_browser(playwright, temp, args.rounds)
            if "served" not in skip:
                served(playwright, temp, args.rounds, memory)
            if "course" not in skip:
                outside += course(playwright, site, temp, args.rounds)
        print(f"requests that tried to leave the site: {len(outside)}")
    print(f"after: {load()}")


# What a lesson page imports and builds before it is interactive, in the order a page does it
# (each step after the ones before it, so each figure is that step's own share).
STARTUP_STEPS = (
    ("ipywidgets", "import ipywidgets"),
    ("cassino_learn", "import cassino_learn"),
    ("pages.lesson", "import cassino_learn.pages.lesson"),
    ("ui.table", "import cassino_learn.ui.table"),
    ("classroom.class_events", "import cassino_learn.classroom.class_events"),
    ("ui.stages", "import cassino_learn.ui.stages"),
    ("ui.launcher", "import cassino_learn.ui.launcher"),
    ("lesson 2's stage runner", "from cassino_learn.pages.lesson import stage_runner\n"
                                "stage_runner('02_pairing')"),
    ("a demonstration's button", "from cassino_learn.pages.lesson import demo\n"
                                 "demo('table: 5C 5D 5H KS; hand: 5S 2H; hand 2: KD 9C', "
                                 "[('5S take 5C 5D 5H', 'x')], seat=1)"),
    ("the quiz's button", "from cassino_learn.pages.lesson import quiz\nquiz('02_pairing')"),
    ("practice's button", "from cassino_learn.pages.lesson import practice\n"
                          "practice('02_pairing')"),
    ("lesson 11's hint list", "from cassino_learn.teaching.sheets import hint_list\n"
                              "hint_list('table: 5D 3C 6H 2S KC; hand: 8S 4D 9H 2H')"),
)
PROBE = """
import json, sys, time
steps, spent = {steps!r}, {{}}
# Imported before the page's first cell (none in advance: the probe is no lesson page):
print("IN ADVANCE " + json.dumps(sorted(m for m in sys.modules if m.startswith(
    ("ipywidgets", "anywidget", "psygnal", "cassino_learn")) and m.count(".") < 3)))
for label, code in steps:
    started = time.perf_counter()
    exec(code, {{}})
    spent[label] = time.perf_counter() - started
print("STARTUP " + json.dumps(spent))
"""


def imports_in_browser(playwright, temp: Path, rounds: int) -> None:
    """Where a lesson's start goes inside Pyodide: each import and first-screen call a lesson
    page makes, timed by the page's own Python, in a fresh kernel for each load."""
    lessons = temp / "probe-lessons"
    lessons.mkdir()
    notebook = json.loads(EMPTY_NOTEBOOK.read_text(encoding="utf-8"))
    notebook["cells"] = [{"cell_type": "code", "execution_count": None, "metadata": {},
                          "outputs": [], "source": PROBE.format(steps=STARTUP_STEPS)}]
    (lessons / "00_index.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    site = build_site(temp / "probe", lessons=lessons, report=lambda message: None)
    found: dict[str, list[float]] = {}
    with StaticServer(site) as server:
        context, _ = new_context(playwright, temp / "profile-probe", server.base_url)
        page = context.new_page()
        for _ in range(rounds):
            open_until_ready(page, server.url(static_page("00_index")))
            page.wait_for_function("() => document.body.innerText.includes('STARTUP ')")
            line = next(line for line in page.inner_text("body").splitlines()
                        if line.startswith("STARTUP "))
            for label, seconds in json.loads(line.removeprefix("STARTUP ")).items():
                found.setdefault(label, []).append(seconds)
            advance = next(line for line in page.inner_text("body").splitlines()
                           if line.startswith("IN ADVANCE "))
        context.close()
    packages: dict[str, int] = {}
    for module in json.loads(advance.removeprefix("IN ADVANCE ")):
        packages[module.split(".")[0]] = packages.get(module.split(".")[0], 0) + 1
    print("imported before the page's first cell ran: "
          + (", ".join(f"{name} ({count} modules)" for name, count in packages.items())
             or "nothing"), flush=True)
    total = sum(statistics.median(v) for v in found.values())
    print(f"a lesson's start inside the browser's Python (medians of {rounds} loads, "
          f"{total:.2f} s in all; {load()}):", flush=True)
    for label, seconds in found.items():
        print(f"  {label}: {statistics.median(seconds) * 1000:.0f} ms "
              f"({', '.join(f'{s * 1000:.0f}' for s in seconds)})", flush=True)


def served(playwright, temp: Path, rounds: int, memory: bool) -> None:
    """The served edition: the same lessons and seeded game under Voila, in the same run."""
    folder = seeded_lessons(temp / "served-seeded", SEED)
    lessons = ROOT / "lessons"
    os.rename(folder / f"{LESSON}.ipynb", folder / "seeded_11.ipynb")
    for name in (*LESSONS.values(), OTHER):
        shutil.copy(lessons / f"{name}.ipynb", folder / f"{name}.ipynb")
    shutil.copytree(lessons / "quizzes", folder / "quizzes")
    if (lessons / "stages").is_dir():
        shutil.copytree(lessons / "stages", folder / "stages")
    progress = temp / "served-progress"
    progress.mkdir()
    with VoilaServer(folder, ip="127.0.0.1", env={"CASSINO_LEARN_DATA": str(progress)}) as server:
        url = lambda name: server.url(f"{name}.ipynb") if name else server.base_url  # noqa: E731
        lessons = {number: Subject("served", name, url, lambda: 0)
                   for number, name in LESSONS.items()}
        loads_in_turns(playwright, list(lessons.values()), rounds, 1, temp, memory)
        for number, subject in lessons.items():
            summary(f"served lesson {number}", subject.found, None)
        play_match(playwright, url("seeded_11"), temp, "served match, learner's pace", THINK)


# ---------------------------------------------------------------- part "course" (issue 44)

#: The lesson whose first page of a visit is paired with Voila's, then the lessons a learner
#: opens after it in turn, inside that page (cassino_learn/pages/course.py).
COURSE_FIRST = "02_pairing"
COURSE_TURN = ("03_combining", "04_trailing", "05_building", "11_full_game", "01_cards_and_points")
#: Shown in the page: the lesson asked for, nothing on its way, every widget drawn.
SHOWN = """(slug) => document.body.dataset.lesson === slug && !document.body.dataset.courseLoading
  && !document.body.innerText.includes('Loading widget...')"""


def open_in_page(page, slug: str) -> float:
    """Seconds from a lesson asked for inside the page (as a click on its link asks) until it
    is shown, every widget drawn. A site built before the course shell loads it as a page (what
    a click on its link did): so the bench measures today's build and an earlier one alike."""
    started = time.perf_counter()
    if page.evaluate("() => !window.cassinoCourse"):
        page.goto(page.url.rsplit("/", 1)[0] + f"/{slug}.html", timeout=300_000)
        page.wait_for_function(READY, timeout=300_000, polling=20)
        return time.perf_counter() - started
    page.evaluate("(slug) => window.cassinoCourse.open(slug, '')", slug)
    page.wait_for_function(SHOWN, arg=slug, timeout=300_000, polling=20)
    return time.perf_counter() - started


def python_id(page) -> str:
    """The identity of the page's Python (a new one at every page load; "" before the shell)."""
    return page.evaluate("() => document.body.dataset.pythonId || ''")



def course(playwright, site: Path, temp: Path, rounds: int) -> list[str]:
    """One Python for the whole course, against Voila in the same browser (issue 44):
    1. a cold first visit (a new profile) to COURSE_FIRST, and a later visit (the same profile,
       the browser closed and opened again): seconds and bytes the site sent;
    2. in one browser, warm, `rounds` times: Voila's COURSE_FIRST, then the in-browser page of
       the same lesson (the first page of a visit: Python starts), then COURSE_TURN in turn
       inside that page (Python not started again: its identity is checked);
    3. the browser's memory with one lesson opened, and after five opened in turn in the page.
    Returns the requests that tried to leave the sites."""
    progress = temp / "course-progress"
    progress.mkdir()
    left: list[str] = []
    with VoilaServer(ROOT / "lessons", ip="127.0.0.1",
                     env={"CASSINO_LEARN_DATA": str(progress)}) as voila, \
            StaticServer(site) as server:
        first = server.url(static_page(COURSE_FIRST))
        profile = temp / "profile-course-visits"
        visits = []
        for _ in range(2):
            context, outside = new_context(playwright, profile, server.base_url)
            visits.append(open_until_ready(context.new_page(), first, lambda: server.bytes_sent))
            context.close()
            left += outside
        (cold, cold_bytes), (later, later_bytes) = visits
        print(f"course: a first visit (empty cache) {cold:.2f} s, {cold_bytes / 1e6:.1f} MB; a "
              f"later visit {later:.2f} s, {later_bytes / 1e6:.2f} MB; {load()}", flush=True)

        profile = temp / "profile-course-warm"
        context, outside = new_context(playwright, profile, (server.base_url, voila.base_url))
        page = context.new_page()
        open_until_ready(page, voila.url(f"{COURSE_FIRST}.ipynb"))  # caches filled, kernels warm
        open_until_ready(page, first)
        pairs: list[tuple[float, float]] = []
        steps: list[float] = []
        for number in range(rounds):
            served_seconds, _ = open_until_ready(page, voila.url(f"{COURSE_FIRST}.ipynb"))
            browser_seconds, _ = open_until_ready(page, first)
            pairs.append((served_seconds, browser_seconds))
            started_as = python_id(page)
            mine = [open_in_page(page, slug) for slug in COURSE_TURN]
            if python_id(page) != started_as:
                raise SystemExit("course: Python was started again between two lessons")
            steps += mine
            print(f"  round {number + 1}: Voila {served_seconds:.2f} s, in the browser "
                  f"{browser_seconds:.2f} s ({browser_seconds / served_seconds:.2f}x); lesson to "
                  f"lesson {' '.join(f'{s:.2f}' for s in mine)} s; {load()}", flush=True)
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
        left += outside

        profile = temp / "profile-course-memory"
        context, outside = new_context(playwright, profile, server.base_url)
        page = context.new_page()
        open_until_ready(page, server.url(static_page(COURSE_TURN[-1])))
        one = settle_memory(profile)
        for slug in COURSE_TURN[:4]:
            open_in_page(page, slug)
        five = settle_memory(profile)
        context.close()
        left += outside

    ratios = sorted(b / s for s, b in pairs)
    p90 = sorted(steps)[max(0, int(round(0.9 * len(steps))) - 1)]
    print(f"course: the first page of a visit, warm: Voila {statistics.median(s for s, _ in pairs):.2f} s, "
          f"in the browser {statistics.median(b for _, b in pairs):.2f} s (medians); pair by pair "
          f"median {statistics.median(ratios):.2f}x ({min(ratios):.2f} to {max(ratios):.2f}x, "
          f"{len(pairs)} pairs)", flush=True)
    print(f"course: lesson to lesson in the page: median {statistics.median(steps):.2f} s, p90 "
          f"{p90:.2f} s, worst {max(steps):.2f} s ({len(steps)} moves)", flush=True)
    print(f"course: the browser's memory with one lesson {one:.0f} MB, after five in turn "
          f"{five:.0f} MB ({five - one:+.0f} MB)", flush=True)
    return left


if __name__ == "__main__":
    main()
