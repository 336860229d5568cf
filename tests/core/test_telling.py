"""A move is worded in one place, `core.telling.move_said`: every place that says a move in
words (the learner's sentences, a Legal / Not legal question, the verdicts, the table's line,
the deck's retelling, a drawing's label and the screen reader's words) says what it says, over
many generated positions. A second wording anywhere fails here."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cassino_learn
from cassino_learn import Position
from cassino_learn.core import telling
from cassino_learn.core.spoken import read_spoken_move, say_move
from cassino_learn.core.telling import in_words, move_said, move_sentence, past_said
from cassino_learn.drawing.render import move_html
from cassino_learn.teaching import saying
from cassino_learn.ui.deck_runner import _past
from cassino_learn.ui.table import CardTable, played_words
from random_positions import random_position

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def positions(values: str) -> st.SearchStrategy[Position]:
    return st.integers(0, 2**32).map(
        lambda seed: random_position(random.Random(seed), values=values))


def _sample(position: Position, most: int = 12) -> list:
    moves = position.legal_moves()
    return moves[:: max(1, len(moves) // most)]


@pytest.mark.parametrize("values", ["standard", "royal"])
def test_every_place_says_a_move_in_the_core_words(values: str) -> None:
    @SETTINGS
    @given(positions(values))
    def check(position: Position) -> None:
        for move in _sample(position):
            said = move_said(move)
            sentence = said[0].upper() + said[1:] + "."
            assert move.describe(sweep=False) == sentence == in_words(move)
            assert move.describe().startswith(sentence)
            assert move_sentence(move) == move.describe()
            assert saying.move_said(position, move) == said
            assert saying.move_said(position, str(move)) == said  # as text, read again
            assert saying.text_said(position, str(move)) == said
            assert say_move(move) == said  # the screen reader's words
            assert read_spoken_move(position, said) == move  # and they name the move
            past = past_said(move)
            assert past.split(" ", 1)[1] == said.split(" ", 1)[1]
            assert saying.you_played(position, move) == f"You {past}."
            assert played_words("Seat 2", move).startswith(f"Seat 2 {past}.")
            assert _past(move) == past  # the deck's retelling
            assert f'aria-label="{html.escape(sentence)}"' in move_html(move)
            assert "[" not in said and "+" not in said and str(move) not in said

    check()


def test_a_refused_move_is_said_in_the_same_words_as_a_legal_one() -> None:
    position = Position.parse("table: 5C 3H; hand: 3D 8S")
    legal = position.parse_move("3D build 8 5C")
    assert saying.move_said(position, "3D build 8 5C") == move_said(legal)
    assert saying.move_said(position, "3D build 9 5C") == \
        "play the three of diamonds to make a build of 9 with the five of clubs"
    assert saying.move_said(position, "8S take 5C+3D") == \
        "play the eight of spades to take the five of clubs and the three of diamonds"


def test_the_card_tables_line_is_the_core_words_in_the_past() -> None:
    position = Position.parse("table: 3C 4H 9D; hand: 7S KH; hand 2: 9S KD")
    move = position.parse_move("7S take 3C+4H")
    table = CardTable(position, mode="play")
    table.play(str(move))
    assert table.message.startswith(f"You {past_said(move)}.")


def test_builds_are_said_as_whose_they_are() -> None:
    two = Position.parse("table: 5C [8@2: 5D 3S]; hand: 8H 3H")
    assert move_said(two.parse_move("8H take [5D 3S]")) == \
        "play the eight of hearts to take your opponent's build of 8"
    four = Position.parse("players: 4; partners: yes; table: 2C [8@3: 5D 3S]; hand: 10H 2H")
    assert move_said(four.parse_move("2H build 10 [5D 3S]")) == \
        "play the two of hearts to raise your partner's build of 8 to 10"


# Phrases of the package that look like a move's words but are not one: a goal's pattern,
# a refused try's button, what the coach says a move uses, a refusal's suggestion.
NOT_A_MOVE = {"goals.py": 1, "selection.py": 1, "coach_words.py": 1, "explain.py": 1}
MOVE_WORDING = re.compile(r"\b(play|played|trail|trailed) the \{|\bto take \{|"
                          r"\bto (?:make a )?build(?: of)? \{")


def test_no_module_but_the_core_words_a_move() -> None:
    package = Path(cassino_learn.__file__).parent
    found: dict[str, int] = {}
    for path in package.rglob("*.py"):
        if path == Path(telling.__file__):
            continue
        hits = len(MOVE_WORDING.findall(path.read_text(encoding="utf-8")))
        if hits:
            found[path.name] = hits
    assert found == NOT_A_MOVE, "a move worded outside core/telling.py"
