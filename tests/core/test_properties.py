"""Properties of the rules core on random positions (Hypothesis), under both value systems: the
standard one and Royal Casino's (V7).

Every generated move prints, reads back and plays without losing or doubling a card, also
through whole deals with all 52 cards placed; positions print and read back; a random attempt
is accepted exactly when it is legal, and otherwise the IllegalMove names a real rule with a
specific reason.

Each test runs once per value system, with that system's number of examples (a Hypothesis test
inside the parameterised one).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassino_learn import Card, IllegalMove, MoveSyntaxError, Position
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.position import check_move
from cassino_learn.teaching import catalog
from random_positions import random_position
from reference import VALUE_SYSTEMS, effects

# Every rule id of docs/rules.md (the catalogue's list, its variants from the registry).
RULE_IDS = frozenset(catalog.RULE_IDS)
GENERIC = {("T1", "That play is not allowed here."), ("R1", "That trail is not allowed here.")}
SYSTEMS = ("standard", "royal")
EXAMPLES = {"standard": 250, "royal": 200}           # positions per property
ATTEMPTS = {"standard": 1500, "royal": 1200}         # attempts judged
OPTIONS = {"standard": {"extras": True}, "royal": {}}  # other hands and piles, or not


def _settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def positions(values: str, **options: bool) -> st.SearchStrategy[Position]:
    """Random positions under `values`: Hypothesis-driven randomness shrinks well; plain seeds
    give the full variety of positions."""
    options = options or OPTIONS[values]
    return st.one_of(
        st.builds(random_position, st.randoms(use_true_random=False), values=st.just(values),
                  **{name: st.just(on) for name, on in options.items()}),
        st.integers(0, 2**32).map(
            lambda seed: random_position(random.Random(seed), values=values, **options)),
    )


def run_on(values: str, check: Callable[..., None], *drawn: st.SearchStrategy,
           examples: int | None = None) -> None:
    """Run `check` as a Hypothesis test with `values`' number of examples, on its random
    positions (or on the `drawn` strategies)."""
    _settings(examples or EXAMPLES[values])(given(*(drawn or (positions(values),)))(check))()


def card_counts(position: Position) -> Counter:
    return Counter(position.all_cards())


@pytest.mark.parametrize("values", SYSTEMS)
def test_every_move_prints_reads_back_and_plays(values: str) -> None:
    top = VALUE_SYSTEMS[values].top
    # With other hands shown, a random position may give another seat an owned build it holds
    # no card for, which Position.check refuses once that seat is to move: read back only
    # positions whose other hands are hidden.
    others_shown = OPTIONS[values].get("extras", False)

    def check(position: Position) -> None:
        before = card_counts(position)
        assert max(before.values(), default=1) == 1
        for move in position.legal_moves():
            text = str(move)
            assert position.parse_move(text) == move, text
            assert position.parse_move(text.lower()) == move, text
            assert move.describe().endswith(".")
            # an ace's capture says 14 exactly when it counted 14 (V7)
            assert (" take 14:" in text) == (move.kind == "capture" and move.value == 14), text
            after = position.play(move)
            if not others_shown:
                assert Position.parse(str(after)) == after, text
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
                assert len(new) == 1 and new[0].value == move.value and 1 <= move.value <= top
                assert new[0].owner == position.turn
                assert set(new[0].cards) == set(move.table_cards) | {move.card}
            else:
                assert move.card in after.loose and after.builds == position.builds

    run_on(values, check)


@pytest.mark.parametrize("values", SYSTEMS)
def test_the_52_cards_are_conserved_through_a_deal(values: str) -> None:
    """Playing on until the hands run out never loses, doubles or invents a card."""

    def check(position: Position, choices: list[int]) -> None:
        assert sorted(position.all_cards()) == sorted(FULL_DECK)
        for choice in choices:
            moves = position.legal_moves()
            if not moves:
                assert not position.hand
                break
            position = position.play(moves[choice % len(moves)])
            placed = list(position.all_cards())
            assert len(placed) == 52 and set(placed) == set(FULL_DECK)

    run_on(values, check, positions(values, whole_deck=True),
           st.lists(st.integers(0, 10**6), min_size=1, max_size=16))


@pytest.mark.parametrize("values", SYSTEMS)
def test_moves_are_distinct_effects(values: str) -> None:
    def check(position: Position) -> None:
        moves = position.legal_moves()
        assert len(moves) == len(effects(moves)) == len(set(moves))
        assert bool(moves) == bool(position.hand)  # R2: there is always a play while cards remain

    run_on(values, check)


@pytest.mark.parametrize("values", SYSTEMS)
def test_position_text_round_trips(values: str) -> None:
    def check(position: Position) -> None:
        assert Position.parse(str(position)) == position
        assert Position.parse(position.one_line()) == position
        assert "\n" not in position.one_line()
        assert hash(Position.parse(str(position))) == hash(position)

    run_on(values, check)


# ---------------------------------------------------------------------- attempts

@st.composite
def standard_attempts(draw: st.DrawFn) -> tuple[Position, str, Card, frozenset[Card], int | None]:
    """Attempts in the standard game: a legal move a quarter of the time, else a card (now and
    then one not held) with table cards (now and then one not there) and a build value."""
    position = draw(positions("standard"))
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


@st.composite
def royal_attempts(draw: st.DrawFn) -> tuple[Position, str, Card, frozenset[Card], int | None]:
    """Attempts under V7: a capture says no value, 1, 14 or the card's rank; builds to 16."""
    position = draw(positions("royal"))
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


