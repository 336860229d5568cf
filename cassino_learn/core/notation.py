"""The notation of docs/notation.md, read and written: positions (`table: 5D [8@2: 5H 3S];
hand: 7S 3D`) and moves (`7S take 3C+4H`, `3D build 8: 3D+5C`, `trail 9S`), with reading errors
that say what and where (a move's words for a learner are `telling`'s).

    >>> read_move("7s x 3c 4h").table_cards
    (Card.parse('3C'), Card.parse('4H'))
    >>> read_position("table: 5D; hand: 7S")["hand"]
    [Card.parse('7S')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .build import Build
from .cards import Card, CardError, format_cards
from .errors import MoveSyntaxError, PositionError, RulesError, shorten
from .numbers import looks_like_number, read_number
from .rules import ACE_HIGH, Rules
from .structure import BUILD, CAPTURE, TRAIL, Group, ace_high, move_groups

if TYPE_CHECKING:
    from .move import Move
    from .position import Position

__all__ = ["read_position", "split_fields", "position_lines", "read_move", "ReadMove",
           "move_text", "group_text"]

_BUILD_HEAD = re.compile(r"^\s*([0-9]+)\s*(?:@\s*([0-9]+))?\s*:(.*)$", re.S | re.ASCII)
_HAND_KEY = re.compile(r"^hand\s*([0-9]{1,6})$", re.ASCII)
_PILE_KEY = re.compile(r"^pile\s*([0-9]{1,6})$", re.ASCII)


def split_fields(text: str) -> list[tuple[str, str, str]]:
    """Split position text into (key, value, where) triples; `where` names the line or field."""
    if not isinstance(text, str):
        raise PositionError(f"a position must be text, not {type(text).__name__}")
    lines = [line for line in text.replace("\r", "").split("\n")]
    multi_line = sum(1 for line in lines if line.strip()) > 1
    result = []
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0]
        for part in line.split(";"):
            if not part.strip():
                continue
            where = f"line {number}" if multi_line else "position"
            if ":" not in part:
                raise PositionError(f"{shorten(part.strip())!r} is not a field; "
                                    f"write key: value, like 'table: 5D 2C'", where)
            key, value = part.split(":", 1)
            key = " ".join(key.lower().split())
            result.append((key, value.strip(), f"{where}, field '{shorten(key, 30)}'"))
    return result


def read_position(text: str) -> dict[str, Any]:
    """The arguments of `Position.create` that position text gives (docs/notation.md,
    "Positions"); `PositionError` saying what and where when it cannot be read."""
    fields = split_fields(text)
    if not fields:
        raise PositionError("empty position: it needs at least a 'table:' line")
    seen: dict[str, str] = {}
    values: dict[str, Any] = {"hands": {}, "piles": {}}
    for key, value, where in fields:
        if key in seen:
            raise PositionError("the field is given twice", where)
        seen[key] = where
        hand_match = _HAND_KEY.match(key)
        pile_match = _PILE_KEY.match(key)
        if key == "table":
            values["table"] = _parse_table(value, where)
        elif key == "hand":
            values["hand"] = _parse_card_list(value, where)
        elif hand_match:
            values["hands"][_small_number(hand_match.group(1), where, "seat")] = \
                _parse_card_list(value, where)
        elif pile_match:
            values["piles"][_small_number(pile_match.group(1), where, "seat")] = \
                _parse_card_list(value, where)
        elif key in ("turn", "players", "last capture"):
            values[key.replace(" ", "_")] = _parse_int(value, where)
        elif key == "partners":
            values["partners"] = _parse_yes_no(value, where)
        elif key == "declared":
            values["declared"] = _parse_assignments(value, where)
        elif key == "sweeps":
            values["sweeps"] = _parse_assignments(value, where)
        elif key == "rules":
            try:
                values["rules"] = Rules.parse(value)
            except RulesError as error:
                raise PositionError(error.what, where) from None
        else:
            raise PositionError(f"unknown field '{shorten(key, 30)}' (known: table, hand, hand N, "
                                f"turn, players, partners, declared, rules, pile N, sweeps, "
                                f"last capture)", where)
    if "table" not in values:
        raise PositionError("the position has no 'table:' field (write 'table:' with nothing "
                            "after it for an empty table)")
    turn = values.get("turn", 1)
    if "hand" in values and turn in values["hands"]:
        raise PositionError(f"both 'hand:' and 'hand {turn}:' give the mover's hand; use one")
    return dict(
        table=values["table"], hands=values["hands"], hand=values.get("hand"), turn=turn,
        players=values.get("players", 2), partners=values.get("partners", False),
        declared=values.get("declared"), rules=values.get("rules"), piles=values["piles"],
        sweeps=values.get("sweeps"), last_capture=values.get("last_capture"))


def _card(word: str, where: str) -> Card:
    try:
        return Card.parse(word)
    except CardError as error:
        raise PositionError(error.what, where) from None


def _parse_card_list(value: str, where: str) -> list[Card]:
    if "[" in value or "]" in value:
        raise PositionError("builds can only be on the table", where)
    return [_card(word, where) for word in value.replace(",", " ").replace("+", " ").split()]


_TABLE_TOKEN = re.compile(r"\[[^\[\]]*\]|\[[^\[\]]*|\]|[^\s,\[\]]+")


def _parse_table(value: str, where: str) -> list[Card | Build]:
    """Loose cards and `[V@P: cards | cards]` builds, read in one pass (linear in the text)."""
    items: list[Card | Build] = []
    for token in _TABLE_TOKEN.finditer(value):
        text = token.group()
        if text.startswith("[") and text.endswith("]"):
            items.append(_parse_build(text[1:-1], where))
        elif text.startswith("["):
            raise PositionError(f"the build {shorten(text)!r} has no closing ']'", where)
        elif text == "]":
            before = value[:token.start()].split()
            after = f" after {shorten(before[-1])}" if before else ""
            near = shorten(value[max(0, token.start() - 12):token.end()])
            raise PositionError(f"a ']' without its '['{after} (near {near!r})", where)
        else:
            items.append(_card(text, where))
    return items


def _parse_build(body: str, where: str) -> Build:
    match = _BUILD_HEAD.match(body)
    if not match:
        raise PositionError(f"the build [{shorten(body)}] should look like [8@2: 5H 3S] "
                            f"(value, @owner seat, ':' and its cards)", where)
    value = _small_number(match.group(1), f"{where}, build [{shorten(body.strip())}]", "value")
    owner = match.group(2)
    cards_text = match.group(3)
    sets = []
    for set_text in cards_text.split("|"):
        words = set_text.replace(",", " ").replace("+", " ").split()
        if not words:
            raise PositionError(f"the build [{shorten(body.strip())}] has an empty set", where)
        sets.append([_card(word, f"{where}, build [{shorten(body.strip())}]") for word in words])
    seat = _small_number(owner, f"{where}, build [{shorten(body.strip())}]", "owner seat") \
        if owner is not None else None
    return Build.make(value, seat, sets)


def _small_number(digits: str, where: str, what: str) -> int:
    """A number of the notation (values, seats, counts), read by `read_number`."""
    return read_number(digits, what=what, where=where, error=PositionError, signed=True)


def _parse_int(value: str, where: str) -> int:
    return _small_number(value, where, "number")


def _parse_yes_no(value: str, where: str) -> bool:
    lowered = value.lower()
    if lowered in ("yes", "true", "on", "1"):
        return True
    if lowered in ("no", "false", "off", "0"):
        return False
    raise PositionError(f"write yes or no, not {shorten(value)!r}", where)


def _parse_assignments(value: str, where: str) -> dict[int, int]:
    result: dict[int, int] = {}
    for item in value.replace(";", ",").split(","):
        item = item.strip()
        if not item:
            continue
        left, sep, right = item.partition("=")
        if not sep:
            raise PositionError(f"{shorten(item)!r} should look like seat=number, like 2=9", where)
        seat, number = _parse_int(left.strip(), where), _parse_int(right.strip(), where)
        if seat in result:
            raise PositionError(f"seat {seat} is given twice", where)
        result[seat] = number
    return result


# ---------------------------------------------------------------------------- positions, written

def position_lines(position: Position) -> list[str]:
    """The canonical text of a position, one field a line, fields left out when they say
    nothing (no pile, no sweep, the standard rules)."""
    table = " ".join([format_cards(position.loose)] + [b.text() for b in position.builds]).strip()
    lines = [f"table: {table}".rstrip()]
    mover_hand = position.hands[position.turn - 1]
    if mover_hand is not None:
        lines.append(f"hand: {format_cards(mover_hand)}".rstrip())
    for seat, hand in enumerate(position.hands, 1):
        if hand is not None and seat != position.turn:
            lines.append(f"hand {seat}: {format_cards(hand)}".rstrip())
    lines.append(f"turn: {position.turn}")
    lines.append(f"players: {position.players}")
    if position.partners:
        lines.append("partners: yes")
    if position.declared:
        lines.append("declared: " + ", ".join(f"{s}={v}" for s, v in position.declared))
    if not position.rules.is_standard:
        lines.append(f"rules: {position.rules}")
    for side, pile in enumerate(position.piles, 1):
        if pile:
            lines.append(f"pile {side}: {format_cards(pile)}")
    if any(position.sweeps):
        lines.append("sweeps: " + ", ".join(f"{s}={n}" for s, n in enumerate(position.sweeps, 1)))
    if position.last_capture is not None:
        lines.append(f"last capture: {position.last_capture}")
    return lines


# ---------------------------------------------------------------------------- moves, read

_DECORATION = str.maketrans({c: " " for c in "+|[],:"})
_VERBS = {
    "trail": TRAIL, "trails": TRAIL,
    "take": CAPTURE, "takes": CAPTURE, "capture": CAPTURE, "captures": CAPTURE, "x": CAPTURE,
    "build": BUILD, "builds": BUILD, "make": BUILD,
}


@dataclass(frozen=True)
class ReadMove:
    """What move text says, before any rule is checked."""

    kind: str
    card: Card
    table_cards: tuple[Card, ...]
    value: int | None
    text: str


def read_move(text: str) -> ReadMove:
    """Read move text (docs/notation.md); raise `MoveSyntaxError` saying what and where."""
    if not isinstance(text, str):
        raise MoveSyntaxError(f"a move must be text, not {type(text).__name__}")
    shown = repr(shorten(text.strip()))
    words = text.split("#", 1)[0].translate(_DECORATION).split()
    if not words:
        raise MoveSyntaxError("the move is empty: write for example 'trail 7S', "
                              "'7S take 3C 4H' or '3D build 8 5C'")
    verb_at = next((i for i, w in enumerate(words) if w.lower() in _VERBS), None)
    if verb_at is None:
        raise MoveSyntaxError(f"no verb in {shown}: say trail, take or build "
                              f"(for example '7S take 3C 4H')")
    kind = _VERBS[words[verb_at].lower()]
    before, after = words[:verb_at], words[verb_at + 1:]

    def card_at(index: int) -> Card:
        try:
            return Card.parse(words[index])
        except CardError as error:
            raise MoveSyntaxError(error.what, f"word {index + 1} of {shown}") from None

    if kind == TRAIL:
        cards = [card_at(i) for i in range(len(words)) if i != verb_at]
        if len(cards) != 1:
            raise MoveSyntaxError("a trail names exactly one card, the one you play "
                                  "(for example 'trail 7S'); it takes nothing", shown)
        return ReadMove(TRAIL, cards[0], (), None, text)
    if len(before) != 1:
        example = "7S take 3C 4H" if kind == CAPTURE else "3D build 8 5C"
        if not before:
            raise MoveSyntaxError(f"name the card you play before "
                                  f"'{words[verb_at]}' (for example '{example}')", shown)
        raise MoveSyntaxError("only one card is played from the hand; "
                              f"put just that card before '{words[verb_at]}' "
                              f"(for example '{example}')", shown)
    card = card_at(0)
    start = verb_at + 1
    value: int | None = None
    if kind == BUILD:
        if not after or not looks_like_number(after[0]):
            raise MoveSyntaxError(f"a build needs its value, a number like 8, right after "
                                  f"'{words[verb_at]}' (for example '3D build 8 5C')", shown)
        value = read_number(after[0], what="build value", where=shown, error=MoveSyntaxError,
                            max_digits=2)
        start += 1
    elif kind == CAPTURE:
        value = None  # the card's own value, unless the text says which (V7: "AS take 14: ...")
        if after and looks_like_number(after[0]):
            value = read_number(after[0], what="value taken", where=shown,
                                error=MoveSyntaxError, max_digits=2)
            start += 1
    table: list[Card] = []
    played_again = False
    for index in range(start, len(words)):
        listed = card_at(index)
        if listed is card and not played_again:
            played_again = True  # the canonical form repeats the played card; allowed once
            continue
        if listed in table:
            raise MoveSyntaxError(f"{listed} is named twice", f"word {index + 1} of {shown}")
        table.append(listed)
    return ReadMove(kind, card, tuple(table), value, text)


# ---------------------------------------------------------------------------- moves, written

def group_text(group: Group) -> str:
    """A group of a move as written: `3C+4H`, or a build taken whole `[5H 3S]`."""
    if isinstance(group, Build):
        return "[" + " | ".join(format_cards(s) for s in group.sets) + "]"
    return "+".join(group_text(x) if isinstance(x, Build) else str(x) for x in group)


def move_text(move: Move) -> str:
    """The canonical notation of a move."""
    if move.kind == TRAIL:
        return f"trail {move.card}"
    high = f"{ACE_HIGH}: " if ace_high(move) else ""
    if move.position is None:
        cards = format_cards(sorted(move.table_cards))
        if move.kind == CAPTURE:
            return f"{move.card} take {high}{cards}".rstrip()
        return f"{move.card} build {move.value} {cards}".rstrip()
    groups = move_groups(move)
    if move.kind == CAPTURE:
        return f"{move.card} take {high}" + " ".join(group_text(g) for g in groups)
    return f"{move.card} build {move.value}: " + " | ".join(group_text(g) for g in groups)

