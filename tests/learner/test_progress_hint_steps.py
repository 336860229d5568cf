"""A stage's hint steps are saved as a count (the ladder has several steps, each costs a star):
old files' true / false read as one step or none, two tabs keep the more steps, and the class's
server takes the count (and an old flag) but refuses nonsense."""

from __future__ import annotations

import json

import pytest

from cassino_learn.learner import progress
from cassino_learn.classroom.class_progress import strict_progress
from cassino_learn.teaching.stages import load_stages, stars_for

SLUG = "05_building"


def _stage_id() -> str:
    return next(s.id for s in load_stages(SLUG).stages if s.starred)


def _file(data, record: dict) -> None:
    (data / progress.FILE_NAME).write_text(json.dumps(
        {"version": progress.VERSION,
         "lessons": {SLUG: {"stages": {_stage_id(): record}}}}))


def test_hint_steps_are_saved_as_a_count_and_read_back(data):
    store = progress.load()
    store.record_stage(SLUG, _stage_id(), solved=False, stars=0, tries=0, hint=2,
                       stage_ids=[_stage_id()])
    assert progress.load().lesson(SLUG).stages[_stage_id()].hint == 2
    saved = json.loads((data / progress.FILE_NAME).read_text())
    assert saved["lessons"][SLUG]["stages"][_stage_id()]["hint"] == 2


@pytest.mark.parametrize("old, steps", [(True, 1), (False, 0)])
def test_an_old_file_with_a_hint_flag_loads_as_one_step_or_none(data, old, steps):
    _file(data, {"solved": False, "stars": 0, "tries": 1, "hint": old})
    with_warnings = progress.load()
    assert with_warnings.lesson(SLUG).stages[_stage_id()].hint == steps
    assert (data / progress.FILE_NAME).exists()  # read as it is, not set aside


def test_two_tabs_keep_the_more_hint_steps_of_an_attempt_under_way(data):
    first, second = progress.load(), progress.load()  # two tabs, read at once
    first.record_stage(SLUG, _stage_id(), solved=False, stars=0, tries=0, hint=2,
                       stage_ids=[])
    second.record_stage(SLUG, _stage_id(), solved=False, stars=0, tries=1, hint=1,
                        stage_ids=[])
    record = progress.load().lesson(SLUG).stages[_stage_id()]
    assert record.hint == 2 and record.tries == 1


def test_stars_after_two_hint_steps_are_one():
    assert stars_for(0, 2) == 1
    assert stars_for(0, 1) == 2


def _sent(hint) -> dict:
    return {"lessons": {SLUG: {"stages": {_stage_id(): {"solved": False, "stars": 0,
                                                          "tries": 0, "hint": hint}}}}}


@pytest.mark.parametrize("hint", [0, 1, 2, True, False])
def test_the_class_server_takes_a_count_of_hint_steps_or_an_old_flag(hint):
    assert strict_progress(_sent(hint)) is None


@pytest.mark.parametrize("hint", [-1, 10**9, "2", 1.5, None])
def test_the_class_server_refuses_nonsense_hint_steps(hint):
    with pytest.raises(ValueError, match=r"\.hint: .* hint steps"):
        strict_progress(_sent(hint))


def test_a_file_with_nonsense_hint_steps_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="hint steps"):
        progress.StageRecord.from_json({"hint": -3})
