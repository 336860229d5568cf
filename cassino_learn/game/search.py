"""The expert's search: every legal move of the seat to move valued in round points, the
observing side's expected lead at the end of the round (less the best other side's), best first
(`move_values`), or a few moves side by side on the same deals (`compare_moves`). Information-set
MCTS over deals of the hidden cards consistent with what the seat knows (`determinize`), an exact
search when every card is known (`exact`); a fixed seed and an iteration budget give a fixed
result. How it works: docs/bots.md, "How the expert searches".

    >>> from cassino_learn import Game
    >>> values = move_values(Game(seed=2).observation(), iterations=60)
    >>> values[0].value >= values[-1].value
    True
"""

from __future__ import annotations

import math
import random
import time
import zlib
from dataclasses import dataclass, field
from typing import Generator, Sequence, cast

from ..core.cards import Card
from ..core.move import BUILD, CAPTURE, Move
from ..core.movegen import legal_moves
from ..core.position import Position
from ..core.rules import Rules
from .assess import cards_value
from .determinize import sample_world
from .evaluate import expected_points, final_points, leads, match_utility
from .exact import ExactSearch, OutOfBudget, solvable
from .observation import Observation
from .turns import TURNS, Turns

__all__ = ["MoveValue", "move_values", "compare_moves", "search", "searching", "run",
           "move_values_steps", "compare_moves_steps", "known_world",
           "DEFAULT_ITERATIONS", "EXACT_NODES"]

DEFAULT_ITERATIONS = 1000
# A playout below the tree stops at the end of the deal in which every seat has made this many
# moves (one more under Draw Casino, V9, where deals never end), unless the round ends first.
HORIZON = 2
# The exact search gives up past this many expanded positions (a crowded last deal can need
# tens of thousands) and the sampling search takes over, every card still known.
EXACT_NODES = 3000
UCB_C = 3.0  # exploration, in round points (a round's leads spread over about +-10)
PRIOR = 1.0  # a move's reported mean is shrunk towards its parent's by this many visits


@dataclass(frozen=True)
class MoveValue:
    move: Move
    value: float   # the observing side's expected round-point lead at the end of the round
    visits: int    # samples/playouts/iterations (or exact-search positions) behind the value
    # compare_moves only: the result of each deal, in the order of the deals (the same deals
    # for every compared move, so two moves' results pair up deal by deal)
    results: tuple[float, ...] = field(default=(), repr=False, compare=False)


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "side")

    def __init__(self, side: int) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.side = side  # the side (1-based) that made the move leading here


def _quick_score(move: Move, rules: Rules) -> float:
    """Order of trying moves and the rollout policy: take the most, keep builds, trail low."""
    if move.kind == CAPTURE:
        score = cards_value((move.card, *move.table_cards), rules)
        if rules.sweeps and move.is_sweep:
            score += 1.0
        return score
    if move.kind == BUILD:
        return 0.5 * cards_value((move.card,) + tuple(move.table_cards), rules)
    return -cards_value((move.card,), rules) - 0.05 * (move.card.value or 11)


def _policy(position: Position) -> Move:
    moves = legal_moves(position)
    if len(moves) == 1:
        return moves[0]
    rules = position.rules
    best, best_score = moves[0], -math.inf
    for move in moves:
        score = _quick_score(move, rules)
        if score > best_score:
            best, best_score = move, score
    return best


class _World:
    """One sampled deal of the cards being played forward: the position and the stock, each
    turn ended by the `turns` every Game plays by (past the horizon, no new deal)."""

    __slots__ = ("position", "stock", "plies", "dealer", "horizon", "draw", "turns")

    def __init__(self, position: Position, stock: list[Card], dealer: int, horizon: int,
                 turns: Turns = TURNS) -> None:
        self.position = position
        self.stock: Sequence[Card] = stock
        self.plies = 0
        self.dealer = dealer
        self.horizon = horizon
        self.draw = position.rules.draws_from_stock
        self.turns = turns

    def play(self, move: Move) -> None:
        self.plies += 1
        self.position, self.stock, _ = self.turns.play(self.position, move, self.stock,
                                                       self.dealer,
                                                       dealing=self.plies < self.horizon)

    def done(self) -> bool:
        """At the horizon (see the module's docstring) or the end of the round."""
        if not any(self.position.hands):
            return True
        return self.draw and self.plies >= self.horizon

    def points(self) -> tuple[list[float], bool]:
        """Each side's round points (exact at the end of the round) and whether it ended."""
        position = self.position
        if not any(position.hands) and not self.stock:
            return final_points(self.turns.close_round(position, self.dealer)), True
        points = expected_points(position)
        rules = position.rules
        for build in position.builds:  # its owner means to take it
            if build.owner is not None:
                side = position.side_of(build.owner) - 1
                points[side] += 0.7 * sum(rules.card_points(c) for c in build.cards)
        return points, False


def _utility(world: _World, scores: Sequence[int] | None) -> list[float]:
    points, final = world.points()
    if scores is None:
        return leads(points)
    return match_utility(points, scores, world.position.rules, final)


