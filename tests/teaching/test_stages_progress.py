"""Stage records in the progress file: saved as they happen, best stars kept, read back."""

from __future__ import annotations

import json

import pytest

from cassino_learn.learner import progress

IDS = ["one", "two"]


def test_an_attempt_is_saved_as_it_happens_and_survives_a_restart(data):
    store = progress.load()
    store.record_stage("02_pairing", "one", solved=False, stars=0, tries=1, hint=True,
                       stage_ids=IDS)
    again = progress.load().lesson("02_pairing").stages["one"]
    assert (again.solved, again.stars, again.tries, again.hint) == (False, 0, 1, True)
    store.record_stage("02_pairing", "one", solved=True, stars=2, tries=2, hint=True,
                       stage_ids=IDS)
    entry = progress.load().lesson("02_pairing")
    assert entry.solved("one") and not entry.solved("two") and entry.stars() == 2
    saved = json.loads((data / "progress.json").read_text())
    assert saved["lessons"]["02_pairing"]["stages"]["one"] == {
        "solved": True, "stars": 2, "tries": 2, "hint": True}


def test_replaying_a_stage_keeps_its_best_stars(data):
    store = progress.load()
    store.record_stage("02_pairing", "one", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=IDS)
    store.record_stage("02_pairing", "one", solved=False, stars=0, tries=1, hint=False,
                       stage_ids=IDS)
    store.record_stage("02_pairing", "one", solved=True, stars=1, tries=3, hint=False,
                       stage_ids=IDS)
    record = progress.load().lesson("02_pairing").stages["one"]
    assert record.solved and record.stars == 3


def test_stars_out_of_range_are_refused_and_nothing_is_written(data):
    with pytest.raises(ValueError, match="0 to 3 stars, not 4"):
        progress.load().record_stage("02_pairing", "one", solved=True, stars=4, tries=1,
                                     hint=False, stage_ids=IDS)
    assert not (data / "progress.json").exists()


def test_a_file_from_before_stages_loads_without_them(data):
    (data / "progress.json").write_text(json.dumps(
        {"version": 1, "lessons": {"02_pairing": {"done": True, "best": 7, "total": 8}}}))
    entry = progress.load().lesson("02_pairing")
    assert entry.done and entry.best == 7 and entry.stages == {}


def test_a_stage_whose_answer_was_shown_is_saved_as_seen_and_a_later_solve_earns_stars(data):
    store = progress.load()
    store.record_stage("02_pairing", "one", solved=True, stars=0, tries=2, hint=False,
                       stage_ids=IDS, shown=True)
    record = progress.load().lesson("02_pairing").stages["one"]
    assert record.solved and record.shown and record.seen and record.stars == 0
    saved = json.loads((data / "progress.json").read_text())
    assert saved["lessons"]["02_pairing"]["stages"]["one"]["shown"] is True
    store.record_stage("02_pairing", "one", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=IDS)
    record = progress.load().lesson("02_pairing").stages["one"]
    assert record.stars == 3 and not record.seen


def test_an_old_record_without_shown_loads_and_another_tab_keeps_a_seen_stage(data):
    (data / "progress.json").write_text(json.dumps({"version": 1, "lessons": {"02_pairing": {
        "stages": {"one": {"solved": True, "stars": 2, "tries": 2, "hint": False}}}}}))
    record = progress.load().lesson("02_pairing").stages["one"]
    assert record.solved and not record.shown and not record.seen
    tab_a, tab_b = progress.load(), progress.load()
    tab_a.record_stage("02_pairing", "two", solved=True, stars=0, tries=3, hint=True,
                       stage_ids=IDS, shown=True)
    tab_b.record_stage("02_pairing", "one", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=IDS)
    entry = progress.load().lesson("02_pairing")
    assert entry.done and entry.stages["two"].seen and entry.stages["two"].shown
    assert entry.stages["one"].stars == 3
