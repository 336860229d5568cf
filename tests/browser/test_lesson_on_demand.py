"""A lesson's demonstration is dealt where it stands, with one click on its button, and then
steps through its moves as before (issue 12: the page opens without building it)."""

from __future__ import annotations

import pytest

from cassino_learn.teaching import catalog
from cassino_learn.pages.lesson import DEMO_BUTTON


@pytest.mark.slow
def test_a_demonstration_opens_in_its_place_with_one_click(voila, page, wait_for_voila,
                                                           error_outputs, screenshot):
    server = voila(catalog.lessons_dir())
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    # Two demonstrations on the page, neither dealt yet: no table of theirs in the page.
    launchers = page.locator(".cl-on-demand").filter(has_text=DEMO_BUTTON)
    assert launchers.count() == 2
    assert page.locator('[data-demo="next"]:visible').count() == 0
    # (by its place among the page's on-demand widgets: its button's words go once it is pressed)
    places = page.locator(".cl-on-demand")
    texts = places.all_inner_texts()
    second = places.nth(next(n for n, text in enumerate(texts) if "Two queens on the table" in text))
    where = ("(node) => node.getBoundingClientRect().top"
             " - node.parentElement.getBoundingClientRect().top")
    above = second.evaluate(where)
    second.get_by_role("button", name=DEMO_BUTTON).click()
    table = second.locator(".cl-table")
    table.wait_for()
    assert abs(second.evaluate(where) - above) < 2  # where the button was, in its output
    assert second.get_by_role("button", name=DEMO_BUTTON).count() == 0
    second.locator('[data-demo="next"]').click()
    second.locator(".cl-step").filter(has_text="Step 1 of 2").wait_for()
    assert "takes one queen" in second.inner_text()
    screenshot(page, "lesson2_demo_opened")
    assert page.locator('[data-demo="next"]:visible').count() == 1  # the first one is still a button
    assert error_outputs(page) == []


@pytest.mark.slow
def test_a_long_button_label_stays_on_a_phones_screen(voila, page, wait_for_voila,
                                                      error_outputs, screenshot):
    server = voila(catalog.lessons_dir())
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url("11_full_game.ipynb"))
    wait_for_voila(page)
    button = page.get_by_role("button", name="Deal a game against the computer")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    column = page.locator(".cl-launcher").filter(has=button).bounding_box()  # its output's width
    assert box is not None and column is not None and box["x"] >= column["x"]
    assert box["x"] + box["width"] <= column["x"] + column["width"] + 0.5
    screenshot(page, "lesson11_launcher_phone")
    assert error_outputs(page) == []
