"""axe-core's WCAG 2.2 A and AA rules on the in-browser (Pyodide) edition's pages, as the Voila
edition's are scanned (tests/browser/test_axe.py, whose scan and wrong try are used here): the
contents page, and a lesson at its first stage and after a wrong try."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from cassino_learn.teaching.stages import load_stages

pytestmark = [pytest.mark.slow, pytest.mark.browser]

_SPEC = importlib.util.spec_from_file_location(
    "voila_axe", Path(__file__).resolve().parents[2] / "browser" / "test_axe.py")
voila_axe = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(voila_axe)

LESSON = "02_pairing"


def test_the_in_browser_contents_and_a_lesson_have_no_violation(visit) -> None:
    page = visit.page
    visit.open("index.html")
    page.locator(".cl-tile").first.wait_for()
    voila_axe.assert_clean(page, "the in-browser contents page")

    visit.open(f"voici/render/{LESSON}.html")
    runner = page.locator(".cl-stage-runner")
    runner.locator(".cl-stage-task").wait_for()
    runner.locator('.cl-stage-dot[data-stage="1"][aria-current="step"]').wait_for()
    runner.locator('[data-zone="hand"] [role="option"]').first.wait_for()
    voila_axe.assert_clean(page, f"in the browser, {LESSON} at its first stage")

    number = voila_axe._try_wrong(runner, load_stages(LESSON).stages)
    runner.locator('.cl-stage-verdict[data-kind="wrong"]').wait_for()
    voila_axe.assert_clean(page, f"in the browser, {LESSON}, stage {number} after a wrong try")
    assert visit.errors() == [] and visit.outside == []
