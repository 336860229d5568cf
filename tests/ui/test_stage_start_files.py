"""A lesson's stages open on one reading of the progress file: in the browser each file
operation is a request to the site's service worker, so the stage runner's start makes as few
as it can (counted here by the `file_operations` fixture, natively), and never writes."""

from __future__ import annotations

from cassino_learn.learner import learner_context, progress
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.stages import StageRunner

SLUG = "03_combining"  # its first stage is starred (2.1 is a guided step)
WRITES = {"mkdir", "rename", "unlink", "rmdir", "lock"}


def solve_first_stage() -> None:
    first = load_stages(SLUG).stages[0]
    store = progress.load()
    store.record_stage(SLUG, first.id, solved=True, stars=3, tries=1, hint=False,
                       stage_ids=load_stages(SLUG).ids)
    store.set_preference("four_color", True)


def test_a_first_visit_opens_its_stage_after_one_look_for_the_file(file_operations):
    runner = StageRunner(SLUG)
    assert runner.index == 0 and runner.table is not None
    assert file_operations == [("open", "progress.json")]  # not there: nothing written either
    assert not progress.current_path().exists()


def test_a_returning_learner_resumes_on_one_read_and_nothing_written(data, file_operations):
    solve_first_stage()
    before = (data / "progress.json").read_bytes()
    file_operations.clear()
    runner = StageRunner(SLUG)
    # that one reading gave the stage to open, its map and its table's settings
    assert runner.index == 1 and runner.top.dots[0]["solved"] and runner.top.dots[0]["stars"] == 3
    assert runner.table is not None and runner.table.four_color
    assert file_operations == [("open", "progress.json")]
    assert (data / "progress.json").read_bytes() == before


def test_the_page_shown_reads_once_a_message_and_writes_nothing(file_operations):
    solve_first_stage()
    runner = StageRunner(SLUG)
    file_operations.clear()
    runner.send_from_front_end({"type": "shown"}, panel="top")
    runner.table._handle_custom_msg({"type": "shown"}, [])
    assert file_operations == [("open", "progress.json")] * 2
    assert runner.index == 1 and runner.table.four_color


def test_in_the_browser_the_page_shown_reads_nothing_and_is_still_told_to_the_class(
        file_operations, monkeypatch):
    """The browser's kernel is never prepared in advance: the runner's reading (the stage and
    its table's settings), moments before the page shows them, stands (a second one would hold
    up the page's next cells)."""
    import cassino_learn.ui.stages as stages
    import cassino_learn.ui.table as table

    monkeypatch.setattr(stages, "in_browser", lambda: True)
    monkeypatch.setattr(table, "in_browser", lambda: True)
    solve_first_stage()
    heard: list[dict] = []
    with learner_context.using(learner_context.LearnerContext(sink=heard.append)):
        runner = StageRunner(SLUG)
        file_operations.clear()
        runner.send_from_front_end({"type": "shown"}, panel="top")
        runner.table._handle_custom_msg({"type": "shown"}, [])
    assert file_operations == [] and runner.index == 1 and runner.table.four_color
    assert [e["kind"] for e in heard] == ["visit", "visit"]


def test_a_right_answer_saves_under_the_lock_and_draws_from_what_it_saved(file_operations):
    runner = StageRunner(SLUG)
    file_operations.clear()
    stage = runner.stage
    move = stage.solutions()[0]
    runner.table.set_state({"selected_card": str(move.card),
                            "selected_table": [str(c) for c in move.table_cards]})
    label = next(a["label"] for a in runner.table.actions if a["label"].split()[0] in
                 ("Take", "Build", "Trail"))
    runner.table._handle_custom_msg(
        {"type": "action", "index": [a["label"] for a in runner.table.actions].index(label)}, [])
    assert runner.bottom.verdict_kind == "right"
    reads = [op for op in file_operations if op == ("open", "progress.json")]
    # one reading for the answer, one under the lock to merge with the file as it is now
    assert len(reads) == 2 and file_operations.kinds().count("lock") == 1
    assert file_operations.kinds().count("rename") == 1  # the file replaced whole, once
    assert progress.load().lesson(SLUG).stages[stage.id].solved
    assert runner.top.dots[0]["solved"]  # the map drawn from what was saved


def test_in_a_class_the_stage_opened_is_still_told_to_the_class():
    heard: list[dict] = []
    with learner_context.using(learner_context.LearnerContext(sink=heard.append)):
        runner = StageRunner(SLUG)
        runner.send_from_front_end({"type": "shown"}, panel="top")
    first = load_stages(SLUG).stages[0].id
    assert [(e["kind"], e["lesson"], e["stage"]) for e in heard] == [("visit", SLUG, first)] * 2
