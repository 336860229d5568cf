"""A page's cells in Chromium, as Voici runs them in the browser: every output in its own
cell, in the page's order, once; a failing cell stops none of the cells after it."""

from __future__ import annotations

import pytest


@pytest.mark.slow
@pytest.mark.browser
def test_every_cell_shows_its_output_once_in_its_place_and_a_failure_stops_none(small_visit):
    """tests/browser/notebooks/cells_in_order.ipynb: a slow first cell, a failing second, a
    markdown cell, then a third that prints."""
    small_visit.open("voici/render/cells_in_order.html")
    outputs = small_visit.page.locator("#rendered_cells .jp-Cell").evaluate_all(
        "cells => cells.map(cell => [...cell.querySelectorAll('.jp-OutputArea-output')]"
        ".map(output => output.innerText.trim()))")
    shown = [(index, texts) for index, texts in enumerate(outputs) if texts]
    assert len(outputs) == 5 and [index for index, _ in shown] == [1, 2, 4], outputs
    assert shown[0][1] == ["first cell"]
    assert len(shown[1][1]) == 1 and "ZeroDivisionError" in shown[1][1][0]
    assert shown[2][1] == ["third cell"]
    assert small_visit.page.locator(".cassino-failed").is_visible()
    assert small_visit.outside == []


@pytest.mark.slow
@pytest.mark.browser
def test_every_output_lands_in_its_own_cell_in_order(small_visit):
    """tests/browser/notebooks/cells_pipelined.ipynb: a first cell that waits (the kernel is
    free meanwhile), then cells that print, display three times and draw a widget."""
    small_visit.open("voici/render/cells_pipelined.html")
    small_visit.page.get_by_role("button", name="fourth").wait_for()
    outputs = small_visit.page.locator("#rendered_cells .jp-Cell").evaluate_all(
        "cells => cells.map(cell => [...cell.querySelectorAll('.jp-OutputArea-output')]"
        ".map(output => output.innerText.trim()))")
    assert len(outputs) == 6, outputs
    (first,), (second,) = outputs[0], outputs[1]
    assert first.startswith("first ") and second.startswith("second ")
    assert float(second.split()[1]) >= float(first.split()[1])  # the second ran after the wait
    assert outputs[2] == []  # the markdown cell
    assert outputs[3] == ["third 0", "third 1", "third 2"]
    assert len(outputs[4]) == 1 and small_visit.page.locator(
        "#rendered_cells .jp-Cell").nth(4).get_by_role("button", name="fourth").count() == 1
    assert outputs[5] == ["fifth"]
    assert small_visit.errors() == [] and small_visit.outside == []
