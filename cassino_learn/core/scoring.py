"""What a round is scored by (docs/rules.md K1, K2, W1, V8): the items of the showing, the points
of each, what every card scores by itself, the points shared in a round and the match's target.

A `Scoring` is data: its items, in showing order. A "most" item scores its points for the side
holding strictly the most of what it counts (K2: a tie scores nothing); a "per card" item scores
what each card of a pile is worth to it; the sweeps item scores the sweeps that count (W1, with
V2 and V3 decided by `Rules`). `Rules.scorer` is the scoring a game is played under; the scorer
of a round (`cassino_learn.game.scoring.score_round`), the search's estimates and every sheet
and table read it, so a new scoring option is one more `Scoring` in `SCORINGS`.

>>> STANDARD.round_total, SPADE_CASINO.round_total
(11, 26)
>>> [item.key for item in STANDARD.items]
['cards', 'spades', 'big_casino', 'little_casino', 'aces', 'sweeps']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .cards import BIG_CASINO, FULL_DECK, LITTLE_CASINO, Card

__all__ = ["Item", "Scoring", "STANDARD", "SPADE_CASINO", "SCORINGS", "per_card", "most",
           "sweeps_item"]

MOST = "most"
PER_CARD = "per card"
SWEEPS = "sweeps"


@dataclass(frozen=True)
class Item:
    """One line of a round's showing.

    key: its id in a round's score ("cards"); name: its short name ("Most cards"); label: how
    the game's table heads its row ("Big Casino (10D)"); said: its name in words, as a lesson's
    sheet writes it ("Big Casino (the ten of diamonds)"). kind: MOST, PER_CARD or SWEEPS.
    worth: each card's number by `Card.index`: for a MOST item what the card adds to its count,
    for a PER_CARD item the points it scores. points: what a MOST item scores.
    """

    key: str
    name: str
    label: str
    said: str
    kind: str
    worth: tuple[int, ...] = (0,) * 52
    points: int = 0
    in_deck: int = field(init=False, repr=False, compare=False)  # over the whole pack
    most: bool = field(init=False, repr=False, compare=False)  # the kind, as flags
    per_card: bool = field(init=False, repr=False, compare=False)
    sweeps: bool = field(init=False, repr=False, compare=False)
    counts_every_card: bool = field(init=False, repr=False, compare=False)  # each card 1

    def __post_init__(self) -> None:
        if self.kind not in (MOST, PER_CARD, SWEEPS):
            raise ValueError(f"a scoring item's kind is {MOST!r}, {PER_CARD!r} or {SWEEPS!r}, "
                             f"not {self.kind!r}")
        for name, value in (("in_deck", sum(self.worth)), ("most", self.kind == MOST),
                            ("per_card", self.kind == PER_CARD), ("sweeps", self.kind == SWEEPS),
                            ("counts_every_card", all(w == 1 for w in self.worth))):
            object.__setattr__(self, name, value)

    @property
    def scores(self) -> bool:
        """Whether any card can score this item (an item kept with no points is not shown)."""
        return self.kind != PER_CARD or any(self.worth)

    def count(self, pile: Sequence[Card]) -> int:
        """What `pile` holds of this item: its count (MOST) or its points (PER_CARD)."""
        if self.counts_every_card:
            return len(pile)
        return sum(map(self.worth.__getitem__, [card.index for card in pile]))


def _by_card(rule: Callable[[Card], int]) -> tuple[int, ...]:
    worth = [0] * 52
    for card in FULL_DECK:
        worth[card.index] = rule(card)
    return tuple(worth)


def most(key: str, name: str, points: int, counts: Callable[[Card], int],
         said: str | None = None) -> Item:
    """A MOST item: `points` for the side holding strictly the most (`counts(card)` each)."""
    return Item(key, name, name, said or name, MOST, _by_card(counts), points)


def per_card(key: str, name: str, label: str, said: str, scores: Callable[[Card], int]) -> Item:
    """A PER_CARD item: each card of a pile scores `scores(card)`."""
    return Item(key, name, label, said, PER_CARD, _by_card(scores))


def sweeps_item() -> Item:
    """The sweeps (W1): what counts of them is the rules' (V2, V3)."""
    return Item("sweeps", "Sweeps", "Sweeps", "Sweeps", SWEEPS)


