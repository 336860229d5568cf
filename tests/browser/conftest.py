"""Shared fixtures of the browser tests: Debian's Chromium driven by Playwright, and Voila servers.

- `browser`: one Chromium for the whole session.
- `page`: a fresh browser context and page per test (closed afterwards).
- `voila`: a factory, `voila(folder, preheat=False, cull_idle=...)` -> a running `VoilaServer`
  on a free localhost port, started once per (folder, options) and stopped at the end of the
  session. Its kernels keep their progress in a temporary folder, never in the user's.
- `console_errors`: the errors the page's console shows from now on (a live list; request the
  fixture before opening the page).
- `wait_for_voila(page)`: waits until Voila has shown the page and the kernel is connected.
- `error_outputs(page)`: the texts of error outputs on the page (an empty list is good).
- `screenshot(page, name)`: saves tests/artifacts/<name>.png.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Callable, Iterator

import pytest

from cassino_learn.serving.voila import VoilaServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
NOTEBOOKS = Path(__file__).parent / "notebooks"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
# What Voila puts on the page for a failed cell (an error output) or a stderr stream.
ERROR_OUTPUT = ('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], '
                '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser(playwright) -> Iterator["object"]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (./run test does)")
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def page(browser) -> Iterator["object"]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.set_default_timeout(60_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def progress_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("progress")


@pytest.fixture
def newcomer(progress_dir) -> Path:
    """The session's Voila servers share one progress folder: a test that counts a newcomer's
    stars starts it empty (another test may have left a stage tried and not solved, whose try
    a later first answer still carries)."""
    for path in progress_dir.iterdir():
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
    return progress_dir


@pytest.fixture(scope="session")
def voila(progress_dir) -> Iterator[Callable[..., VoilaServer]]:
    servers: dict[tuple, VoilaServer] = {}

    def start(folder: Path, preheat: bool = False, **options) -> VoilaServer:
        key = (Path(folder).resolve(), preheat, *sorted(options.items()))
        if key not in servers:
            server = VoilaServer(key[0], preheat=preheat,
                                 env={"CASSINO_LEARN_DATA": str(progress_dir)}, **options)
            servers[key] = server.start(timeout=120)
        return servers[key]

    yield start
    for server in servers.values():
        server.stop()
        server.cleanup()


def _wait_for_voila(page, timeout: float = 90_000) -> None:
    """Voila removes its spinner (#loading) and shows #rendered_cells when every cell has run;
    each widget shows "Loading widget..." until the kernel's connection has brought its model."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)
    page.wait_for_function(
        "() => !document.getElementById('loading')"
        " && !document.body.innerText.includes('Loading widget...')", timeout=timeout)


@pytest.fixture
def wait_for_voila() -> Callable[..., None]:
    return _wait_for_voila


def _error_outputs(page) -> list[str]:
    return [text.strip() for text in page.locator(ERROR_OUTPUT).all_inner_texts()]


@pytest.fixture
def error_outputs() -> Callable[..., list[str]]:
    return _error_outputs


@pytest.fixture
def console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


def _screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    return _screenshot


def _select_capture(page, card: str = "7S", takes: tuple[str, ...] = ("2C", "5D")):
    """Click a hand card, then the table cards it takes, as a learner would; check that the
    table offers exactly one action, Take, and return that button (not yet pressed)."""
    page.wait_for_selector(f'[data-zone="hand"] [data-card="{card}"]', timeout=45_000)
    table = page.locator('[data-zone="table"]')
    page.locator(f'[data-zone="hand"] [data-card="{card}"]').click()
    page.wait_for_selector(f'[data-zone="table"] [data-card="{takes[0]}"].cl-usable')
    for taken in takes:
        table.locator(f'[data-card="{taken}"]').click()
    take = page.locator('.cl-action[data-action="Take"]')
    take.wait_for()
    assert page.locator(".cl-action").count() == 1  # only the legal move for this selection
    return take


@pytest.fixture
def select_capture() -> Callable[..., object]:
    return _select_capture
