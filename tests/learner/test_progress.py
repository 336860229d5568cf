"""Progress survives restarts, is written atomically, and a corrupt file never crashes."""

from __future__ import annotations

import json

import pytest

from cassino_learn.learner import progress



def test_progress_survives_a_restart(data):
    store = progress.load()
    store.record_quiz("02_pairing", 5, 7)
    store.record_quiz("02_pairing", 4, 7)
    store.mark_done("01_cards_and_points")
    again = progress.load()  # a new kernel reads the file afresh
    assert again.lesson("02_pairing").best == 5 and again.lesson("02_pairing").last == 4
    assert again.lesson("01_cards_and_points").done
    assert not again.lesson("03_combining").done
    assert (data / "progress.json").exists()


def test_a_lesson_is_done_by_its_stages_not_by_a_perfect_quiz(data):
    store = progress.load()
    store.record_quiz("05_building", 8, 8)
    assert not progress.load().lesson("05_building").done
    store.record_stage("05_building", "a", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=["a", "b"])
    assert not progress.load().lesson("05_building").done
    store.record_stage("05_building", "b", solved=True, stars=1, tries=3, hint=True,
                       stage_ids=["a", "b"])
    assert progress.load().lesson("05_building").done


def test_writes_leave_no_temporary_files(data):
    store = progress.load()
    for n in range(5):
        store.record_practice("06_raising_builds")
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]
    assert json.loads((data / "progress.json").read_text())["lessons"]["06_raising_builds"][
        "practised"] == 5


@pytest.mark.parametrize("content", ["{not json", '["a list"]', '{"lessons": {"x": 5}}'])
def test_a_corrupt_file_is_set_aside_with_a_warning(data, content):
    (data / "progress.json").write_text(content)
    with pytest.warns(progress.ProgressWarning, match="could not be read"):
        store = progress.load()
    assert store.lessons == {}
    aside = [p for p in data.iterdir() if p.name.startswith("progress.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == content  # nothing lost
    store.mark_done("02_pairing")
    assert progress.load().lesson("02_pairing").done


def test_the_default_folder_is_the_user_data_folder(monkeypatch):
    monkeypatch.delenv(progress.ENV_VAR, raising=False)
    assert "cassino-learn" in str(progress.data_dir())