def _seed(seed: int | str, observation: Observation) -> int:
    # The stream depends only on what the seat knows: the same observation, the same result.
    text = (f"{seed}|{observation.position.one_line()}|{observation.hand_sizes}|"
            f"{observation.stock_size}|{observation.dealer}")
    return zlib.crc32(text.encode())


def known_world(observation: Observation) -> Position | None:
    """The whole state when the seat can place every card (two sides, stock empty)."""
    position = observation.position
    if observation.stock_size or len(position.piles) != 2:
        return None
    missing = [s for s in range(1, observation.players + 1)
               if s != observation.seat and observation.hand_sizes[s - 1]]
    if len(missing) > 1:
        return None
    hands = list(position.hands)
    for seat in range(1, observation.players + 1):
        if seat != observation.seat:
            hands[seat - 1] = ()
    if missing:
        hands[missing[0] - 1] = tuple(sorted(observation.unseen, key=lambda c: c.index))
    return position.derive(hands=tuple(hands))


def _exact(state: Position, dealer: int, moves: list[Move], max_nodes: int
           ) -> Generator[None, None, list[MoveValue] | None]:
    """Each move's exact value, or None past `max_nodes` positions; in steps (a generator
    yielding after each position the exact search expands)."""
    search = ExactSearch(dealer, max_nodes)
    rules = state.rules
    side = state.side_of(state.turn) - 1
    so_far = [sum(rules.card_points(c) for c in pile) for pile in state.piles]
    if rules.sweeps:
        so_far = [p + n for p, n in zip(so_far, state.sweeps)]
    base = so_far[side] - so_far[1 - side]
    out = []
    try:
        for move in moves:
            before = search.nodes
            child = TURNS.play(state, move, (), dealer)[0]  # the last deal: no stock
            value = base + search.gain(state, move) - (yield from search.value_steps(child))
            out.append(MoveValue(move, value, max(1, search.nodes - before)))
    except OutOfBudget:
        return None
    return out


def search(observation: Observation, *, iterations: int | None = None,
           seconds: float | None = None, seed: int | str = 0, match: bool = False,
           world: tuple[Position, list[Card]] | None = None,
           exact_nodes: int = EXACT_NODES,
           paired: Sequence[Move] | None = None) -> list[MoveValue]:
    """`move_values` with more options: `match` adds the chance of winning the match late
    in it (`evaluate.match_utility`); `world` gives the true state and stock (a cheating
    search that sees every hand, for the benchmark's upper bound); `paired` values only those
    moves, in turn and on the same deals of the hidden cards (see `compare_moves`)."""
    return run(searching(observation, iterations=iterations, seconds=seconds, seed=seed,
                         match=match, world=world, exact_nodes=exact_nodes, paired=paired))


