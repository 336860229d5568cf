"""Hostile input at every public entry point (Hypothesis, derandomized so every run is the same).

Each entry point gets random text and bytes, truncations and mutations of valid text, deep
nesting and huge sizes, and must answer with its documented error (a `ValueError` subclass
whose message says what and where) or, for the progress file, set the file aside with a
warning and start afresh. Nothing else may escape. The inputs that once crashed (issue 13)
are kept as regression cases.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cassino_learn import Card, CardError, Game, IllegalMove, MoveSyntaxError, Position, PositionError
from cassino_learn.game.match import GameFileError
from cassino_learn.learner import progress
from cassino_learn.teaching.quiz import BankError, load_bank

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])

VALID_POSITIONS = [
    "table: 5D 2C KH [8@2: 5H 3S] [9@1: 5C 4D | 9H]\nhand: 7S 3D 9S\nturn: 1\nplayers: 2",
    "table: 5C 2D; hand: 7S 3D; hand 2: 9C; pile 1: AS; pile 2: KD; sweeps: 1=1; last capture: 2",
    "table: QC QD QS 4H; hand: QH 4C; rules: face_cards=three-take-all",
    "table: 6D [8@2: 5C 3D]; hand: 2S 9C; players: 4; partners: yes; declared: 2=9",
]
MOVE_POSITION = Position.parse("table: AC 4S 3C 2D 5H [6@2: 3H 3S]; hand: 5D 9C 8S 6C")
VALID_MOVES = ["trail 8S", "5D take AC+4S 2D+3C", "6C take [3H 3S]", "9C build 9: 9C | 4S+5H",
               "8S take 3C+5H", "6C build 9: 6C+3C", "5D x AC 4S"]

# Text: any Unicode, with the notation's own characters and the look-alikes people type.
NOTATION_ALPHABET = st.sampled_from(list("AJQKTSHDC0123456789 \n;:|[]@=,+#-x") +
                                    ["♠", "♥", "♦", "♣", "\ufe0f", "²", "٣", "\u200b", "\x00"])
notation_text = st.text(NOTATION_ALPHABET, max_size=120)
any_text = st.one_of(st.text(max_size=200), notation_text,
                     st.binary(max_size=200).map(lambda b: b.decode("latin-1")))


@st.composite
def mutated(draw: st.DrawFn, samples: list[str]) -> str:
    """A valid text truncated, cut, spliced with noise, or with a piece repeated."""
    text = draw(st.sampled_from(samples))
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["cut", "delete", "insert", "repeat", "swap"]))
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, len(text)))
        if op == "cut":
            text = text[:i]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "insert":
            text = text[:i] + draw(st.one_of(notation_text, st.text(max_size=8))) + text[i:]
        elif op == "repeat":
            text = text[:j] + text[i:j] * draw(st.integers(2, 50)) + text[j:]
        else:
            text = text[:i] + text[j:] + text[i:j]
    return text


def huge(samples: list[str]) -> st.SearchStrategy[str]:
    """Deep nesting and very long texts built from pieces of valid text."""
    return st.one_of(
        st.integers(1, 100_000).map(lambda n: "[" * n),
        st.integers(1, 50_000).map(lambda n: '{"a":' * n),
        st.tuples(st.sampled_from(samples), st.integers(100, 3000)).map(lambda t: t[0] * t[1]),
        st.integers(100, 6000).map(lambda n: "9" * n),
    )


def example_each(texts: list[str]):
    """Hypothesis @example for each of `texts` (always tried, before the generated inputs)."""
    def decorate(test):
        for text in reversed(texts):
            test = example(text)(test)
        return test
    return decorate


def says_where(message: str) -> None:
    """An error message that is a real sentence, not a bare exception or a megabyte of echo."""
    assert message.strip(), "empty error message"
    assert len(message) < 2000, f"message too long ({len(message)} characters)"
    assert "Traceback" not in message


# ---------------------------------------------------------------------------- cards

@SETTINGS
@given(st.one_of(any_text, mutated(["10D", "AS", "q♥", "5♦️", "td"])))
def test_card_parse_answers_any_text(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardError as error:
        says_where(str(error))
    else:
        assert isinstance(card, Card)


@pytest.mark.parametrize("value", [None, 7, b"7S", ["7S"]])
def test_card_parse_refuses_what_is_not_text(value: object) -> None:
    with pytest.raises(CardError, match="text"):
        Card.parse(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- positions

@SETTINGS
@given(st.one_of(any_text, mutated(VALID_POSITIONS), huge(VALID_POSITIONS + ["AS ", "[5: 2S 3S] "])))
def test_position_parse_answers_any_text(text: str) -> None:
    try:
        position = Position.parse(text)
    except PositionError as error:
        says_where(str(error))
    else:
        assert Position.parse(str(position)) == position


# ---------------------------------------------------------------------------- moves

# Numbers written in other scripts' digits, which Python's int() reads or refuses in its own
# words (found by a fuzz of 130,000 inputs): the notation reads ASCII digits only.
UNICODE_DIGIT_MOVES = ["5H take ²5", "4S take ²[AC AD]", "5D take ١ AC 4S", "3H build ² 5C",
                       "3H build ٣ 5C", "6C build ９ 3C", "8S take ²:3C+5H"]


@SETTINGS
@given(st.one_of(any_text, mutated(VALID_MOVES + UNICODE_DIGIT_MOVES),
                 huge(VALID_MOVES + ["AS ", "build "])))
@example_each(UNICODE_DIGIT_MOVES)
def test_parse_move_answers_any_text(text: str) -> None:
    try:
        move = MOVE_POSITION.parse_move(text)
    except IllegalMove as error:
        says_where(error.reason)
        assert error.rule
    except MoveSyntaxError as error:
        says_where(str(error))
    else:
        assert MOVE_POSITION.parse_move(str(move)) == move


@settings(SETTINGS, max_examples=60)
@given(st.one_of(any_text, mutated(VALID_MOVES + UNICODE_DIGIT_MOVES)))
@example_each(UNICODE_DIGIT_MOVES)
def test_game_play_answers_any_text(text: str) -> None:
    game = Game(players=2, seed=13)
    before = game.to_json()
    try:
        game.play(text)
    except (IllegalMove, MoveSyntaxError) as error:
        says_where(str(error))
        assert game.to_json() == before, "a refused move changed the game"


# ---------------------------------------------------------------------------- files

def _saved_game() -> str:
    game = Game(players=2, seed=5)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return game.to_json()


SAVED_GAME = _saved_game()


@settings(SETTINGS, max_examples=60)
@given(st.one_of(st.binary(max_size=300), any_text.map(str.encode),
                 mutated([SAVED_GAME]).map(str.encode), huge([SAVED_GAME]).map(str.encode)))
def test_game_from_json_answers_any_bytes(data: bytes) -> None:
    for form in (data, data.decode("utf-8", "replace")):
        try:
            Game.from_json(form)
        except GameFileError as error:
            says_where(str(error))


VALID_BANK = json.dumps({"lesson": "x", "items": [
    {"id": "a", "kind": "captures", "position": "table: 3C 4H 7D; hand: 7S", "card": "7S",
     "expected": ["3C 4H", "7D", "3C 4H 7D"]},
    {"id": "b", "kind": "legal", "position": "table: 5C; hand: 3D 8S", "move": "3D build 8 5C",
     "legal": True},
    {"id": "c", "kind": "goal", "position": "table: 5C 3D; hand: 8S 2H", "goal": "capture"},
    {"id": "d", "kind": "score", "position": "table:; pile 1: 10D 2S; pile 2: AS 3H 4H",
     "expected": {"1": 3, "2": 4}},
    {"id": "e", "kind": "number", "ask": "deals per round", "given": {"players": 3}},
]}, indent=1)


UNICODE_DIGIT_BANK = VALID_BANK.replace('"goal": "capture"', '"goal": "build \u00b2"')


@settings(SETTINGS, max_examples=80)
@given(st.one_of(st.binary(max_size=300), mutated([VALID_BANK, UNICODE_DIGIT_BANK]).map(str.encode),
                 huge([VALID_BANK]).map(str.encode)))
@example(UNICODE_DIGIT_BANK.encode())
def test_load_bank_answers_any_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "bank.json"
    path.write_bytes(data)
    try:
        load_bank(path)
    except BankError as error:
        says_where(str(error))
        assert "bank.json" in str(error), f"the file is not named: {error}"


def _progress_text() -> str:
    return json.dumps({"version": 1, "lessons": {"02_pairing": {"done": True, "best": 4,
                                                                "last": 3, "total": 5,
                                                                "practised": 2}},
                       "preferences": {"four_color": True}})


@settings(SETTINGS, max_examples=80)
@given(st.one_of(st.binary(max_size=300), mutated([_progress_text()]).map(str.encode),
                 huge([_progress_text()]).map(str.encode)))
def test_progress_load_survives_any_bytes(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(data)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loaded = progress.load(path)
    if caught:  # set aside, and a fresh start that can be saved
        assert all(issubclass(w.category, progress.ProgressWarning) for w in caught)
        assert not loaded.lessons
        assert not path.exists() or path.read_bytes() != data
        loaded.record_quiz("02_pairing", 1, 2)
        assert progress.load(path).lesson("02_pairing").best == 1
    for entry in loaded.lessons.values():
        assert 0 <= entry.best <= entry.total or entry.total == 0 and entry.best == 0


# ---------------------------------------------------------------------------- regression cases

REGRESSION_MOVES = ["3H build ² 5C", "3H build ٣ 5C", "3D build " + "9" * 5000 + " 5C",
                    "3D build 9" + "0" * 4999 + " 5C", "5D take " + "AC " * 20000]


@pytest.mark.parametrize("text", REGRESSION_MOVES, ids=["superscript", "arabic-digit",
                                                        "5000-digit", "5000-digit-zeros", "long"])
def test_regression_moves_are_syntax_errors_everywhere(text: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        MOVE_POSITION.parse_move(text)
    says_where(str(caught.value))
    game = Game(players=2, seed=1)
    with pytest.raises(MoveSyntaxError):
        game.play(text)


@pytest.mark.parametrize("text", UNICODE_DIGIT_MOVES)
def test_a_number_in_other_digits_is_refused_by_name(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="not a whole number written with the digits 0-9") as caught:
        MOVE_POSITION.parse_move(text)
    word = next(w for w in text.replace("[", " ").replace(":", " ").split()
                if not w.isascii())
    assert repr(word) in str(caught.value)


def test_a_goal_in_other_digits_is_a_bank_error_naming_the_item(tmp_path: Path) -> None:
    path = tmp_path / "bank.json"
    path.write_text(UNICODE_DIGIT_BANK, encoding="utf-8")
    with pytest.raises(BankError) as caught:
        load_bank(path)
    for word in ["bank.json", "'build ²'", "digits 0-9"]:
        assert word in str(caught.value), str(caught.value)


@pytest.mark.parametrize("text", ["table: 5C; hand: 8S; turn: ٢", "table: 5C; hand: 8S; players: ²",
                                  "table: 5C; hand: 8S; sweeps: 1=²"])
def test_a_position_number_in_other_digits_is_refused_by_name(text: str) -> None:
    with pytest.raises(PositionError, match="not a whole number written with the digits 0-9"):
        Position.parse(text)


def test_regression_huge_build_value_in_a_position() -> None:
    with pytest.raises(PositionError, match="too large") as caught:
        Position.parse("table: [" + "9" * 5000 + "@2: 5C 4D]; hand: 3D")
    says_where(str(caught.value))


def test_regression_suit_emoji_with_variation_selector() -> None:
    assert Card.parse("5♦️") is Card.parse("5D")
    assert Position.parse("table: 5♦️ 3♣️; hand: 8♠️").hand == (Card.parse("8S"),)
    assert str(MOVE_POSITION.parse_move("5♦️ take A♣️ 4♠️")) == "5D take AC+4S"


def test_an_invisible_character_is_named() -> None:
    with pytest.raises(CardError, match="U\\+200B"):
        Card.parse("5\u200b")


@pytest.mark.parametrize("content", [
    b"\xff\xfe{}", b'{"lessons": {"a": {"best": Infinity, "total": 5}}}',
    b'{"lessons": {"a": {"best": 1e999, "total": 5}}}', b"[" * 100_000,
    b'{"lessons": {"a": {"best": 0, "total": -1}}}', b'{"lessons": {"a": {"best": 6, "total": 5}}}',
    b'{"lessons": {"a": {"best": NaN, "total": 5}}}', b'{"lessons": {"a": {"best": "3", "total": 5}}}',
    b'{"lessons": {"a": [1, 2]}}',
], ids=["not-utf8", "infinity", "1e999", "deep", "negative-total", "best-above-total", "nan",
        "text-count", "list-entry"])
def test_regression_damaged_progress_is_set_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    with pytest.warns(progress.ProgressWarning, match="afresh"):
        loaded = progress.load(path)
    assert not loaded.lessons
    assert list(tmp_path.glob("progress.json.corrupt-*")), "the damaged file is kept aside"


@pytest.mark.parametrize("item,words", [
    ({"kind": "number", "ask": [], "given": {}}, ["ask"]),
    ({"kind": "captures", "position": "table: 3C 4H; hand: 7S", "card": "7S", "expected": 5},
     ["expected", "list"]),
    ({"kind": "captures", "position": "table: 3C 4H; hand: 7S", "card": "7S", "expected": [1.5]},
     ["expected", "list"]),
    ({"kind": "score", "position": "table:; pile 1: 10D; pile 2: AS", "expected": {"1": None}},
     ["expected", "points"]),
    ({"kind": "goal", "position": "table: 5C; hand: 5D", "goal": "capture", "rules": 5},
     ["rules"]),
], ids=["ask-list", "expected-number", "expected-float", "expected-null", "rules-number"])
def test_regression_malformed_bank_items(tmp_path: Path, item: dict, words: list[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"items": [dict(item, id="bad")]}))
    with pytest.raises(BankError) as caught:
        load_bank(path)
    message = str(caught.value)
    for word in ["broken.json", "item 1", "bad", *words]:
        assert word in message, f"{word!r} not in {message!r}"


@pytest.mark.parametrize("content,words", [
    (b'{"items": [\xff]}', ["not UTF-8", "line 1"]),
    (b"[" * 100_000, ["nested"]),
], ids=["not-utf8", "deep"])
def test_regression_unreadable_bank_names_the_file(tmp_path: Path, content: bytes,
                                                   words: list[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(BankError) as caught:
        load_bank(path)
    for word in ["broken.json", *words]:
        assert word in str(caught.value)


def test_regression_deeply_nested_saved_game() -> None:
    with pytest.raises(GameFileError, match="nested"):
        Game.from_json("[" * 100_000)
    with pytest.raises(GameFileError, match="nested"):
        Game.from_json('{"moves": ' * 100_000)
