"""The card table widget: a position drawn as cards that a learner plays on by click or key.

Python owns every decision. The front end (widgets/table.js) only reports what the learner
selected and which offered action they pressed; this class asks the rules core which moves that
selection allows, plays the chosen one, or shows the core's reason and rule id for an illegal try.
"""

from __future__ import annotations

import html as _html
import re
from typing import Any, Callable, Sequence, Union

import anywidget
import traitlets as t

from ..core.build import Build
from ..core.cards import Card, CardError
from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..core.move import BUILD, CAPTURE, TRAIL, Move
from ..core.movegen import extensions, moves_with
from ..core.numbers import looks_like_number, read_number
from ..core.position import Position, check_move
from ..core.words import count, played
from ..drawing.render import TABLE_CSS, move_html, position_html
from ..teaching import progress
from ._assets import asset

__all__ = ["CardTable", "MODES", "CARD_SIZES", "played_words", "absent_seats"]

MODES = ("play", "watch", "demo")
from ..teaching.progress import CARD_SIZES
MoveCallback = Callable[[Move, Position], Any]
Opponent = Callable[[Position], "Move | str"]
Played = Union[tuple[int, Move], str]
"""One entry of what happened since the learner last moved: (seat, move) or a sentence."""
_TURN_LINE = re.compile(r'(<strong class="cl-turn"[^>]*>)(.*?)(</strong>)')


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


def _as_stock(value: "Sequence[Card | str] | None", position: Position
              ) -> tuple[Card, ...] | None:
    """A stock read as cards (top first), checked against the cards of `position`."""
    if value is None:
        return None
    if isinstance(value, str):
        raise TypeError("stock: give a list of cards (top first), not one string")
    cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in value)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise ValueError(f"stock: {card} is in it twice")
        seen.add(card)
    placed = seen.intersection(position.all_cards())
    if placed:
        raise ValueError(f"stock: {sorted(placed)[0]} is already in the position")
    return cards


def _as_position(value: "Position | str") -> Position:
    if isinstance(value, Position):
        return value
    if isinstance(value, str):
        return Position.parse(value)
    raise PositionError(f"a position must be a Position or its text, not {type(value).__name__}")


def played_words(who: str, move: Move) -> str:
    """"Seat 1 played the seven of spades to take 2C + 5D. (7S take 2C+5D)"."""
    return played(who, move)


def _action_label(move: Move) -> str:
    if move.kind == CAPTURE:
        return "Take"
    if move.kind == BUILD:
        return f"Build {move.value}"
    return "Trail"


