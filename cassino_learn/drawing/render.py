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
from typing import Collection, Sequence

from ..core.build import Build
from ..core.cards import Card
from ..core.move import Move
from ..core.position import Position
from ..core.rules import Rules
from ..core.structure import Group
from ..core.telling import in_words
from ..core.words import count, listing

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
    "S": '<path d="M50 4C34 26 6 40 6 62c0 15 12 25 26 25 7 0 13-3 16-8L42 97h16l-6-18c3 5 '
         '9 8 16 8 14 0 26-10 26-25C100 40 66 26 50 4z"/>',
    "H": '<path d="M50 94C34 76 5 60 5 32 5 16 17 6 30 6c10 0 17 6 20 15 3-9 10-15 20-15 13 0 '
         '25 10 25 26 0 28-29 44-45 62z"/>',
    "D": '<path d="M50 2 90 50 50 98 10 50z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/>'
         '<circle cx="74" cy="60" r="21"/><path d="M50 40 36 66h28zM46 62 38 97h24L54 62z"/>',
}
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen")  # builds run to 14 under V7


def _colour(suit: str, four_color: bool) -> str:
    return (_FOUR_COLOURS if four_color else _TWO_COLOURS)[suit]


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    """A suit shape whose top-left corner is at (x, y), `size` units wide."""
    scale = size / 100
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{colour}">'
            f'{_SUIT_SHAPES[suit]}</g>')


def _back_pattern() -> str:
    diamonds = []
    for row in range(9):
        for col in range(6):
            cx, cy = 21 + col * 11.6, 23 + row * 11.8
            diamonds.append(f"M{cx:g} {cy - 4.5:g}l4.5 4.5-4.5 4.5-4.5-4.5z")
    return f'<path fill="#9fc1ea" d="{"".join(diamonds)}"/>'


_BACK = ('<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#4a4a4a" '
         'stroke-width="2"/><rect x="9" y="9" width="82" height="122" rx="5" fill="#1f4e8c"/>'
         + _back_pattern())


def _face_body(card: Card, colour: str) -> str:
    rank = card.rank_text
    corner = ('<text x="{x}" y="{y}" font-family="Arial, Helvetica, sans-serif" '
              'font-weight="700" font-size="{fs}" fill="{c}" text-anchor="middle"'
              '{extra}>{r}</text>')
    size = 26 if rank == "10" else 30
    parts = [
        '<rect x="2" y="2" width="96" height="136" rx="9" fill="#fff" stroke="#4a4a4a" '
        'stroke-width="2"/>',
        corner.format(x=17, y=30, fs=size, c=colour, extra=' letter-spacing="-2"'
                      if rank == "10" else "", r=rank),
        _suit(card.suit, 7, 35, 20, colour),
        '<g transform="rotate(180 50 70)">'
        + corner.format(x=17, y=30, fs=size, c=colour, extra=' letter-spacing="-2"'
                        if rank == "10" else "", r=rank)
        + _suit(card.suit, 7, 35, 20, colour) + "</g>",
    ]
    if card.is_face:
        parts.append(f'<rect x="28" y="30" width="44" height="80" rx="4" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>')
        parts.append(corner.format(x=50, y=80, fs=40, c=colour, extra="", r=rank))
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
    if label:
        name = "face-down card" if face_down else card.name
        access = f'role="img" aria-label="{escape(name)}"'
    else:
        access = 'aria-hidden="true" focusable="false"'
    body = _BACK if face_down else _face_body(card, _colour(card.suit, four_color))
    return (f'<svg class="cl-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" '
            f'width="{width}" height="{height}" {access}>{body}</svg>')


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
_OPTION = ' tabindex="0" role="option" aria-selected="false"'


def _listbox(options: str, label: str, *, several: bool) -> str:
    """A row of options as a listbox (one card chosen from the hand; several from the table)."""
    many = ' aria-multiselectable="true"' if several else ""
    return (f'<div class="cl-cards" role="listbox" aria-label="{escape(label)}" '
            f'aria-orientation="horizontal"{many}>{options}</div>')


def _card_div(card: Card, *, four_color: bool, interactive: bool, value: str = "",
              drawn: bool = False) -> str:
    """A card; `value` (e.g. "13", "1/14") is printed small in its lower left corner, where it
    covers neither index, and said after its name. `drawn`: just drawn from the stock."""
    focus = _OPTION if interactive else ' role="img"'
    name = f"{card.name}, counts {value.replace('/', ' or ')}" if value else card.name
    tag = f'<span class="cl-value" aria-hidden="true">{value}</span>' if value else ""
    if drawn:
        name += ", just drawn from the stock"
        tag += '<span class="cl-drawn-tag" aria-hidden="true">drawn</span>'
    extra = " cl-drawn" if drawn else ""
    return (f'<div class="cl-card{extra}" data-card="{card}" aria-label="{name}"{focus}>'
            f'{card_svg(card, four_color=four_color, label=False)}{tag}</div>')


def _table_value(card: Card, tags: dict[int, tuple[str, str]]) -> str:
    return tags[card.rank][0] if card.rank in tags else ""


def _hand_value(card: Card, tags: dict[int, tuple[str, str]]) -> str:
    return tags[card.rank][1] if card.rank in tags else ""


def _back_div() -> str:
    return ('<div class="cl-card cl-back" aria-hidden="true">'
            f'{card_svg(Card.parse("AS"), face_down=True, label=False)}</div>')


