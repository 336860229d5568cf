"""The learner's settings are kept in the progress file and change from the contents page."""

from __future__ import annotations

import json

import ipywidgets as w
import pytest

from cassino_learn.learner import progress
from cassino_learn.core.cards import Card
from cassino_learn.pages.contents import FOUR_COLOR_LABEL, settings
from cassino_learn.drawing.render import card_svg



def test_a_setting_survives_a_restart_beside_the_progress(data):
    store = progress.load()
    assert store.preferences.four_color is False
    store.mark_done("02_pairing")
    store.set_preference("four_color", True)
    again = progress.load()
    assert again.preferences.four_color is True and progress.preference("four_color") is True
    assert again.lesson("02_pairing").done
    assert sorted(p.name for p in data.iterdir()) == ["progress.json"]  # written atomically
    again.reset()  # forgetting the lessons keeps the settings
    assert progress.load().preferences.four_color is True


def test_a_file_from_before_settings_loads_with_the_defaults(data):
    (data / "progress.json").write_text(json.dumps(
        {"version": 1, "lessons": {"03_combining": {"done": True, "best": 4, "total": 6}}}))
    store = progress.load()
    assert store.preferences.four_color is False
    assert store.lesson("03_combining").best == 4
    store.set_preference("four_color", True)
    assert progress.load().lesson("03_combining").done


def test_settings_from_a_newer_version_are_kept(data):
    (data / "progress.json").write_text(json.dumps(
        {"version": 1, "lessons": {}, "preferences": {"four_color": True, "big_cards": 2}}))
    progress.load().set_preference("four_color", False)
    stored = json.loads((data / "progress.json").read_text())["preferences"]
    assert stored == {"four_color": False, "card_size": "normal", "deck_inaccuracies": False,
                      "next_by_itself": True, "show_notation": False,
                      "big_cards": 2}


@pytest.mark.parametrize("name, value, words", [("four_colour", True, "no setting"),
                                                ("four_color", "yes", "takes a bool")])
def test_a_bad_setting_is_refused_and_changes_nothing(data, name, value, words):
    store = progress.load()
    with pytest.raises(ValueError, match=words):
        store.set_preference(name, value)
    assert not (data / "progress.json").exists() and store.preferences.four_color is False


def test_a_stored_setting_of_the_wrong_type_sets_the_file_aside(data):
    content = '{"lessons": {}, "preferences": {"four_color": "blue"}}'
    (data / "progress.json").write_text(content)
    with pytest.warns(progress.ProgressWarning, match="four_color"):
        assert progress.load().preferences.four_color is False
    aside = [p for p in data.iterdir() if p.name.startswith("progress.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == content


def parts(box: w.VBox) -> tuple[w.Checkbox, w.HTML, w.HTML]:
    toggle, preview, status = box.children[:3]
    assert isinstance(toggle, w.Checkbox) and isinstance(preview, w.HTML)
    return toggle, preview, status


def test_the_contents_toggle_saves_the_setting_and_redraws_the_preview(data):
    toggle, preview, status = parts(settings())
    assert toggle.description == FOUR_COLOR_LABEL and toggle.value is False
    blue_diamond = card_svg(Card.parse("AD"), four_color=True, size=48)
    red_diamond = card_svg(Card.parse("AD"), four_color=False, size=48)
    assert red_diamond in preview.value and blue_diamond not in preview.value
    toggle.value = True
    assert progress.load().preferences.four_color is True
    assert blue_diamond in preview.value and "Saved" in status.value
    toggle.value = False
    assert progress.load().preferences.four_color is False and red_diamond in preview.value


def test_the_contents_toggle_starts_from_the_stored_setting(data):
    progress.load().set_preference("four_color", True)
    toggle, preview, _ = parts(settings())
    assert toggle.value is True
    assert card_svg(Card.parse("AC"), four_color=True, size=48) in preview.value
