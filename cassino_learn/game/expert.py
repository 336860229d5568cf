"""The expert computer player: the best move of `cassino_learn.game.search`. It weighs its
`CANDIDATES` best-looking moves (the greedy measure of `assess`) side by side on the same deals
of the hidden cards, with the opponents' replies searched below each; when every card is known
it weighs every move exactly. Common deals make the comparison far less noisy than one tree
over every move (measured in docs/bots.md). `CheatingExpert` is the same search shown every
hand and the stock, a yardstick for the benchmarks, never a learner's opponent.

    >>> from cassino_learn import Game
    >>> g = Game(seed=4)
    >>> g.play(ExpertPlayer(iterations=40).choose(g.observation()))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generator

from ..browser import in_browser
from ..core.cards import Card
from ..core.move import Move
from ..core.movegen import legal_moves
from ..core.position import Position
from .assess import assess_seen
from .observation import Observation
from .search import DEFAULT_ITERATIONS, MoveValue, known_world, run, searching

if TYPE_CHECKING:
    from .match import Game

__all__ = ["ExpertPlayer", "CheatingExpert", "default_budget", "candidates", "expert_values",
           "expert_values_steps", "BROWSER_SECONDS", "CANDIDATES"]

BROWSER_SECONDS = 0.8  # the expert's clock budget a move in the browser (the search's own)
CANDIDATES = 10  # moves weighed by the search (a hand of 4 on a crowded table has dozens)


def default_budget() -> tuple[int | None, float | None]:
    """(iterations, seconds) a move: DEFAULT_ITERATIONS, fixed and seeded; in the browser
    (the static edition: Pyodide, several times slower than CPython here) also at most
    BROWSER_SECONDS by the clock, so a move never keeps the learner waiting much more than a
    second."""
    if in_browser():
        return DEFAULT_ITERATIONS, BROWSER_SECONDS
    return DEFAULT_ITERATIONS, None


def candidates(observation: Observation, count: int = CANDIDATES) -> list[Move]:
    """The moves the expert weighs: every legal move when every card is known (the exact
    search needs no pruning), else the `count` best by the greedy measure."""
    moves = legal_moves(observation.position)
    if len(moves) <= count or known_world(observation) is not None:
        return moves
    return [a.move for a in assess_seen(observation, moves)[:count]]


def expert_values(observation: Observation, *, iterations: int | None = None,
                  seconds: float | None = None, seed: int | str = 0, match: bool = True,
                  world: tuple[Position, list[Card]] | None = None) -> list[MoveValue]:
    """The expert's candidate moves valued on common deals, best first (what it plays and
    what the hints show)."""
    return run(expert_values_steps(observation, iterations=iterations, seconds=seconds,
                                   seed=seed, match=match, world=world))


def expert_values_steps(observation: Observation, *, iterations: int | None = None,
                        seconds: float | None = None, seed: int | str = 0, match: bool = True,
                        world: tuple[Position, list[Card]] | None = None
                        ) -> Generator[None, None, list[MoveValue]]:
    """`expert_values` in steps (`search.searching`: a generator that yields between two
    iterations and returns the same values)."""
    return searching(observation, iterations=iterations, seconds=seconds, seed=seed,
                     match=match, world=world, paired=candidates(observation))


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

    def values(self, observation: Observation,
               world: tuple[Position, list[Card]] | None = None) -> list[MoveValue]:
        """Its candidate moves valued at its own budget and seed, best first."""
        return expert_values(observation, iterations=self.iterations, seconds=self.seconds,
                             seed=self.seed, match=self.match, world=world)

    def choose(self, observation: Observation) -> Move:
        return self.values(observation)[0].move


class CheatingExpert(ExpertPlayer):
    """The expert's search seeing every hand and the stock of `game`: an upper bound."""

    name = "expert-cheating"

    def __init__(self, game: "Game", **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.game = game

    def choose(self, observation: Observation) -> Move:
        return self.values(observation, (self.game.state, list(self.game.stock)))[0].move
