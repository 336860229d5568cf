"""A look at the legal moves that stays quick on any table: how many there are and the first
few, with a sentence that says so. A pasted table can have millions of legal moves; widgets
show this instead of a list.

    >>> from cassino_learn import Position
    >>> listing = first_moves(Position.parse("table: 5D 2C 4H; hand: 7S 3D"), first=2)
    >>> listing.sentence("legal move")
    '5 legal moves; the first 2:'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Callable

from .move import Move
from .movegen import _count_moves, _iter_moves
from .position import Position
from .words import plural

__all__ = ["MoveListing", "first_moves"]

COUNT_LIMIT = 10_000_000  # beyond this the count says "more than"


@dataclass(frozen=True)
class MoveListing:
    moves: tuple[Move, ...]  # the first moves, in the order `_iter_moves` gives them
    count: int               # how many there are (at least this many when `more` is set)
    more: bool = False       # the count stopped at its limit: there are more than `count`

    @property
    def complete(self) -> bool:
        """Whether `moves` holds every move."""
        return not self.more and len(self.moves) == self.count

    def sentence(self, word: str = "legal move") -> str:
        """"3 legal moves:", "1,090,781 legal moves; the first 20:", "More than ... ;"."""
        if self.count == 0:
            return f"No {plural(2, word)}."
        amount = f"More than {self.count:,}" if self.more else f"{self.count:,}"
        head = f"{amount} {plural(2 if self.more else self.count, word)}"
        if self.complete:
            return f"{head}:"
        return f"{head}; the first {len(self.moves)}:"


def first_moves(position: Position, first: int = 20, limit: int = COUNT_LIMIT,
                keep: Callable[[Move], bool] | None = None) -> MoveListing:
    """The first `first` legal moves (those `keep` accepts) and how many there are, counted up
    to `limit`; never builds the list of all moves."""
    if keep is None:
        shown = tuple(islice(_iter_moves(position), first))
        total = _count_moves(position, limit)
        return MoveListing(shown, min(total, limit), total > limit)
    chosen: list[Move] = []
    total = 0
    for move in _iter_moves(position):
        if keep(move):
            total += 1
            if len(chosen) < first:
                chosen.append(move)
            if total > limit:
                return MoveListing(tuple(chosen), limit, True)
    return MoveListing(tuple(chosen), total)
