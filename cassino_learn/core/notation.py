"""Reading positions written in the notation of docs/notation.md, with errors that say where."""

from __future__ import annotations

import re

from .cards import Card, CardError
from .errors import PositionError, shorten
from .numbers import read_number
from .position import Build, Position
from .rules import Rules

__all__ = ["parse_position", "split_fields"]

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
                raise PositionError(f"{where}: {shorten(part.strip())!r} is not a field; "
                                    f"write key: value, like 'table: 5D 2C'")
            key, value = part.split(":", 1)
            key = " ".join(key.lower().split())
            result.append((key, value.strip(), f"{where}, field '{shorten(key, 30)}'"))
    return result


def parse_position(text: str) -> Position:
    fields = split_fields(text)
    if not fields:
        raise PositionError("empty position: it needs at least a 'table:' line")
    seen: dict[str, str] = {}
    values: dict = {"hands": {}, "piles": {}}
    for key, value, where in fields:
        if key in seen:
            raise PositionError(f"{where}: the field is given twice")
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
            except ValueError as error:
                raise PositionError(f"{where}: {str(error).removeprefix('rules: ')}") from None
        else:
            raise PositionError(f"{where}: unknown field '{shorten(key, 30)}' (known: table, hand, hand N, "
                                f"turn, players, partners, declared, rules, pile N, sweeps, "
                                f"last capture)")
    if "table" not in values:
        raise PositionError("the position has no 'table:' field (write 'table:' with nothing "
                            "after it for an empty table)")
    turn = values.get("turn", 1)
    if "hand" in values and turn in values["hands"]:
        raise PositionError(f"both 'hand:' and 'hand {turn}:' give the mover's hand; use one")
    try:
        return Position.create(
            table=values["table"], hands=values["hands"], hand=values.get("hand"), turn=turn,
            players=values.get("players", 2), partners=values.get("partners", False),
            declared=values.get("declared"), rules=values.get("rules"), piles=values["piles"],
            sweeps=values.get("sweeps"), last_capture=values.get("last_capture"))
    except PositionError:
        raise
    except ValueError as error:  # pragma: no cover - defensive
        raise PositionError(str(error)) from None


def _card(word: str, where: str) -> Card:
    try:
        return Card.parse(word)
    except CardError as error:
        raise PositionError(f"{where}: {error}") from None


def _parse_card_list(value: str, where: str) -> list[Card]:
    if "[" in value or "]" in value:
        raise PositionError(f"{where}: builds can only be on the table")
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
            raise PositionError(f"{where}: the build {shorten(text)!r} has no closing ']'")
        elif text == "]":
            before = value[:token.start()].split()
            after = f" after {shorten(before[-1])}" if before else ""
            raise PositionError(f"{where}: a ']' without its '['{after} "
                                f"(near {shorten(value[max(0, token.start() - 12):token.end()])!r})")
        else:
            items.append(_card(text, where))
    return items


def _parse_build(body: str, where: str) -> Build:
    match = _BUILD_HEAD.match(body)
    if not match:
        raise PositionError(f"{where}: the build [{shorten(body)}] should look like [8@2: 5H 3S] "
                            f"(value, @owner seat, ':' and its cards)")
    value = _small_number(match.group(1), f"{where}, build [{shorten(body.strip())}]", "value")
    owner = match.group(2)
    cards_text = match.group(3)
    sets = []
    for set_text in cards_text.split("|"):
        words = set_text.replace(",", " ").replace("+", " ").split()
        if not words:
            raise PositionError(f"{where}: the build [{shorten(body.strip())}] has an empty set")
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
    raise PositionError(f"{where}: write yes or no, not {shorten(value)!r}")


def _parse_assignments(value: str, where: str) -> dict[int, int]:
    result: dict[int, int] = {}
    for item in value.replace(";", ",").split(","):
        item = item.strip()
        if not item:
            continue
        left, sep, right = item.partition("=")
        if not sep:
            raise PositionError(f"{where}: {shorten(item)!r} should look like seat=number, like 2=9")
        seat, number = _parse_int(left.strip(), where), _parse_int(right.strip(), where)
        if seat in result:
            raise PositionError(f"{where}: seat {seat} is given twice")
        result[seat] = number
    return result
