"""The expert computer player: the best move of `cassino_learn.game.search`.

    >>> from cassino_learn import Game
    >>> g = Game(seed=4)
    >>> g.play(ExpertPlayer(iterations=40).choose(g.observation()))

It reads only its `Observation`; `CheatingExpert` is the same search shown every hand and the
stock (a yardstick for the benchmarks, never a learner's opponent).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..core.movegen import Move
from .observation import Observation
from .search import DEFAULT_ITERATIONS, search

if TYPE_CHECKING:
    from .match import Game

__all__ = ["ExpertPlayer", "CheatingExpert", "default_budget", "BROWSER_SECONDS"]

BROWSER_SECONDS = 0.8  # the expert's clock budget a move in the browser (the search's own)


def default_budget() -> tuple[int | None, float | None]:
    """(iterations, seconds) a move: DEFAULT_ITERATIONS, fixed and seeded; in the browser
    (the static edition: Pyodide, several times slower than CPython here) also at most
    BROWSER_SECONDS by the clock, so a move never keeps the learner waiting much more than a
    second."""
    if sys.platform == "emscripten":
        return DEFAULT_ITERATIONS, BROWSER_SECONDS
    return DEFAULT_ITERATIONS, None


class ExpertPlayer:
    """Information-set search with exact endgames; late in a match it weighs the chance of
    winning the match (`match=True`). Budget: `iterations` a move (deterministic for a seed)
    or `seconds` a move, or both (whichever runs out first); by default `default_budget()`."""

    name = "expert"

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 seed: int | str = 0, match: bool = True) -> None:
        if iterations is None and seconds is None:
            iterations, seconds = default_budget()
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be more than 0, not {seconds}")
        self.iterations = iterations  # both given: whichever runs out first
        self.seconds = seconds
        self.seed = seed
        self.match = match

    def choose(self, observation: Observation) -> Move:
        return search(observation, iterations=self.iterations, seconds=self.seconds,
                      seed=self.seed, match=self.match)[0].move


class CheatingExpert(ExpertPlayer):
    """The expert's search seeing every hand and the stock of `game`: an upper bound."""

    name = "expert-cheating"

    def __init__(self, game: "Game", **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.game = game

    def choose(self, observation: Observation) -> Move:
        world = (self.game.state, list(self.game.stock))
        return search(observation, iterations=self.iterations, seconds=self.seconds,
                      seed=self.seed, match=self.match, world=world)[0].move
