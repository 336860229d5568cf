"""The reading mode (game/reading.py): a round played with typed commands and moves in plain
words alone, reading only the replies, as a learner with a screen reader plays."""

from __future__ import annotations

from cassino_learn import Game
from cassino_learn.core.spoken import say_move
from cassino_learn.game.bots import GreedyPlayer
from cassino_learn.game.reading import answer

LEARNER = 2  # seat 1 deals, so the learner's seat plays first


def test_a_whole_round_is_played_by_typed_words_alone() -> None:
    game = Game(seed=11)
    computer = GreedyPlayer()
    said: list[str] = []
    while game.round_number == 1 and not game.over:
        seen = game.observation(LEARNER)
        last = game.moves[-1] if game.moves else None
        if game.turn != LEARNER:
            game.play(computer.choose(game.observation(game.turn)))
            said.append(answer("last", game.observation(LEARNER), game.moves[-1]).text)
            continue
        said.append(answer("hand", seen, last).text)
        said.append(answer("table", seen, last).text)
        move = min(game.legal_moves(), key=lambda m: -len(m.table_cards))  # the biggest take
        reply = answer(say_move(move), seen, last)
        assert reply.move == move and not reply.urgent, reply.text
        game.play(reply.move)
        said.append(reply.text)
    assert game.round_number == 2 or game.over
    assert any(text.startswith("Your opponent played") for text in said)
    assert sum(text.startswith(("You played", "You trailed")) for text in said) == 24


def test_commands_read_the_seats_own_view() -> None:
    game = Game(seed=3)
    seen = game.observation(LEARNER)
    hand = answer("h", seen).text
    assert hand.startswith("Your hand: ") and all(c.name in hand for c in seen.hand)
    assert answer("TABLE", seen).text == answer("t", seen).text
    assert answer("t", seen).text.startswith("On the table: ")
    assert answer("turn", seen).text == "Your turn."
    assert answer("turn", game.observation(1)).text == "Your opponent plays now."
    assert answer("score", seen).text == (
        "Match score: you 0 and your opponent 0. Taken this round: you 0 cards and your "
        "opponent 0 cards.")
    assert answer("builds", seen).text == "There are no builds on the table."
    assert answer("last", seen).text == "No move has been played yet this deal."
    assert all(name in answer("help", seen).text for name in ("hand", "table", "score"))


def test_a_refused_or_unclear_move_is_urgent_and_says_why() -> None:
    game = Game(seed=3)
    seen = game.observation(LEARNER)
    refused = answer("take the king with the two", seen)
    assert refused.urgent and refused.move is None
    assert refused.text.startswith("Not allowed: ")
    unclear = answer("tkae the king", seen)
    assert unclear.urgent and "'tkae'" in unclear.text
    waiting = answer("trail the two", game.observation(1))
    assert waiting.urgent and waiting.text.startswith("It is not your turn")


def test_the_modules_examples_hold() -> None:
    import doctest

    import cassino_learn.game.reading as reading

    assert doctest.testmod(reading).failed == 0