@dataclass(frozen=True)
class Scoring:
    """The items a round is scored by, in showing order, and the match they make.

    key: the `scoring` option that chooses it ("standard"); name: the game's name for it
    ("Spade Casino"); rule: its rule id (K1, V8);
    target: the points that win a match to the target (K3: 21; V8: 61); double_limit: a winner
    whose opponents all have fewer points wins a double game (V8: 31), None when no such rule.
    """

    key: str
    name: str
    rule: str
    items: tuple[Item, ...]
    target: int
    double_limit: int | None = None
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # the MOST items with their places in `items`, and the places of the PER_CARD ones
    most_places: tuple[tuple[int, Item], ...] = field(init=False, repr=False, compare=False)
    per_card_places: tuple[int, ...] = field(init=False, repr=False, compare=False)
    keys: tuple[str, ...] = field(init=False, repr=False, compare=False)  # in showing order
    # by `Card.index`: the (item's place in `items`, worth) pairs of every item the card counts
    # towards, so a pile is tallied in one pass; the items every card counts 1 towards (most
    # cards) are a pile's length
    _worth_by_card: tuple[tuple[tuple[int, int], ...], ...] = field(
        init=False, repr=False, compare=False)
    _every_card: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # every card's own points, by `Card.index`: the sum of the PER_CARD items
        points = [0] * 52
        for item in self.items:
            if item.per_card:
                points = [p + w for p, w in zip(points, item.worth)]
        object.__setattr__(self, "points", tuple(points))
        object.__setattr__(self, "most_places", tuple(
            (place, item) for place, item in enumerate(self.items) if item.most))
        object.__setattr__(self, "per_card_places", tuple(
            place for place, item in enumerate(self.items) if item.per_card))
        object.__setattr__(self, "keys", tuple(item.key for item in self.items))
        every = tuple(place for place, item in enumerate(self.items) if item.counts_every_card)
        object.__setattr__(self, "_every_card", every)
        object.__setattr__(self, "_worth_by_card", tuple(
            tuple((place, item.worth[index]) for place, item in enumerate(self.items)
                  if not item.sweeps and item.worth[index] and place not in every)
            for index in range(52)))

    def tally(self, pile: Sequence[Card]) -> list[int]:
        """Each item's count (MOST) or points (PER_CARD) in `pile`, in the order of `items`
        (0 for the sweeps, which the rules count).

        >>> from .cards import parse_cards
        >>> STANDARD.tally(parse_cards("10D AS 2S 5H"))
        [4, 2, 2, 1, 1, 0]
        """
        tally = [0] * len(self.items)
        for place in self._every_card:
            tally[place] = len(pile)
        worth_by_card = self._worth_by_card
        for card in pile:
            worths = worth_by_card[card.index]
            if worths:
                for place, worth in worths:
                    tally[place] += worth
        return tally

    def card_points(self, card: Card) -> int:
        """Points `card` scores by itself when captured (every PER_CARD item together)."""
        return self.points[card.index]


    def item(self, key: str) -> Item:
        """The item called `key` (KeyError naming the known ones otherwise)."""
        for item in self.items:
            if item.key == key:
                return item
        raise KeyError(f"no scoring item {key!r}; known: {', '.join(self.keys)}")

    @property
    def round_total(self) -> int:
        """The points shared in a round before sweeps (K1: 11; V8: 26)."""
        return sum(item.points if item.most else item.in_deck
                   for item in self.items if not item.sweeps)


_CARDS = most("cards", "Most cards", 3, lambda card: 1)
_SPADES = most("spades", "Most spades", 1, lambda card: card.suit == "S")
_BIG_CASINO = per_card("big_casino", "Big Casino", "Big Casino (10D)",
                       "Big Casino (the ten of diamonds)", lambda card: 2 * (card is BIG_CASINO))
_LITTLE_CASINO = per_card("little_casino", "Little Casino", "Little Casino (2S)",
                          "Little Casino (the two of spades)",
                          lambda card: int(card is LITTLE_CASINO))
_ACES = per_card("aces", "Aces", "Aces", "Aces", lambda card: int(card.rank == 1))
_SPADES_WORTH_TWO = (1, 11, 2)  # V8: the ace, jack and two of spades

STANDARD = Scoring("standard", "Standard Cassino", "K1", (_CARDS, _SPADES, _BIG_CASINO, _LITTLE_CASINO, _ACES,
                                      sweeps_item()), target=21)

# V8: Little Casino scores no point of its own (its row stays, worth nothing: it counts as a
# spade), and every spade captured scores.
SPADE_CASINO = Scoring(
    "spade-casino", "Spade Casino", "V8",
    (_CARDS, _SPADES, _BIG_CASINO,
     per_card("little_casino", "Little Casino", "Little Casino (2S)",
              "Little Casino (the two of spades)", lambda card: 0),
     _ACES,
     per_card("spade_cards", "Spades", "Spades (AS, JS, 2S 2 each, the rest 1)",
              "Spades (Spade Casino: the ace, jack and two of spades 2 each, every other spade 1)",
              lambda card: (2 if card.rank in _SPADES_WORTH_TWO else 1) * (card.suit == "S")),
     sweeps_item()),
    target=61, double_limit=31)

# The scorings the `scoring` option of `Rules` chooses among, by key.
SCORINGS: dict[str, Scoring] = {scoring.key: scoring for scoring in (STANDARD, SPADE_CASINO)}
