"""A lesson page opens with only what its first screen needs: demonstrations, games and practice
are built when the learner asks for them (one click, in their place), so the browser has few
widgets to draw before the page is interactive (issue 12: a lesson page within 1.3x of an empty
notebook, served cold). The budgets count the widget models a page creates when it is run
headless, which is deterministic: a lesson that starts building something at load again fails
here, not as a slower page somewhere later."""

from __future__ import annotations

import json
import os

import nbformat
import pytest

from cassino_learn.core.errors import IllegalMove
from cassino_learn.teaching.catalog import INDEX, LESSONS, SANDBOX, lessons_dir
from cassino_learn.pages.lesson import DEMO_BUTTON, demo, game

CODE = ("_esm", "_css")  # an anywidget's front-end module and stylesheet
STEPS = [("5S take 5C 5D 5H", "Your 5S takes every five."), ("KD take KS", "Kings pair.")]
START = "table: 5C 5D 5H KS; hand: 5S 2H; hand 2: KD 9C"

# Per page, at most: widget models, card tables, and kilobytes of widget state besides the
# widgets' code (which another change to a widget may grow), when the page is run with no
# progress yet. Measured once each on-demand part had become one launcher widget in its box and
# the stage runner's panels shared a layout model (issue 35; before, the quiz was dealt on request
# and buttons, rows and launchers shared their looks: issue 12), with 20% margin on models and kB
# and none on card tables: a table is the widget the browser takes longest to draw.
BUDGETS = {
    "00_index.ipynb": (35, 1, 46),
    "01_cards_and_points.ipynb": (12, 0, 14),
    "02_pairing.ipynb": (20, 1, 22),
    "03_combining.ipynb": (20, 1, 22),
    "04_trailing.ipynb": (20, 1, 21),
    "05_building.ipynb": (22, 1, 23),
    "06_raising_builds.ipynb": (24, 1, 23),
    "07_multiple_builds.ipynb": (24, 1, 23),
    "08_owning_a_build.ipynb": (22, 1, 25),  # +1 kB: the reading box apart, "Show notation"
    "09_sweeps_and_last_cards.ipynb": (20, 1, 23),
    "10_scoring.ipynb": (12, 0, 21),
    "11_full_game.ipynb": (12, 0, 9),
    "12_more_players.ipynb": (17, 0, 11),
    "13_variants_and_etiquette.ipynb": (20, 1, 28),  # +3 kB: the table's words for a screen reader,
    # +1 kB: the reading box drawn apart under the verdict, the "Show notation" box
    "90_sandbox.ipynb": (34, 1, 48),
}


def test_a_demonstration_is_dealt_when_the_learner_asks_for_it():
    from cassino_learn.ui import CardTable

    box = demo(START, STEPS, intro="Three fives on the table.", seat=1)
    (start,) = box.children
    assert not any(isinstance(child, CardTable) for child in box.children)
    assert start.intro == "Three fives on the table." and start.label == DEMO_BUTTON
    start.press()
    (table,) = box.children  # the table says the intro now, once
    assert isinstance(table, CardTable) and table.mode == "demo"
    assert table.demo_length == len(STEPS) and table.seat == 1
    start.press()  # a second click (sent before the first was drawn) builds nothing more
    assert box.children == (table,)


def test_a_wrong_demonstration_step_fails_when_the_lesson_runs_not_when_it_is_opened():
    with pytest.raises(IllegalMove):
        demo(START, [("5S take 5C 5D 5H", "fine"), ("KD take 9C", "not legal: 9C is in a hand")])


def test_a_game_with_a_start_button_is_dealt_on_request():
    from cassino_learn.ui.game import GameWidget

    box = game(seed=1, start_button="Deal")
    assert not any(isinstance(child, GameWidget) for child in box.children)
    box.children[-1].press()
    assert isinstance(box.children[-1], GameWidget)


def _weight(state: dict) -> tuple[int, int, int]:
    tables = sum(1 for model in state.values() if "table_html" in model["state"])
    content = [{key: value for key, value in model["state"].items() if key not in CODE}
               for model in state.values()]
    return len(state), tables, len(json.dumps(content)) // 1000


@pytest.mark.slow
def test_every_page_opens_within_its_widget_budget(tmp_path, local_socket_kernel):
    from nbclient import NotebookClient

    os.environ["CASSINO_LEARN_DATA"] = str(tmp_path)
    pages = [item.notebook for item in (INDEX, *LESSONS, SANDBOX)]
    assert sorted(BUDGETS) == sorted(pages)
    over = []
    for name in pages:
        nb = nbformat.read(lessons_dir() / name, as_version=4)
        NotebookClient(nb, km=local_socket_kernel(), timeout=180, store_widget_state=True,
                       resources={"metadata": {"path": str(lessons_dir())}}).execute()
        state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
        weight = _weight(state)
        if any(have > most for have, most in zip(weight, BUDGETS[name])):
            over.append(f"{name}: {weight[0]} models, {weight[1]} card tables, {weight[2]} kB "
                        f"(budget {BUDGETS[name]})")
    assert not over, "pages build more at load than their budget:\n" + "\n".join(over)
