"""Positions and moves in spoken words, for a learner who plays without seeing the table (the
reading mode): the hand, the table and its builds read aloud, and a move said in plain words
found among the legal moves.

    >>> from cassino_learn import Position
    >>> pos = Position.parse("table: 3C 4H 9D; hand: 7S KH")
    >>> say_hand(pos)
    'Your hand: seven of spades and king of hearts.'
    >>> move = read_spoken_move(pos, "take the three and the four with the seven")
    >>> str(move)
    '7S take 3C+4H'
    >>> say_move(move)
    'play the seven of spades to take the three of clubs and the four of hearts'

Words are matched, not parsed into notation: the cards a sentence names are looked for among
the cards of each legal move (the card played, the table cards, the builds), so word order is
free ("with the seven take the three and the four" is the same move). Where the words fit no
legal move, the move they name is put to the one check (`check_move`), whose `IllegalMove`
says which rule forbids it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from .build import Build
from .cards import RANK_NAMES, RANK_PLURALS, SUIT_NAMES, Card, CardError
from .errors import IllegalMove, UnclearMove
from .move import Move
from .movegen import legal_moves
from .position import Position, check_move
from .structure import BUILD, CAPTURE, TRAIL
from .telling import move_said
from .words import listing

__all__ = ["say_cards", "say_build", "say_hand", "say_table", "say_move",
           "read_spoken_move"]

_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                 "eleven", "twelve", "thirteen", "fourteen")
_SEATS_BUILD = re.compile(r"\bseat [0-9]+'s\b")
_NUMBERS = {word: n for n, word in enumerate(_NUMBER_WORDS, 1)}
_NUMBERS.update({str(n): n for n in range(1, 15)})
_RANKS = {word: rank for rank, word in enumerate(RANK_NAMES, 1)}
_RANKS.update({str(n): n for n in range(1, 11)})
_RANKS.update({"one": 1, "1": 1})
_PLURAL_RANKS = {word: rank for rank, word in enumerate(RANK_PLURALS, 1)}
_PLURAL_RANKS.update({f"{n}s": n for n in range(2, 11)})
_SUITS = {name: suit for suit, name in SUIT_NAMES.items()}
_SUITS.update({name[:-1]: suit for name, suit in list(_SUITS.items())})
_VERBS = {"take": CAPTURE, "takes": CAPTURE, "capture": CAPTURE, "catch": CAPTURE,
          "grab": CAPTURE, "trail": TRAIL, "discard": TRAIL, "build": BUILD, "raise": BUILD}
_PLAYED_AFTER = {"with", "using", "play", "put", "lay"}  # the next card named is the one played
_TABLE_AFTER = {"on", "onto", "to", "take", "takes", "capture", "catch", "grab", "and", "plus"}
_OWNERS = {"my": "mine", "mine": "mine", "your": "mine", "yours": "mine", "their": "theirs",
           "theirs": "theirs", "opponent's": "theirs", "opponents": "theirs",
           "partner's": "partner"}
_FILLER = {"the", "a", "an", "of", "and", "with", "on", "onto", "to", "plus", "i", "want",
           "play", "it", "them", "card", "cards", "from", "hand", "table", "please", "using",
           "put", "lay", "down", "up", "pick", "into", "together", "my", "your", "yours", "mine",
           "their", "theirs", "opponent's", "opponents", "partner's", "as", "counting", "count",
           "announce", "announcing", "call", "calling", "making", "make", "that", "this",
           "then", "in", "all", "everything", "both", "build", "builds", "is", "for", "value",
           "gathering", "taking"}


# ---------------------------------------------------------------------------- reading aloud

def say_cards(cards: Iterable[Card]) -> str:
    """Cards in words: "seven of spades, three of clubs and ace of hearts"."""
    return listing([card.name for card in cards])


def _owner_words(build: Build, position: Position, seat: int) -> str:
    if build.owner is None or position.side_of(build.owner) != position.side_of(seat):
        return "your opponent's" if position.players == 2 else (
            "an opponent's" if build.owner is None else f"player {build.owner}'s")
    if build.owner == seat:
        return "yours"
    return "your partner's"


def say_build(build: Build, position: Position, seat: int | None = None) -> str:
    """A build in words, with whose it is from `seat` (the mover's by default): "build of 8:
    five of clubs and three of diamonds, yours"; a multiple build names its sets one by one."""
    kind = "multiple build" if build.is_multiple else "build"
    sets = "; ".join(say_cards(s) for s in build.sets)
    return f"{kind} of {build.value}: {sets}, {_owner_words(build, position, seat or position.turn)}"


def say_hand(position: Position, seat: int | None = None) -> str:
    """The hand of `seat` (the mover's by default): "Your hand: seven of spades and king of
    hearts."."""
    hand = position.hands[(seat or position.turn) - 1] or ()
    if not hand:
        return "Your hand is empty."
    return f"Your hand: {say_cards(hand)}."


def say_table(position: Position, seat: int | None = None) -> str:
    """The table, loose cards then builds, whose each build is told from `seat` (the mover's by
    default): "On the table: three of clubs; build of 8: …"."""
    parts = [say_cards(position.loose)] if position.loose else []
    parts += [say_build(b, position, seat) for b in position.builds]
    if not parts:
        return "The table is empty."
    return "On the table: " + "; ".join(parts) + "."


def say_move(move: Move) -> str:
    """A move in the words every learner reads (`telling.move_said`, the one place a move's
    words are decided), which `read_spoken_move` reads back to the same move: "play the seven
    of spades to take the three of clubs and the four of hearts", "trail the king of
    hearts"."""
    return move_said(move)


# ---------------------------------------------------------------------------- reading words

@dataclass(frozen=True)
class _Named:
    """One thing a sentence names: a card (`rank`, maybe `suit`), some cards of a rank
    (`plural`), or a build (`build`, maybe its `value` and whose it is)."""

    text: str
    rank: int | None = None
    suit: str | None = None
    plural: bool = False
    count: int | None = None
    build: bool = False
    value: int | None = None
    owner: str | None = None
    played: bool = False  # said as the card played ("with the seven")

    def fits_card(self, card: Card) -> bool:
        return (not self.build and card.rank == self.rank
                and (self.suit is None or card.suit == self.suit))

    def fits_build(self, build: Build, position: Position) -> bool:
        if not self.build or (self.value is not None and build.value != self.value):
            return False
        if self.owner is None:
            return True
        mine = build.owner is not None and (
            position.side_of(build.owner) == position.side_of(position.turn))
        return mine == (self.owner in ("mine", "partner"))


@dataclass(frozen=True)
class _Sentence:
    kind: str | None
    value: int | None          # a build's value, or 14 for an ace said "as fourteen"
    named: tuple[_Named, ...]
    everything: bool           # "take everything with the seven"


_TOKEN = re.compile(r"[a-z0-9']+|[♠♥♦♣]")


def _number(word: str) -> int | None:
    return _NUMBERS.get(word)


def _read_words(text: str) -> _Sentence:
    # "multiple" says how many sets a build has, which the cards named already tell
    # "seat 3's build": a build of a seat not on the learner's side, as `telling` says it
    text = _SEATS_BUILD.sub("opponent's", text.lower().replace("’", "'"))
    words = [w for w in _TOKEN.findall(text) if w != "multiple"]
    if not words:
        raise UnclearMove("Say a move in words, for example: take the four with the four.")
    kind: str | None = None
    value: int | None = None
    named: list[_Named] = []
    everything = False
    played_next = False
    i = 0
    while i < len(words):
        word, before = words[i], words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if word in _VERBS and kind is None:
            kind = _VERBS[word]
        if word in ("everything", "all") and after not in _PLURAL_RANKS:
            everything = True
        if word in _PLAYED_AFTER and not any(thing.played for thing in named):
            played_next = True  # "with the seven"; after the card played, "with" adds cards
        elif word in _TABLE_AFTER:
            played_next = False
        # a value announced: "build nine", "build a nine", "raise it to eight", "a build of 9",
        # "calling nine"; an ace "as fourteen"
        announced = _announced(words, i)
        if announced is not None:
            value, i = announced
            continue
        if word in ("build", "builds") and before in ("the", *_OWNERS):
            owner = _OWNERS.get(before) or _OWNERS.get(words[i - 2] if i > 1 else "")
            built = None
            if after == "of" and i + 2 < len(words) and _number(words[i + 2]) is not None:
                built = _number(words[i + 2])
                i += 2
            named.append(_Named(" ".join(words[max(0, i - 3):i + 1]), build=True,
                                value=built, owner=owner))
            i += 1
            continue
        card = _card_named(words, i, played_next)
        if card is not None:
            named.append(card[0])
            played_next = False if card[0].played else played_next
            i = card[1]
            continue
        if word not in _FILLER and word not in _VERBS:
            raise UnclearMove(f"I do not know the word {word!r}: name cards as \"the seven\" "
                              f"or \"the seven of spades\", and say take, build or trail.")
        i += 1
    return _Sentence(kind, value, tuple(named), everything)


_ANNOUNCING = {"build", "raise", "make", "making", "call", "calling", "announce", "announcing",
               "to", "as", "counting"}


def _announced(words: Sequence[str], i: int) -> tuple[int, int] | None:
    """(value, next index) when words[i] starts an announced value ("build nine", "build a
    nine", "a build of 9", "raise it to eight", "calling nine", an ace "as fourteen"), else
    None. "The build of nine" names a build already on the table, not a value."""
    word = words[i]
    if word not in _ANNOUNCING or (word == "build" and i and words[i - 1] in ("the", *_OWNERS)):
        return None
    j = i + 1
    while j < len(words) and words[j] in ("a", "an", "of", "it", "up"):
        j += 1
    value = _number(words[j]) if j < len(words) else None
    if value is None:
        return None
    if j + 1 < len(words) and words[j + 1] == "of":  # "to the seven of spades": a card
        return None
    if word == "to" and "raise" not in words[:i] and "build" not in words[:i]:
        return None
    return value, j + 1


def _card_named(words: Sequence[str], i: int, played: bool) -> tuple[_Named, int] | None:
    """The card (or cards of a rank) named at words[i], and the index after it."""
    word = words[i]
    count: int | None = None
    if word in ("both", "two", "three", "four") and i + 1 < len(words) \
            and words[i + 1] in _PLURAL_RANKS:
        count = {"both": 2}.get(word) or _NUMBERS[word]
        i += 1
        word = words[i]
    if word in _PLURAL_RANKS:
        return _Named(word, rank=_PLURAL_RANKS[word], plural=True, count=count,
                      played=played), i + 1
    rank = _RANKS.get(word)
    suit = None
    if rank is None:
        try:
            card = Card.parse(word)
        except CardError:
            return None
        rank, suit = card.rank, card.suit
    end = i + 1
    if suit is None and end + 1 < len(words) + 1 and end < len(words):
        if words[end] == "of" and end + 1 < len(words) and words[end + 1] in _SUITS:
            suit, end = _SUITS[words[end + 1]], end + 2
        elif words[end] in ("♠", "♥", "♦", "♣"):
            suit, end = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[words[end]], end + 1
    return _Named(" ".join(words[i:end]), rank=rank, suit=suit, played=played), end


# ---------------------------------------------------------------------------- matching

def _fits(move: Move, sentence: _Sentence, position: Position) -> int | None:
    """None when the sentence does not fit the move: something it names is not one of the
    move's cards or builds (each used once), or the move takes a table card or build it does
    not name (unless it says "everything"). Else 1 when the card played goes unnamed, 0 when
    it is named, so the closer fit wins."""
    if sentence.kind is not None and move.kind != sentence.kind:
        return None
    if sentence.value is not None and move.kind != TRAIL and move.value != sentence.value:
        return None
    builds = list(move.builds)
    loose = list(move.loose_cards)
    in_builds = [c for b in builds for c in b.cards]
    played_taken = False
    named_builds: set[int] = set()
    used: set[Card] = set()
    for thing in sentence.named:
        if thing.build:
            found = [i for i, b in enumerate(builds)
                     if i not in named_builds and thing.fits_build(b, position)]
            if not found:
                return None
            named_builds.add(found[0])
            continue
        if thing.played:
            if not thing.fits_card(move.card) or played_taken:
                return None
            played_taken = True
            continue
        wanted = thing.count or 1
        pool = [c for c in [*loose, *in_builds] if c not in used and thing.fits_card(c)]
        if not played_taken and thing.fits_card(move.card) and not thing.plural \
                and len(pool) < wanted:
            played_taken = True
            continue
        if thing.plural and thing.count is None:
            wanted = max(1, len(pool))
        if len(pool) < wanted:
            return None
        used.update(pool[:wanted])
    for i, build in enumerate(builds):
        if i not in named_builds and any(c in used for c in build.cards):
            named_builds.add(i)
    unnamed = sum(1 for c in loose if c not in used) + len(builds) - len(named_builds)
    if unnamed and not sentence.everything:  # a move takes no more than it is told to
        return None
    return 0 if played_taken else 1


def _trail_card(sentence: _Sentence, position: Position) -> Card | None:
    cards = [c for c in position.hand
             if all(thing.fits_card(c) for thing in sentence.named)]
    return cards[0] if len(cards) == 1 else None


def read_spoken_move(position: Position, text: str) -> Move:
    """The legal move that plain words name, such as "take the three and the four with the
    seven", "build nine with the two on the seven", "raise my build to ten with the ace",
    "trail the king". `IllegalMove` when the words name a move the rules forbid (its reason
    and rule); `UnclearMove` when they name no move, or several (`.choices`)."""
    sentence = _read_words(text)
    for thing in sentence.named:
        if thing.played and not any(thing.fits_card(c) for c in position.hand):
            raise IllegalMove(f"You hold no {thing.text.removeprefix('the ')}.", "T2")
        if thing.build:
            if not any(thing.fits_build(b, position) for b in position.builds):
                raise IllegalMove(f"There is no {thing.text} on the table.", "T2")
        elif not any(thing.fits_card(c) for c in (*position.hand, *position.table_cards)):
            where = "in your hand or on the table"
            raise IllegalMove(f"There is no {thing.text} {where}.", "T2")
    fitting: list[tuple[int, Move]] = []
    for move in legal_moves(position):
        unnamed = _fits(move, sentence, position)
        if unnamed is not None:
            taken = len(move.table_cards)
            fitting.append((-taken if sentence.everything else unnamed, move))
    if fitting:
        best = min(score for score, _ in fitting)
        choices = [move for score, move in fitting if score == best]
        if len(choices) == 1:
            return choices[0]
        shown = listing([f"“{say_move(m)}”" for m in choices[:4]])
        more = f" (and {len(choices) - 4} more)" if len(choices) > 4 else ""
        raise UnclearMove(f"Those words fit more than one move: {shown}{more}. Say which cards.",
                          tuple(choices))
    raise _why_not(position, sentence, text)


def _why_not(position: Position, sentence: _Sentence, text: str) -> Exception:
    """The error for words that fit no legal move: the one check's `IllegalMove` for the move
    they name, when a single one can be told from them."""
    if sentence.kind is None:
        return UnclearMove("Say what to do with the card: take, build or trail.")
    if sentence.kind == TRAIL:
        card = _trail_card(sentence, position)
        if card is None:
            return UnclearMove("Say which card of your hand to trail.")
        return _checked(position, TRAIL, card, (), None, text)
    hand_named = [t for t in sentence.named if not t.build
                  and any(t.fits_card(c) for c in position.hand)]
    played = [t for t in hand_named if t.played] or hand_named[:1]
    cards = [c for c in position.hand if played and played[0].fits_card(c)]
    if len(cards) != 1:
        return UnclearMove("Say which card of your hand you play, for example "
                           "\"with the seven\".")
    rest = [t for t in sentence.named if t is not played[0]]
    table: list[Card] = []
    for thing in rest:
        if thing.build:
            table += [c for b in position.builds if thing.fits_build(b, position)
                      for c in b.cards]
            continue
        options = [c for c in position.table_cards if c not in table and thing.fits_card(c)]
        table += options[:thing.count or (len(options) if thing.plural else 1)]
    return _checked(position, sentence.kind, cards[0], table, sentence.value, text)


def _checked(position: Position, kind: str, card: Card, table: Sequence[Card],
             value: int | None, text: str) -> Exception:
    try:
        check_move(position, kind, card, table, value, text)
    except IllegalMove as refused:
        return refused
    return UnclearMove("Those words fit no move as said; name each card you take.")