def attempt_text(kind: str, card: Card, cards: frozenset[Card], value: int | None,
                 says_value: bool) -> str:
    """The attempt in notation; a capture names its value only when `says_value` (V7's ace)."""
    listed = " ".join(str(c) for c in sorted(cards))
    if kind == "trail":
        return f"trail {card}"
    if kind == "capture":
        said = f"{value}: " if says_value and value is not None else ""
        return f"{card} take {said}{listed}"
    return f"{card} build {value} {listed}"


def _matching(position: Position, kind: str, card: Card, cards: frozenset[Card],
              value: int | None) -> list:
    """The legal moves the attempt names: its value, or for a capture no value said, or an
    ace taking only aces as 1 or as 14 (the same effect)."""
    return [m for m in position.legal_moves()
            if m.kind == kind and m.card is card and m.table_cards == cards
            and (m.value == value or kind == "capture" and (
                value is None or value in (1, 14) and card.rank == 1 and not m.builds
                and all(c.rank == 1 for c in cards)))]


@pytest.mark.parametrize("values", SYSTEMS)
def test_an_attempt_is_accepted_exactly_when_legal(values: str) -> None:
    drawn = standard_attempts() if values == "standard" else royal_attempts()

    def check(attempt: tuple) -> None:
        position, kind, card, cards, value = attempt
        matching = _matching(position, kind, card, cards, value)
        assert len(matching) <= 1
        text = attempt_text(kind, card, cards, value, says_value=values == "royal")
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
            raise AssertionError(
                f"{text!r} was accepted but is not legal in {position.one_line()}")
        try:
            check_move(position, kind, card, cards, value)
        except IllegalMove as error:
            assert_specific(error, text, position)
        else:
            raise AssertionError(f"check_move accepted {text!r}")

    run_on(values, check, drawn, examples=ATTEMPTS[values])


def assert_specific(error: IllegalMove, text: str, position: Position) -> None:
    where = f"{text!r} in {position.one_line()}"
    assert error.rule in RULE_IDS, f"{where}: unknown rule id {error.rule!r}"
    assert (error.rule, error.reason) not in GENERIC, f"{where}: generic explanation"
    assert error.reason and not error.reason[0].islower() and error.reason.endswith("."), where
    assert "\n" not in error.reason, where
