"""Properties of Royal Casino (V7) in the rules core, on random positions (Hypothesis).

Every generated move prints, reads back and plays without losing or doubling a card, through
whole deals with all 52 cards placed; positions print and read back; and a random attempt is
accepted exactly when it is legal, otherwise refused with a specific reason naming a rule.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassino_learn import Card, IllegalMove, MoveSyntaxError, Position
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.explain import check_move
from random_royal import random_royal_position
from reference import effects
from test_properties import assert_specific

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
positions = st.one_of(
    st.builds(random_royal_position, st.randoms(use_true_random=False)),
    st.integers(0, 2**32).map(lambda seed: random_royal_position(random.Random(seed))),
)
whole_deals = st.integers(0, 2**32).map(
    lambda seed: random_royal_position(random.Random(seed), whole_deck=True))


@SETTINGS
@given(positions)
def test_every_royal_move_prints_reads_back_and_plays(position: Position) -> None:
    assert Position.parse(position.one_line()) == position
    moves = position.legal_moves()
    assert len(moves) == len(effects(moves)) and bool(moves) == bool(position.hand)
    for move in moves:
        text = str(move)
        assert position.parse_move(text) == move, text
        assert position.parse_move(text.lower()) == move, text
        assert move.describe().endswith(".")
        # an ace's capture says 14 exactly when it counted 14
        assert (" take 14:" in text) == (move.kind == "capture" and move.value == 14), text
        after = position.play(move)
        assert Position.parse(str(after)) == after, text
        if move.kind == "build":
            new = [b for b in after.builds if b not in position.builds]
            assert len(new) == 1 and new[0].value == move.value and 1 <= move.value <= 14
            assert set(new[0].cards) == set(move.table_cards) | {move.card}


@SETTINGS
@given(whole_deals, st.lists(st.integers(0, 10**6), min_size=1, max_size=16))
def test_the_52_cards_are_conserved_through_a_royal_deal(position: Position,
                                                         choices: list[int]) -> None:
    assert sorted(position.all_cards()) == sorted(FULL_DECK)
    for choice in choices:
        moves = position.legal_moves()
        if not moves:
            assert not position.hand
            break
        position = position.play(moves[choice % len(moves)])
        placed = list(position.all_cards())
        assert len(placed) == 52 and set(placed) == set(FULL_DECK)


@st.composite
def attempts(draw: st.DrawFn) -> tuple[Position, str, Card, frozenset[Card], int | None]:
    position = draw(positions)
    hand = sorted(position.hand)
    card = draw(st.sampled_from(hand)) if hand and draw(st.integers(0, 9)) else \
        draw(st.sampled_from(FULL_DECK))
    kind = draw(st.sampled_from(["trail", "capture", "build"]))
    pool = sorted(position.table_cards)
    cards = frozenset(draw(st.sets(st.sampled_from(pool), max_size=6))) if pool and \
        kind != "trail" else frozenset()
    cards -= {card}
    if kind == "capture":
        value = draw(st.sampled_from([None, 1, 14, card.rank]))
    else:
        value = draw(st.integers(0, 16)) if kind == "build" else None
    return position, kind, card, cards, value


def attempt_text(kind: str, card: Card, cards: frozenset[Card], value: int | None) -> str:
    listed = " ".join(str(c) for c in sorted(cards))
    if kind == "trail":
        return f"trail {card}"
    if kind == "capture":
        return f"{card} take {'' if value is None else f'{value}: '}{listed}"
    return f"{card} build {value} {listed}"


@settings(max_examples=1200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(attempts())
def test_a_royal_attempt_is_accepted_exactly_when_legal(attempt: tuple) -> None:
    position, kind, card, cards, value = attempt
    legal = position.legal_moves()
    matching = [m for m in legal if m.kind == kind and m.card is card and m.table_cards == cards
                and (m.value == value or kind == "capture" and (
                    value is None or value in (1, 14) and card.rank == 1 and not m.builds
                    and all(c.rank == 1 for c in cards)))]
    assert len(matching) <= 1
    text = attempt_text(kind, card, cards, value)
    if matching:
        assert position.parse_move(text) == matching[0], text
        assert check_move(position, kind, card, cards, value) == matching[0]
        return
    try:
        position.parse_move(text)
    except IllegalMove as error:
        assert_specific(error, text, position)
    except MoveSyntaxError:
        raise AssertionError(f"{text!r} is well formed but was not read")
    else:
        raise AssertionError(f"{text!r} was accepted but is not legal in {position.one_line()}")
