"""The computer's levels a learner chooses in a game, from beginner to expert, each named for
how it plays. Win rates against `greedy` are measured by tests/benchmarks/bench_bots.py.

    >>> [level.name for level in LEVELS]
    ['Beginner', 'Casual', 'Club player', 'Expert']
    >>> player_for("casual").name
    'greedy'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .bots import Player, make_player

__all__ = ["Level", "LEVELS", "GENTLE", "level_named", "player_for"]


@dataclass(frozen=True)
class Level:
    key: str                 # what code and notebooks pass: game(level="club")
    name: str                # what the learner reads
    plays: str               # how it plays, in a learner's words
    player: str              # the computer player (`make_player`) behind it
    options: dict[str, Any] = field(default_factory=dict)

    def make(self) -> Player:
        return make_player(self.player, **self.options)


LEVELS = (
    Level("beginner", "Beginner",
          "plays any legal card at random: it misses captures and leaves you points", "random",
          {"seed": "beginner"}),
    Level("casual", "Casual",
          "takes the most it can right now and avoids leaving easy captures, but never plans "
          "ahead", "greedy"),
    Level("club", "Club player",
          "tries its ten best-looking moves on 64 guessed deals of the hidden cards and keeps "
          "the one that does best", "strong"),
    Level("expert", "Expert",
          "searches its ten best-looking moves and your replies on the same guessed deals "
          "(a build's owner holds its value), plays the last deal perfectly, and plays for "
          "the match", "expert"),
)
GENTLE = "beginner"  # the level a lesson's game starts at


def level_named(key: str) -> Level:
    """The level called `key` ("beginner", "casual", "club", "expert"); ValueError naming the
    levels for any other."""
    for level in LEVELS:
        if level.key == key:
            return level
    raise ValueError(f"unknown level {key!r} (levels: {', '.join(l.key for l in LEVELS)})")


def player_for(key: str) -> Player:
    """A computer player of the level `key`."""
    return level_named(key).make()
