"""Progress saved to a file and loaded back (how a learner moves it between browsers), and the
folder progress goes to in the browser."""

from __future__ import annotations

import base64
import json
import re
import sys
from datetime import datetime, timezone

import pytest

from cassino_learn.learner import progress
from cassino_learn.ui import progress_file as widget


def test_exported_progress_loads_back_after_a_reset(data):
    store = progress.load()
    store.record_quiz("02_pairing", 5, 5)
    store.record_stage("02_pairing", "one-card", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=["one-card"])
    store.set_preference("four_color", True)
    saved = progress.export_text()
    progress.load().reset()
    assert not progress.load().lesson("02_pairing").done

    progress.import_text(saved)

    again = progress.load()
    assert again.lesson("02_pairing").done and again.lesson("02_pairing").best == 5
    assert again.lesson("02_pairing").stages["one-card"].stars == 3
    assert again.preferences.four_color is True
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]  # nothing left behind


@pytest.mark.parametrize("text, reason", [
    ("my holiday photos", "Expecting value"),
    ("[1, 2]", "not a progress file"),
    ('{"lessons": {"02_pairing": {"best": "many"}}}', "many"),
])
def test_a_file_that_is_not_progress_is_refused_and_changes_nothing(data, text, reason):
    progress.load().mark_done("01_cards_and_points")
    before = (data / "progress.json").read_text()
    with pytest.raises(ValueError, match=reason) as refused:
        progress.import_text(text)
    assert "not a cassino-learn progress file" in str(refused.value)
    assert (data / "progress.json").read_text() == before
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]


def test_in_the_browser_progress_goes_to_the_browser_storage(monkeypatch):
    monkeypatch.delenv(progress.ENV_VAR)
    monkeypatch.setattr(sys, "platform", "emscripten")  # as in the browser
    assert str(progress.data_dir()).startswith("/drive/")


def test_the_download_link_carries_the_stored_progress():
    progress.load().mark_done("03_combining")
    link = widget.download_link()
    assert f'download="{widget.FILE_NAME}"' in link
    payload = re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)
    assert json.loads(base64.b64decode(payload))["lessons"]["03_combining"]["done"] is True


def _upload(box, name: str, content: bytes) -> str:
    upload = box.children[1].children[0]
    upload.value = ({"name": name, "type": "application/json", "size": len(content),
                     "content": memoryview(content),
                     "last_modified": datetime.now(timezone.utc)},)
    return box.children[2].value


def test_loading_a_file_in_the_widget_restores_progress_and_says_so():
    progress.load().mark_done("05_building")
    saved = progress.export_text().encode()
    progress.load().reset()
    box = widget.progress_file()
    message = _upload(box, "cassino-progress.json", saved)
    assert "Loaded cassino-progress.json: 1 lessons done" in message
    assert progress.load().lesson("05_building").done
    assert "05_building" in base64.b64decode(
        re.search(r"base64,([A-Za-z0-9+/=]+)", box.children[0].value).group(1)).decode()


def test_loading_a_wrong_file_in_the_widget_says_why_and_keeps_progress():
    progress.load().mark_done("05_building")
    box = widget.progress_file()
    message = _upload(box, "notes.json", b"\xff\xfe not text")
    assert "notes.json was not loaded" in message and "unchanged" in message
    assert progress.load().lesson("05_building").done
