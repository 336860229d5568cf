"""The card table widget in a real browser: Voila serves a notebook, Chromium plays a move."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE / "notebooks"
ARTIFACTS = HERE.parent / "artifacts"
VOILA = Path(sys.executable).with_name("voila")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url() -> Iterator[str]:
    if not VOILA.exists():
        pytest.skip(f"voila is not installed beside {sys.executable}")
    port = _free_port()
    log = (ARTIFACTS / "voila_table_widget.log")
    ARTIFACTS.mkdir(exist_ok=True)
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(VOILA), str(NOTEBOOKS), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1"],
            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(url + "/", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"voila did not answer on {url}; see {log}")
                    time.sleep(0.3)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with playwright.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def test_click_a_capture_on_the_table(voila_url: str, browser) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{voila_url}/voila/render/table_widget.ipynb", timeout=90_000)
    page.wait_for_selector("[data-card]", timeout=90_000)
    table = page.locator('[data-zone="table"]')
    hand = page.locator('[data-zone="hand"]')
    assert table.locator('[data-card="5D"]').count() == 1
    assert page.locator('[data-build="0"] .cl-badge').inner_text() == "8"
    assert page.locator('[data-build="1"] .cl-badge').inner_text() == "9s"

    hand.locator('[data-card="7S"]').click()
    page.wait_for_selector('[data-zone="table"] [data-card="2C"].cl-usable')
    table.locator('[data-card="2C"]').click()
    table.locator('[data-card="5D"]').click()
    take = page.locator('.cl-action[data-action="Take"]')
    take.wait_for()
    assert page.locator(".cl-action").count() == 1  # only the legal move for this selection
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table_widget_selected.png"), full_page=True)
    take.click()

    page.wait_for_function(
        "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
    assert table.locator('[data-card="2C"]').count() == 0
    assert table.locator('[data-card="KH"]').count() == 1
    message = page.locator(".cl-message")
    assert "seven of spades" in message.inner_text()
    assert "Seat 2 to move" in page.locator(".cl-turn").inner_text()
    page.screenshot(path=str(ARTIFACTS / "table_widget.png"), full_page=True)
    page.close()


def test_keyboard_and_illegal_try(voila_url: str, browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 900})  # phone width
    page.goto(f"{voila_url}/voila/render/table_widget.ipynb", timeout=90_000)
    page.wait_for_selector("[data-card]", timeout=90_000)
    page.locator('[data-zone="hand"] [data-card="7S"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-zone="hand"] [data-card="7S"][aria-pressed="true"]')
    page.locator('[data-zone="table"] [data-card="2C"]').focus()
    page.keyboard.press("Space")
    page.locator('.cl-try[data-action="Try take"]').click()
    page.wait_for_selector('.cl-message[data-kind="error"]')
    assert page.locator(".cl-message").get_attribute("data-rule") == "S1"
    assert page.locator(".cl-message").get_attribute("aria-live") == "polite"
    assert page.locator('[data-zone="table"] [data-card="2C"]').count() == 1  # nothing changed
    width = page.evaluate("() => document.querySelector('.cl-widget').scrollWidth")
    assert width <= 390
    page.screenshot(path=str(ARTIFACTS / "table_widget_phone.png"), full_page=True)
    page.close()
