"""The game widget on a kernel's event loop without threads (as in the in-browser edition): a
move is answered at once, the computer thinks in a callback of its own (and the table says so),
the learner's moves are reviewed in short slices while the game goes on, and the round's review
has the same marks as the review done at once when the round ends."""

from __future__ import annotations

import asyncio
import time

import pytest

from cassino_learn.game.review import learner_turns, review_turns
from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.soon import on_loop
from test_game_review import _worst

DEADLINE = 240.0  # seconds a condition may take on a busy 2-core machine


async def _until(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"waited {DEADLINE:.0f} s for {what}"
        await asyncio.sleep(0.005)


def _panel_text(widget: GameWidget) -> str:
    return " ".join(getattr(c, "value", "") for c in widget.review_panel.moves_box.children)


async def _play_a_round(widget: GameWidget) -> dict:
    seen = {"thinking": 0, "left_at_end": None}
    while not widget.game.rounds:
        before = len(widget.game.history)
        widget.play(_worst(widget))
        assert len(widget.game.history) == before + 1  # the move, and nothing more yet
        if widget.thinking:
            seen["thinking"] += 1
            assert "is thinking…" in widget.table.message
            assert widget.table.last_move == widget.game.history[-1]  # the learner's, shown
            assert not widget.table.can_act
        await _until(lambda: not widget.thinking, "the computer's move")
        if widget.game.rounds:
            numbers = [t.number for t in widget.turns]
            seen["left_at_end"] = len(widget.reviewer.pending(numbers))
            break
        assert widget.table.can_act
        # the learner thinks: the review of their moves so far goes on meanwhile
        await _until(lambda: not widget.reviewer.pending([t.number for t in widget.turns]),
                     "the review of the moves played so far")
    return seen


def test_on_a_loop_the_review_is_spread_over_the_round_with_the_same_marks():
    pytest.importorskip("cassino_learn.game.search")
    widget = GameWidget(players=2, seed=6, review_iterations=200, review_mode="loop")
    assert widget.reviewer.mode == "loop"

    async def main() -> dict:
        with on_loop():  # this loop stands in for the kernel's
            seen = await _play_a_round(widget)
            await _until(lambda: "reviewing" not in _panel_text(widget) and
                         "Round 1:" in _panel_text(widget), "the round's review")
        return seen

    seen = asyncio.run(main())
    assert seen["thinking"] >= 20  # the computer answered in a callback of its own
    assert seen["left_at_end"] is not None and seen["left_at_end"] <= 1
    assert widget.reviewer.error == ""
    at_end = review_turns(learner_turns(widget.game, 1, 1), iterations=200).rounds[0]
    assert at_end.marked, "the worst moves and nothing marked"
    shown = sorted(widget.review_panel.move_buttons)
    assert shown == [m.number for m in at_end.marked]
    for marked in at_end.marked:
        spread = widget.reviewer.result(marked.number)
        assert (spread.mark, spread.loss, spread.better.text, spread.reasons) == \
            (marked.mark, marked.loss, marked.better.text, marked.reasons)
    assert "24 moves reviewed" in _panel_text(widget)
    widget.close()


def test_at_the_fastest_pace_the_computer_waits_for_the_review_to_catch_up(monkeypatch):
    """A learner who plays as soon as the table allows leaves the review no time of its own:
    before each computer move the review catches up on the learner's earlier moves (here with
    a budget that never runs out), so the round's end finds at most its last move unreviewed,
    and the marks are the review's at the round's end."""
    pytest.importorskip("cassino_learn.game.search")
    import cassino_learn.ui.game as game_module

    monkeypatch.setattr(game_module, "CATCH_UP", DEADLINE)
    monkeypatch.setattr(game_module, "COMPUTER_TURN", DEADLINE)
    widget = GameWidget(players=2, seed=6, review_iterations=200, review_mode="loop")
    behind: list[int] = []

    async def main() -> None:
        with on_loop():  # this loop stands in for the kernel's
            while not widget.game.rounds:
                widget.play(_worst(widget))
                await _until(lambda: not widget.thinking, "the computer's move")
                if not widget.game.rounds:  # the learner plays at once: the last move waits
                    behind.append(len(widget.reviewer.pending([t.number for t in widget.turns])))
            await _until(lambda: "reviewing" not in _panel_text(widget) and
                         "Round 1:" in _panel_text(widget), "the round's review")

    asyncio.run(main())
    assert len(behind) >= 10 and max(behind) <= 1, behind
    at_end = review_turns(learner_turns(widget.game, 1, 1), iterations=200).rounds[0]
    assert sorted(widget.review_panel.move_buttons) == [m.number for m in at_end.marked]
    for marked in at_end.marked:
        spread = widget.reviewer.result(marked.number)
        assert (spread.mark, spread.loss, spread.reasons) == \
            (marked.mark, marked.loss, marked.reasons)
    widget.close()


def test_a_new_game_while_the_computer_thinks_drops_its_move():
    widget = GameWidget(players=2, seed=9, review=False, review_mode="loop")

    async def main() -> None:
        with on_loop():
            before = len(widget.game.history)
            widget.play(str(widget.game.legal_moves()[0]))
            assert widget.thinking and len(widget.game.history) == before + 1
            widget.new_game(seed=4)
            await _until(lambda: not widget.thinking, "the new game's first turn")
            await asyncio.sleep(0.05)

    asyncio.run(main())
    assert widget.game.seed == 4
    assert widget.game.turn == 1 and widget.table.can_act
    assert len(widget.game.history) <= 1  # at most the new game's own first move
    widget.close()


def test_without_a_loop_a_move_returns_with_the_computers_answer():
    widget = GameWidget(players=2, seed=9, review=False)
    before = len(widget.game.history)
    widget.play(str(widget.game.legal_moves()[0]))
    assert not widget.thinking and widget.game.turn == 1
    assert len(widget.game.history) == before + 2
    assert "thinking" not in widget.table.message
    widget.close()


def test_a_loop_no_one_gave_is_not_taken_for_the_kernels():
    """An asyncio program that did not say `on_loop()` gets the answer at once, as a script
    does: only a kernel's loop (or one given) runs the computer's move later."""
    widget = GameWidget(players=2, seed=9, review=False)

    async def main() -> None:
        before = len(widget.game.history)
        widget.play(str(widget.game.legal_moves()[0]))
        assert not widget.thinking and len(widget.game.history) == before + 2

    asyncio.run(main())
    widget.close()
