"""The card table widget: a position drawn as cards that a learner plays on by click or key.

Python owns every decision. The front end (widgets/table.js) only reports what the learner
selected and which offered action they pressed. What a selection allows is `ui.selection`'s
(asked of the rules core), whose turn it is and who sits where `ui.turns`'. The table is a view
of its driver, a `game.match.Game` (handed to it, as the game widget hands its match, or made
from the position shown): the driver plays every move, the learner's, the computer seats'
(its players: the `opponent` given here) and a demonstration's, and ends each turn. This class
keeps the widget's state and draws it.
"""

from __future__ import annotations

import html as _html
import re
from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence, Union

import traitlets as t

from ..browser import in_browser
from ..core.build import Build
from ..core.cards import Card, CardError
from ..core.errors import IllegalMove, MoveSyntaxError, PositionError
from ..core.move import Move
from ..core.position import Position
from ..core.telling import move_played
from ..core.words import count
from ..drawing.markup import element
from ..drawing.render import TABLE_CSS, move_html, position_html
from ..learner import progress
from ._assets import asset
from .front_end import FrontEnd
from .reading_box import reading_reply, spoken_table
from .selection import KINDS, Offers, attempt, named_attempt, offers, read_selection
from .turns import Seating, absent_seats, no_hand_words

if TYPE_CHECKING:
    from ..game.match import Game
    from ..game.observation import Observation

__all__ = ["CardTable", "MODES", "CARD_SIZES", "played_words", "absent_seats"]

MODES = ("play", "watch", "demo")
from ..learner.progress import CARD_SIZES
MoveCallback = Callable[[Move, Position], Any]
Opponent = Callable[[Position], "Move | str"]
Played = Union[tuple[int, Move], str]
"""One entry of what happened since the learner last moved: (seat, move) or a sentence."""
_TURN_LINE = re.compile(r'(<strong class="cl-turn"[^>]*>)(.*?)(</strong>)')


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


class _PositionPlayer:
    """A table's `opponent` (a callable position -> move, or an object whose `choose` takes
    the position) as a player of the driver: it sees what its seat may see."""

    name = "opponent"

    def __init__(self, opponent: "Opponent | Any") -> None:
        self._choose = getattr(opponent, "choose", opponent)

    def choose(self, observation: "Observation") -> Move:
        choice = self._choose(observation.position)
        if isinstance(choice, Move):
            return choice
        return observation.position.parse_move(str(choice))  # IllegalMove / MoveSyntaxError


def played_words(who: str, move: Move, sweeps: bool = True) -> str:
    """"Seat 1 played the seven of spades to take the two of clubs and the five of diamonds.":
    words and card names, no notation (the typing box is for that): the core's (`telling`);
    with `sweeps` False (a lesson before sweeps) a sweep is not called one."""
    return move_played(who, move, sweeps_taught=sweeps)


