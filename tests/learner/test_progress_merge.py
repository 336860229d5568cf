"""A save merges with the progress file as it is now: two tabs of one learner lose nothing, a
reset in one tab is not undone by another, and the file is still written atomically."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from cassino_learn.learner import learner_context, progress

SLUG = "02_pairing"
IDS = ["one", "two", "three"]


def solve(store: progress.Progress, stage: str, stars: int = 3, slug: str = SLUG,
          ids: list[str] = IDS) -> progress.StageRecord:
    return store.record_stage(slug, stage, solved=True, stars=stars, tries=1, hint=False,
                              stage_ids=ids)


def test_two_tabs_solving_different_stages_keep_both_and_finish_the_lesson(data):
    tab_a, tab_b = progress.load(), progress.load()  # both opened before either saves
    solve(tab_a, "one")
    solve(tab_a, "two")
    solve(tab_b, "three")  # tab B never saw one and two
    entry = progress.load().lesson(SLUG)
    assert [entry.solved(s) for s in IDS] == [True, True, True]
    assert entry.done  # tab B's save saw every stage solved
    assert tab_b.lesson(SLUG).solved("one")  # and tab B now holds what was saved


def test_a_stale_tab_keeps_the_best_stars_and_says_so(data):
    tab_a, tab_b = progress.load(), progress.load()
    solve(tab_a, "one", stars=3)
    stored = solve(tab_b, "one", stars=1)
    assert stored.stars == 3 and progress.load().lesson(SLUG).stages["one"].stars == 3


def test_an_unsolved_try_in_one_tab_does_not_unsolve_the_other(data):
    tab_a, tab_b = progress.load(), progress.load()
    solve(tab_a, "one", stars=2)
    tab_b.record_stage(SLUG, "one", solved=False, stars=0, tries=2, hint=True, stage_ids=IDS)
    record = progress.load().lesson(SLUG).stages["one"]
    assert record.solved and record.stars == 2


def test_quiz_best_and_practice_from_two_tabs_add_up(data):
    tab_a, tab_b = progress.load(), progress.load()
    tab_a.record_quiz(SLUG, 7, 8)
    tab_b.record_quiz(SLUG, 5, 8)
    for _ in range(3):
        tab_a.record_practice(SLUG)
    tab_b.record_practice(SLUG)
    tab_b.set_preference("four_color", True)
    entry = progress.load().lesson(SLUG)
    assert (entry.best, entry.last, entry.total, entry.practised) == (7, 5, 8, 4)
    assert progress.load().preferences.four_color


def test_a_reset_in_one_tab_is_not_undone_by_another(data):
    solve(progress.load(), "one")
    solve(progress.load(), "two")
    stale = progress.load()
    progress.load().reset()
    assert json.loads((data / "progress.json").read_text())["generation"] == 1
    solve(stale, "three")  # after the reset: this solve is kept, the old ones are not back
    entry = progress.load().lesson(SLUG)
    assert [entry.solved(s) for s in IDS] == [False, False, True]
    stale.set_preference("card_size", "large")
    assert list(progress.load().lesson(SLUG).stages) == ["three"]


def test_a_reset_keeps_the_settings_and_changes_made_after_it_in_the_same_copy(data):
    store = progress.load()
    store.set_preference("four_color", True)
    solve(store, "one")
    store.reset()
    solve(store, "two")
    again = progress.load()
    assert list(again.lesson(SLUG).stages) == ["two"] and again.preferences.four_color


def test_an_import_replaces_and_a_stale_tab_does_not_bring_the_old_progress_back(data):
    solve(progress.load(), "one")
    stale = progress.load()
    saved = json.dumps({"version": 1, "lessons": {"03_combining": {"done": True}}})
    progress.import_text(saved)
    stale.record_practice(SLUG)
    after = progress.load()
    assert after.lesson("03_combining").done
    assert not after.lesson(SLUG).solved("one") and after.lesson(SLUG).practised == 1


def test_a_copy_changed_by_hand_and_saved_is_merged_not_written_over(data):
    solve(progress.load(), "one")
    by_hand = progress.Progress(data / "progress.json",
                                {SLUG: progress.LessonProgress(best=3, total=8)})
    by_hand.save()
    entry = progress.load().lesson(SLUG)
    assert entry.solved("one") and entry.best == 3


def test_a_corrupt_file_met_by_a_save_is_set_aside_and_the_save_goes_on(data):
    store = progress.load()
    (data / "progress.json").write_text("{not json")
    with pytest.warns(progress.ProgressWarning, match="renamed to progress.json.corrupt-"):
        solve(store, "one")
    assert progress.load().lesson(SLUG).solved("one")
    assert len(list(data.glob("progress.json.corrupt-*"))) == 1


def test_saves_leave_nothing_beside_the_file(data):
    tab_a, tab_b = progress.load(), progress.load()
    solve(tab_a, "one")
    solve(tab_b, "two")
    tab_b.reset()
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]


def test_a_generation_that_is_not_a_count_is_a_corrupt_file(data):
    (data / "progress.json").write_text(json.dumps({"version": 1, "generation": -2,
                                                    "lessons": {}}))
    with pytest.warns(progress.ProgressWarning, match="generation -2 is not a count"):
        assert progress.load().lessons == {}


def test_without_file_locks_a_save_writes_the_copy_as_before(data, monkeypatch):
    @contextmanager
    def no_locks(_path):
        yield False

    monkeypatch.setattr(progress, "locked", no_locks)
    tab_a, tab_b = progress.load(), progress.load()
    solve(tab_a, "one")
    solve(tab_b, "two")  # the browser edition: one browser, one writer; the last copy wins
    entry = progress.load().lesson(SLUG)
    assert not entry.solved("one") and entry.solved("two")


def test_a_learners_context_points_load_at_their_file_and_back(data, tmp_path_factory):
    other = tmp_path_factory.mktemp("learner") / "abc.json"
    with learner_context.using(learner_context.LearnerContext(progress_path=other)):
        solve(progress.load(), "one")
        assert progress.current_path() == other and other.exists()
        assert not (data / "progress.json").exists()
        assert json.loads(progress.export_text())["lessons"][SLUG]["stages"]["one"]["solved"]
    assert progress.current_path() == data / "progress.json"
    assert progress.load().lessons == {}
