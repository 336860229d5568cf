"""Hints for learners: the moves worth considering in a position, each with why.

    >>> from cassino_learn import Position
    >>> from cassino_learn.game.hints import hints
    >>> h = hints(Position.parse("table: 5D 3C 6H 2S; hand: 8S 4D"))[0]
    >>> h.move_text, h.sweep
    ('8S take 2S+6H 3C+5D', True)
    >>> h.words.split(". ")[:2]
    ['This move uses your 8 of spades to take 4 cards', 'Among them is Little Casino (the 2 of spades)']

Each `Hint` is data (cards and points taken, sweep, build kept safe or not, the best reply it
leaves the next player) plus `words`, a few short sentences for the learner (`coach_words`,
the review's words too): what the move does, what it risks, and from a game in play the points
the learner would likely be ahead at the round's end. The facts come from the engine
(`cassino_learn.game.assess`), so a hint never decides a rule itself.

The order: from an `Observation` (a game in play), the coach's search (`coach.coach_values`, the
expert's search at its own budget and seed, in round points; the review measures moves against
the same first move). From a bare `Position` (no hand sizes or stock known) the greedy
player's measure orders them, without points ahead.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card
from ..core.move import BUILD, Move
from ..core.movegen import legal_moves
from ..core.position import Position
from .assess import Assessment, assess_all, unknown_cards
from .coach import coach_values
from .coach_words import Who, hint_text, hint_words
from .move_facts import facts_of
from .observation import Observation

__all__ = ["Hint", "hints"]


@dataclass(frozen=True)
class Hint:
    move: Move
    move_text: str
    kind: str
    cards_taken: int            # captured cards, the played card included
    points_taken: int           # K1 points among them (casinos and aces)
    spades_taken: int
    sweep: bool
    build_value: int | None     # the value of the build made or changed
    build_safe: bool | None     # no card the next player might hold can take that build
    reply: str | None           # the next player's most dangerous capture it leaves, in notation
    reply_chance: float         # how likely they hold the card for it
    score: float                # the greedy measure: worth taken or kept, less the danger
    text: str                   # "<move_text>: <words>"
    expected: float | None = None  # points likely ahead at the round's end (the search's)
    words: str = ""             # the why in sentences, without the move's notation

    def __str__(self) -> str:
        return self.text


def _hint(a: Assessment, value: float | None = None) -> Hint:
    move = a.move
    facts = facts_of(a, 0.0 if value is None else value)
    threat = facts.top_threat
    position = move.position
    assert position is not None  # an assessed move is a listed one
    words = hint_words(facts, Who.next_after(position, position.turn), value)
    return Hint(
        move=move, move_text=str(move), kind=move.kind, cards_taken=len(a.taken),
        points_taken=a.points, spades_taken=facts.spades, sweep=a.sweep,
        build_value=move.value if move.kind == BUILD else None, build_safe=facts.build_safe,
        reply=str(threat.move) if threat else None,
        reply_chance=threat.chance if threat else 0.0, score=round(a.score, 3),
        text=hint_text(facts, words), expected=value, words=words)


def hints(where: Position | Observation, limit: int = 4, *, expert: bool = True,
          iterations: int | None = None) -> list[Hint]:
    """The `limit` moves most worth considering for the player to move, best first.

    `where` is the mover's Position (other hands unknown) or an Observation of the seat to move
    (which also tells the next player's hand size and the stock); from an Observation the
    coach's search orders them (unless `expert` is False; `iterations`: a smaller budget than
    the expert's, for tests), else the greedy measure.
    """
    if isinstance(where, Observation):
        if not where.my_turn:
            raise ValueError(f"hints are for the seat to move: seat {where.turn}, "
                             f"not seat {where.seat}")
        position = where.position
        unknown: list[Card] = sorted(where.unseen)
        nxt = position.next_seat()
        next_size: int | None = where.hand_sizes[nxt - 1]
        stock = where.stock_size
    else:
        position = where
        if not position.hand:
            raise ValueError("hints need the hand of the player to move")
        unknown = unknown_cards(position, position.turn)
        next_size, stock = None, 0
    moves = legal_moves(position)
    ranked = assess_all(position, moves, unknown, next_size, stock)
    if not (expert and isinstance(where, Observation) and len(moves) > 1):
        return [_hint(a) for a in ranked[:max(1, limit)]]
    values = coach_values(where, iterations)  # the review measures against the same first move
    assessed = {a.move: a for a in ranked}
    return [_hint(assessed[v.move], v.value) for v in values[:max(1, limit)]]
