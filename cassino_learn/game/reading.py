"""The reading mode: short typed commands that read a seat's view of the game aloud, and moves
typed in plain words, each answered in one sentence or a few for a live region (a screen
reader says it). What the words mean is the core's (`core.spoken`); this module knows the game
around the position: whose turn it is, the score, the last move.

    >>> from cassino_learn import Game
    >>> game = Game(seed=3)  # seat 1 deals, so seat 2 plays first
    >>> print(answer("turn", game.observation(2)).text)
    Your turn.
    >>> print(answer("turn", game.observation(1)).text)
    Your opponent plays now.
    >>> answer("help", game.observation(1)).text.startswith("Commands:")
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.move import Move
from ..core.spoken import read_spoken_move, say_build, say_hand, say_table
from ..core.telling import move_played
from ..core.words import count, listing
from .observation import Observation

__all__ = ["Reply", "answer", "seat_name", "COMMANDS"]

COMMANDS = {
    "hand": "your cards",
    "table": "the loose cards and the builds",
    "builds": "the builds alone, with whose each is",
    "score": "the match score and what each side has taken this round",
    "last": "the last move played",
    "turn": "whose turn it is",
    "help": "this list",
}
_SHORT = {"h": "hand", "my hand": "hand", "cards": "hand", "t": "table", "b": "builds",
          "build": "builds", "s": "score", "scores": "score", "l": "last", "last move": "last",
          "whose turn": "turn", "?": "help", "commands": "help"}


@dataclass(frozen=True)
class Reply:
    """What the reading mode says back: `text` for the live region; `move`, the legal move
    the words named (to be played); `urgent` when a move was refused or not understood (an
    assertive announcement, where play is polite)."""

    text: str
    move: Move | None = None
    urgent: bool = False


def seat_name(seat: int, seen: Observation) -> str:
    """A seat as its player hears it: "You", "Your opponent", "Your partner", "Player 3"."""
    if seat == seen.seat:
        return "You"
    if seen.players == 2:
        return "Your opponent"
    if seen.partners and seen.position.side_of(seat) == seen.side:
        return "Your partner"
    return f"Player {seat}"


def answer(words: str, seen: Observation, last: Move | None = None) -> Reply:
    """The reply to a command or a move typed in plain words, from the view `seen` of the
    seat that types; `last` is the last move played (with the position it was played in)."""
    typed = " ".join(words.lower().split()).strip(" .!")
    command = _SHORT.get(typed, typed)
    if command in COMMANDS:
        return Reply(_READERS[command](seen, last))
    if not typed:
        return Reply("Type a command (help lists them) or a move in words.", urgent=True)
    if seen.position.turn != seen.seat:
        who = seat_name(seen.position.turn, seen)
        return Reply(f"It is not your turn: {who.lower()} plays now.", urgent=True)
    try:
        move = read_spoken_move(seen.position, words)
    except IllegalMove as refused:
        return Reply(f"Not allowed: {refused.reason}", urgent=True)
    except MoveSyntaxError as unclear:
        return Reply(str(unclear), urgent=True)
    return Reply(move_played("You", move), move=move)


def _hand(seen: Observation, last: Move | None) -> str:
    return say_hand(seen.position, seen.seat)


def _table(seen: Observation, last: Move | None) -> str:
    return say_table(seen.position, seen.seat)


def _builds(seen: Observation, last: Move | None) -> str:
    builds = seen.position.builds
    if not builds:
        return "There are no builds on the table."
    return "Builds: " + "; ".join(say_build(b, seen.position, seen.seat) for b in builds) + "."


def _score(seen: Observation, last: Move | None) -> str:
    position = seen.position
    sides = sorted(range(1, len(position.piles) + 1), key=lambda side: side != seen.side)
    points = dict(seen.scores)
    match = listing([f"{_side_name(side, seen).lower()} {points.get(side, 0)}" for side in sides])
    taken = []
    for side in sides:
        pile = position.piles[side - 1]
        sweeps = position.sweeps[side - 1] if position.rules.sweeps else 0
        extra = f" and {count(sweeps, 'sweep')}" if sweeps else ""
        taken.append(f"{_side_name(side, seen).lower()} {count(len(pile), 'card')}{extra}")
    return f"Match score: {match}. Taken this round: {listing(taken)}."


def _side_name(side: int, seen: Observation) -> str:
    if side == seen.side:
        return "You" if not seen.partners else "Your side"
    if seen.players == 2:
        return "Your opponent"
    return f"Side {side}" if seen.partners else f"Player {side}"


def _last(seen: Observation, last: Move | None) -> str:
    if last is None or last.position is None:
        return "No move has been played yet this deal."
    return move_played(seat_name(last.position.turn, seen), last)


def _turn(seen: Observation, last: Move | None) -> str:
    if seen.over:
        return "The match is over."
    who = seat_name(seen.position.turn, seen)
    return "Your turn." if who == "You" else f"{who}'s turn." if who.startswith("Player") \
        else f"{who} plays now."


def _help(seen: Observation, last: Move | None) -> str:
    listed = "; ".join(f"{name}: {what}" for name, what in COMMANDS.items())
    return (f"Commands: {listed}. Or type a move in words, such as \"take the three and the "
            f"four with the seven\", \"build nine with the two on the seven\" or \"trail the "
            f"king\".")


_READERS = {"hand": _hand, "table": _table, "builds": _builds, "score": _score, "last": _last,
            "turn": _turn, "help": _help}