class CardTable(FrontEnd):
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

    `kinds` (e.g. {"capture"}) are the kinds of play its buttons offer, legal or tried: a
    lesson's table offers only what the lesson has taught (default: every kind).
    `sweeps_shown=False` (a lesson before sweeps are taught) leaves sweeps out of the piles'
    line and of the words said of a move.

    `stock` (cards, top first) is a Draw Casino stock (V9), drawn face down beside the table
    with its count: under `rules: deal=draw` the player who played draws its top card after
    every move made on this table (the driver's turn ends as every Game's).

    `game` hands the table a driver to show and play through (the game widget's match): the
    learner's moves are played in it, once, and whoever holds it shows the position after
    them and plays its computer seats.
    """

    _esm = asset("table_a11y.js") + asset("table.js")  # table_a11y: screen-reader words
    _css = TABLE_CSS + asset("buttons.css") + asset("table.css") + asset("a11y.css")

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
    spoken = t.Dict().tag(sync=True)  # the hand, table and builds in words (reading_box)
    reading_box = t.Bool(True).tag(sync=True)  # False: the reading box is drawn apart (stages)

    def __init__(self, position: "Position | str", mode: str = "play",
                 four_color: bool | None = None,
                 *, seat: int | None = None, opponent: "Opponent | Any | None" = None,
                 reveal: bool | None = None, move_box: bool = True, all_seats: bool = False,
                 card_size: str | None = None,
                 stock: "Sequence[Card | str] | None" = None,
                 kinds: "Collection[str] | None" = None, sweeps_shown: bool = True,
                 game: "Game | None" = None, **kwargs: Any) -> None:
        start = _as_position(position)
        if kinds is not None and not set(kinds) <= KINDS:
            raise ValueError(f"kinds: give kinds of play among {', '.join(sorted(KINDS))}, "
                             f"not {sorted(set(kinds) - KINDS)}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if seat is not None and not 1 <= seat <= start.players:
            raise ValueError(f"seat must be 1 to {start.players}, not {seat}")
        if opponent is not None and not (callable(opponent) or hasattr(opponent, "choose")):
            raise TypeError("opponent must be a callable position -> move, or have .choose()")
        if all_seats and opponent is not None:
            raise ValueError("all_seats means one person plays every seat: give no opponent")
        if game is not None and (opponent is not None or stock is not None):
            raise ValueError("a table handed a game plays its players and its stock: give no "
                             "opponent or stock")
        if card_size is not None and card_size not in CARD_SIZES:
            raise ValueError(f"card_size must be one of {', '.join(CARD_SIZES)}, "
                             f"not {card_size!r}")
        self._position = start
        self._stock = _as_stock(stock, start)
        self._handed = game  # the driver handed to the table (the game widget's match)
        self._game: Game | None = game  # plays the moves made here, from the position shown
        self._drawn: Card | None = None  # the card the learner has just drawn from the stock
        self._hand_sizes: tuple[int, ...] | None = None
        self._seating = Seating(seat if seat is not None else start.turn, all_seats)
        self._solo = self._seating.alone_at(start)
        self._finished = ""
        self._recent: list[Played] = []
        # the reading mode's view of the game (a match's, with its score); else the table's own
        self.reading_view: Callable[[], Any] | None = None
        self._opponent = opponent
        self._reveal = reveal
        self._kinds = KINDS if kinds is None else frozenset(kinds)
        self._sweeps_shown = sweeps_shown  # False before the lesson on sweeps
        self._callbacks: list[MoveCallback] = []
        self._script: Game | None = None  # a demonstration's moves, played (CardTable.demo)
        self._captions: list[str] = []
        self._updating = False
        self._follows_setting = four_color is None
        self._follows_size = card_size is None
        with progress.read_once():  # both settings from one reading of the file
            if four_color is None:
                four_color = progress.preference("four_color")
            if card_size is None:
                card_size = progress.preference("card_size")
        self._reading_setting = True  # the colours given here are not a later change from code
        # Cards are sized from the table's own width (CSS container units), so the table must
        # take the width of whatever holds it: a box laid out as a row would otherwise shrink
        # it to nothing. Given at once, not set afterwards (one message to the page fewer).
        kwargs.setdefault("layout", {"width": "100%"})
        super().__init__(mode=mode, four_color=four_color, move_box=move_box,
                         card_size=card_size, **kwargs)
        self._reading_setting = False
        if self.layout.width != "100%":  # a layout of the caller's
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
        self._solo = self._seating.alone_at(position)
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
        self._game = None  # the next move is played with this stock
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
        return self._seating.viewer(self._position)

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
        self._solo = self._seating.alone_at(after)
        if self._drawn not in (after.hands[self._seating.seat - 1] or ()) or \
                any(isinstance(entry, str) for entry in played):
            self._drawn = None  # the card drawn stays marked until the table moves on
        self._show(after)
        moves = [entry for entry in played if not isinstance(entry, str)]
        self.last_move = str(moves[-1][1]) if moves else ""
        self._say(message, "move" if message else "info")

    def drive(self, game: "Game") -> None:
        """Show and play through `game` from now on (the game widget's next match): the
        position shown is set by whoever handed it, as after every move."""
        self._handed = self._game = game

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
        named = named_attempt(action)
        if named is not None:
            return self._try(*named)
        labels = ", ".join(a["label"] for a in self.actions) or "none"
        raise ValueError(f"{action!r} is not an action here; offered: {labels}")

    def play(self, text: str) -> Move | None:
        """Play a move typed in notation, as in the move box; an illegal or unreadable move
        shows its reason and changes nothing. Returns the move played."""
        if not self.can_act:
            self._say("It is not your move here.", "error")
            return None
        return self._play(text)

    # ------------------------------------------------------------------ demonstrations

    @classmethod
    def demo(cls, position: "Position | str", steps: Sequence[tuple[str, str]], *,
             intro: str = "", four_color: bool | None = None, **kwargs: Any) -> "CardTable":
        """A demonstration: the table steps forward and back through `steps`, a list of
        (move text, caption). Every move is checked first; an illegal one raises, naming its step."""
        from ..game.match import Game  # on first use: a page imports the game when it plays

        script = Game.from_position(_as_position(position))
        captions = [intro]
        for number, step in enumerate(steps, 1):
            if not (isinstance(step, (tuple, list)) and len(step) == 2):
                raise ValueError(f"step {number}: give (move text, caption), not {step!r}")
            text, caption = step
            try:
                script.play(text if isinstance(text, Move) else str(text))
            except IllegalMove as error:
                raise IllegalMove(f"step {number} ({text!r}): {error.reason}", error.rule,
                                  text) from None
            except MoveSyntaxError as error:
                raise MoveSyntaxError(f"step {number}: {error}") from None
            captions.append(str(caption))
        table = cls(script.state_after(0), mode="demo", four_color=four_color, **kwargs)
        table._script, table._captions = script, captions
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
            with progress.read_once():  # both settings from one reading of the file
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
        script = self._script
        if script is None:
            raise ValueError("this table has no demonstration steps (use CardTable.demo)")
        total = len(script.history)
        index = max(0, min(index, total))
        move = script.moves[index - 1] if index else None
        before = script.state_after(index - 1) if index else None
        caption = self._captions[index]
        self._recent = [(before.turn, move)] if before and move else []
        self._show(script.state_after(index))
        self.demo_index = index
        self.caption = caption
        self.last_move = str(move) if move else ""
        if move is None:
            self._say("" if caption else f"Start of the demonstration ({count(total, 'step')}).",
                      "info")
        elif caption or before is None:
            self._say("", "move")  # the caption, above the table, is the play's one description
        else:
            self._say(f"Step {index} of {total}: "
                      + played_words(f"Seat {before.turn}", move, self._sweeps_shown), "move")

    # ------------------------------------------------------------------ front end

    def _on_front_end_message(self, _widget: Any, content: dict, _buffers: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "action":
            index = content.get("index")
            if isinstance(index, int) and 0 <= index < len(self.actions):
                self._press(index)
        elif kind == "move_text":
            self.play(str(content.get("text", "")))
        elif kind == "reading":
            self.read_aloud(str(content.get("text", "")))
        elif kind == "demo" and self._script is not None:
            if "to" in content:
                self.go(int(content["to"]))
            else:
                self.go(self.demo_index + (1 if content.get("step", 1) > 0 else -1))
        elif kind == "clear":
            self.select()
        elif kind == "shown" and not in_browser():
            # (the browser's kernel is never prepared in advance: the table read the setting
            # as it was made, moments ago, and a second reading would hold up the next cells)
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

    def _who(self, seat: int) -> str:
        return self._seating.who(seat)

    def _show(self, position: Position) -> None:
        """Draw `position` and clear the selection."""
        seating = self._seating
        viewer = seating.viewer(position)
        default_reveal = self.mode == "demo" or seating.all_seats
        reveal = self._reveal if self._reveal is not None else default_reveal
        playing = self.mode == "play"
        can_act = seating.can_move(position, playing and not self._finished)
        # with the hands' sizes known (a game), every seat is at the table
        absent = seating.absent(position, was_alone=self._solo) \
            if self._hand_sizes is None else []
        html = position_html(position, seat=viewer, reveal=reveal, four_color=self.four_color,
                             interactive=can_act, style=False, size=None, absent=absent,
                             stock=None if self._stock is None else len(self._stock),
                             drawn=self._drawn if viewer == seating.seat else None,
                             hand_sizes=self._hand_sizes, sweeps=self._sweeps_shown)
        alone = len(absent) == position.players - 1
        turn = seating.turn_line(position, playing=playing, can_move=can_act, alone=alone,
                                 finished=self._finished)
        html = _TURN_LINE.sub(lambda m: m.group(1) + _html.escape(turn) + m.group(3), html,
                              count=1)
        self._position = position
        self._updating = True
        try:
            with self.hold_sync():
                self.position_text = str(position)
                self.table_html = html
                self.turn_text = turn
                self.spoken = spoken_table(position, viewer)
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
                for played in since if not isinstance(played, str) for seat, move in [played]]

    def _recent_markup(self) -> str:
        """What happened since the learner last moved, drawn as moves under the table."""
        if not self._recent:
            return ""
        items = []
        for entry in self._recent:
            if isinstance(entry, str):
                items.append(element("li", entry, escape=True, class_="cl-recent-note"))
                continue
            seat, move = entry
            who = self._who(seat)
            drawn = move_html(move, four_color=self.four_color, size=None, style=False)
            items.append(element(
                "li",
                element("span", who, escape=True, class_="cl-recent-who", aria_hidden="true"),
                element("span", played_words(who, move, self._sweeps_shown), escape=True,
                        class_="cl-visually-hidden"),
                element("div", drawn, class_="cl-recent-cards", aria_hidden="true"),
                class_="cl-recent-move", data_seat=seat))
        return element("ol", *items, class_="cl-recent-list")

    def read_aloud(self, words: str) -> Move | None:
        """The reading mode: answer a command in the message's live region, or play the move
        the plain words name through the table's own path (as a click would)."""
        view = self.reading_view() if self.reading_view is not None else self._driver()
        reply = reading_reply(words, view, self.seat, self._recent, self.can_act)
        if reply.move is not None:
            return self._play(reply.move)  # its message says the move, once
        if reply.text == self.message:
            self._say("", "info")  # the same words again: a change, so they are read again
        self._say(reply.text, "error" if reply.urgent else "info")
        return None

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
        return read_selection(self._position, self.selected_card, self.selected_table)

    def _offer(self, offered: Offers) -> None:
        self.usable_cards = list(offered.usable_cards)
        self.usable_builds = list(offered.usable_builds)
        self.actions = [action.as_dict() for action in offered.actions]

    def _update_offers(self) -> None:
        """Recompute what the selected card could use and which actions to offer."""
        with self.hold_sync():
            if not self.can_act:
                self._offer(Offers())
                return
            try:
                card, chosen = self._selection()
            except (ValueError, CardError) as error:
                self._updating = True
                try:
                    self.selected_card, self.selected_table = "", []
                finally:
                    self._updating = False
                self._offer(Offers())
                self._say(f"That selection cannot be used: {error}.", "error")
                return
            # a handed driver says what is legal (its rules, its turn); else the core, asked
            # about the position shown (a huge table's moves are never listed)
            legal = self._handed.legal_moves() if self._handed is not None else None
            self._offer(offers(self._position, card, chosen, self._kinds, legal))

    def _press(self, index: int) -> Move | None:
        offered = self.actions[index]
        if offered.get("legal"):
            return self._play(offered["move"])
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
        try:
            move = attempt(self._position, kind, card, chosen, value)
        except (IllegalMove, ValueError) as error:
            self._fail(error)
            return None
        return self._play(move)

    def _driver(self) -> Game:
        """The Game that plays the moves made here: the one handed to the table, or one from
        the position shown, its computer seats the `opponent` (a new one when the table was
        shown another position meanwhile)."""
        if self._handed is not None:
            return self._handed
        if self._game is None or self._game.state is not self._position:
            from ..game.match import Game  # on first use: a page imports the game when it plays

            computers = {} if self._opponent is None else {
                seat: _PositionPlayer(self._opponent)
                for seat in range(1, self._position.players + 1) if seat != self._seating.seat}
            self._game = Game.from_position(self._position, self._stock or (),
                                            computers=computers)
        return self._game

    def _shown(self, game: Game) -> Position:
        """What the table shows of its driver: a handed game as the learner's seat sees it."""
        return game.state if self._handed is None else game.state.for_seat(self._seating.seat)

    def _move(self, game: Game, move: "Move | str | None") -> tuple[int, Move, str]:
        """Play `move` in `game` for the seat to move (None: the computer seat's own choice):
        that seat, the move played and the V9 draw that followed, in words. IllegalMove or
        MoveSyntaxError change nothing."""
        seat, stock = game.turn, game.stock
        if move is None:
            game.play_computer()
        else:
            game.play(move)
        if self._stock is not None:
            self._stock = game.stock
        return seat, game.moves[-1], self._drew(seat, stock, game.stock)

    def _drew(self, seat: int, before: tuple[Card, ...], after: tuple[Card, ...]) -> str:
        """V9: the card `seat` drew from the stock after its move, in words ("" if none:
        a new deal or round, in a handed game, takes more or gives the stock anew)."""
        if len(after) != len(before) - 1:
            return ""
        left = count(len(after), "card")
        if self._who(seat) == "You":
            self._drawn = before[0]
            return f"You drew the {before[0].name} from the stock ({left} left)."
        return f"Seat {seat} drew a card from the stock ({left} left)."

    def _play(self, move: "Move | str") -> Move | None:
        """Play the learner's move (a Move, or text read by the core: an illegal or unreadable
        one shows its reason and changes nothing), then let the opponent answer."""
        drawn = self._drawn
        self._drawn = None
        game = self._driver()
        try:
            seat, move, drew = self._move(game, move)
        except (IllegalMove, MoveSyntaxError) as error:
            self._drawn = drawn
            self._fail(error)
            return None
        after = self._shown(game)
        # One update for the front end: the move, what the callbacks and the opponent make of
        # it, and the table after them all (no flicker of a turn that is over at once).
        with self.hold_sync():
            self.last_move = str(move)
            self._recent = [(seat, move)]
            self._show(after)
            said = f"{played_words(self._who(seat), move, self._sweeps_shown)} {drew}".strip()
            self._say(said, "move")
            for callback in self._callbacks:
                callback(move, after)
            if self._position is after:  # a callback may have shown another position
                self._let_opponent_play(said)
        return move

    def _let_opponent_play(self, said: str) -> None:
        """The driver's computer seats move until another seat is to move (a handed game's
        are played by whoever handed it)."""
        if self.mode != "play" or self._handed is not None:
            return
        while self._seating.others_to_move(self._position):
            game = self._driver()  # a callback may have shown another position
            if not game.computer_to_move:
                position = game.state
                if game.turn in game.computers and position.hands[position.turn - 1] is None:
                    said = f"{said} {no_hand_words(position.turn)}".strip()
                    self._say(said, "info")
                return
            try:
                seat, move, drew = self._move(game, None)
            except (IllegalMove, MoveSyntaxError) as error:
                self._say(f"The opponent tried an illegal move: {error}", "error")
                return
            after = game.state
            self.last_move = str(move)
            self._recent.append((seat, move))
            self._show(after)
            said = f"{said} {played_words(self._who(seat), move, self._sweeps_shown)} {drew}".strip()
            self._say(said, "move")
            for callback in self._callbacks:
                callback(move, after)

    def __repr__(self) -> str:
        return f"CardTable({self._position.one_line()!r}, mode={self.mode!r})"

