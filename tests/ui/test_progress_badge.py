"""The lesson header's progress line is read when the page shows it, not when the kernel ran."""

from __future__ import annotations

from cassino_learn.learner import progress
from cassino_learn.pages.lesson import header, progress_summary
from cassino_learn.ui.progress_badge import ProgressBadge


def test_badge_rereads_progress_when_the_front_end_asks():
    badge = ProgressBadge(lambda: progress_summary("02_pairing"))
    assert badge.text == ""  # nothing done yet
    store = progress.load()
    store.record_quiz("02_pairing", 7, 8)
    store.mark_done("02_pairing")
    assert badge.text == ""  # prepared earlier, as in a preheated kernel
    badge._handle_message(badge, {"type": "refresh"}, [])  # what progress.js sends on render
    assert badge.text == "✔ done · best quiz score 7/8"


def test_in_the_browser_the_badge_keeps_the_reading_it_was_made_with(monkeypatch):
    import cassino_learn.ui.progress_badge as badges

    monkeypatch.setattr(badges, "in_browser", lambda: True)
    read: list[str] = []
    badge = ProgressBadge(lambda: read.append("read") or "★ 3")
    badge._handle_message(badge, {"type": "refresh"}, [])
    assert read == ["read"] and badge.text == "★ 3"  # no kernel there is prepared in advance


def test_header_text_names_lesson_and_rules_without_progress():
    shown = header("02_pairing")
    assert repr(shown) == ("Lesson 2: Pairing\nThe rules here: one card a turn; only your card "
                           "and the table; a card takes cards of its rank; a face card takes one "
                           "face card")
    assert "<h1>Lesson 2: Pairing</h1>" in shown._repr_html_()
    assert shown.slug == "02_pairing" and header("00_index").slug is None
