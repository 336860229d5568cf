"""Cards, positions and moves drawn as inline SVG and HTML, beside the rules core (as `chess.svg`
sits beside `chess`): the core's `_repr_html_` hooks import this module only when a notebook
shows a card, a position or a move.

Pure and deterministic: the same input gives the same text (no random ids, nothing downloaded),
so drawings can be compared in tests. The card table widget shows `position_html(...,
interactive=True)` and adds behaviour on top. The look is in `table.css` beside this module.

Suits differ by shape as well as colour; `four_color=True` gives spades black, hearts red,
diamonds blue and clubs green. Every card and build carries an `aria-label` in words.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Collection, Sequence

from ..core.build import Build
from ..core.cards import Card
from ..core.move import Move
from ..core.position import Position
from ..core.rules import Rules
from ..core.structure import Group
from ..core.telling import in_words
from ..core.words import count, listing
from .markup import element

__all__ = ["card_svg", "position_html", "move_html", "asked_move_html", "build_label",
           "value_tags", "TABLE_CSS", "DEFAULT_CARD_WIDTH"]

# The table's stylesheet, one line (as a <style> block in a notebook's output).
TABLE_CSS = "".join(line for line in (Path(__file__).with_name("table.css")
                                      .read_text(encoding="utf-8").split("*/", 1)[1]
                                      .splitlines()))

DEFAULT_CARD_WIDTH = 72
"""Card width in CSS pixels; the height is 1.4 times the width (viewBox 100 x 140)."""

_TWO_COLOURS = {"S": "#1a1a1a", "C": "#1a1a1a", "H": "#c8102e", "D": "#c8102e"}
_FOUR_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#0b5cad", "C": "#17803a"}

# Suit shapes drawn in a 100 x 100 box, so no font is needed for the symbols.
_SUIT_SHAPES = {
    "S": element("path", closed=True,
                 d="M50 4C34 26 6 40 6 62c0 15 12 25 26 25 7 0 13-3 16-8L42 97h16l-6-18c3 5 9 8 "
                   "16 8 14 0 26-10 26-25C100 40 66 26 50 4z"),
    "H": element("path", closed=True,
                 d="M50 94C34 76 5 60 5 32 5 16 17 6 30 6c10 0 17 6 20 15 3-9 10-15 20-15 13 0 "
                   "25 10 25 26 0 28-29 44-45 62z"),
    "D": element("path", d="M50 2 90 50 50 98 10 50z", closed=True),
    "C": "".join([*(element("circle", cx=x, cy=y, r=21, closed=True)
                    for x, y in ((50, 27), (26, 60), (74, 60))),
                  element("path", d="M50 40 36 66h28zM46 62 38 97h24L54 62z", closed=True)]),
}
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen")  # builds run to 14 under V7


def _colour(suit: str, four_color: bool) -> str:
    return (_FOUR_COLOURS if four_color else _TWO_COLOURS)[suit]


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    """A suit shape whose top-left corner is at (x, y), `size` units wide."""
    scale = size / 100
    return element("g", _SUIT_SHAPES[suit], transform=f"translate({x:g} {y:g}) scale({scale:g})",
                   fill=colour)


def _back_pattern() -> str:
    diamonds = []
    for row in range(9):
        for col in range(6):
            cx, cy = 21 + col * 11.6, 23 + row * 11.8
            diamonds.append(f"M{cx:g} {cy - 4.5:g}l4.5 4.5-4.5 4.5-4.5-4.5z")
    return element("path", fill="#9fc1ea", d="".join(diamonds), closed=True)


# A card's white face with its grey edge, under its back or its rank and suits.
_BLANK = element("rect", x=2, y=2, width=96, height=136, rx=9, fill="#fff", stroke="#4a4a4a",
                 stroke_width=2, closed=True)
_BACK = (_BLANK + element("rect", x=9, y=9, width=82, height=122, rx=5, fill="#1f4e8c",
                          closed=True) + _back_pattern())


def _face_body(card: Card, colour: str) -> str:
    rank = card.rank_text

    def corner(x: int, y: int, size: int, spacing: str | None = None) -> str:
        return element("text", rank, x=x, y=y, font_family="Arial, Helvetica, sans-serif",
                       font_weight=700, font_size=size, fill=colour, text_anchor="middle",
                       letter_spacing=spacing)

    index = (corner(17, 30, 26, "-2") if rank == "10" else corner(17, 30, 30)) \
        + _suit(card.suit, 7, 35, 20, colour)
    parts = [_BLANK, index, element("g", index, transform="rotate(180 50 70)")]
    if card.is_face:
        parts.append(element("rect", x=28, y=30, width=44, height=80, rx=4, fill="none",
                             stroke=colour, stroke_width=2, closed=True))
        parts.append(corner(50, 80, 40))
        parts.append(_suit(card.suit, 41, 86, 18, colour))
    else:
        big = 54 if card.rank == 1 else 44
        parts.append(_suit(card.suit, 50 - big / 2, 70 - big / 2, big, colour))
    return "".join(parts)


def card_svg(card: Card, *, face_down: bool = False, four_color: bool = False,
             size: int = DEFAULT_CARD_WIDTH, label: bool = True) -> str:
    """One card as an inline `<svg>` `size` pixels wide, labelled in words ("ten of diamonds").

    `face_down` draws the back (labelled "face-down card"). `label=False` hides the drawing from
    screen readers, for use inside an element that carries the label itself.
    """
    width, height = size, round(size * 1.4)
    access: dict[str, Any]  # attributes of element(), typed as its keywords are
    if label:
        access = {"role": "img",
                  "aria_label": "face-down card" if face_down else card.name}
    else:
        access = {"aria_hidden": "true", "focusable": "false"}
    body = _BACK if face_down else _face_body(card, _colour(card.suit, four_color))
    return element("svg", body, class_="cl-svg", xmlns="http://www.w3.org/2000/svg",
                   viewBox="0 0 100 140", width=width, height=height, **access)


# ---------------------------------------------------------------------------- positions

def _owner(build: Build, viewer: int, position: Position) -> tuple[str, str]:
    """The build's owner as seen by `viewer`: a short tag ("yours", "seat 2") and words for
    screen readers ("yours", "seat 2's")."""
    if build.owner is None:
        return "other", "another player's"
    if build.owner == viewer:
        return "yours", "yours"
    if position.partner_of(viewer) == build.owner:
        return "partner", "your partner's"
    return f"seat {build.owner}", f"seat {build.owner}'s"


def build_label(build: Build, viewer: int, position: Position) -> str:
    """A build in words for screen readers: "build of eight, yours: three of spades, ..."."""
    kind = "multiple build" if build.is_multiple else "build"
    sets = "; ".join(", ".join(c.name for c in s) for s in build.sets)
    return f"{kind} of {_WORDS[build.value]}, {_owner(build, viewer, position)[1]}: {sets}"


def value_tags(rules: Rules) -> dict[int, tuple[str, str]]:
    """The ranks whose values `rules` change from the standard game's (C2), with what a card of
    that rank counts on the table and when played from the hand, as text: under V7 a king
    ("13", "13") and an ace ("1", "1/14"). Empty under the standard values. Read from
    `Rules.by_rank()`, so the table never keeps values of its own."""
    table, play = rules.by_rank()
    plain_table, plain_play = Rules().by_rank()
    return {rank: (str(table[rank]), "/".join(map(str, play[rank])) or str(table[rank]))
            for rank in range(1, 14)
            if (table[rank], play[rank]) != (plain_table[rank], plain_play[rank])}


# A card or build the learner can choose: an option of its row's listbox (`_listbox`), the
# card table widget's hook. Each row is one Tab stop; the widget moves `tabindex` (roving).
_OPTION: dict[str, Any] = {"tabindex": "0", "role": "option", "aria_selected": "false"}


def _listbox(options: str, label: str, *, several: bool) -> str:
    """A row of options as a listbox (one card chosen from the hand; several from the table)."""
    return element("div", options, class_="cl-cards", role="listbox", aria_label=label,
                   aria_orientation="horizontal",
                   aria_multiselectable="true" if several else None)


def _hidden(css_class: str, inner: object = "") -> str:
    """A span screen readers skip (what the element's label already says)."""
    return element("span", str(inner), class_=css_class, aria_hidden="true")


def _card_div(card: Card, *, four_color: bool, interactive: bool, value: str = "",
              drawn: bool = False) -> str:
    """A card; `value` (e.g. "13", "1/14") is printed small in its lower left corner, where it
    covers neither index, and said after its name. `drawn`: just drawn from the stock."""
    focus: dict[str, Any] = _OPTION if interactive else {"role": "img"}
    name = f"{card.name}, counts {value.replace('/', ' or ')}" if value else card.name
    tag = _hidden("cl-value", value) if value else ""
    if drawn:
        name += ", just drawn from the stock"
        tag += _hidden("cl-drawn-tag", "drawn")
    extra = " cl-drawn" if drawn else ""
    return element("div", card_svg(card, four_color=four_color, label=False), tag,
                   class_=f"cl-card{extra}", data_card=card, aria_label=name, **focus)


def _table_value(card: Card, tags: dict[int, tuple[str, str]]) -> str:
    return tags[card.rank][0] if card.rank in tags else ""


def _hand_value(card: Card, tags: dict[int, tuple[str, str]]) -> str:
    return tags[card.rank][1] if card.rank in tags else ""


def _back_div() -> str:
    return element("div", card_svg(Card.parse("AS"), face_down=True, label=False),
                   class_="cl-card cl-back", aria_hidden="true")


def _sets_html(build: Build, four_color: bool, tags: dict[int, tuple[str, str]]) -> str:
    return _hidden("cl-sep").join(
        element("div", *(_card_div(c, four_color=four_color, interactive=False,
                                   value=_table_value(c, tags)) for c in s), class_="cl-set")
        for s in build.sets)


def _badge(build: Build) -> str:
    """A build's value on its corner; a multiple build says how many sets beside it ("8" and
    "2 sets"), never "8s", which reads as the eight of spades."""
    value = _hidden("cl-badge", build.value)
    if not build.is_multiple:
        return value
    return value + _hidden("cl-sets-tag", count(len(build.sets), "set"))


def _build_div(index: int, build: Build, viewer: int, position: Position, *,
               four_color: bool, interactive: bool, tags: dict[int, tuple[str, str]]) -> str:
    tag = _owner(build, viewer, position)[0]
    focus: dict[str, Any] = _OPTION if interactive else {"role": "group"}
    sets = _sets_html(build, four_color, tags)
    owner_class = " cl-mine" if build.owner == viewer else ""
    cards = " ".join(str(c) for c in build.cards)
    return element("div", _badge(build), sets, _hidden("cl-owner", escape(tag)),
                   class_=f"cl-build{owner_class}", data_build=index, data_cards=cards,
                   data_value=build.value, aria_label=build_label(build, viewer, position),
                   **focus)


def _seat_name(seat: int, viewer: int) -> str:
    return f"Seat {seat} (you)" if seat == viewer else f"Seat {seat}"


def _status(position: Position, viewer: int, absent: Collection[int], alone: bool,
            sweeps: bool = True) -> str:
    piles = []
    for side in range(1, position.sides + 1):
        if not position.partners and side in absent:
            continue
        who = (f"seats {side}+{side + 2}" if position.partners else
               "Your" if alone else f"seat {side}")
        text = f"{who} pile: {count(len(position.piles[side - 1]), 'card')}"
        if sweeps and position.sweeps[side - 1]:
            text += f", {count(position.sweeps[side - 1], 'sweep')}"
        piles.append(text)
    if alone and position.turn == viewer:
        turn = "Your move"
    else:
        turn = f'Seat {position.turn} to move{" (you)" if position.turn == viewer else ""}'
    return element("div", element("strong", turn, class_="cl-turn", data_turn=position.turn),
                   element("span", " · ".join(piles), class_="cl-piles", escape=True),
                   class_="cl-status")


def _hand_zone(seat: int, hand: tuple[Card, ...] | None, *, viewer: int, face_up: bool,
               four_color: bool, interactive: bool, alone: bool = False,
               tags: dict[int, tuple[str, str]] | None = None, drawn: Card | None = None,
               held: int | None = None) -> str:
    own = seat == viewer
    zone = "hand" if own else f"seat-{seat}"
    title = ("Your hand" if alone else f"Your hand (seat {seat})") if own \
        else _seat_name(seat, viewer)
    tags = tags or {}
    if hand is None and held is not None:  # unknown cards, but their number is public
        cards = "".join(_back_div() for _ in range(held))
        note = count(held, "card") + ", face down" if held else "no cards"
    elif hand is None:
        cards, note = "", "hand not shown"
    elif face_up:
        cards = "".join(_card_div(c, four_color=four_color, interactive=interactive and own,
                                  value=_hand_value(c, tags), drawn=c == drawn)
                        for c in hand)
        note = count(len(hand), "card")
    else:
        cards = "".join(_back_div() for _ in hand)
        note = count(len(hand), "card") + ", face down"
    if hand == ():
        note = "no cards"
    if drawn is not None and own and hand and drawn in hand:
        note += f"; you drew the {drawn.name}"
    classes = "cl-zone cl-hand" if own else "cl-zone cl-other"
    row = (_listbox(cards, f"{title}, {note}", several=False) if interactive and own and hand
           else element("div", cards, class_="cl-cards"))
    head = element("div", escape(title), " ", element("span", note, class_="cl-note"),
                   class_="cl-zone-title")
    return element("section", head, row, class_=classes, data_zone=zone, data_seat=seat,
                   aria_label=f"{title}, {note}")


def _stock_div(stock: int) -> str:
    """V9's stock: a face-down pile with its count (a dashed place once it is empty)."""
    words = f"stock: {count(stock, 'card')}, face down" if stock else "stock: empty"
    pile = element("div", card_svg(Card.parse("AS"), face_down=True, label=False),
                   element("span", str(stock), class_="cl-stock-count"),
                   class_="cl-stock-pile") if stock \
        else element("div", class_="cl-stock-pile cl-stock-empty")
    return element("div", pile, _hidden("cl-stock-name", "Stock" if stock else "Stock empty"),
                   class_="cl-stock", data_stock=stock, role="img", aria_label=words)


def position_html(position: Position, *, seat: int | None = None, reveal: bool = False,
                  four_color: bool = False, size: int | None = DEFAULT_CARD_WIDTH,
                  interactive: bool = False, style: bool = True, stock: int | None = None,
                  drawn: Card | None = None, absent: Collection[int] = (),
                  hand_sizes: Sequence[int] | None = None, sweeps: bool = True) -> str:
    """The position as a card table: other hands, the table (loose cards, builds), the hand.

    `seat` is the player looking (default: the mover); their hand is face up at the bottom and
    builds say "yours" for theirs. Other known hands are face down unless `reveal`. Builds are
    overlapping piles with a value badge ("8", and "2 sets" beside it for a multiple build) and an owner tag.
    `interactive` makes the viewer's hand cards, loose cards and builds focusable options of two
    listboxes, the hand (one card chosen) and the table (several) (the widget's hooks:
    `role="option"`, `data-card`, `data-build`, `data-zone`). `style=False` leaves out the
    `<style>` block (the widget loads the same CSS itself). `size=None` leaves the card width to
    the page's CSS (`--cl-card-w`), so the card table widget can scale cards with its width.

    Under rules that change card values (V7) the cards they change carry their values. `stock`
    (a number of cards) draws V9's face-down stock beside the table; `drawn` marks the card the
    viewer has just drawn from it. `absent` seats are left out (no zone, no pile): a table where
    the viewer is alone says "Your hand", "Your pile" and "Your move", without seat numbers.
    `hand_sizes` (cards in each seat's hand) draws hidden hands as that many card backs.
    `sweeps=False` leaves sweeps out of the piles' line (a lesson before sweeps are taught).
    """
    viewer = position.turn if seat is None else seat
    can_act = interactive and viewer == position.turn
    absent = frozenset(absent) - {viewer}
    alone = not position.partners and all(s in absent for s in range(1, position.players + 1)
                                          if s != viewer)
    tags = value_tags(position.rules)
    others = "".join(
        _hand_zone(s, position.hands[s - 1], viewer=viewer, face_up=reveal,
                   four_color=four_color, interactive=False, tags=tags,
                   held=None if hand_sizes is None else hand_sizes[s - 1])
        for s in range(1, position.players + 1) if s != viewer and s not in absent)
    loose = "".join(_card_div(c, four_color=four_color, interactive=can_act,
                              value=_table_value(c, tags))
                    for c in position.loose)
    builds = "".join(_build_div(i, b, viewer, position, four_color=four_color,
                                interactive=can_act, tags=tags)
                     for i, b in enumerate(position.builds))
    empty = "" if loose or builds else element("span", "The table is empty.", class_="cl-note")
    pile = "" if stock is None else _stock_div(stock)
    row = (_listbox(loose + builds, "table", several=True) if can_act and (loose or builds)
           else element("div", loose, builds, empty, class_="cl-cards"))
    table = element("section", pile, element("div", "Table", class_="cl-zone-title"), row,
                    class_="cl-zone cl-felt", data_zone="table", aria_label="table")
    hand = _hand_zone(viewer, position.hands[viewer - 1], viewer=viewer, face_up=True,
                      four_color=four_color, interactive=can_act, alone=alone, tags=tags,
                      drawn=drawn)
    css = element("style", TABLE_CSS) if style else ""
    return element("div", css, _status(position, viewer, absent, alone, sweeps),
                   element("div", others, class_="cl-others"), table, hand,
                   class_="cl-table", style=_width_style(size))


def _width_style(size: int | None) -> str | None:
    """The inline card width; none when `size` is None (the stylesheet decides)."""
    return None if size is None else f"--cl-card-w:{size}px"


# ---------------------------------------------------------------------------- moves

def _group_html(group: tuple | Build, four_color: bool,
                tags: dict[int, tuple[str, str]]) -> str:
    if isinstance(group, Build):
        sets = _sets_html(group, four_color, tags)
        kind = "multiple build" if group.is_multiple else "build"
        return element("div", _badge(group), sets, class_="cl-build",
                       aria_label=f"the {kind} of {group.value}", role="group")
    inner = "".join(_group_html(x, four_color, tags) if not isinstance(x, Card)
                    else _card_div(x, four_color=four_color, interactive=False,
                                   value=_table_value(x, tags)) for x in group)
    return element("div", inner, class_="cl-set cl-group")


def move_html(move: Move, *, four_color: bool = False, size: int | None = DEFAULT_CARD_WIDTH,
              style: bool = True) -> str:
    """A move: the played card, what it does ("takes", "builds 8", "trails") and the table
    cards in the groups of its notation (`str(move)`), said in words to a screen reader. The
    notation itself is kept under it but hidden unless an enclosing element has the class
    `cl-show-notation` (a learner's "show notation"). `size=None`: the CSS sets the width."""
    if move.kind == "trail":
        verb = "trails"
    elif move.kind == "capture":
        verb = "takes"
    else:
        verb = f"builds {move.value}"
    groups = move.groups() if move.kind != "trail" else []
    if move.kind == "build" and groups:
        # The first set of a build holds the played card; show the rest of that set.
        head = groups[0]
        first = tuple(x for x in ((head,) if isinstance(head, Build) else head)
                      if x is not move.card)
        kept: list[Group] = [first] if first else []
        groups = kept + groups[1:]
    tags = value_tags(move.position.rules) if move.position is not None else {}
    shown = "".join(_group_html(g if not isinstance(g, Card) else (g,), four_color, tags)
                    for g in groups)
    played = _hand_value(move.card, tags)
    css = element("style", TABLE_CSS) if style else ""
    cards = element("div", _card_div(move.card, four_color=four_color, interactive=False,
                                     value=played),
                    element("span", f"&rarr; {verb}", class_="cl-verb"), shown,
                    class_="cl-cards")
    return element("div", css, cards,
                   element("div", str(move), class_="cl-notation", lang="zxx", escape=True),
                   class_="cl-table cl-move", style=_width_style(size),
                   aria_label=in_words(move))


def asked_move_html(text: str, *, four_color: bool = False, size: int = 56) -> str:
    """A move a question asks about (legal or not), drawn from its notation as the core reads
    it: the card played, what it does ("takes", "builds 9 with", "trails") and the table
    cards it names, said in words to a screen reader. The notation is kept, hidden unless an
    enclosing element has the class `cl-show-notation`. Its look is the enclosing widget's
    (classes `cl-asked-move`, `cl-asked-verb`, `cl-asked-cards`)."""
    move = Move.parse(text)
    if move.kind == "trail":
        verb = "trails"
    elif move.kind == "capture":
        verb = "takes, counting 14," if move.value == 14 and move.card.rank == 1 else "takes"
    else:
        verb = f"builds {move.value} with"
    named = sorted(move.table_cards, key=lambda c: c.index)

    def cards(shown: Sequence[Card]) -> str:
        drawn = "".join(card_svg(c, four_color=four_color, size=size) for c in shown)
        return element("span", drawn, class_="cl-asked-cards")

    said = f"The {move.card.name} {verb} {listing([f'the {c.name}' for c in named])}".strip()
    return element("div", element("span", "The move:", class_="cl-asked-title"),
                   cards((move.card,)),
                   element("span", f"→ {verb}", class_="cl-asked-verb", escape=True),
                   cards(named) if named else "",
                   element("code", text, class_="cl-notation", lang="zxx", escape=True),
                   class_="cl-asked-move", role="img", aria_label=said)
