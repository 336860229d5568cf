"""Benchmark: judging an answer to a deck's move card in the browser edition (issue 46: within
1 s, median and p99 reported), beside the same answers judged here in CPython.
Run: .venv-test/bin/python tests/benchmarks/bench_deck_browser.py [--games 2] [--answers 3]

The seeded cards and answers are bench_deck.py's (round 1 of `--games` seeded games, seat 1
playing at random; each card answered with the move played, the better move and `--answers`
other legal moves). They are made here, then judged twice: in CPython (this process), and
inside the static edition's Pyodide in Debian's Chromium: a site built as `build-static`
builds it (tools/cache in ~/.cache/cassino-learn) from one probe notebook whose cell judges
each answer with `learner.deck.judging.judge`, timed by the page's own Python, and prints the
times; the page is served on loopback and every other request fails. Each card is judged by
the search first (as a card without its verdicts is), then its verdicts are worked out
(`deck.verdicts.verdicts_of`: the background work as the review starts) and the same answers
are looked up. Printed: median, p99 and worst of one judgement by the search (every answer, a
card's first, the rest), of working out a card's verdicts, and of one judgement looked up; how
many were judged right, and how many looked-up verdicts are the search's in the same
interpreter; and the machine's load (it is shared: quote it with the figures).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_deck import line, seeded_cards  # noqa: E402  (this folder)
from chromium import ARGS, CHROMIUM, READY  # noqa: E402
from cassino_learn.serving.static import build_site  # noqa: E402
from cassino_learn.serving.static.preview import StaticServer  # noqa: E402
from cassino_learn.learner.deck.judging import observation_of  # noqa: E402

EMPTY_NOTEBOOK = ROOT / "tests" / "browser" / "notebooks" / "empty.ipynb"
PAGE = "voici/render/00_index.html"
MARK = "DECK-TIMES "

PROBE = '''import json
{timed}
print("{mark}" + json.dumps(timed(json.loads({cards!r}))))
'''


def timed(cards: list[dict]) -> dict:
    """Each card's answers judged by the search, its verdicts worked out, the answers looked
    up: the times, and the verdicts of each way. Run here and, as its source, in the page."""
    import time
    from dataclasses import replace

    from cassino_learn.game import coach
    from cassino_learn.learner.deck.cards import MovePuzzle
    from cassino_learn.learner.deck.judging import judge
    from cassino_learn.learner.deck.verdicts import forget, verdicts_of

    found = {"first": [], "rest": [], "right": 0, "working": [], "looked": [], "same": 0}
    for card in cards:
        puzzle = MovePuzzle.from_json(card["puzzle"])
        coach.forget()  # as in a kernel that did not play the game
        forget()
        searched = []
        for index, answer in enumerate(card["answers"]):
            started = time.perf_counter()
            judged = judge(puzzle, answer)
            found["first" if index == 0 else "rest"].append(time.perf_counter() - started)
            found["right"] += judged.right
            searched.append((judged.right, round(judged.loss, 3)))
        coach.forget()
        forget()
        started = time.perf_counter()
        puzzle = replace(puzzle, verdicts=verdicts_of(puzzle))
        found["working"].append(time.perf_counter() - started)
        forget()  # only the card's own verdicts
        for answer, before in zip(card["answers"], searched):
            started = time.perf_counter()
            judged = judge(puzzle, answer)
            found["looked"].append(time.perf_counter() - started)
            found["same"] += (judged.right, judged.loss) == before
    return found


def answered(games: int, answers: int) -> list[dict]:
    """bench_deck's seeded cards, each with the answers it is given, as JSON."""
    out = []
    for number, card in enumerate(seeded_cards(games)):
        puzzle = card.puzzle
        others = [str(m) for m in observation_of(puzzle).legal_moves()
                  if str(m) not in (puzzle.played, puzzle.better)]
        random.Random(number).shuffle(others)
        out.append({"puzzle": puzzle.to_json(),
                    "answers": [puzzle.played, puzzle.better, *others[:answers]]})
    return out


def in_cpython(cards: list[dict]) -> dict:
    return timed(cards)


def in_browser(cards: list[dict], temp: Path) -> dict:
    lessons = temp / "probe-lessons"
    lessons.mkdir()
    notebook = json.loads(EMPTY_NOTEBOOK.read_text(encoding="utf-8"))
    notebook["cells"] = [{"cell_type": "code", "execution_count": None, "metadata": {},
                          "outputs": [],
                          "source": PROBE.format(cards=json.dumps(cards), mark=MARK,
                                                 timed=inspect.getsource(timed))}]
    (lessons / "00_index.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    started = time.perf_counter()
    site = build_site(temp / "probe", lessons=lessons, report=lambda message: None)
    print(f"probe site built in {time.perf_counter() - started:.0f} s", flush=True)
    with StaticServer(site) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[*ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, "
                         "EXCLUDE localhost"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.url(PAGE), timeout=600_000)
        page.wait_for_function(READY, timeout=600_000, polling=200)
        page.wait_for_function(f"() => document.body.innerText.includes({MARK!r})",
                               timeout=1_800_000, polling=500)
        found = next(text for text in page.inner_text("body").splitlines()
                     if text.startswith(MARK))
        browser.close()
    return json.loads(found.removeprefix(MARK))


def report(label: str, found: dict) -> None:
    print(label, flush=True)
    print("  judged by the search (a card without its verdicts):", flush=True)
    for name, values in (("every answer", found["first"] + found["rest"]),
                         ("a card's first answer", found["first"]),
                         ("later answers", found["rest"])):
        print("  " + line(name, values), flush=True)
    print(f"  {found['right']} of {len(found['first']) + len(found['rest'])} judged right",
          flush=True)
    print("  " + line("working out a card's verdicts", found["working"], "cards"), flush=True)
    print("  " + line("judged from the card's verdicts", found["looked"]), flush=True)
    print(f"  {found['same']} of {len(found['looked'])} looked up as the search judged",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--answers", type=int, default=3, help="other legal moves a card")
    options = parser.parse_args()
    cards = answered(options.games, options.answers)
    print(f"{len(cards)} cards from {options.games} seeded games, "
          f"{sum(len(c['answers']) for c in cards)} answers", flush=True)
    report("CPython (this process):", in_cpython(cards))
    with tempfile.TemporaryDirectory() as temp:
        report("in the browser (the static edition's Pyodide in Chromium):",
               in_browser(cards, Path(temp)))
    print(f"load average {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f}, "
          f"{os.cpu_count()} cores", flush=True)


if __name__ == "__main__":
    main()
