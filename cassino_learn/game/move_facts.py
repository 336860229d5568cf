"""The facts of one move, as the engine computed them: what it takes (cards, points, spades, a
sweep, builds), the build it makes, and what it leaves within the next player's reach with the
chance they hold the card (`assess`). Data only: the hints and the review judge with them, and
`coach_words` puts them into words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.build import Build
from ..core.cards import Card
from ..core.move import BUILD, CAPTURE, Move
from ..core.movegen import apply_move
from ..core.position import Position
from .assess import Assessment, Threat, assess
from .observation import Observation

__all__ = ["MoveFacts", "move_facts", "facts_of"]


@dataclass(frozen=True)
class MoveFacts:
    """What a move does, as the engine computed it, for the why."""

    move: Move
    text: str
    value: float                   # points likely ahead at the round's end after it
    taken: tuple[Card, ...]        # captured, the played card included (captures only)
    points: int                    # round points among them (card_points, K1 or V8)
    spades: int
    sweep: bool                    # a sweep that scores (W1; not under V2)
    builds_taken: tuple[Build, ...]
    build: int | None              # the value of the build made, raised or added to
    threats: tuple[Threat, ...]    # what it leaves the next player, most dangerous first
    next_seat: int
    held: frozenset[int] = frozenset()  # capture values the next seat surely holds (its builds)

    @property
    def position(self) -> Position:
        """The position the move was played from (facts are made of generated moves only)."""
        position = self.move.position
        assert position is not None, f"facts of a hand-made move {self.move}"
        return position

    @property
    def top_threat(self) -> Threat | None:
        return self.threats[0] if self.threats else None

    @property
    def build_safe(self) -> bool | None:
        """A build made or changed that no card the next player might hold can take (None: the
        move is not a build)."""
        if self.move.kind != BUILD:
            return None
        return not any(self.move.card in t.move.table_cards for t in self.threats)


def move_facts(observation: Observation, move: Move, value: float) -> MoveFacts:
    """The facts of `move` played from `observation`: what it takes, and what it leaves the
    next player (their hand size and the unseen cards as the observer knows them)."""
    position = observation.position
    nxt = position.next_seat(observation.seat)
    judged = assess(position, move, sorted(observation.unseen), observation.hand_sizes[nxt - 1],
                    observation.stock_size)
    return facts_of(judged, value)


def facts_of(judged: Assessment, value: float) -> MoveFacts:
    """The facts of an assessed move (`assess`), a build's owner holding its value."""
    move = judged.move
    position = move.position
    assert position is not None  # an assessed move is a listed one
    nxt = position.next_seat(position.turn)
    rules = position.rules
    held = _values_held(apply_move(position, move), nxt)
    threats = tuple(sorted((replace(t, chance=1.0) if t.move.value in held else t
                            for t in judged.threats),
                           key=lambda t: (-t.gain * t.chance, -t.gain)))
    return MoveFacts(
        move=move, text=str(move), value=value, taken=judged.taken,
        points=sum(rules.card_points(c) for c in judged.taken),
        spades=sum(1 for c in judged.taken if c.suit == "S"), sweep=judged.sweep,
        builds_taken=move.builds if move.kind == CAPTURE else (),
        build=move.value if move.kind == BUILD else None, threats=threats, next_seat=nxt,
        held=frozenset(held))


def _values_held(after: Position, seat: int) -> set[int]:
    """The capture values `seat` surely holds a card of in `after`: those of the builds it
    owns (B2, O2: an owner keeps a card of its build's value while the build stands). Not in
    partnerships, where a partner's build lets a player build without one (B9)."""
    if after.partners:
        return set()
    return {b.value for b in after.builds if b.owner == seat}
