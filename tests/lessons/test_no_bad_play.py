"""No goal stage (nor goal quiz item) teaches bad play, and a goal means its words.

Every move a goal stage accepts is valued by the expert's search (the moves compared side by
side on the same deals of the hidden cards, `compare_moves`, seed fixed; exact, by the solver,
where the stage gives every hand and no stock is left) and none may be clearly below the best
legal move: more than `MARGIN` expected round points. A stage that names a card of yours ("trail
your jack", "your 3 on the 5") accepts only moves that play that card.

How a stage's table is read as a moment of a game: the learner's seat is to move in a
two-player round (or the stage's players), partway through it, so the hidden cards are the
other hands (as many cards as the learner holds, unless given) and a stock; a Draw Casino stage
(V9) gives its stock, and the search plays from that very stock.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.move import Move
from cassino_learn.core.position import Position
from cassino_learn.game.observation import Observation
from cassino_learn.game.search import search
from cassino_learn.teaching import catalog
from cassino_learn.teaching.quiz import bank_path, load_bank
from cassino_learn.teaching.stages import Stage, load_stages

MARGIN = 0.5       # expected round points: "clearly below the best"
PER_MOVE = 200     # deals each legal move is played out on (paired: the same deals for all)
MOST = 2000        # iterations at most for one stage, whatever its number of moves
SEED = 0


def goal_stages():
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            if stage.kind == "goal":
                yield pytest.param(stage, id=f"{item.slug}:{stage.id}")


def goal_quiz_items():
    """The quiz banks' goal items, judged the same way (a quiz teaches as a stage does)."""
    for lesson in catalog.LESSONS:
        if bank_path(lesson.slug).exists():
            for item in load_bank(lesson.slug).items:
                if item.kind == "goal":
                    stage = Stage(id=item.id, kind="goal", say=item.prompt(), item=item,
                                  position=item.position)
                    yield pytest.param(stage, id=f"{lesson.slug}:quiz:{item.id}")


def observation(position: Position, stock: int) -> Observation:
    """The learner's view: their hand known, every other hand hidden unless the stage gives it."""
    seat = position.turn
    mine = len(position.hands[seat - 1] or ())
    sizes = tuple(mine if hand is None else len(hand) for hand in position.hands)
    return Observation(seat=seat, position=position.for_seat(seat), hand_sizes=sizes,
                       stock_size=stock, dealer=seat - 1 or position.players,
                       round_number=1, deal_number=2, deals_per_round=6,
                       scores=tuple((side, 0) for side in range(1, position.sides + 1)),
                       over=False)


@lru_cache(maxsize=None)
def values(stage: Stage) -> dict[Move, float]:
    """Each legal move of the stage's table, valued by the expert (expected round-point lead)."""
    position = stage.position
    moves = position.legal_moves()
    budget = min(MOST, PER_MOVE * len(moves))
    if all(hand is not None for hand in position.hands):  # every card of the round is placed
        stock = list(stage.stock)
        valued = search(observation(position, len(stock)), iterations=budget, seed=SEED,
                        paired=moves, world=(position, stock))
    else:
        hidden_hands = sum(1 for hand in position.hands if hand is None)
        hidden = hidden_hands * len(position.hand)
        stock = len(FULL_DECK) - len(set(position.all_cards())) - hidden
        valued = search(observation(position, stock), iterations=budget,
                        seed=f"paired|{SEED}", paired=moves)
    return {mv.move: mv.value for mv in valued}


@pytest.mark.parametrize("stage", [*goal_stages(), *goal_quiz_items()])
def test_no_accepted_move_is_clearly_below_the_best(stage):
    valued = values(stage)
    best_move = max(valued, key=valued.get)
    best = valued[best_move]
    accepted = stage.solutions()
    assert accepted
    bad = [f"{move} ({valued[move]:+.2f})" for move in accepted if best - valued[move] > MARGIN]
    assert not bad, (f"{stage.id} accepts {', '.join(bad)}, more than {MARGIN} round points "
                     f"below {best_move} ({best:+.2f})")


_SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_RANKS = {str(n): n for n in range(2, 11)}
_RANKS.update({"ace": 1, "jack": 11, "queen": 12, "king": 13, "two": 2, "three": 3,
               "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10})
_NAMED = re.compile(r"\b(?:trail|play|put) your (\w+)(?: of (spades|hearts|diamonds|clubs))?",
                    re.IGNORECASE)


def named_cards(stage: Stage) -> list[tuple[int, str | None]]:
    """The cards of the learner's hand that the stage's words tell them to play:
    "trail your jack", "put your 3 on the 5", "play your 8 as a set"."""
    named = []
    for word, suit in _NAMED.findall(stage.say):
        rank = _RANKS.get(word.lower())
        if rank is not None:
            named.append((rank, _SUITS.get(suit.lower()) if suit else None))
    return named


@pytest.mark.parametrize("stage", [p for p in [*goal_stages(), *goal_quiz_items()]
                                   if named_cards(p.values[0])])
def test_a_stage_that_names_your_card_accepts_only_that_card(stage):
    for rank, suit in named_cards(stage):
        held = [c for c in stage.position.hand if c.rank == rank and suit in (None, c.suit)]
        assert held, f"{stage.id}: the words name a card the hand does not hold"
        others = [str(m) for m in stage.solutions() if m.card not in held]
        assert not others, f"{stage.id} names your {rank}, yet accepts {', '.join(others)}"


def test_the_named_card_test_can_tell():
    """The lesson 4 stage that once read "trail your jack" but took any trail is refused."""
    from cassino_learn.teaching.stages import parse_stage

    loose = parse_stage({"id": "x", "kind": "goal", "say": "Trail your jack this time.",
                         "position": "table: 6H 4C; hand: 10S JD", "goal": "trail",
                         "hint": "h"})
    assert named_cards(loose) == [(11, None)]
    assert any(m.card.rank != 11 for m in loose.solutions())