class CardTable(anywidget.AnyWidget):
    """A clickable card table for one position, seen from one seat.

    >>> table = CardTable("table: 5D 2C; hand: 7S 3D")          # doctest: +SKIP
    >>> table.on_move(lambda move, position: print(move))        # doctest: +SKIP

    Modes: "play" (the learner moves; an optional `opponent` answers for the other seats),
    "watch" (read only; set `.position` from Python to follow a game) and "demo" (step through
    scripted moves with captions, see `CardTable.demo`). `four_color` colours the four suits
    apart; left as None, the table follows the learner's stored setting (progress preferences)
    and reads it again whenever it is shown, while True or False fixes it; `card_size` likewise
    ("normal", "large", "projector"; cards also scale with the table's width). `seat` is the
    learner's seat (default: the seat to move at the start); it stays theirs after every move,
    and the other seats' moves are shown as the opponents'. `all_seats=True` lets one person
    play every seat in turn (a teacher at the front), seen from the seat to move with every hand
    face up unless `reveal=False`. `reveal` shows the other hands face up (default: only in
    demo mode and with `all_seats`). The moves since the learner last moved stay marked on the
    table and listed under it until the next move.

    `stock` (cards, top first) is a Draw Casino stock (V9), drawn face down beside the table
    with its count: under `rules: deal=draw` the player who played draws its top card after
    every move made on this table (by `game.dealing.draw_card`, as a Game does).
    """

    _esm = asset("table.js")
    _css = TABLE_CSS + asset("buttons.css") + asset("table.css")

    mode = t.Unicode("play").tag(sync=True)
    four_color = t.Bool(False).tag(sync=True)
    position_text = t.Unicode("").tag(sync=True)
    table_html = t.Unicode("").tag(sync=True)
    can_act = t.Bool(False).tag(sync=True)
    selected_card = t.Unicode("").tag(sync=True)
    selected_table = t.List(t.Unicode()).tag(sync=True)
    usable_cards = t.List(t.Unicode()).tag(sync=True)
    usable_builds = t.List(t.Int()).tag(sync=True)
    actions = t.List(t.Dict()).tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    message_kind = t.Unicode("info").tag(sync=True)
    rule = t.Unicode("").tag(sync=True)
    last_move = t.Unicode("").tag(sync=True)
    move_box = t.Bool(True).tag(sync=True)
    demo_index = t.Int(0).tag(sync=True)
    demo_length = t.Int(0).tag(sync=True)
    caption = t.Unicode("").tag(sync=True)
    turn_text = t.Unicode("").tag(sync=True)
    last_moves = t.List(t.Dict()).tag(sync=True)
    recent_html = t.Unicode("").tag(sync=True)
    card_size = t.Unicode("normal").tag(sync=True)

    def __init__(self, position: "Position | str", mode: str = "play",
                 four_color: bool | None = None,
                 *, seat: int | None = None, opponent: "Opponent | Any | None" = None,
                 reveal: bool | None = None, move_box: bool = True, all_seats: bool = False,
                 card_size: str | None = None,
                 stock: "Sequence[Card | str] | None" = None, **kwargs: Any) -> None:
        start = _as_position(position)
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if seat is not None and not 1 <= seat <= start.players:
            raise ValueError(f"seat must be 1 to {start.players}, not {seat}")
        if opponent is not None and not (callable(opponent) or hasattr(opponent, "choose")):
            raise TypeError("opponent must be a callable position -> move, or have .choose()")
        if all_seats and opponent is not None:
            raise ValueError("all_seats means one person plays every seat: give no opponent")
        if card_size is not None and card_size not in CARD_SIZES:
            raise ValueError(f"card_size must be one of {', '.join(CARD_SIZES)}, "
                             f"not {card_size!r}")
        self._position = start
        self._stock = _as_stock(stock, start)
        self._drawn: Card | None = None  # the card the learner has just drawn from the stock
        self._hand_sizes: tuple[int, ...] | None = None
        self._seat = seat if seat is not None else start.turn
        self._all_seats = all_seats
        self._solo = self._alone_at(start)
        self._finished = ""
        self._recent: list[Played] = []
        self._opponent = opponent
        self._reveal = reveal
        self._callbacks: list[MoveCallback] = []
        self._demo: list[tuple[Position, Move | None, str]] = []
        self._updating = False
        self._follows_setting = four_color is None
        self._follows_size = card_size is None
        if four_color is None:
            four_color = progress.preference("four_color")
        if card_size is None:
            card_size = progress.preference("card_size")
        self._reading_setting = True  # the colours given here are not a later change from code
        super().__init__(mode=mode, four_color=four_color, move_box=move_box,
                         card_size=card_size, **kwargs)
        self._reading_setting = False
        # Cards are sized from the table's own width (CSS container units), so the table must
        # take the width of whatever holds it: a box laid out as a row would otherwise shrink
        # it to nothing.
        self.layout.width = "100%"
        self.on_msg(self._on_front_end_message)
        self._show(start)

    # ------------------------------------------------------------------ public API

    @property
    def position(self) -> Position:
        """The position on the table. Set it to a Position or its text; a text that cannot be
        read raises `PositionError` and leaves the table as it was."""
        return self._position

    @position.setter
    def position(self, value: "Position | str") -> None:
        position = _as_position(value)  # first: a text that cannot be read changes nothing
        self._finished = ""
        self._recent = []
        self._drawn = None
        self._hand_sizes = None
        self._solo = self._alone_at(position)
        self._show(position)
        self.last_move = ""
        self._say("", "info")

    @property
    def stock(self) -> tuple[Card, ...] | None:
        """The Draw Casino stock, top first (None: no stock on this table). Set it to cards or
        their texts; a card twice, or one the position already places, raises ValueError."""
        return self._stock

    @stock.setter
    def stock(self, value: "Sequence[Card | str] | None") -> None:
        self._stock = _as_stock(value, self._position)
        self._show(self._position)

    @property
    def hand_sizes(self) -> tuple[int, ...] | None:
        """How many cards each seat holds, for hands the position hides (a game shows what a
        player may see: their own hand, and the number of cards in the others). Cleared when a
        new `position` is set."""
        return self._hand_sizes

    @hand_sizes.setter
    def hand_sizes(self, value: Sequence[int] | None) -> None:
        if value is not None:
            value = tuple(value)
            if len(value) != self._position.players or not all(
                    isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value):
                raise ValueError(f"hand_sizes: give {self._position.players} counts of 0 or "
                                 f"more, one a seat, not {value!r}")
        self._hand_sizes = value
        self._show(self._position)

    @property
    def seat(self) -> int:
        """The learner's seat: the hand shown face up at the bottom (with `all_seats`, the
        seat to move)."""
        return self._viewer(self._position)

    def show_moves(self, position: "Position | str", played: Sequence[Played],
                   message: str = "") -> None:
        """Show `position`, reached by `played` (what happened since the learner last moved:
        (seat, Move) pairs and sentences such as who took the last cards). The moves are marked
        on the table and listed under it until the next move; `message` is announced."""
        after = _as_position(position)
        for entry in played:
            if not (isinstance(entry, str) or (isinstance(entry, tuple) and len(entry) == 2
                                               and isinstance(entry[1], Move))):
                raise ValueError(f"played: give (seat, Move) pairs or sentences, not {entry!r}")
        self._finished = ""
        self._recent = list(played)
        self._solo = self._alone_at(after)
        if self._drawn not in (after.hands[self._seat - 1] or ()) or \
                any(isinstance(entry, str) for entry in played):
            self._drawn = None  # the card drawn stays marked until the table moves on
        self._show(after)
        moves = [entry for entry in played if not isinstance(entry, str)]
        self.last_move = str(moves[-1][1]) if moves else ""
        self._say(message, "move" if message else "info")

    def resume(self) -> None:
        """Let the opponent move if the table shows its turn (e.g. after a new position)."""
        self._let_opponent_play(self.message if self.message_kind == "move" else "")

    def finish(self, text: str) -> None:
        """The play is over here (e.g. "Match over: you win, 11 to 7"): the turn line says
        `text` and no one can move until a new position is shown."""
        self._finished = str(text)
        self._show(self._position)

    def on_move(self, callback: MoveCallback) -> MoveCallback:
        """Call `callback(move, new_position)` after every move played on this table (the
        learner's and the opponent's). Returns the callback, so it works as a decorator."""
        if not callable(callback):
            raise TypeError("on_move needs a callable taking (move, position)")
        self._callbacks.append(callback)
        return callback

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the table ("info", "move" or "error"), e.g. what the other
        players did; the next move or position replaces it."""
        if kind not in ("info", "move", "error"):
            raise ValueError(f"kind must be info, move or error, not {kind!r}")
        self._say(text, kind)

    def select(self, card: "Card | str | None" = None,
               *table: "Card | str | int | Build") -> None:
        """Select a hand card and table cards as the front end does (an int or a Build selects
        a whole build). `select()` clears the selection."""
        cards: list[str] = []
        for item in table:
            if isinstance(item, int):
                item = self._position.builds[item]
            if isinstance(item, Build):
                cards.extend(str(c) for c in item.cards)
            else:
                cards.append(str(item if isinstance(item, Card) else Card.parse(item)))
        hand_card = "" if card is None else str(card if isinstance(card, Card)
                                                else Card.parse(card))
        self.set_state({"selected_card": hand_card, "selected_table": cards})

    def submit(self, action: str | None = None) -> Move | None:
        """Press an offered action by its label ("Take", "Build 8", "Trail", "Try take"), or the
        only one offered when `action` is None. "take", "trail" and "build N" that are not
        offered are tried anyway, and the core's reason is shown. Returns the move played."""
        if action is None:
            if len(self.actions) != 1:
                labels = ", ".join(a["label"] for a in self.actions) or "none"
                raise ValueError(f"say which action to press; offered: {labels}")
            return self._press(0)
        wanted = action.strip().lower()
        for index, offered in enumerate(self.actions):
            if offered["label"].lower() == wanted:
                return self._press(index)
        words = wanted.removeprefix("try ").split()
        if words[:1] == ["take"]:
            return self._try(CAPTURE, None)
        if words[:1] == ["trail"]:
            return self._try(TRAIL, None)
        if words[:1] == ["build"] and len(words) == 2 and looks_like_number(words[1]):
            return self._try(BUILD, read_number(words[1], what="build value",
                                                where=repr(action), max_digits=2))
        labels = ", ".join(a["label"] for a in self.actions) or "none"
        raise ValueError(f"{action!r} is not an action here; offered: {labels}")

    def play(self, text: str) -> Move | None:
        """Play a move typed in notation, as in the move box; an illegal or unreadable move
        shows its reason and changes nothing. Returns the move played."""
        if not self.can_act:
            self._say("It is not your move here.", "error")
            return None
        try:
            move = self._position.parse_move(text)
        except (IllegalMove, MoveSyntaxError) as error:
            self._fail(error)
            return None
        return self._play(move)

    # ------------------------------------------------------------------ demonstrations

    @classmethod
    def demo(cls, position: "Position | str", steps: Sequence[tuple[str, str]], *,
             intro: str = "", four_color: bool | None = None, **kwargs: Any) -> "CardTable":
        """A demonstration: the table steps forward and back through `steps`, a list of
        (move text, caption). Every move is checked first; an illegal one raises, naming its step."""
        here = _as_position(position)
        script: list[tuple[Position, Move | None, str]] = [(here, None, intro)]
        for number, step in enumerate(steps, 1):
            if not (isinstance(step, (tuple, list)) and len(step) == 2):
                raise ValueError(f"step {number}: give (move text, caption), not {step!r}")
            text, caption = step
            try:
                move = here.parse_move(text)
            except IllegalMove as error:
                raise IllegalMove(f"step {number} ({text!r}): {error.reason}", error.rule,
                                  text) from None
            except MoveSyntaxError as error:
                raise MoveSyntaxError(f"step {number}: {error}") from None
            here = here.play(move)
            script.append((here, move, str(caption)))
        table = cls(script[0][0], mode="demo", four_color=four_color, **kwargs)
        table._demo = script
        table.demo_length = len(steps)
        table.go(0)
        return table

    def follow_setting(self) -> None:
        """Colour the suits as the learner's stored setting says (read afresh); redraws only if
        that changes the colours. Called whenever the front end shows the table, so a table made
        in a kernel that ran before the learner changed the setting still follows it. A table
        given an explicit `four_color` keeps it."""
        self._reading_setting = True
        try:
            if self._follows_setting:
                self.four_color = progress.preference("four_color")
            if self._follows_size:
                self.card_size = progress.preference("card_size")
        finally:
            self._reading_setting = False

    def forward(self) -> None:
        """Demo: show the next step."""
        self.go(self.demo_index + 1)

    def back(self) -> None:
        """Demo: show the previous step."""
        self.go(self.demo_index - 1)

    def go(self, index: int) -> None:
        """Demo: show the position after `index` steps (0 is the start)."""
        if not self._demo:
            raise ValueError("this table has no demonstration steps (use CardTable.demo)")
        index = max(0, min(index, len(self._demo) - 1))
        position, move, caption = self._demo[index]
        before = self._demo[index - 1][0] if index else position
        self._recent = [(before.turn, move)] if move else []
        self._show(position)
        self.demo_index = index
        self.caption = caption
        self.last_move = str(move) if move else ""
        total = len(self._demo) - 1
        if move is None:
            self._say("" if caption else f"Start of the demonstration ({count(total, 'step')}).",
                      "info")
        elif caption:
            self._say("", "move")  # the caption, above the table, is the play's one description
        else:
            self._say(f"Step {index} of {total}: " + played_words(f"Seat {before.turn}", move), "move")

    # ------------------------------------------------------------------ front end

    def _on_front_end_message(self, _widget: Any, content: dict, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "action":
            index = content.get("index")
            if isinstance(index, int) and 0 <= index < len(self.actions):
                self._press(index)
        elif kind == "move_text":
            self.play(str(content.get("text", "")))
        elif kind == "demo" and self._demo:
            if "to" in content:
                self.go(int(content["to"]))
            else:
                self.go(self.demo_index + (1 if content.get("step", 1) > 0 else -1))
        elif kind == "clear":
            self.select()
        elif kind == "shown":
            self.follow_setting()

    @t.validate("mode")
    def _check_mode(self, proposal: dict) -> str:
        if proposal["value"] not in MODES:
            raise t.TraitError(f"mode must be one of {', '.join(MODES)}, "
                               f"not {proposal['value']!r}")
        return proposal["value"]

    @t.validate("card_size")
    def _check_card_size(self, proposal: dict) -> str:
        if proposal["value"] not in CARD_SIZES:
            raise t.TraitError(f"card_size must be one of {', '.join(CARD_SIZES)}, "
                               f"not {proposal['value']!r}")
        return proposal["value"]

    @t.observe("card_size")
    def _size_chosen(self, _change: dict) -> None:
        if not self._reading_setting:
            self._follows_size = False  # set from code: that choice now wins over the setting

    @t.observe("mode", "four_color")
    def _redraw(self, change: dict) -> None:
        if change["name"] == "four_color" and not self._reading_setting:
            self._follows_setting = False  # set from code: that choice now wins over the setting
        if hasattr(self, "_position"):
            self._show(self._position)

    @t.observe("selected_card", "selected_table")
    def _selection_changed(self, _change: dict) -> None:
        if not self._updating:
            self._update_offers()

    # ------------------------------------------------------------------ internals

    def _viewer(self, position: Position) -> int:
        return position.turn if self._all_seats else self._seat

    def _alone_at(self, position: Position) -> bool:
        """Whether the learner is alone at the table in `position` (no other seat to show):
        the table then stays theirs alone when the turn passes on after their move."""
        viewer = self._viewer(position)
        return len(absent_seats(position, viewer)) == position.players - 1

    def _who(self, seat: int) -> str:
        return "You" if seat == self._seat and not self._all_seats else f"Seat {seat}"

    def _turn_words(self, position: Position, can_act: bool, alone: bool) -> str:
        """The turn line: whose move it is, as the learner at this table sees it (no seat
        numbers when the learner is alone at the table)."""
        if self._finished:
            return self._finished
        turn = position.turn
        if self._all_seats and self.mode == "play":
            hand = "" if position.hand else ": no cards in that hand (add a hand line)"
            return f"Seat {turn} to move (you play every seat){hand}"
        if turn == self._seat:
            if can_act:
                return "Your move" if alone else f"Your move (seat {turn})"
            if self.mode == "play" and not position.hand:
                return f"Seat {turn} to move (you): no cards left"
            return f"Seat {turn} to move (you)"
        return "You have played" if alone else f"Seat {turn} to move"

    def _show(self, position: Position) -> None:
        """Draw `position` and clear the selection."""
        viewer = self._viewer(position)
        default_reveal = self.mode == "demo" or self._all_seats
        reveal = self._reveal if self._reveal is not None else default_reveal
        can_act = (self.mode == "play" and not self._finished and position.turn == viewer
                   and bool(position.hands[position.turn - 1]))
        # with the hands' sizes known (a game), every seat is at the table
        absent = absent_seats(position, viewer, mover=not self._solo) \
            if self._hand_sizes is None else []
        html = position_html(position, seat=viewer, reveal=reveal, four_color=self.four_color,
                             interactive=can_act, style=False, size=None, absent=absent,
                             stock=None if self._stock is None else len(self._stock),
                             drawn=self._drawn if viewer == self._seat else None,
                             hand_sizes=self._hand_sizes)
        alone = len(absent) == position.players - 1
        turn = self._turn_words(position, can_act, alone)
        html = _TURN_LINE.sub(lambda m: m.group(1) + _html.escape(turn) + m.group(3), html,
                              count=1)
        self._position = position
        self._updating = True
        try:
            with self.hold_sync():
                self.position_text = str(position)
                self.table_html = html
                self.turn_text = turn
                self.last_moves = self._recent_moves()
                self.recent_html = self._recent_markup()
                self.can_act = can_act
                self.selected_card = ""
                self.selected_table = []
                self.usable_cards = []
                self.usable_builds = []
                self.actions = []
        finally:
            self._updating = False

    def _recent_moves(self) -> list[dict]:
        """The moves to mark on the table (JSON for the front end): those after the last
        sentence, since a sentence (a new deal, a round's end) means the table moved on."""
        notes = [i for i, e in enumerate(self._recent) if isinstance(e, str)]
        since = self._recent[notes[-1] + 1:] if notes else self._recent
        return [{"seat": seat, "who": self._who(seat), "card": str(move.card),
                 "kind": move.kind, "cards": sorted(str(c) for c in move.table_cards)}
                for seat, move in since]  # type: ignore[misc]

    def _recent_markup(self) -> str:
        """What happened since the learner last moved, drawn as moves under the table."""
        if not self._recent:
            return ""
        items = []
        for entry in self._recent:
            if isinstance(entry, str):
                items.append(f'<li class="cl-recent-note">{_html.escape(entry)}</li>')
                continue
            seat, move = entry
            who = self._who(seat)
            drawn = move_html(move, four_color=self.four_color, size=None, style=False)
            items.append(
                f'<li class="cl-recent-move" data-seat="{seat}">'
                f'<span class="cl-recent-who" aria-hidden="true">{_html.escape(who)}</span>'
                f'<span class="cl-visually-hidden">{_html.escape(played_words(who, move))}</span>'
                f'<div class="cl-recent-cards" aria-hidden="true">{drawn}</div></li>')
        return f'<ol class="cl-recent-list">{"".join(items)}</ol>'

    def _say(self, text: str, kind: str, rule: str = "") -> None:
        with self.hold_sync():
            self.message, self.message_kind, self.rule = text, kind, rule

    def _fail(self, error: Exception) -> None:
        if isinstance(error, IllegalMove):
            self._say(error.reason, "error", error.rule)
        else:
            self._say(str(error), "error")

    def _selection(self) -> tuple[Card | None, frozenset[Card]]:
        """The selection read back as cards; raises ValueError saying what is wrong."""
        card = Card.parse(self.selected_card) if self.selected_card else None
        if card is not None and card not in self._position.hand:
            raise ValueError(f"{card} is not in your hand")
        table = frozenset(Card.parse(text) for text in self.selected_table)
        missing = sorted(table - self._position.table_cards)
        if missing:
            raise ValueError(f"{missing[0]} is not on the table")
        return card, table

    def _clear_offers(self) -> None:
        self.usable_cards, self.usable_builds, self.actions = [], [], []

    def _update_offers(self) -> None:
        """Recompute what the selected card could use and which actions to offer."""
        with self.hold_sync():
            if not self.can_act:
                self._clear_offers()
                return
            try:
                card, chosen = self._selection()
            except (ValueError, CardError) as error:
                self._updating = True
                try:
                    self.selected_card, self.selected_table = "", []
                finally:
                    self._updating = False
                self._clear_offers()
                self._say(f"That selection cannot be used: {error}.", "error")
                return
            if card is None:
                self._clear_offers()
                return
            # asked of the core directly: a huge table must not list a million moves here
            usable = extensions(self._position, card, chosen)
            self.usable_cards = [str(c) for c in self._position.loose if c in usable]
            self.usable_builds = [i for i, b in enumerate(self._position.builds)
                                  if usable.intersection(b.cards)]
            exact = moves_with(self._position, card, chosen)
            offers = [{"label": _action_label(m), "move": str(m), "legal": True,
                       "describe": m.describe()} for m in exact]
            offers.extend(self._tries(card, chosen, exact))
            self.actions = offers

    def _tries(self, card: Card, chosen: frozenset[Card], exact: list[Move]) -> list[dict]:
        """Attempts the learner may make although no legal move matches; pressing one shows
        the core's reason. (Whether they are legal is not decided here: `check_move` does.)"""
        kinds = {m.kind for m in exact}
        tries = []
        if chosen and CAPTURE not in kinds:
            tries.append({"label": "Try take", "legal": False, "kind": CAPTURE,
                          "describe": f"try to take the selected cards with {card.name}"})
        if not chosen and TRAIL not in kinds:
            tries.append({"label": "Try trail", "legal": False, "kind": TRAIL,
                          "describe": f"try to trail {card.name}"})
        rules = self._position.rules  # what cards count (C2, or V7's Royal values)
        values = [rules.table_value(c) for c in (card, *chosen)]
        if chosen and BUILD not in kinds and None not in values:
            total = sum(values)  # type: ignore[arg-type]  # the likely intended build value
            if total <= rules.top_value:
                tries.append({"label": f"Try build {total}", "legal": False, "kind": BUILD,
                              "value": total,
                              "describe": f"try to build {total} with {card.name}"})
        return tries

    def _press(self, index: int) -> Move | None:
        offered = self.actions[index]
        if offered.get("legal"):
            return self._play(self._position.parse_move(offered["move"]))
        return self._try(offered["kind"], offered.get("value"))

    def _try(self, kind: str, value: int | None) -> Move | None:
        if not self.can_act:
            self._say("It is not your move here.", "error")
            return None
        try:
            card, chosen = self._selection()
        except (ValueError, CardError) as error:
            self._say(f"That selection cannot be used: {error}.", "error")
            return None
        if card is None:
            self._say("Choose a card from your hand first.", "error")
            return None
        if kind == CAPTURE:
            value = card.value
        try:
            move = check_move(self._position, kind, card, chosen, value)
        except IllegalMove as error:
            self._fail(error)
            return None
        return self._play(move)

    def _play(self, move: Move) -> Move:
        before = self._position
        self._drawn = None
        after, drew = self._draw(before.turn, before.play(move))
        # One update for the front end: the move, what the callbacks and the opponent make of
        # it, and the table after them all (no flicker of a turn that is over at once).
        with self.hold_sync():
            self.last_move = str(move)
            self._recent = [(before.turn, move)]
            self._show(after)
            said = f"{played_words(self._who(before.turn), move)} {drew}".strip()
            self._say(said, "move")
            for callback in self._callbacks:
                callback(move, after)
            if self._position is after:  # a callback may have shown another position
                self._let_opponent_play(said)
        return move

    def _draw(self, seat: int, after: Position) -> tuple[Position, str]:
        """V9: after a move by `seat`, that seat draws the stock's top card (the game's own
        `draw_card`); returns the position and the draw in words ("" when nothing is drawn)."""
        if not self._stock or after.rules.deal != "draw":
            return after, ""
        from ..game.dealing import draw_card

        card = self._stock[0]
        after, rest = draw_card(after, self._stock, seat)
        self._stock = tuple(rest)
        left = count(len(rest), "card")
        if seat == self._seat and not self._all_seats:
            self._drawn = card
            return after, f"You drew the {card.name} from the stock ({left} left)."
        return after, f"Seat {seat} drew a card from the stock ({left} left)."

    def _let_opponent_play(self, said: str) -> None:
        if self.mode != "play" or self._opponent is None:
            return
        while self._position.turn != self._viewer(self._position):
            position = self._position
            if not position.hand:
                if position.hands[position.turn - 1] is None:
                    said = (f"{said} Seat {position.turn} has no cards here: give the position "
                            f"a 'hand {position.turn}:' line to play on.").strip()
                    self._say(said, "info")
                return
            chooser = getattr(self._opponent, "choose", self._opponent)
            choice = chooser(position.for_seat(position.turn))
            try:
                move = (position.parse_move(choice) if isinstance(choice, str)
                        else position.parse_move(str(choice)))
            except (IllegalMove, MoveSyntaxError) as error:
                self._say(f"The opponent tried an illegal move ({choice}): {error}", "error")
                return
            after, drew = self._draw(position.turn, position.play(move))
            self.last_move = str(move)
            self._recent.append((position.turn, move))
            self._show(after)
            said = f"{said} {played_words(self._who(position.turn), move)} {drew}".strip()
            self._say(said, "move")
            for callback in self._callbacks:
                callback(move, after)

    def __repr__(self) -> str:
        return f"CardTable({self._position.one_line()!r}, mode={self.mode!r})"

