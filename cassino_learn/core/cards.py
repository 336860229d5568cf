"""Cards: ranks, suits, values, points and card notation (docs/rules.md C1-C3, K1;
docs/notation.md).

There are exactly 52 `Card` objects; `Card.parse` and `Card(rank, suit)` always return
the same interned instance, so cards compare and hash cheaply.

    >>> Card.parse("td") is Card(10, "D"), Card.parse("q♥").name
    (True, 'queen of hearts')
"""

from __future__ import annotations

import unicodedata
from typing import ClassVar, Iterable

from .errors import CardError, shorten  # CardError: `cards.CardError` stays an import path

__all__ = [
    "Card",
    "CardError",
    "RANKS",
    "SUITS",
    "FULL_DECK",
    "BIG_CASINO",
    "LITTLE_CASINO",
    "parse_cards",
    "format_cards",
]

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Bridge order (clubs, diamonds, hearts, spades) is used to sort cards of one rank.
SUITS: tuple[str, ...] = ("C", "D", "H", "S")

RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

_SUIT_ALIASES = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_RANK_ALIASES = {"T": "10", "1": "A"}


class Card:
    """One playing card. Immutable; one shared instance per card."""

    __slots__ = ("rank", "suit", "value", "index", "_text")
    _all: ClassVar[dict[tuple[int, str], "Card"]] = {}

    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # "S", "H", "D" or "C"
    value: int | None  # 1..10 for numeral cards, None for face cards (C2)
    index: int  # 0..51, the card's place in the canonical sort order
    _text: str  # the card as written, "7S"

    def __new__(cls, rank: int | str, suit: str) -> "Card":
        if isinstance(rank, str):
            text = _RANK_ALIASES.get(rank.upper(), rank.upper())
            if text not in RANKS:
                raise CardError(f"unknown rank {rank!r}")
            rank = RANKS.index(text) + 1
        suit = _SUIT_ALIASES.get(suit, suit.upper() if isinstance(suit, str) else suit)
        try:
            return cls._all[(rank, suit)]
        except (KeyError, TypeError):
            raise CardError(f"no card of rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> "Card":
        card = object.__new__(cls)
        for name, value in (("rank", rank), ("suit", suit),
                            ("value", rank if rank <= 10 else None),
                            ("index", (rank - 1) * 4 + SUITS.index(suit)),
                            ("_text", RANKS[rank - 1] + suit)):
            object.__setattr__(card, name, value)
        cls._all[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type["Card"], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        return self

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read a card: `10D`, `td`, `AS`, `q♥`, `5♦️`. Raises `CardError` saying what is wrong."""
        if not isinstance(text, str):
            raise CardError(f"a card must be text like 7S, not {type(text).__name__}")
        # phones type suit symbols as emoji: the symbol followed by an invisible variation
        # selector (U+FE0F, or U+FE0E for the text form)
        raw = text.strip().replace("\ufe0f", "").replace("\ufe0e", "")
        shown = repr(shorten(text, 20))
        if len(raw) < 2:
            raise CardError(f"{shown} is not a card: write a rank and a suit, like 7S or 10D")
        rank_text, suit_text = raw[:-1], raw[-1]
        suit = _SUIT_ALIASES.get(suit_text, suit_text.upper())
        if suit not in SUITS:
            raise CardError(f"{shown} is not a card: {_char(suit_text)} is not a suit "
                            f"(use S, H, D or C)")
        rank_key = _RANK_ALIASES.get(rank_text.upper(), rank_text.upper())
        if rank_key not in RANKS:
            raise CardError(f"{shown} is not a card: {shorten(rank_text, 12)!r} is not a rank "
                            f"(use A, 2-10, J, Q or K)")
        return cls._all[(RANKS.index(rank_key) + 1, suit)]

    @property
    def is_face(self) -> bool:
        return self.rank > 10

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank - 1]

    @property
    def name(self) -> str:
        """The card in words: "ten of diamonds"."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def points(self) -> int:
        """Points the card scores by itself under K1: Big Casino 2, Little Casino 1, each ace 1
        (`Rules.card_points` adds V8's spades)."""
        if self is BIG_CASINO:
            return 2
        return 1 if self.rank == 1 or self is LITTLE_CASINO else 0

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __le__(self, other: "Card") -> bool:
        return self.index <= other.index

    def __gt__(self, other: "Card") -> bool:
        return self.index > other.index

    def __ge__(self, other: "Card") -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def _repr_html_(self) -> str:
        from ..drawing.render import card_svg

        return card_svg(self)


for _rank in range(1, 14):
    for _suit in SUITS:
        Card._make(_rank, _suit)

FULL_DECK: tuple[Card, ...] = tuple(sorted(Card._all.values()))
BIG_CASINO = Card.parse("10D")
LITTLE_CASINO = Card.parse("2S")


def _char(char: str) -> str:
    """A character for an error message; an invisible one by its Unicode name."""
    if char.isprintable() and not char.isspace():
        return repr(char)
    return f"the invisible character U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')})"


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas (or an iterable of card texts)."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(word) for word in words)


def format_cards(cards: Iterable[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)
