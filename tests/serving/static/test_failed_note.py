"""A page whose cell fails, in the static edition: the learner gets the app's calm note, and it
says something true there (there is no server, so no server log to send a teacher to)."""

from __future__ import annotations

import pytest

from cassino_learn.serving.static.finish import FAILED_HELP

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_every_built_page_has_the_static_editions_note(site):
    for page in sorted((site.root / "voici" / "render").glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert 'class="cassino-failed"' in text, page.name
        assert "log of the server" not in text, page.name
        assert FAILED_HELP in text, page.name


def test_a_failing_cell_shows_the_note_for_the_browser(small_visit):
    small_visit.open("voici/render/broken.html")
    note = small_visit.page.locator(".cassino-failed")
    note.wait_for(state="visible")
    text = " ".join(note.inner_text().split())
    assert text.startswith("Part of this page could not be shown.")
    assert "no server kept a record" in text and "server log" not in text
    # The message the note points to is there, under it.
    assert any("ZeroDivisionError" in error for error in small_visit.errors())
    small_visit.screenshot("static_failed_cell")
    assert small_visit.outside == []
