"""Every table plays through the one turn driver (game/turns.py, issue 48): a spy on how a turn
ends sees every move of a lesson's stage, a game round, a demonstration line and the search's
playouts, each move once; and a change there (a test-only rule) is what all of them play by."""

from __future__ import annotations

import pytest

from cassino_learn import Game, Position
from cassino_learn.game.exact import exact_values
from cassino_learn.game.search import search
from cassino_learn.game.turns import Turns
from cassino_learn.teaching.demonstration import Demonstration
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.game import GameWidget
from cassino_learn.ui.stages import StageRunner
from cassino_learn.ui.table import CardTable

START = "table: 5D 3C 6H 2S KC; hand: 8S 4D 9C; hand 2: 9H KD 2D; turn: 1"


@pytest.fixture
def ended(monkeypatch) -> list[tuple[int, int, str]]:
    """Every turn ended anywhere, as (mover, cards in hands after, how it ended)."""
    seen: list[tuple[int, int, str]] = []
    original = Turns.end_turn

    def spy(self, after, stock, mover, dealer, *, dealing=True):
        result = original(self, after, stock, mover, dealer, dealing=dealing)
        seen.append((mover, sum(len(h or ()) for h in result[0].hands), result[2]))
        return result

    monkeypatch.setattr(Turns, "end_turn", spy)
    return seen


def test_a_stage_table_and_its_opponent_play_through_the_driver(ended) -> None:
    table = CardTable(START, opponent=lambda position: position.legal_moves()[0])
    table.play("trail 4D")
    assert [mover for mover, _, _ in ended] == [1, 2]  # the learner's move and the reply
    assert table.position.turn == 1 and table.can_act


def test_a_lesson_stage_plays_its_move_through_the_driver(ended) -> None:
    slug = "05_building"
    runner = StageRunner(slug)
    stages = load_stages(slug).stages
    while runner.table.mode != "play":  # past the demonstrations, to a stage played on
        runner.send_from_front_end({"type": "next", "from": runner.index})
        if runner.index >= len(stages) - 1:
            break
    assert runner.table.mode == "play"
    before = len(ended)
    runner.table.play(str(runner.table.position.legal_moves()[0]))
    assert len(ended) == before + 1


def test_a_game_round_plays_each_move_once_through_the_match(ended) -> None:
    widget = GameWidget(players=2, seed=5, level="beginner", review=False)
    while not widget.game.rounds:
        widget.play(str(widget.game.legal_moves()[0]))
    game = widget.game
    # each move of the match ended its turn once: none played twice, none beside the match
    assert len(ended) == len(game.history) == len(widget.seats)
    assert [mover for mover, _, _ in ended] == [
        game.state_after(n).turn for n in range(len(game.history))]
    assert ended[-1][2] == "round over" and any(how == "dealt" for _, _, how in ended)
    assert widget.seats.count(2) > 0  # the computer's moves came from the match's player


def test_a_demonstration_line_plays_through_the_driver(ended) -> None:
    demo = Demonstration().set_position(START)
    demo.play("trail 4D")
    demo.play("trail 2D")
    assert [mover for mover, _, _ in ended] == [1, 2]
    demo.back()
    demo.forward()  # the move taken back, played again
    assert len(ended) == 3
    dealt = Demonstration().deal(players=2, seed=4)
    dealt.play(str(dealt.line.state.legal_moves()[0]))
    assert len(ended) == 4


def test_the_search_playouts_end_their_turns_in_the_driver(ended) -> None:
    game = Game(players=2, seed=9)
    search(game.observation(), iterations=30)
    assert len(ended) > 30  # every playout's every move
    assert {how for _, _, how in ended} >= {"passed"}


_ORIGINAL_END_TURN = Turns.end_turn


def _mover_throws_their_hand_away(self, after, stock, mover, dealer, *, dealing=True):
    """A test-only rule: the turn passes on, but the cards the mover still holds are thrown
    away (a turn changed in one place)."""
    hands = list(after.hands)
    hands[mover - 1] = () if hands[mover - 1] is not None else None
    return _ORIGINAL_END_TURN(self, after.derive(hands=tuple(hands)), stock, mover, dealer,
                              dealing=dealing)


def test_a_change_to_how_a_turn_ends_is_seen_by_every_table_and_the_search(monkeypatch) -> None:
    endgame = Position.parse("table: 5D 9S; hand 1: 5S 9H; hand 2: 2D 3C; turn: 1")
    valued = [(str(move), value) for move, value in exact_values(endgame, dealer=2)]
    monkeypatch.setattr(Turns, "end_turn", _mover_throws_their_hand_away)
    # the card table (its own driver)
    table = CardTable(START)
    table.play("trail 4D")
    assert table.position.hands[0] == ()
    # the game widget (the match it hands the table): one move each and the hands are empty,
    # so the second deal comes after two moves, not eight
    widget = GameWidget(players=2, seed=5, level="beginner", review=False)
    widget.play(str(widget.game.legal_moves()[0]))
    assert widget.game.deal_number == 2 and len(widget.game.history) == 3
    assert "New deal" in widget.table.message
    # the demonstration
    demo = Demonstration().set_position(START)
    demo.play("trail 4D")
    assert demo.line.state.hands[0] == ()
    # the search, which plays out every line of an endgame by the driver: seat 1's second
    # card is never played now, so the moves are worth other points
    changed = [(str(move), value) for move, value in exact_values(endgame, dealer=2)]
    assert changed != valued


class _NoTakingGame(Game):
    """A driver whose rules differ from the core's: its seats may not take (a test-only rule,
    made in the driver alone)."""

    def legal_moves(self) -> list:
        return [move for move in super().legal_moves() if move.kind != "capture"]


def _offered(table: CardTable, card: str, *cards: str) -> list[tuple[str, str]]:
    """The buttons under the table for a selection, as the front end sets it."""
    table.set_state({"selected_card": card, "selected_table": list(cards)})
    return [(a["label"], a["describe"]) for a in table.actions]


def test_the_table_offers_the_moves_its_driver_says_are_legal() -> None:
    ordinary = CardTable(START, game=Game.from_position(START))
    unhanded = CardTable(START)
    for selection in (("8S", "5D", "3C"), ("8S", "5D"), ("4D", "2S"), ("9C",), ("8S",)):
        assert _offered(ordinary, *selection) == _offered(unhanded, *selection)
        assert ordinary.usable_cards == unhanded.usable_cards
    # the same position, handed a driver that allows no taking: no Take is offered, the
    # take is only tried (its verdict the core's words), and no card is usable for one
    no_taking = CardTable(START, game=_NoTakingGame.from_position(START))
    assert [label for label, _ in _offered(ordinary, "8S", "5D", "3C")] == ["Take"]
    assert [label for label, _ in _offered(no_taking, "8S", "5D", "3C")] == ["Try take"]
    _offered(ordinary, "8S")
    _offered(no_taking, "8S")
    assert {"5D", "3C", "6H", "2S"} <= set(ordinary.usable_cards)
    assert not {"5D", "3C", "6H", "2S"} & set(no_taking.usable_cards)
    assert [label for label, _ in _offered(no_taking, "8S")] == ["Trail"]
    # what the driver still allows is offered as before: 4D builds 9 with 2S and 3C
    assert _offered(no_taking, "4D", "2S", "3C") == _offered(ordinary, "4D", "2S", "3C")
    assert [label for label, _ in _offered(no_taking, "4D", "2S", "3C")] == ["Build 9",
                                                                             "Try take"]