def _sets_html(build: Build, four_color: bool, tags: dict[int, tuple[str, str]]) -> str:
    return '<span class="cl-sep" aria-hidden="true"></span>'.join(
        '<div class="cl-set">' + "".join(
            _card_div(c, four_color=four_color, interactive=False, value=_table_value(c, tags))
            for c in s) + "</div>"
        for s in build.sets)


def _badge(build: Build) -> str:
    """A build's value on its corner; a multiple build says how many sets beside it ("8" and
    "2 sets"), never "8s", which reads as the eight of spades."""
    value = f'<span class="cl-badge" aria-hidden="true">{build.value}</span>'
    if not build.is_multiple:
        return value
    return value + (f'<span class="cl-sets-tag" aria-hidden="true">'
                    f'{count(len(build.sets), "set")}</span>')


def _build_div(index: int, build: Build, viewer: int, position: Position, *,
               four_color: bool, interactive: bool, tags: dict[int, tuple[str, str]]) -> str:
    tag = _owner(build, viewer, position)[0]
    focus = _OPTION if interactive else ' role="group"'
    sets = _sets_html(build, four_color, tags)
    owner_class = " cl-mine" if build.owner == viewer else ""
    cards = " ".join(str(c) for c in build.cards)
    return (f'<div class="cl-build{owner_class}" data-build="{index}" data-cards="{cards}" '
            f'data-value="{build.value}" aria-label="{escape(build_label(build, viewer, position))}"'
            f'{focus}>{_badge(build)}{sets}'
            f'<span class="cl-owner" aria-hidden="true">{escape(tag)}</span></div>')


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
    return (f'<div class="cl-status"><strong class="cl-turn" data-turn="{position.turn}">'
            f'{turn}</strong><span class="cl-piles">{escape(" · ".join(piles))}</span></div>')


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
           else f'<div class="cl-cards">{cards}</div>')
    return (f'<section class="{classes}" data-zone="{zone}" data-seat="{seat}" '
            f'aria-label="{escape(title)}, {note}"><div class="cl-zone-title">{escape(title)}'
            f' <span class="cl-note">{note}</span></div>{row}</section>')


def _stock_div(stock: int) -> str:
    """V9's stock: a face-down pile with its count (a dashed place once it is empty)."""
    words = f"stock: {count(stock, 'card')}, face down" if stock else "stock: empty"
    pile = (f'<div class="cl-stock-pile">{card_svg(Card.parse("AS"), face_down=True, label=False)}'
            f'<span class="cl-stock-count">{stock}</span></div>' if stock
            else '<div class="cl-stock-pile cl-stock-empty"></div>')
    return (f'<div class="cl-stock" data-stock="{stock}" role="img" aria-label="{words}">'
            f'{pile}<span class="cl-stock-name" aria-hidden="true">'
            f'{"Stock" if stock else "Stock empty"}</span></div>')


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
    empty = "" if loose or builds else '<span class="cl-note">The table is empty.</span>'
    pile = "" if stock is None else _stock_div(stock)
    row = (_listbox(loose + builds, "table", several=True) if can_act and (loose or builds)
           else f'<div class="cl-cards">{loose}{builds}{empty}</div>')
    table = (f'<section class="cl-zone cl-felt" data-zone="table" aria-label="table">{pile}'
             f'<div class="cl-zone-title">Table</div>'
             f'{row}</section>')
    hand = _hand_zone(viewer, position.hands[viewer - 1], viewer=viewer, face_up=True,
                      four_color=four_color, interactive=can_act, alone=alone, tags=tags,
                      drawn=drawn)
    css = f"<style>{TABLE_CSS}</style>" if style else ""
    return (f'<div class="cl-table"{_width_style(size)}>{css}'
            f'{_status(position, viewer, absent, alone, sweeps)}<div class="cl-others">{others}</div>'
            f'{table}{hand}</div>')


def _width_style(size: int | None) -> str:
    """The inline card width; none when `size` is None (the stylesheet decides)."""
    return "" if size is None else f' style="--cl-card-w:{size}px"'


# ---------------------------------------------------------------------------- moves

def _group_html(group: tuple | Build, four_color: bool,
                tags: dict[int, tuple[str, str]]) -> str:
    if isinstance(group, Build):
        sets = _sets_html(group, four_color, tags)
        kind = "multiple build" if group.is_multiple else "build"
        return (f'<div class="cl-build" aria-label="the {kind} of {group.value}" role="group">'
                f'{_badge(group)}{sets}</div>')
    inner = "".join(_group_html(x, four_color, tags) if not isinstance(x, Card)
                    else _card_div(x, four_color=four_color, interactive=False,
                                   value=_table_value(x, tags)) for x in group)
    return f'<div class="cl-set cl-group">{inner}</div>'


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
    css = f"<style>{TABLE_CSS}</style>" if style else ""
    return (f'<div class="cl-table cl-move"{_width_style(size)} '
            f'aria-label="{escape(in_words(move))}">{css}<div class="cl-cards">'
            f'{_card_div(move.card, four_color=four_color, interactive=False, value=played)}'
            f'<span class="cl-verb">&rarr; {verb}</span>{shown}</div>'
            f'<div class="cl-notation" lang="zxx">{escape(str(move))}</div></div>')


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
        return f'<span class="cl-asked-cards">{drawn}</span>'

    said = f"The {move.card.name} {verb} {listing([f'the {c.name}' for c in named])}".strip()
    return (f'<div class="cl-asked-move" role="img" aria-label="{escape(said)}">'
            f'<span class="cl-asked-title">The move:</span>{cards((move.card,))}'
            f'<span class="cl-asked-verb">→ {escape(verb)}</span>{cards(named) if named else ""}'
            f'<code class="cl-notation" lang="zxx">{escape(text)}</code></div>')
