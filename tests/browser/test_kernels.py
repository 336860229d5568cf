"""Kernels stay bounded: a page's kernel goes when the page goes (even a page that left before
it connected), a kernel no page uses is culled after the idle time given, and the preheated pool
keeps its size."""

from __future__ import annotations

import base64
import os
import re
import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
import websocket
from playwright.sync_api import Error as PlaywrightError

from cassino_learn.serving.voila import VoilaServer

NOTEBOOKS = Path(__file__).parent / "notebooks"
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _kernels(server: VoilaServer) -> dict[str, psutil.Process]:
    """The server's kernels by kernel id (read from each kernel's connection file name)."""
    assert server.process is not None
    found = {}
    for process in psutil.Process(server.process.pid).children(recursive=True):
        try:
            command = process.cmdline()
        except psutil.NoSuchProcess:
            continue
        for arg in command:
            if "kernel-" in arg and arg.endswith(".json"):
                found[Path(arg).stem.removeprefix("kernel-")] = process
    return found


def _known_to_server(server: VoilaServer, kernel_id: str) -> bool:
    """Whether the server still answers for the kernel (the page's own check asks the same)."""
    try:
        with urllib.request.urlopen(f"{server.base_url}api/kernels/{kernel_id}", timeout=30):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def _wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout:.0f} s"
        time.sleep(0.25)