def run(steps: Generator[None, None, list[MoveValue]]) -> list[MoveValue]:
    """Run a search given in steps (`searching`) to its end, at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast("list[MoveValue]", done.value)


def searching(observation: Observation, *, iterations: int | None = None,
              seconds: float | None = None, seed: int | str = 0, match: bool = False,
              world: tuple[Position, list[Card]] | None = None,
              exact_nodes: int = EXACT_NODES,
              paired: Sequence[Move] | None = None
              ) -> Generator[None, None, list[MoveValue]]:
    """`search` in steps: a generator that yields after each iteration and returns the
    values (the same as `search`'s, for the same arguments), so a caller without threads can
    spread a search over time and do other work between steps."""
    if not observation.my_turn:
        raise ValueError(f"it is seat {observation.turn}'s turn, not seat {observation.seat}'s"
                         if not observation.over else "the match is over")
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be more than 0, not {seconds}")
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    position = observation.position
    moves = legal_moves(position)
    if paired is not None:
        moves = _chosen(moves, paired)
    if len(moves) == 1:
        return [MoveValue(moves[0], 0.0, 0)]  # nothing to compare
    known = world[0] if world is not None and not world[1] else known_world(observation)
    if known is not None and solvable(known, 0):
        exact = yield from _exact(known, observation.dealer, moves, exact_nodes)
        if exact is not None:
            exact.sort(key=lambda mv: -mv.value)
            return _stable(exact, moves)
        world = (known, [])
    if paired is not None and iterations is not None:
        iterations = -(-iterations // len(moves)) * len(moves)  # every move as often
    rng = random.Random(_seed(seed, observation))
    scores = [n for _, n in observation.scores] if match else None
    players = observation.players
    horizon = (HORIZON + 1 if position.rules.draws_from_stock else HORIZON) * players
    rules = position.rules
    root = _Node(observation.side)
    for m in moves:
        root.children[m] = _Node(observation.side)
    results: dict[_Node, list[float]] = {child: [] for child in root.children.values()}
    order = sorted(range(len(moves)), key=lambda i: (-_quick_score(moves[i], rules), i))
    # the clock counts the time spent searching, not the pauses between steps (a search in
    # steps spread over a game gets the budget a search at once gets)
    spent, resumed = 0.0, time.perf_counter()
    count = 0
    while True:
        if iterations is not None and count >= max(iterations, len(moves)):
            break
        if seconds is not None and count >= len(moves) \
                and spent + time.perf_counter() - resumed >= seconds \
                and (paired is None or count % len(moves) == 0):  # paired: whole deals only
            break
        if world is not None:
            state, stock = world[0], world[1]
        elif paired is None or count % len(moves) == 0:
            state, stock = sample_world(observation, rng)
        w = _World(state, list(stock), observation.dealer, horizon)
        path = [root]
        node = root
        if paired is not None:  # each move in turn, on the same deal
            move = moves[count % len(moves)]
            node = root.children[move]
            w.play(move)
            path.append(node)
        elif count < len(moves):
            # the root's moves are the same in every deal: try each once, best-looking first
            move = moves[order[count]]
            node = root.children[move]
            w.play(move)
            path.append(node)
            for child in root.children.values():
                child.avail += 1
        while not w.done() and (node is not root or count >= len(moves)):
            legal = legal_moves(w.position) if node is not root else moves
            untried: list[Move] = []
            best: Move | None = None
            best_ucb = -math.inf
            for m in legal:
                seen = node.children.get(m)
                if seen is None:
                    untried.append(m)
                    continue
                seen.avail += 1
                if untried:
                    continue
                ucb = seen.total / seen.visits + UCB_C * math.sqrt(
                    math.log(seen.avail) / seen.visits)
                if ucb > best_ucb:
                    best, best_ucb = m, ucb
            if untried:
                pos_rules = w.position.rules
                move = max(untried, key=lambda m: _quick_score(m, pos_rules))
                child = _Node(w.position.side_of(w.position.turn))
                child.avail = 1
                node.children[move] = child
                w.play(move)
                path.append(child)
                break
            assert best is not None
            node = node.children[best]
            w.play(best)
            path.append(node)
        while not w.done():
            w.play(_policy(w.position))
        result = _utility(w, scores)
        if paired is not None:
            results[path[1]].append(result[observation.side - 1])
        for n in path[1:]:
            n.visits += 1
            n.total += result[n.side - 1]
        root.visits += 1
        count += 1
        spent += time.perf_counter() - resumed
        yield
        resumed = time.perf_counter()
    mean = sum(c.total for c in root.children.values()) / max(1, root.visits)
    prior = 0.0 if paired is not None else PRIOR  # paired moves have equal visits
    out = [MoveValue(m, (c.total + prior * mean) / (c.visits + prior), c.visits,
                     tuple(results[c])) for m, c in root.children.items()]
    out.sort(key=lambda mv: (-mv.value, -mv.visits))
    return _stable(out, moves)


def _chosen(moves: list[Move], wanted: Sequence[Move]) -> list[Move]:
    """The legal moves among `wanted`, as the generator made them, in `wanted`'s order."""
    legal = {m: m for m in moves}
    chosen = []
    for move in wanted:
        if move not in legal:
            raise ValueError(f"{move} is not a legal move here")
        if legal[move] not in chosen:
            chosen.append(legal[move])
    if not chosen:
        raise ValueError("no moves to compare")
    return chosen


def _stable(values: list[MoveValue], moves: list[Move]) -> list[MoveValue]:
    """Best first; equal values keep the generator's order (so results never depend on dict
    or hash order)."""
    index = {m: i for i, m in enumerate(moves)}
    return sorted(values, key=lambda mv: (-round(mv.value, 9), index[mv.move]))


def move_values(observation: Observation, *, iterations: int | None = None,
                seconds: float | None = None, seed: int | str = 0) -> list[MoveValue]:
    """Every legal move of the seat to move, best first.

    `value` is the observing side's expected round-point lead at the end of the round if the
    move is played (exact when every card is known); `visits` the iterations behind it. Budget:
    `iterations` (deterministic for a seed) or `seconds` (by the clock), default
    DEFAULT_ITERATIONS. Raises ValueError when it is not the observing seat's turn."""
    return run(move_values_steps(observation, iterations=iterations, seconds=seconds, seed=seed))


def move_values_steps(observation: Observation, *, iterations: int | None = None,
                      seconds: float | None = None, seed: int | str = 0
                      ) -> Generator[None, None, list[MoveValue]]:
    """`move_values` in steps (see `searching`)."""
    return searching(observation, iterations=iterations, seconds=seconds, seed=seed)


def compare_moves(observation: Observation, moves: Sequence[Move], *, iterations: int,
                  seed: int | str = 0) -> list[MoveValue]:
    """`moves` (legal for the seat to move) valued side by side, best first: each in turn on
    the same deals of the hidden cards, `iterations` in all, with opponents' replies searched
    below each as in `move_values`. Common deals make the difference between two moves far
    less noisy than two values from one tree, where the search spends little on the weaker
    move; the review uses it to confirm a loss before it marks a move. Exact when every card
    is known."""
    return run(compare_moves_steps(observation, moves, iterations=iterations, seed=seed))


def compare_moves_steps(observation: Observation, moves: Sequence[Move], *, iterations: int,
                        seed: int | str = 0) -> Generator[None, None, list[MoveValue]]:
    """`compare_moves` in steps (see `searching`)."""
    return searching(observation, iterations=iterations, seed=f"paired|{seed}", paired=moves)
