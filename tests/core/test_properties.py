"""Properties of the rules core on random positions (Hypothesis).

Every generated move prints, reads back and plays without losing or doubling a card; positions
print and read back; a random attempt is accepted exactly when it is legal, and otherwise the
IllegalMove names a real rule with a specific reason.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassino_learn import Card, IllegalMove, MoveSyntaxError, Position
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.explain import check_move
from random_positions import random_position
from reference import effects

# Every rule id of RULES.md.
RULE_IDS = (
    {f"C{i}" for i in range(1, 4)} | {f"D{i}" for i in range(1, 4)} | {"T1", "T2"}
    | {"P1", "P2"} | {f"S{i}" for i in range(1, 6)} | {f"B{i}" for i in range(1, 11)}
    | {"O1", "O2", "R1", "R2", "W1", "W2"} | {f"K{i}" for i in range(1, 4)}
    | {f"V{i}" for i in range(1, 8)} | {f"X{i}" for i in range(1, 5)}
)
GENERIC = {("T1", "That play is not allowed here."), ("R1", "That trail is not allowed here.")}

SETTINGS = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
# Hypothesis-driven randomness shrinks well; plain seeds give the full variety of positions.
positions = st.one_of(
    st.builds(random_position, st.randoms(use_true_random=False), extras=st.just(True)),
    st.integers(0, 2**32).map(lambda seed: random_position(random.Random(seed), extras=True)),
)


def card_counts(position: Position) -> Counter:
    return Counter(position.all_cards())


@SETTINGS
@given(positions)
def test_every_move_prints_reads_back_and_plays(position: Position) -> None:
    before = card_counts(position)
    assert max(before.values(), default=1) == 1
    for move in position.legal_moves():
        text = str(move)
        assert position.parse_move(text) == move, text
        assert position.parse_move(text.lower()) == move, text
        assert move.describe().endswith(".")
        after = position.play(move)
        assert card_counts(after) == before, f"{text}: cards lost or doubled"
        assert move.card not in after.hand and move.card not in after.hands[position.turn - 1]
        assert after.turn == position.next_seat()
        side = position.side_of(position.turn) - 1
        if move.kind == "capture":
            gained = set(after.piles[side]) - set(position.piles[side])
            assert gained == set(move.table_cards) | {move.card}
            assert not (after.table_cards & gained)
            assert after.last_capture == position.turn
            assert after.sweeps[side] == position.sweeps[side] + move.is_sweep
        elif move.kind == "build":
            new = [b for b in after.builds if b not in position.builds]
            assert len(new) == 1 and new[0].value == move.value
            assert new[0].owner == position.turn
            assert set(new[0].cards) == set(move.table_cards) | {move.card}
        else:
            assert move.card in after.loose and after.builds == position.builds


@SETTINGS
@given(st.one_of(
    st.builds(random_position, st.randoms(use_true_random=False), whole_deck=st.just(True)),
    st.integers(0, 2**32).map(lambda seed: random_position(random.Random(seed),
                                                           whole_deck=True))),
       st.lists(st.integers(0, 10**6), min_size=1, max_size=16))
def test_the_52_cards_are_conserved_through_a_deal(position: Position, choices: list[int]
                                                   ) -> None:
    """Playing on until the hands run out never loses, doubles or invents a card."""
    assert sorted(position.all_cards()) == sorted(FULL_DECK)
    for choice in choices:
        moves = position.legal_moves()
        if not moves:
            assert not position.hand
            break
        position = position.play(moves[choice % len(moves)])
        placed = list(position.all_cards())
        assert len(placed) == 52 and set(placed) == set(FULL_DECK)


@SETTINGS
@given(positions)
def test_moves_are_distinct_effects(position: Position) -> None:
    moves = position.legal_moves()
    assert len(moves) == len(effects(moves)) == len(set(moves))
    assert bool(moves) == bool(position.hand)  # R2: there is always a play while cards remain


@SETTINGS
@given(positions)
def test_position_text_round_trips(position: Position) -> None:
    assert Position.parse(str(position)) == position
    assert Position.parse(position.one_line()) == position
    assert "\n" not in position.one_line()
    assert hash(Position.parse(str(position))) == hash(position)


@st.composite
def attempts(draw: st.DrawFn) -> tuple[Position, str, Card, frozenset[Card], int | None]:
    position = draw(positions)
    legal = position.legal_moves()
    if legal and draw(st.integers(0, 3)) == 0:
        move = draw(st.sampled_from(legal))
        return position, move.kind, move.card, frozenset(move.table_cards), move.value
    hand = sorted(position.hand)
    if hand and draw(st.integers(0, 9)) > 0:
        card = draw(st.sampled_from(hand))
    else:
        card = draw(st.sampled_from(FULL_DECK))
    kind = draw(st.sampled_from(["trail", "capture", "build"]))
    pool = sorted(position.table_cards)
    if draw(st.integers(0, 9)) == 0:
        pool += [draw(st.sampled_from(FULL_DECK))]
    cards = frozenset(draw(st.sets(st.sampled_from(pool), max_size=6))) if pool and \
        kind != "trail" else frozenset()
    cards -= {card}
    value = card.value if kind == "capture" else draw(st.integers(0, 12)) if kind == "build" \
        else None
    return position, kind, card, cards, value


def attempt_text(kind: str, card: Card, cards: frozenset[Card], value: int | None) -> str:
    listed = " ".join(str(c) for c in sorted(cards))
    if kind == "trail":
        return f"trail {card}"
    if kind == "capture":
        return f"{card} take {listed}"
    return f"{card} build {value} {listed}"


@settings(max_examples=1500, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(attempts())
def test_an_attempt_is_accepted_exactly_when_legal(attempt: tuple) -> None:
    position, kind, card, cards, value = attempt
    legal = {m.key(): m for m in position.legal_moves()}
    key = (kind, card, value, cards)
    text = attempt_text(kind, card, cards, value)
    if key in legal:
        assert position.parse_move(text) == legal[key]
        assert check_move(position, kind, card, cards, value) == legal[key]
        return
    try:
        position.parse_move(text)
    except IllegalMove as error:
        assert_specific(error, text, position)
    except MoveSyntaxError:
        raise AssertionError(f"{text!r} is well formed but was not read")
    else:
        raise AssertionError(f"{text!r} was accepted but is not legal in {position.one_line()}")
    try:
        check_move(position, kind, card, cards, value)
    except IllegalMove as error:
        assert_specific(error, text, position)
    else:
        raise AssertionError(f"check_move accepted {text!r}")


def assert_specific(error: IllegalMove, text: str, position: Position) -> None:
    where = f"{text!r} in {position.one_line()}"
    assert error.rule in RULE_IDS, f"{where}: unknown rule id {error.rule!r}"
    assert (error.rule, error.reason) not in GENERIC, f"{where}: generic explanation"
    assert error.reason and not error.reason[0].islower() and error.reason.endswith("."), where
    assert "\n" not in error.reason, where
