"""The card table's words for a screen reader, and its reading mode.

`spoken_table` is what the table's front end puts in the hand's, the table's and each build's
accessible name ("Your hand: seven of spades and three of clubs."; "Build of 8: five of clubs
and three of diamonds, yours"): the words are the core's (`core.spoken`), never the front
end's. `reading_reply` answers what a learner types in the reading box (`game.reading`): a
command read aloud, or a move in plain words, which the table then plays as a click would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, Union

from ..core.move import Move
from ..core.position import Position
from ..core.spoken import say_build, say_hand, say_table

if TYPE_CHECKING:
    from ..game.reading import Reply

__all__ = ["spoken_table", "reading_reply", "last_played"]

Recent = Sequence[Union[str, tuple[int, Move]]]


def spoken_table(position: Position, seat: int) -> dict:
    """The words of the hand, the table and each build (in the table's order) seen from `seat`,
    as the front end labels them."""
    builds = [say_build(build, position, seat) for build in position.builds]
    return {"hand": say_hand(position, seat), "table": say_table(position, seat),
            "builds": [words[:1].upper() + words[1:] for words in builds]}


def last_played(recent: Recent) -> Move | None:
    """The last move in the table's list of recent moves (sentences skipped), or None."""
    for entry in reversed(recent):
        if not isinstance(entry, str):
            return entry[1]
    return None


def reading_reply(words: str, seen: Any, seat: int, recent: Recent, can_act: bool) -> "Reply":
    """The reading mode's answer to `words` typed at a table: `seen` is the seat's view (an
    Observation) or the Game it is taken from; a move is named only where the learner may move
    now. (The game is imported on first use, as the table's own driver is.)"""
    from ..game.reading import Reply, answer

    view = seen.observation(seat) if hasattr(seen, "observation") else seen
    reply = answer(words, view, last_played(recent))
    if reply.move is not None and not can_act:
        return Reply("You cannot move on this table now.", urgent=True)
    return reply
