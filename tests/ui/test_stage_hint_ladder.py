"""The stage runner's hint ladder, its stars, guided steps and refused tries (issue 43).

The Hint button shows the next step of the ladder, one at a time, each costing a star; no step
names the move: "Show me" does, and a shown answer earns none. A refused try counts as a wrong
one in every stage kind (a captures stage too). A guided step, the first time an action
appears, shows the clicks and earns no stars.
"""

from __future__ import annotations

from cassino_learn.learner import progress
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.stages import StageRunner


def open_stage(slug: str, stage_id: str) -> StageRunner:
    runner = StageRunner(slug)
    runner.open_stage(load_stages(slug).ids.index(stage_id))
    return runner


def play(runner: StageRunner, text: str) -> None:
    runner.table._handle_custom_msg({"type": "move_text", "text": text}, [])


def stars(slug: str, stage_id: str) -> int:
    return progress.load().lesson(slug).stages[stage_id].stars


def test_the_hint_button_climbs_the_ladder_one_step_at_a_time():
    runner = open_stage("05_building", "build-for-big-casino")
    steps = runner.stage.hint_steps()
    assert len(steps) == 2 and runner.bottom.can_hint and not runner.bottom.can_show
    runner.send_from_front_end({"type": "hint"})
    assert runner.hint_text() == steps[0] and runner.bottom.can_hint
    assert steps[1] not in runner.bottom.hint
    runner.send_from_front_end({"type": "hint"})
    assert steps[0] in runner.bottom.hint and steps[1] in runner.bottom.hint
    assert not runner.bottom.can_hint  # the last step, the move itself, is "Show me"
    assert runner.bottom.can_show
    play(runner, "3S build 10 7D")
    assert runner.bottom.verdict_kind == "right"
    assert stars("05_building", "build-for-big-casino") == 1  # two helps


def test_one_hint_step_costs_one_star_and_show_me_none():
    runner = open_stage("05_building", "build-for-big-casino")
    runner.send_from_front_end({"type": "hint"})
    play(runner, "3S build 10 7D")
    assert stars("05_building", "build-for-big-casino") == 2
    again = open_stage("05_building", "three-cards")
    again.send_from_front_end({"type": "hint"})
    again.send_from_front_end({"type": "show"})
    assert again.bottom.verdict_kind == "shown"
    assert stars("05_building", "three-cards") == 0


def test_a_refused_try_counts_in_a_captures_stage_as_in_a_goal_stage():
    """8.6: the last 7 may capture only with the build; a refused capture is a wrong try."""
    runner = open_stage("08_owning_a_build", "only-with-the-build")
    play(runner, "7S take 5H 2S")  # leaves the build behind: refused (O2)
    assert runner.bottom.verdict_kind == "wrong" and runner.bottom.rule == "O2"
    assert progress.load().lesson("08_owning_a_build").stages["only-with-the-build"].tries == 1
    for move in runner.stage.solutions()[0]:
        runner.table.set_state({"selected_card": str(move.card),
                                "selected_table": [str(c) for c in move.table_cards]})
        index = [a["label"] for a in runner.table.actions].index("Take")
        runner.table._handle_custom_msg({"type": "action", "index": index}, [])
    runner.send_from_front_end({"type": "check"})
    assert runner.bottom.verdict_kind == "right"
    assert stars("08_owning_a_build", "only-with-the-build") == 2


def test_a_guided_step_shows_the_clicks_and_earns_no_stars():
    runner = open_stage("04_trailing", "first-trail")
    assert runner.stage.guided and "click" in runner.stage.say.lower()
    assert not runner.top.dots[0]["starred"]
    play(runner, "trail KS")
    assert runner.bottom.verdict_kind == "right" and "★" not in runner.bottom.verdict
    assert progress.load().lesson("04_trailing").stages["first-trail"].solved
    assert stars("04_trailing", "first-trail") == 0
