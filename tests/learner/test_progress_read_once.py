"""`progress.read_once`: inside the block the progress file is read once, and every guarantee of
a save still holds (merged under the lock with the file as it is now, nothing lost, a broken
file set aside); each learner's file is its own reading; after the block, loads read afresh."""

from __future__ import annotations

import threading

import pytest

from cassino_learn.learner import learner_context, progress

SLUG = "02_pairing"
IDS = ["one", "two", "three"]


def solve(store: progress.Progress, stage: str, stars: int = 3) -> None:
    store.record_stage(SLUG, stage, solved=True, stars=stars, tries=1, hint=False,
                       stage_ids=IDS)


def in_another_thread(work) -> list:
    """What `work()` returns, run in a thread of its own (as another tab's kernel would, outside
    this thread's block)."""
    found: list = []
    thread = threading.Thread(target=lambda: found.append(work()))
    thread.start()
    thread.join()
    return found


def another_tab_solves(stage: str) -> None:
    """A save made meanwhile outside this block (it reads and merges the file itself)."""
    in_another_thread(lambda: solve(progress.load(), stage))


def test_loads_in_a_block_share_one_read_and_after_it_read_afresh(data, file_operations):
    solve(progress.load(), "one")
    file_operations.clear()
    with progress.read_once():
        first = progress.load()
        assert progress.preference("four_color") is False
        again = progress.load()
        assert file_operations == [("open", "progress.json")]
        assert again is not first and again.lesson(SLUG).solved("one")
        again.lessons.clear()  # each load is a copy of its own: changing one changes no other
        assert progress.load().lesson(SLUG).solved("one")
    (data / "progress.json").unlink()
    assert progress.load().lessons == {}  # after the block: the file as it is now


def test_a_save_in_a_block_merges_with_the_file_and_loads_then_see_what_was_saved(data):
    solve(progress.load(), "one")
    with progress.read_once():
        mine = progress.load()
        another_tab_solves("two")  # after this block's reading
        solve(mine, "three", stars=1)
        after = progress.load().lesson(SLUG)
        assert [after.solved(s) for s in IDS] == [True, True, True] and after.done
    on_disk = progress.load().lesson(SLUG)
    assert [on_disk.solved(s) for s in IDS] == [True, True, True]
    assert on_disk.stages["three"].stars == 1


def test_each_learners_file_is_read_for_them_alone(data, tmp_path_factory):
    ana = tmp_path_factory.mktemp("ana") / "progress.json"
    ben = tmp_path_factory.mktemp("ben") / "progress.json"
    with learner_context.using(learner_context.LearnerContext(progress_path=ana)):
        solve(progress.load(), "one")
    with progress.read_once():
        with learner_context.using(learner_context.LearnerContext(progress_path=ana)):
            assert progress.load().lesson(SLUG).solved("one")
        with learner_context.using(learner_context.LearnerContext(progress_path=ben)):
            assert progress.load().lessons == {}  # never Ana's reading
            solve(progress.load(), "two")
        with learner_context.using(learner_context.LearnerContext(progress_path=ana)):
            assert not progress.load().lesson(SLUG).solved("two")
    assert progress.load(ben).lesson(SLUG).solved("two") and not progress.load(ana).lessons.get(
        SLUG, progress.LessonProgress()).solved("two")


def test_a_broken_file_read_in_a_block_is_set_aside_once(data):
    (data / "progress.json").write_text("{not json")
    with progress.read_once():
        with pytest.warns(progress.ProgressWarning, match="renamed to progress.json.corrupt-"):
            assert progress.load().lessons == {}
        assert progress.load().lessons == {}  # nothing there now, no second warning
        solve(progress.load(), "one")
    assert len(list(data.glob("progress.json.corrupt-*"))) == 1
    assert progress.load().lesson(SLUG).solved("one")


def test_another_thread_reads_the_file_itself_during_a_block(data):
    with progress.read_once():
        assert progress.load().lessons == {}
        another_tab_solves("one")
        assert progress.load().lessons == {}  # this block's reading
        found = in_another_thread(progress.load)
    assert found[0].lesson(SLUG).solved("one")
    assert progress.load().lesson(SLUG).solved("one")
