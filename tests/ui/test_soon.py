"""The widgets' later work goes to a kernel's loop, and only to a kernel's (or one given with
`on_loop`): another library's loop that merely counts as running here is not one."""

from __future__ import annotations

import asyncio

import nbformat
import pytest

from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.soon import kernel_loop, on_loop, soon


def test_playwrights_waiting_loop_is_not_taken_for_a_kernels():
    """Playwright's sync API leaves its loop counted as running in this thread while it waits;
    the game widget once scheduled the computer's move there, and waited for ever."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright():
        assert asyncio.get_running_loop() is not None  # the situation: a loop "runs" here
        assert kernel_loop() is None
        widget = GameWidget(players=2, seed=9, review=False)
        before = len(widget.game.history)
        widget.play(str(widget.game.legal_moves()[0]))
        assert not widget.thinking and len(widget.game.history) == before + 2
        widget.close()


def test_a_loop_given_takes_the_work_and_only_while_given():
    done: list[str] = []

    async def main() -> None:
        assert soon(lambda: done.append("at once")) is False  # asyncio.run's loop, not given
        with on_loop() as loop:
            assert kernel_loop() is loop
            assert soon(lambda: done.append("later")) is True
            assert done == ["at once"]
            while len(done) < 2:
                await asyncio.sleep(0.001)
        assert kernel_loop() is None

    asyncio.run(main())
    assert done == ["at once", "later"]
    assert kernel_loop() is None


def test_in_a_jupyter_kernel_the_computer_moves_on_the_kernels_loop(local_socket_kernel):
    from nbclient import NotebookClient

    wait = "import asyncio\nwhile w.thinking:\n    await asyncio.sleep(0.01)\n"
    cells = [
        "from cassino_learn.ui.game import GameWidget\n"
        "w = GameWidget(players=2, seed=9, review=False)\n" + wait,  # whoever begins
        "before = len(w.game.history)\n"
        "w.play(str(w.game.legal_moves()[0]))\n"
        "print(w.thinking, len(w.game.history) - before)",
        wait + "print(w.thinking, len(w.game.history) - before)",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(nb, km=local_socket_kernel(), timeout=180).execute()
    printed = ["".join(o.get("text", "") for o in cell.outputs).strip() for cell in nb.cells]
    assert printed == ["", "True 1", "False 2"]  # answered at once, the computer's move after

