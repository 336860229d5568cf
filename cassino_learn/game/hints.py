"""Hints for learners: the moves worth considering in a position, each with why.

    >>> from cassino_learn import Position
    >>> from cassino_learn.game.hints import hints
    >>> h = hints(Position.parse("table: 5D 3C 6H 2S; hand: 8S 4D"))[0]
    >>> h.move_text, h.sweep
    ('8S take 2S+6H 3C+5D', True)

Each `Hint` is data (cards and points taken, sweep, build kept safe or not, the best reply it
leaves the next player) plus `text`, one sentence for the learner; the why comes from the
engine's facts (`cassino_learn.game.assess`), so a hint never decides a rule itself.

The order: from an `Observation` (a game in play), the expert's (`ExpertPlayer.values`, at its
own budget and seed, so the first hint is the move `make_player("expert")` plays),
each hint with the expected lead in round points the search found. From a bare `Position`
(no hand sizes or stock known) the greedy player's measure orders them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..core.cards import RANK_NAMES, Card, format_cards
from ..core.movegen import BUILD, CAPTURE, Move, legal_moves
from ..core.position import Position
from ..core.rules import Rules
from .assess import Assessment, assess_all, unknown_cards
from .observation import Observation
from .scoring import card_points

__all__ = ["Hint", "hints"]

LIKELY = 0.5  # a reply the next player holds the card for at least this often is "likely"


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
    text: str
    expected: float | None = None  # the expert's expected round-point lead after it

    def __str__(self) -> str:
        return self.text


def _points_words(cards: Sequence[Card], rules: Rules) -> str:
    named = [c.name for c in cards if card_points(c, rules)]
    return ", ".join(named)


def _hint(a: Assessment) -> Hint:
    move = a.move
    text_move = str(move)
    threat = a.threats[0] if a.threats else None
    build_safe: bool | None = None
    if move.kind == BUILD:
        build_safe = not any(move.card in t.move.table_cards for t in a.threats)
    parts: list[str] = []
    if move.kind == CAPTURE:
        what = f"takes {len(a.taken)} cards"
        worth = _points_words(a.taken, move.position.rules)
        if worth:
            what += f" worth points ({worth})"
        spades = sum(1 for c in a.taken if c.suit == "S")
        if spades:
            what += f", {spades} spade{'s' if spades > 1 else ''}"
        parts.append(what)
        if a.sweep:
            parts.append("clears the table for a sweep")
    elif move.kind == BUILD:
        parts.append(f"builds {move.value} to capture next turn"
                     + (" and no card they may hold can take it" if build_safe
                        else ", though the next player might take it"))
    else:
        parts.append(f"puts {move.card} on the table"
                     + (f" ({move.card.name}, a card worth points)"
                        if card_points(move.card, move.position.rules) else ""))
    if threat is None:
        parts.append("leaves nothing the next player can take")
    else:
        chance = "likely" if threat.chance >= LIKELY else "possible"
        taken = sorted(threat.move.table_cards)
        rank = RANK_NAMES[threat.card.rank - 1]
        article = "an" if rank[0] in "ae" else "a"
        parts.append(f"leaves {format_cards(taken)} for {article} {rank} "
                     f"({chance}, {round(threat.chance * 100)}%)")
    text = f"{text_move}: " + "; ".join(parts) + "."
    return Hint(
        move=move, move_text=text_move, kind=move.kind, cards_taken=len(a.taken),
        points_taken=a.points, spades_taken=sum(1 for c in a.taken if c.suit == "S"),
        sweep=a.sweep, build_value=move.value if move.kind == BUILD else None,
        build_safe=build_safe, reply=str(threat.move) if threat else None,
        reply_chance=threat.chance if threat else 0.0, score=round(a.score, 3), text=text)


def hints(where: Position | Observation, limit: int = 4, *, expert: bool = True
          ) -> list[Hint]:
    """The `limit` moves most worth considering for the player to move, best first.

    `where` is the mover's Position (other hands unknown) or an Observation of the seat to move
    (which also tells the next player's hand size and the stock); from an Observation the
    expert's search orders them (unless `expert` is False), else the greedy measure.
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
    from .expert import ExpertPlayer

    values = ExpertPlayer().values(where)  # its budget and seed: the first hint is its move
    assessed = {a.move: a for a in ranked}
    return [_expert_hint(assessed[v.move], v.value) for v in values[:max(1, limit)]]


def _expert_hint(assessment: Assessment, value: float) -> Hint:
    hint = _hint(assessment)
    lead = f"{value:+.1f}".replace("-", "\u2212")
    return replace(hint, expected=value,
                   text=f"{hint.text[:-1]}; expected lead at the round's end: {lead} points.")
