"""The coach's words: everything the hints and the review say to the learner, in short
sentences a 12-year-old reads easily.

Every fact comes from the engine (`MoveFacts`: the cards a move takes, a sweep, a build, and
what it leaves within the next player's reach with the chance they hold the card, from
`assess`); this module only puts them into words, the same words for the hints and the review:

    >>> ahead_words(6.8), ahead_words(-0.2), ahead_words(1.3)
    ('about 7 points ahead', 'about even', 'about 1½ points ahead')
    >>> chance_words(0.7)
    'may well hold'

One scale for both: the points the player is likely to be ahead at the round's end, rounded to
the nearest half point (two moves half a point apart never read the same). No odds as numbers:
a chance is "surely", "may well", "might" or "could, but probably not".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol, Sequence

from ..core.build import Build
from ..core.cards import BIG_CASINO, LITTLE_CASINO, RANK_NAMES, SUIT_NAMES, Card
from ..core.move import BUILD, CAPTURE, Move
from ..core.movegen import apply_move
from ..core.position import Position
from ..core.rules import Rules
from ..core.words import count, listing
from .assess import Threat
from .move_facts import MoveFacts

__all__ = ["SCALE", "halves", "points_words", "ahead_words", "ahead_sentence", "chance_words",
           "card_words", "rank_words", "cards_words", "Who", "does", "risk", "hint_words",
           "hint_text", "why", "headline", "review_line", "summary"]

SCALE = ("Points ahead: how many more points than your opponents you would likely have when "
         "the round ends.")
SURE, WELL, MIGHT = 0.995, 0.6, 0.3  # a chance from which one "surely", "may well", "might" hold
NAMED = 3  # a list of more cards than this names only those worth points
LONG = 14  # words a list of cards may take inside a sentence


# ---------------------------------------------------------------------- numbers

def halves(value: float) -> float:
    """`value` rounded to the nearest half."""
    return round(value * 2) / 2


def points_words(value: float) -> str:
    """A number of points, to the half, in words: "half a point", "1 point", "2½ points"."""
    shown = abs(halves(value))
    if shown == 0.5:
        return "half a point"
    whole = int(shown)
    number = f"{whole}½" if shown != whole else str(whole)
    return f"{number} {'point' if shown == 1 else 'points'}"


def ahead_words(value: float) -> str:
    """A lead in round points, in words: "about 3 points ahead", "about even"."""
    if halves(value) == 0:
        return "about even"
    return f"about {points_words(value)} {'ahead' if value > 0 else 'behind'}"


def ahead_sentence(value: float, after: str = "") -> str:
    """"You would likely end the round about 3 points ahead." (`after`: "after your move")."""
    return f"{after.capitalize() + ' you' if after else 'You'} would likely end the round " \
           f"{ahead_words(value)}."


def chance_words(chance: float) -> str:
    """How likely someone holds a card, in words (never a number)."""
    if chance >= SURE:
        return "surely holds"
    if chance >= WELL:
        return "may well hold"
    if chance >= MIGHT:
        return "might hold"
    return "is not likely to hold"


# ---------------------------------------------------------------------- cards

def _rank(rank: int) -> str:
    return str(rank) if 2 <= rank <= 10 else RANK_NAMES[rank - 1]


def card_words(card: Card, own: bool = False) -> str:
    """"the 5 of hearts", "your 8 of spades", "Big Casino (the 10 of diamonds)"."""
    plain = f"{_rank(card.rank)} of {SUIT_NAMES[card.suit]}"
    for special, name in ((BIG_CASINO, "Big Casino"), (LITTLE_CASINO, "Little Casino")):
        if card is special:
            return f"{'your ' if own else ''}{name} (the {plain})"
    return f"{'your' if own else 'the'} {plain}"


def rank_words(rank: int) -> str:
    """"a 5", "an 8", "an ace", "a jack"."""
    name = _rank(rank)
    return f"{'an' if name in ('8', 'ace') else 'a'} {name}"



def cards_words(cards: Iterable[Card], rules: Rules, own: Card | None = None
                ) -> tuple[str, str]:
    """Cards in words, and a sentence to follow: each card named when there are few ("the 3
    of clubs and the 5 of diamonds", ""), else their count and, in a sentence of its own, those
    worth points ("5 cards", "Among them is Big Casino (the 10 of diamonds)."). `own`: the
    player's card among them."""
    cards = sorted(cards, key=lambda c: (-rules.card_points(c), c.index))
    named = listing([card_words(c, c == own) for c in cards])
    if len(cards) <= NAMED and len(named.split()) <= LONG:
        return named, ""
    worth = [card_words(c, c == own) for c in cards if rules.card_points(c)]
    if not worth:
        return count(len(cards), "card"), ""
    return (count(len(cards), "card"),
            f"Among them {'is' if len(worth) == 1 else 'are'} {listing(worth)}.")


# ---------------------------------------------------------------------- people

@dataclass(frozen=True)
class Who:
    """How the coach names the next player: "your opponent" with one opponent, else the seat."""

    seat: int
    players: int

    @classmethod
    def next_after(cls, position: Position, seat: int) -> "Who":
        return cls(position.next_seat(seat), position.players)

    @property
    def name(self) -> str:
        return "your opponent" if self.players == 2 else f"seat {self.seat}"

    @property
    def Name(self) -> str:  # noqa: N802: the name that starts a sentence
        return self.name[0].upper() + self.name[1:]


# ---------------------------------------------------------------------- one move

def does(facts: MoveFacts, subject: str = "This move") -> list[str]:
    """What a move does now, in sentences: what it takes and with which card, the points and
    spades that wins, a sweep, a build made."""
    move = facts.move
    rules = facts.position.rules
    if move.kind == CAPTURE:
        table = [c for c in facts.taken if c != move.card]
        what, more = cards_words(table, rules)
        said = [f"{subject} uses {card_words(move.card, own=True)} to take {what}.", more]
        wins = []
        if facts.points:
            wins.append(count(facts.points, "point"))
        if facts.spades:
            wins.append(count(facts.spades, "spade"))
        if wins:
            said.append(f"That wins you {listing(wins)}.")
        if facts.sweep:
            said.append("It clears the table: a sweep, worth 1 point (rule W1).")
        return said
    if move.kind == BUILD:
        position = facts.position
        hand = position.hands[position.turn - 1] or ()
        taker = next((c for c in hand if c != move.card
                      and move.value in position.rules.play_values(c)), None)
        later = f"later with {card_words(taker, own=True)}" if taker else "on a later turn"
        said = [f"{subject} builds {move.value} with {card_words(move.card, own=True)}, "
                f"to take it {later}."]
        mine = position.side_of(position.turn)
        for build in move.builds:
            if build.owner is not None and position.side_of(build.owner) != mine:
                owner = ("your opponent's" if position.players == 2
                         else f"seat {build.owner}'s")
                said.append(f"It makes {owner} build of {build.value} yours.")
        return said
    return [f"{subject} puts {card_words(move.card, own=True)} on the table and takes "
            f"nothing."]


def _what_threat_takes(threat: Threat, facts: MoveFacts, after: Position
                       ) -> tuple[str, str]:
    """What the next player's capture would take, in words: a build of the mover's by name."""
    rules = after.rules
    mover_side = facts.position.side_of(facts.position.turn)
    taker = after.side_of(after.turn)
    builds: dict[tuple[str, int], int] = {}
    loose = set(threat.move.table_cards)
    for build in after.builds:
        if set(build.cards) <= loose:
            side = None if build.owner is None else after.side_of(build.owner)
            owner = "your" if side == mover_side else "their" if side == taker else "the"
            builds[(owner, build.value)] = builds.get((owner, build.value), 0) + 1
            loose -= set(build.cards)
    parts = [f"{owner} build of {value}" if n == 1 else f"{owner} {n} builds of {value}"
             for (owner, value), n in builds.items()]
    own = facts.move.card if facts.move.kind != CAPTURE else None
    more = ""
    if loose:
        named, more = cards_words(loose, rules, own)
        parts.insert(0, named)
    return listing(parts), more


def _holds(facts: MoveFacts, threat: Threat, who: Who, lead: str) -> tuple[str, str]:
    """The first sentence (does the next player hold the card?) and how the second starts."""
    name = who.name if lead else who.Name
    rank = rank_words(threat.card.rank)
    if threat.move.value in facts.held:
        return (f"{lead}{name} surely holds {rank}, because they own a build of "
                f"{threat.move.value} (rule B2).", "They")
    if threat.chance >= SURE:
        return f"{lead}{name} surely holds {rank}.", "They"
    if threat.chance < MIGHT:
        return f"{lead}{name} is not likely to hold {rank}.", "If they do, they"
    return f"{lead}{name} {chance_words(threat.chance)} {rank}.", "Then they"


def risk(facts: MoveFacts, who: Who, lead: str = "", only: bool = False) -> str:
    """What a move risks, in two sentences: how likely the next player holds the card for the
    most dangerous capture it leaves them, and what they would take; or that it leaves them
    nothing. `lead`: "After your move, "; `only`: say they would *only* take it."""
    threat = facts.top_threat
    if threat is None:
        if facts.sweep:
            return ""
        return f"{lead}{who.name if lead else who.Name} can take nothing from the table."
    first, then = _holds(facts, threat, who, lead)
    after = apply_move(facts.position, facts.move)
    taken, more = _what_threat_takes(threat, facts, after)
    sweep = " and sweep the table" if threat.move.is_sweep and after.rules.sweeps else ""
    return " ".join(filter(None, (
        first, f"{then} would {'only ' if only else ''}take {taken}{sweep}.", more)))


def hint_words(facts: MoveFacts, who: Who, value: float | None) -> str:
    """A hint: what the move does, what it risks, and (from the search) the points the
    player would likely be ahead at the round's end."""
    said = does(facts)
    if facts.build is not None and facts.build_safe:
        said.append(f"{who.Name} cannot hold a card that takes it.")
    said.append(risk(facts, who))
    if value is not None:
        said.append(ahead_sentence(value))
    return " ".join(s for s in said if s)


def hint_text(facts: MoveFacts, words: str) -> str:
    """A hint as one line: the move in notation, then its words."""
    return f"{facts.text}: {words}"


def _made(facts: MoveFacts) -> list[Build]:
    after = apply_move(facts.position, facts.move)
    return [b for b in after.builds if facts.move.card in b.cards]


# ---------------------------------------------------------------------- the review

def why(played: MoveFacts, better: MoveFacts) -> tuple[str, ...]:
    """Why `better` is better than `played`, in sentences from the facts that differ: what
    each takes, a sweep made or missed, a build taken, made or left, what each leaves the next
    player, and the points each would likely leave the player ahead."""
    position = played.position
    who = Who.next_after(position, position.turn)
    said = does(played, "Your move")
    said += does(better, "The better move")
    cited: set[tuple[int, frozenset[Card]]] = set()
    said += _builds_words(played, better, who, cited)
    said += _left_words(played, better, who, cited)
    said.append(ahead_sentence(played.value, "after your move"))
    said.append(f"After the better move, {ahead_words(better.value)}.")
    return tuple(s for s in said if s)


def _risk_size(facts: MoveFacts) -> float:
    top = facts.top_threat
    return top.gain * top.chance if top else 0.0


def _key(threat: Threat) -> tuple[int, frozenset[Card]]:
    return (threat.card.rank, threat.move.table_cards)


def _left_words(played: MoveFacts, better: MoveFacts, who: Who,
                cited: set[tuple[int, frozenset[Card]]]) -> list[str]:
    """What each move leaves within the next player's reach, when that differs (a threat told
    with a build is not told again)."""
    said = []
    top, other = played.top_threat, better.top_threat
    if top is not None and _risk_size(played) > _risk_size(better) + 0.05:
        if _key(top) not in cited:
            said.append(risk(played, who, "After your move, "))
        if other is None:
            if not better.sweep:
                said.append(f"The better move leaves {who.name} nothing to take.")
        elif _key(other) != _key(top):
            said.append(risk(better, who, "After the better move, ", only=True))
    elif top is None and other is not None and not better.sweep and _risk_size(better) > 0.05:
        said.append(risk(better, who, "After the better move, "))
        said.append("Still, it wins more than that risk.")
    return said


def _builds_words(played: MoveFacts, better: MoveFacts, who: Who,
                  cited: set[tuple[int, frozenset[Card]]]) -> list[str]:
    """Builds: an opponent's taken by the better move only; the player's own build left where
    the next player can take it; a build made that the next player can take."""
    position = played.position
    side = position.side_of(position.turn)
    said = []
    for build in better.builds_taken:
        if build in played.builds_taken or build.owner is None \
                or position.side_of(build.owner) == side:
            continue
        owner = "your opponent's" if position.players == 2 else f"seat {build.owner}'s"
        said.append(f"The better move takes {owner} build of {build.value}: "
                    f"{count(len(build.cards), 'card')} they meant to take themselves.")
    for build in position.builds:
        if build.owner is None or position.side_of(build.owner) != side:
            continue
        if build in played.builds_taken or (played.move.kind == BUILD
                                            and set(build.cards) <= played.move.table_cards):
            continue
        for threat in played.threats:
            if set(build.cards) <= threat.move.table_cards:
                said.append(f"Your move leaves your build of {build.value} where "
                            f"{who.name} can take it.")
                said.append(risk(_only(played, threat), who))
                cited.add(_key(threat))
                break
    if played.move.kind == BUILD:
        for new in _made(played):
            taker = next((t for t in played.threats
                          if set(new.cards) <= t.move.table_cards), None)
            if taker is not None and _key(taker) not in cited:
                said.append(f"Your build of {new.value} can be taken.")
                said.append(risk(_only(played, taker), who))
                cited.add(_key(taker))
    return said


def _only(facts: MoveFacts, threat: Threat) -> MoveFacts:
    from dataclasses import replace

    return replace(facts, threats=(threat,))


class Reviewed(Protocol):
    """What the words need of a reviewed move (`review.MoveReview`)."""

    @property
    def number(self) -> int: ...
    @property
    def round_number(self) -> int: ...
    @property
    def loss(self) -> float: ...
    @property
    def mark(self) -> str | None: ...
    @property
    def move(self) -> Move: ...
    @property
    def played(self) -> MoveFacts | None: ...
    @property
    def better(self) -> MoveFacts | None: ...
    @property
    def why(self) -> str: ...


def headline(reviewed: Reviewed) -> str:
    """"Round 1, move 7: this cost you about 1 point."."""
    return (f"Round {reviewed.round_number}, move {reviewed.number}: this cost you about "
            f"{points_words(max(reviewed.loss, 0.5))}.")


def review_line(reviewed: Reviewed) -> str:
    """A reviewed move in one line: "Move 7 (mistake): <played>; better <better>. <why>", or
    that it was the best or close to it."""
    if reviewed.mark is None or reviewed.played is None or reviewed.better is None:
        return f"Move {reviewed.number}: {reviewed.move} (best or close to it)"
    return (f"Move {reviewed.number} ({reviewed.mark}): {reviewed.played.text}; better "
            f"{reviewed.better.text}. {reviewed.why}")


def summary(counts: dict[str, int], moves: int, where: str) -> str:
    """"No mistakes this round: 24 moves looked at." or what was marked."""
    if not any(counts.values()):
        return f"No mistakes {where}: {count(moves, 'move')} reviewed, none marked."
    found = listing([count(n, mark, "inaccuracies" if mark == "inaccuracy" else None)
                  for mark, n in counts.items() if n])
    return f"{found} {where}, in {count(moves, 'move')} reviewed."