def _lesson_folder(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in names:
        shutil.copy(NOTEBOOKS / name, folder / name)
    return folder


def _fetch_page(server: VoilaServer, notebook: str) -> str:
    """The page's kernel id, its HTML read to the end by a client that runs no script (so no
    connection to the kernel is ever made)."""
    with urllib.request.urlopen(server.url(notebook), timeout=120) as response:
        html = response.read().decode()
    return re.search(r'"kernelId": "([0-9a-f-]+)"', html).group(1)


def _unread_bytes(server_port: int, client_port: int) -> int | None:
    """Bytes of a loopback connection's request that the server has not read yet (from the
    kernel's socket table), or None while the server's end is not listed."""
    local = f"0100007F:{server_port:04X}"
    remote = f"0100007F:{client_port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == local and fields[2] == remote:
            return int(fields[4].split(":")[1], 16)
    return None


def _channels_request(server: VoilaServer, kernel_id: str, session: str) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (f"GET /api/kernels/{kernel_id}/channels?session_id={session} HTTP/1.1\r\n"
            f"Host: localhost:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def test_leaving_a_page_shuts_its_kernel_down(voila, page, wait_for_voila):
    server = voila(NOTEBOOKS)
    page.goto(server.url("02_pairing.ipynb"))
    wait_for_voila(page)
    page.get_by_role("button", name="Ping").click()  # the page's kernel answers
    page.get_by_text("pong").wait_for()
    kernel = page.evaluate(KERNEL_ID)
    assert kernel in _kernels(server)
    page.goto(server.url("empty.ipynb"))  # the learner goes on to another page
    wait_for_voila(page)
    _wait_for(lambda: kernel not in _kernels(server), 60, "the left page's kernel shutting down")
    log = server.log()
    assert "403 POST" not in log and "_xsrf" not in log  # Voila issue 1458
    # Tornado's note on the ping settings (serving/logs.py says why it is harmless) is left out.
    assert "websocket_ping" not in log and "ping timeout" not in log, log


@pytest.mark.slow
def test_a_kernel_no_page_uses_is_culled_after_the_idle_time(tmp_path):
    """Jupyter Server's culler, with the early shutdown of unconnected kernels turned off (with
    it on, the culler leaves those to it: see the test of the culler and a page still
    loading)."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    shutil.copy(NOTEBOOKS / "empty.ipynb", folder / "empty.ipynb")
    with VoilaServer(folder, cull_idle=10, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.unconnected_timeout=-1",)) as server:
        # A page fetched but never shown (no browser connects to its kernel).
        with urllib.request.urlopen(server.url("empty.ipynb"), timeout=120) as response:
            response.read()
        assert len(_kernels(server)) == 1
        _wait_for(lambda: not _kernels(server), 60, "culling the unused kernel")
        assert "Culling 'idle' kernel" in server.log()


@pytest.mark.slow
def test_the_preheated_pool_keeps_its_size(tmp_path, browser, wait_for_voila):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in ("00_index.ipynb", "02_pairing.ipynb", "empty.ipynb"):
        shutil.copy(NOTEBOOKS / name, folder / name)
    pooled = 2  # every notebook but the index, which never runs in advance
    with VoilaServer(folder, preheat=True,
                     env={"CASSINO_LEARN_DATA": str(tmp_path / "data")}) as server:
        _wait_for(lambda: server.log().count("Kernel pool of") == pooled, 180, "filling the pools")
        before = set(_kernels(server))
        assert len(before) == pooled
        context = browser.new_context()
        context.set_default_timeout(90_000)
        page = context.new_page()
        page.goto(server.url("02_pairing.ipynb"))
        wait_for_voila(page)
        used = page.evaluate(KERNEL_ID)
        assert used in before, "the page did not get the preheated kernel"
        page.goto(server.url("00_index.ipynb"))
        wait_for_voila(page)
        context.close()
        _wait_for(lambda: len(_kernels(server)) == pooled and used not in _kernels(server),
                  120, "the pool refilling and the pages' kernels going")
        assert server.log().count("Kernel pool of 02_pairing.ipynb is filled") == 2


def test_a_page_that_left_while_connecting_leaves_one_line_and_its_kernel_counted(tmp_path):
    """A page closed in its first second closes a kernel connection that is still being
    prepared. The log gets one line (no traceback), and the kernel's count of connections stays
    right: the next page's connection keeps the kernel while it is open, and its closing shuts
    the kernel down."""
    folder = _lesson_folder(tmp_path, "empty.ipynb")
    with VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.disconnect_grace=2",)) as server:
        kernel_id = _fetch_page(server, "empty.ipynb")
        kernel = _kernels(server)[kernel_id]
        kernel.suspend()  # the connection cannot be prepared (no kernel_info reply) until ...
        try:
            for attempt in range(3):
                with socket.create_connection(("127.0.0.1", server.port)) as raw:
                    raw.sendall(_channels_request(server, kernel_id, f"left-{attempt}"))
                    # Leave only once the server has read the request: a close that arrives
                    # with the request is a page that never asked (the server may never see it).
                    client_port = raw.getsockname()[1]
                    _wait_for(lambda: _unread_bytes(server.port, client_port) == 0, 60,
                              "the server reading the request")
                _wait_for(lambda: server.log().count("left before its connection opened")
                          == attempt + 1 or "Uncaught exception" in server.log(), 60,
                          "the server noticing the page had left")
        finally:
            kernel.resume()  # ... the page has gone
        page = websocket.create_connection(
            f"ws://localhost:{server.port}/api/kernels/{kernel_id}/channels?session_id=page",
            timeout=60)
        try:
            # The open page keeps its kernel beyond the grace after the three that left.
            _wait_for(lambda: "Connecting to kernel" in server.log(), 60, "the page connecting")
            deadline = time.monotonic() + 4
            while time.monotonic() < deadline:
                assert kernel_id in _kernels(server), "the kernel of an open page was shut down"
                time.sleep(0.25)
        finally:
            page.close()
        _wait_for(lambda: kernel_id not in _kernels(server), 60, "the page's kernel going")
        log = server.log()
    assert "its page closed" in log
    assert "Traceback" not in log and "Uncaught exception" not in log, log


def test_a_kernel_whose_page_never_connected_is_shut_down(tmp_path):
    """A learner who closes a lesson while Voila is still running it never connects to its
    kernel; neither does a page whose request was aborted. Their kernels go once idle for the
    time given, well before the culler's idle time."""
    folder = _lesson_folder(tmp_path, "empty.ipynb", "02_pairing.ipynb")
    with VoilaServer(folder, cull_idle=3600, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.unconnected_timeout=3",)) as server:
        fetched = _fetch_page(server, "empty.ipynb")
        assert fetched in _kernels(server)
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            raw.sendall(f"GET /voila/render/02_pairing.ipynb HTTP/1.1\r\n"
                        f"Host: localhost:{server.port}\r\n\r\n".encode())
            _wait_for(lambda: server.log().count("Kernel started") == 2, 60,
                      "the aborted page's kernel starting")
        _wait_for(lambda: not _kernels(server), 90, "the kernels no page connected to going")
        log = server.log()
    assert log.count("no page connected to it") == 2, log
    assert "Culling 'idle' kernel" not in log


def test_the_culler_leaves_a_kernel_whose_page_is_still_loading_to_the_slower_sweep(tmp_path):
    """Jupyter Server's culler does not wait longer on a slow machine: it leaves a learner's
    kernel that no page has connected to yet alone (a page still loading; the sweep, whose wait
    stretches, decides), while it still culls an idle kernel whose page has gone."""
    folder = _lesson_folder(tmp_path, "empty.ipynb")
    with VoilaServer(folder, cull_idle=2, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.unconnected_timeout=600",
                                 "--ClassroomKernelManager.disconnect_grace=-1")) as server:
        loading = _fetch_page(server, "empty.ipynb")
        left = _fetch_page(server, "empty.ipynb")
        page = websocket.create_connection(
            f"ws://localhost:{server.port}/api/kernels/{left}/channels?session_id=page",
            timeout=60)
        _wait_for(lambda: "Connecting to kernel" in server.log(), 60, "the page connecting")
        page.close()
        _wait_for(lambda: left not in _kernels(server), 90, "the culler culling the left kernel")
        assert loading in _kernels(server), "the culler took the kernel of a page still loading"
        log = server.log()
    assert f"Culling 'idle' kernel" in log and "no page connected to it" not in log, log


@pytest.mark.slow
def test_kernels_waiting_in_the_pool_are_kept_though_no_page_connected(tmp_path):
    """Kernels waiting in the pool have no page, yet they are no page's that never connected:
    a page fetched without connecting has its kernel shut down, they stay."""
    folder = _lesson_folder(tmp_path, "00_index.ipynb", "02_pairing.ipynb", "empty.ipynb")
    with VoilaServer(folder, preheat=True, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.unconnected_timeout=2",)) as server:
        _wait_for(lambda: server.log().count("Kernel pool of") == 2, 180, "filling the pools")
        pooled = set(_kernels(server))
        unconnected = _fetch_page(server, "00_index.ipynb")  # the index is never preheated
        _wait_for(lambda: unconnected not in _kernels(server), 60, "the unconnected kernel going")
        assert set(_kernels(server)) == pooled


@pytest.mark.slow
def test_a_lesson_asked_for_before_its_pool_kernel_started_opens_at_once(
        tmp_path, browser, wait_for_voila):
    """Voila hands a page the pool's place for its lesson even before the preheated kernel has
    started; that kernel then starts at once instead of waiting its preheating turn (here
    learners have priority for an hour)."""
    folder = _lesson_folder(tmp_path, "00_index.ipynb", "02_pairing.ipynb")
    patient = ("--ClassroomKernelManager.preheat_start_delay=0",
               "--ClassroomKernelManager.learner_priority=3600",
               "--ClassroomKernelManager.preheat_timeout=3600")
    with VoilaServer(folder, preheat=True, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=patient) as server:
        _wait_for(lambda: "Kernel pool of" in server.log(), 180, "filling the pool")
        context = browser.new_context()
        context.set_default_timeout(90_000)
        try:
            page = context.new_page()
            page.goto(server.url("00_index.ipynb"))  # a learner's kernel starts: priority
            wait_for_voila(page)
            page.goto(server.url("02_pairing.ipynb"))  # takes the pool's kernel; the refill waits
            wait_for_voila(page)
            assert "Using pre-heated kernel" in server.log()
            page.goto(server.url("02_pairing.ipynb"))  # takes the waiting refill's place
            wait_for_voila(page, timeout=90_000)
            page.get_by_role("button", name="Ping").click()
            page.get_by_text("pong").wait_for(timeout=60_000)
            assert server.log().count("Using pre-heated kernel") == 2
        finally:
            context.close()


LOST_NOTE = ".cassino-kernel-lost"
# Test instrumentation, run before the page's scripts: while window.__cutOff is set, the page's
# connections to its kernel go to a closed port (as from a laptop gone offline), and every
# connection made is kept in window.__sockets.
CUT_OFF = """
(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (url, protocols) {
    if (window.__cutOff && /\\/channels/.test(url)) {
      url = String(url).replace(/\\/\\/[^/]+/, '//127.0.0.1:9');
    }
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    window.__sockets.push(socket);
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""


def _page_kernel(page) -> str | None:
    """The kernel id of the page shown now (None while it is being replaced)."""
    try:
        return page.evaluate(KERNEL_ID)
    except PlaywrightError:
        return None


def test_a_page_that_connects_after_its_kernel_was_shut_down_reloads_itself_and_works(
        tmp_path, browser, wait_for_voila, select_capture, screenshot):
    """On a machine so loaded that a page connects to its kernel only after the server gave up
    waiting for it (unconnected_timeout), the page is not left silently dead: it has nothing of
    the learner's yet, so it reloads itself once and gets a working kernel."""
    folder = _lesson_folder(tmp_path, "table_widget.ipynb")
    with VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.unconnected_timeout=8",)) as server:
        # (8 s, not less: the first page is held back until its kernel goes; the reloaded one
        # must connect within the timeout on a loaded machine, or it too would be given up)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(90_000)
        page = context.new_page()
        held: list[str] = []

        def slow_first_load(route) -> None:
            # The first page's front end arrives only once its kernel has been shut down.
            if not held:
                held.append(route.request.url)
                _wait_for(lambda: "no page connected to it" in server.log(), 90,
                          "the kernel of the page still loading being shut down")
            route.continue_()

        page.route(re.compile(r"/voila\.js(\?|$)"), slow_first_load)
        page.goto(server.url("table_widget.ipynb"))
        first = re.search(r"Kernel ([0-9a-f-]+): no page connected", server.log()).group(1)
        _wait_for(lambda: _page_kernel(page) not in (None, first), 120,
                  "the page reloading with a new kernel")
        wait_for_voila(page)
        assert _page_kernel(page) in _kernels(server)
        take = select_capture(page)
        take.click()  # answered by the new kernel
        page.wait_for_function(
            "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
        assert not page.locator(LOST_NOTE).is_visible()
        assert len(held) == 1
        context.close()


def test_a_page_whose_kernel_went_while_it_was_away_says_so_and_offers_a_reload(
        tmp_path, browser, wait_for_voila, select_capture, screenshot):
    """A page cut off from the server long enough for its kernel to be shut down (a laptop
    closed, a network gone) comes back to a kernel that no longer exists: it says so in words
    and offers a reload, which brings a working page."""
    folder = _lesson_folder(tmp_path, "table_widget.ipynb")
    with VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")},
                     extra_args=("--ClassroomKernelManager.disconnect_grace=1",
                                 "--ClassroomKernelManager.dropped_grace=1")) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(90_000)
        context.add_init_script(CUT_OFF)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url("table_widget.ipynb"))
        wait_for_voila(page)
        kernel_id = _page_kernel(page)
        page.evaluate("window.__cutOff = true; window.__sockets.forEach(s => s.close())")

        def kernel_gone() -> bool:
            # The note read first, then the server asked: a note seen while the server still
            # knew the kernel was shown too early; one that comes just after is right.
            told = page.locator(LOST_NOTE).is_visible()
            known = _known_to_server(server, kernel_id)
            assert not (told and known), "told before the kernel had gone"
            return not known

        _wait_for(kernel_gone, 60, "the server forgetting the page's kernel")
        _wait_for(lambda: kernel_id not in _kernels(server), 60, "the page's kernel process ending")
        page.evaluate("window.__cutOff = false")  # back online: the next reconnection is told
        note = page.locator(LOST_NOTE)
        note.wait_for(state="visible", timeout=120_000)
        assert "Reload the page" in note.inner_text()
        for size in ((1280, 900), (1920, 1080)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            screenshot(page, f"kernel_lost_{size[0]}x{size[1]}")
        page.locator('[data-card="7S"]').first.click()  # a widget that can no longer answer
        assert not [e for e in errors if "Cannot send" in e], errors
        note.get_by_role("button", name="Reload the page").click()
        _wait_for(lambda: _page_kernel(page) not in (None, kernel_id), 120,
                  "the page reloading with a new kernel")
        wait_for_voila(page)
        select_capture(page).click()
        page.wait_for_function(
            "() => !document.querySelector('[data-zone=\"table\"] [data-card=\"5D\"]')")
        assert not page.locator(LOST_NOTE).is_visible()
        context.close()


def test_a_page_whose_kernel_died_says_so_and_offers_a_reload(tmp_path, browser, wait_for_voila):
    """A kernel that dies under an open page (killed, out of memory) is restarted by Jupyter
    Server afresh, without the lesson's widgets: the page says so instead of going dead."""
    folder = _lesson_folder(tmp_path, "table_widget.ipynb")
    with VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")}) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(90_000)
        page = context.new_page()
        page.goto(server.url("table_widget.ipynb"))
        wait_for_voila(page)
        assert not page.locator(LOST_NOTE).is_visible()
        _kernels(server)[_page_kernel(page)].kill()
        note = page.locator(LOST_NOTE)
        note.wait_for(state="visible", timeout=120_000)
        assert "Reload the page" in note.inner_text()
        context.close()


def test_a_widget_anywidget_gave_up_on_is_not_a_silent_hole(tmp_path, browser, wait_for_voila):
    """anywidget gives a widget's front end 2 s to start and then leaves it undrawn (a busy
    computer can miss that): the page shows its note on parts that could not be shown."""
    folder = _lesson_folder(tmp_path, "table_widget.ipynb")
    with VoilaServer(folder, env={"CASSINO_LEARN_DATA": str(tmp_path / "data")}) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(server.url("table_widget.ipynb"))
        wait_for_voila(page)
        assert page.locator(".cassino-failed").is_hidden()
        # What anywidget does when a widget misses its 2 s: an unhandled rejection.
        page.evaluate("() => { Promise.reject(new Error('[anywidget] Failed to initialize "
                      "model.')); }")
        note = page.locator(".cassino-failed")
        note.wait_for(state="visible", timeout=30_000)
        assert "Reload the page" in note.inner_text()
        context.close()
