"""Whose turn it is at the card table, as the learner there sees it: from which seat the table
is seen, who may move, which seats sit at it, who is named "You", and the turn line.

Plain Python, no widget: the card table (`ui.table`) calls it. The turn itself is the
position's (`Position.turn`, kept by `game.match.Game`); this module only decides what the
learner is shown of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.position import Position

__all__ = ["Seating", "absent_seats", "no_hand_words"]


def absent_seats(position: Position, viewer: int, *, mover: bool = True) -> list[int]:
    """Seats with nothing on the table to show: no hand given, no build, no pile, no sweep,
    not to move (e.g. a one-player exercise "table: 5C; hand: 3D 8S"). The table says nothing
    about them; an opponent whose hand is merely hidden is still shown. `mover=False`: being
    the seat to move is not enough to be shown (the turn passing on after the learner's move
    on a table where they are alone)."""
    owners = {build.owner for build in position.builds}
    if None in owners or position.partners:  # someone else owns a build: they are here
        return []
    return [seat for seat in range(1, position.players + 1)
            if seat != viewer and (seat != position.turn or not mover)
            and position.hands[seat - 1] is None
            and seat not in owners
            and not position.piles[seat - 1] and not position.sweeps[seat - 1]]


def no_hand_words(seat: int) -> str:
    """What to say when `seat` is to move at a table that does not give its hand."""
    return f"Seat {seat} has no cards here: give the position a 'hand {seat}:' line to play on."


@dataclass(frozen=True)
class Seating:
    """Where the learner sits: at `seat`, or (`all_seats`) at every seat in turn, as a teacher
    at the front plays both sides."""

    seat: int
    all_seats: bool = False

    def viewer(self, position: Position) -> int:
        """The seat the table is seen from: the learner's, or the seat to move."""
        return position.turn if self.all_seats else self.seat

    def who(self, seat: int) -> str:
        """How a seat is named in what happened: "You" for the learner's own."""
        return "You" if seat == self.seat and not self.all_seats else f"Seat {seat}"

    def can_move(self, position: Position, playing: bool) -> bool:
        """Whether the learner may move now: at play, their turn, with cards in hand."""
        return (playing and position.turn == self.viewer(position)
                and bool(position.hands[position.turn - 1]))

    def others_to_move(self, position: Position) -> bool:
        """Whether another seat is to move (an opponent answers, if the table has one)."""
        return position.turn != self.viewer(position)

    def alone_at(self, position: Position) -> bool:
        """Whether the learner is alone at the table in `position` (no other seat to show):
        the table then stays theirs alone when the turn passes on after their move."""
        return len(absent_seats(position, self.viewer(position))) == position.players - 1

    def absent(self, position: Position, *, was_alone: bool) -> list[int]:
        """The seats the table leaves out in `position`; a learner alone at the table when it
        was set (`was_alone`) stays alone when the turn passes on after their move."""
        return absent_seats(position, self.viewer(position), mover=not was_alone)

    def turn_line(self, position: Position, *, playing: bool, can_move: bool, alone: bool,
                  finished: str = "") -> str:
        """The turn line: whose move it is, as the learner at this table sees it (no seat
        numbers when they are alone at the table); `finished` replaces it once play is over."""
        if finished:
            return finished
        turn = position.turn
        if self.all_seats and playing:
            hand = "" if position.hand else ": no cards in that hand (add a hand line)"
            return f"Seat {turn} to move (you play every seat){hand}"
        if turn == self.seat:
            if can_move:
                return "Your move" if alone else f"Your move (seat {turn})"
            if playing and not position.hand:
                return f"Seat {turn} to move (you): no cards left"
            return f"Seat {turn} to move (you)"
        return "You have played" if alone else f"Seat {turn} to move"
