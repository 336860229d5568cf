"""The card table's words for a screen reader, and its reading mode.

`spoken_table` is what the table's front end puts in the hand's, the table's and each build's
accessible name ("Your hand: seven of spades and three of clubs."; "Build of 8: five of clubs
and three of diamonds, yours"): the words are the core's (`core.spoken`), never the front
end's. `reading_reply` answers what a learner types in the reading box (`game.reading`): a
command read aloud, or a move in plain words, which the table then plays as a click would.
`ReadingBox` draws that box apart from its table: a lesson's stage shows it under the stage's
verdict, so the verdict sits right under the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, Union

import traitlets as t

from ..core.move import Move
from ..core.position import Position
from ..core.spoken import say_build, say_hand, say_table
from ._assets import asset
from .front_end import FrontEnd

if TYPE_CHECKING:
    from ..game.reading import Reply
    from .table import CardTable

__all__ = ["spoken_table", "reading_reply", "last_played", "ReadingBox"]

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


class ReadingBox(FrontEnd):
    """The reading mode's box drawn apart from its card table (made with `reading_box=False`):
    what is typed goes to the table followed (`follow`), whose message answers, as if typed in
    the table's own box. Hidden while it follows no table."""

    _esm = asset("table_a11y.js") + asset("reading_box.js")
    _css = asset("buttons.css") + asset("a11y.css")

    active = t.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table: "CardTable | None" = None
        self.on_msg(self._typed)

    def follow(self, table: "CardTable | None") -> None:
        """Pass what is typed to `table` from now on (None: the box is hidden)."""
        self.table = table
        self.active = table is not None

    def _typed(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "reading" and \
                self.table is not None:
            self.table.read_aloud(str(content.get("text", "")))
