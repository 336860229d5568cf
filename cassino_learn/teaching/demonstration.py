"""A class demonstration: the teacher's table, shown to every follower, and questions to the
class, answered with a move judged by the rules core and revealed with the expert's values side
by side on the same deals (`game.search.compare_moves`), a reason for each move (`game.hints`)
and each learner's move compared with the best (`game.coach_words.why`); until the reveal only
counts and who has answered are given out. Every change bumps `version`. The design:
docs/class-demonstration.md.

    >>> demo = Demonstration()
    >>> demo = demo.set_position("table: 5D 3C 6H 2S; hand: 8S 4D; hand 2: 9C KD; turn: 1")
    >>> demo.play("8S take 2S+6H 3C+5D").version  # a sweep; seat 2 is to play
    2
    >>> question = demo.open_question()
    >>> demo.answer("a1b2c3d4e5f6a7b8", "Ana", "trail KD").move
    'trail KD'
"""

from __future__ import annotations

import math
import secrets
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..core.errors import IllegalMove, MoveSyntaxError, PositionError, shorten
from ..core.move import Move
from ..core.position import Position
from ..core.rules import Rules
from ..core.telling import in_words
from ..game.coach_words import ahead_words, points_words
from ..game.dealing import HAND_SIZE, deals_per_round
from ..game.expert import candidates
from ..game.hints import hints
from ..game.match import Game, GameOver
from ..game.observation import Observation, observe
from ..game.coach_words import why
from ..game.review import mark_for, move_facts
from ..game.search import search

__all__ = ["DemoError", "Demonstration", "Question", "Answer", "Reveal", "RevealedMove",
           "MAX_MOVE_TEXT", "REVEAL_ITERATIONS", "REVEAL_SEED", "observation_of"]

MAX_MOVE_TEXT = 200          # a move in notation is a few dozen characters
MAX_POSITION_TEXT = 4000
REVEAL_ITERATIONS = 1000     # the expert's budget for the reveal, every compared move together,
REVEAL_SECONDS = 1.3         # and the search ends this long after the reveal began, at most
REVEAL_EXACT_NODES = 1000    # an exact search of a fully known table gives up sooner than play's
REVEAL_SEED = "class-question"
EXPERT_MOVES = 5             # the expert's own best-looking moves compared with the class's


class DemoError(ValueError):
    """A demonstration request that cannot be done now (the message says why)."""


@dataclass(frozen=True)
class Answer:
    learner: str       # the learner's id
    name: str          # as typed by the learner: data, escaped where shown
    move: str          # the move in canonical notation
    typed: str         # what the learner typed
    at: float

    def to_dict(self) -> dict[str, Any]:
        return {"learner": self.learner, "name": self.name, "move": self.move,
                "typed": self.typed, "at": self.at}


@dataclass(frozen=True)
class RevealedMove:
    move: str
    value: float               # the expert's expected round-point lead after it
    count: int                 # learners who chose it (0: the expert's best, chosen by nobody)
    names: tuple[str, ...]
    reason: str                # what the move takes and leaves, in plain words
    loss: float                # expected round points given up against the best
    mark: str | None           # "inaccuracy", "mistake", "blunder" or None
    compared: tuple[str, ...]  # why the best is better, in sentences (empty for the best)

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "value": round(self.value, 2), "count": self.count,
                "names": list(self.names), "reason": self.reason, "loss": round(self.loss, 2),
                "mark": self.mark, "compared": list(self.compared),
                "ahead": ahead_words(self.value)}


@dataclass(frozen=True)
class Reveal:
    moves: tuple[RevealedMove, ...]   # every chosen move, best first, and the expert's best
    best: str
    iterations: int
    seconds: float

    def for_move(self, move: str) -> RevealedMove | None:
        return next((m for m in self.moves if m.move == move), None)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Reveal":
        moves = tuple(RevealedMove(move=m["move"], value=float(m["value"]), count=int(m["count"]),
                                   names=tuple(m["names"]), reason=m["reason"],
                                   loss=float(m["loss"]), mark=m["mark"],
                                   compared=tuple(m["compared"])) for m in data["moves"])
        return cls(moves=moves, best=data["best"], iterations=int(data["iterations"]),
                   seconds=float(data["seconds"]))

    def to_dict(self, names: bool = True) -> dict[str, Any]:
        moves = [m.to_dict() for m in self.moves]
        if not names:
            for m in moves:
                m.pop("names")
        return {"moves": moves, "best": self.best, "iterations": self.iterations,
                "seconds": round(self.seconds, 3)}


def observation_of(position: Position) -> Observation:
    """What the seat to move of a lone position knows, for the expert. Hands not given hold
    as many cards as the mover's (no more than the unseen cards allow); the other unseen cards
    are the stock still to be dealt, so the search plays on into the next deal."""
    seat = position.turn
    seen = position.for_seat(seat)
    mover = len(position.hand)
    unseen = 52 - sum(1 for _ in seen.all_cards())
    unknown = [s for s in range(1, position.players + 1) if s != seat]
    guess = min(mover, unseen // len(unknown)) if unknown else 0
    sizes = tuple(mover if s == seat else guess for s in range(1, position.players + 1))
    stock = unseen - guess * len(unknown)
    deals = deals_per_round(position.players, position.rules)
    left = stock // (HAND_SIZE * position.players) if not position.rules.draws_from_stock else 0
    return Observation(seat=seat, position=seen, hand_sizes=sizes, stock_size=stock,
                       dealer=seat, round_number=1, deal_number=max(1, deals - left),
                       deals_per_round=deals,
                       scores=tuple((side, 0) for side in range(1, position.sides + 1)),
                       over=False)


@dataclass
class Question:
    """One question to the class: the position frozen when it was asked and the answers."""

    id: str
    position: Position              # what the seat to move sees
    observation: Observation
    opened: float
    demo_version: int
    state: str = "open"             # open, closed, revealed
    answers: dict[str, Answer] = field(default_factory=dict)
    refused: int = 0                # illegal or unreadable answers turned away
    reveal: Reveal | None = None
    world: Position | None = None   # the whole table, when every hand of a lone position is known
    legal: dict[Move, Move] = field(default_factory=dict, repr=False)  # as the generator made

    def __post_init__(self) -> None:
        if not self.legal:
            self.legal = {m: m for m in self.position.legal_moves()}

    def judge(self, text: str) -> Move:
        """The legal move `text` names (as the generator writes it), or the core's
        IllegalMove / MoveSyntaxError."""
        return self.legal[self.position.parse_move(text)]

    def words(self, text: str) -> str:
        """A move chosen here said in words, no notation ("trail the four of diamonds"): what
        a learner reads of their own move and of the best one."""
        said = in_words(self.position.parse_move(text)).rstrip(".")
        return said[:1].lower() + said[1:]

    @property
    def seat(self) -> int:
        return self.position.turn

    def to_dict(self) -> dict[str, Any]:
        """Everything to keep: the position, each answer, the reveal."""
        return {"id": self.id, "position": self.position.one_line(), "seat": self.seat,
                "opened": self.opened, "state": self.state, "refused": self.refused,
                "answers": [a.to_dict() for a in self.answers.values()],
                "reveal": self.reveal.to_dict() if self.reveal else None}


class _Line:
    """The table and the moves played on it: a lone position, or a dealt game; either way
    every move is played through a Game (a lone position's by `Game.from_position`)."""

    def __init__(self, position: Position | None = None, game: Game | None = None) -> None:
        self.dealt = game is not None
        if game is None:
            if position is None:
                raise ValueError("a line starts from a position or a game")
            game = Game.from_position(position)
        self.game = game
        self.moves: list[str] = []

    @property
    def state(self) -> Position:
        return self.game.state

    @property
    def stock(self) -> int | None:
        if not self.dealt or not self.game.rules.draws_from_stock:
            return None
        return len(self.game.stock)

    def observation(self) -> Observation:
        if self.dealt:
            return observe(self.game, self.game.turn)
        return observation_of(self.state)

    def world(self) -> Position | None:
        """A lone position with every hand given is a puzzle with nothing hidden: the expert
        values its moves on that table (the cards it does not place are out of play)."""
        state = self.state
        if not self.dealt and all(h is not None for h in state.hands):
            return state
        return None

    def mover_view(self) -> Position:
        return self.state.for_seat(self.state.turn)

    def play(self, text: str) -> Move:
        state = self.state
        if state.hands[state.turn - 1] is None:
            raise DemoError(f"seat {state.turn}'s hand is not known: type it in the position "
                            f"(hand: or hand {state.turn}:) to play from here")
        move = state.parse_move(text)  # IllegalMove / MoveSyntaxError say why
        if not self.dealt and not state.hand and not any(state.hands):
            raise DemoError("no one holds a card: the deal is over")
        try:
            self.game.play(move)
        except GameOver as error:
            raise DemoError(str(error)) from None
        self.moves.append(str(move))
        return move

    def back(self) -> str:
        if not self.moves:
            raise DemoError("this is the start of the demonstration: nothing to take back")
        self.game.undo()
        return self.moves.pop()


class Demonstration:
    """The teacher's table, its moves, which hands followers see, and questions to the class."""

    def __init__(self, clock=time.time) -> None:
        self.clock = clock
        self.version = 0         # every change
        self.table_version = 0   # changes followers must redraw for (all but a new answer)
        self.title = ""
        self.source: dict[str, Any] = {}
        self.line: _Line | None = None
        self.ahead: list[str] = []       # moves to replay with Next (taken back, or a stage's)
        self.captions: dict[int, str] = {}  # a stage demo's captions, by moves played
        self.shown: set[int] = set()     # seats whose hands followers see (besides the mover)
        self.show_mover = True
        self.question: Question | None = None
        self.asked: list[Question] = []  # every question of this demonstration, oldest first
        self.last_move: str | None = None

    # ------------------------------------------------------------------ choosing the table

    @property
    def on(self) -> bool:
        return self.line is not None

    def _start(self, line: _Line, title: str, source: dict[str, Any],
               ahead: Iterable[str] = ()) -> "Demonstration":
        self._no_open_question("change the table")
        self.line = line
        self.title = title
        self.source = source
        self.ahead = list(reversed(list(ahead)))
        self.captions = {}
        self.shown = set()
        self.last_move = None
        self.question = None
        return self._changed()

    def set_position(self, text: str, title: str = "") -> "Demonstration":
        """A position typed in the notation; PositionError says what is wrong with it."""
        if not isinstance(text, str) or not text.strip():
            raise PositionError("type a position, like “table: 5D 3C; hand: 8S 4D”")
        if len(text) > MAX_POSITION_TEXT:
            raise PositionError(f"the position is {len(text)} characters long; at most "
                                f"{MAX_POSITION_TEXT}")
        position = Position.parse(text)
        return self._start(_Line(position), title or "A position",
                           {"kind": "position", "text": position.one_line()})

    def set_stage(self, lesson: str, stage_id: str) -> "Demonstration":
        """A lesson's stage: its position (and a demo stage's steps, for Next)."""
        from .catalog import lesson as find_lesson
        from .stages import StageError, load_stages

        try:
            title = find_lesson(lesson).title
            stage = load_stages(lesson).stage(stage_id)
        except (KeyError, StageError, FileNotFoundError):
            raise DemoError(f"no stage {shorten(stage_id)!r} in lesson {shorten(lesson)!r}") \
                from None
        if stage.position is None:
            raise DemoError(f"stage {stage_id!r} of {title} has no table to show "
                            f"(a {stage.kind} stage)")
        steps = [move for move, _ in stage.steps]
        self._start(_Line(stage.position), f"{title}: {stage.say}",
                    {"kind": "stage", "lesson": lesson, "stage": stage_id}, steps)
        self.captions = {i: caption for i, (_, caption) in enumerate(stage.steps, 1)}
        return self

    def deal(self, players: int = 2, partners: bool = False, rules: str = "",
             seed: int | str | None = None) -> "Demonstration":
        """A new game of `players` (2-4, partners with 4) under `rules` (like "values=royal")."""
        if players not in (2, 3, 4):
            raise DemoError(f"players must be 2, 3 or 4, not {shorten(str(players))}")
        if partners and players != 4:
            raise DemoError("partners need exactly 4 players")
        try:
            parsed = Rules.parse(rules) if rules.strip() else Rules()
        except ValueError as error:
            raise DemoError(str(error)) from None
        if seed is None:
            seed = secrets.randbelow(10**6)
        game = Game(players=players, partners=partners, seed=seed, rules=parsed)
        kind = f"{players} players" + (", partners" if partners else "")
        variant = "" if parsed.is_standard else f", {parsed}"
        return self._start(_Line(game=game), f"A new game: {kind}{variant}",
                           {"kind": "deal", "players": players, "partners": partners,
                            "rules": str(parsed) if not parsed.is_standard else "",
                            "seed": seed})

    # ------------------------------------------------------------------ moving

    def _need_table(self) -> _Line:
        if self.line is None:
            raise DemoError("no table is shown yet: type a position, pick a stage or deal")
        return self.line

    def _no_open_question(self, doing: str) -> None:
        if self.question is not None and self.question.state == "open":
            raise DemoError(f"close the question before you {doing}")

    def play(self, text: str) -> "Demonstration":
        """Play a move for everyone (IllegalMove / MoveSyntaxError / DemoError say why not)."""
        line = self._need_table()
        self._no_open_question("play a move")
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise MoveSyntaxError(f"a move is at most {MAX_MOVE_TEXT} characters")
        move = str(line.play(text))
        if self.ahead and self.ahead[-1] == move:
            self.ahead.pop()
        elif self.ahead:
            self.ahead = []   # a new line: the moves taken back are gone
        self.last_move = move
        self.question = None
        return self._changed()

    def forward(self) -> "Demonstration":
        """Next: replay the next move taken back (or the stage's next step)."""
        line = self._need_table()
        self._no_open_question("step forward")
        if not self.ahead:
            raise DemoError("no move to replay: play one")
        move = self.ahead[-1]
        line.play(move)
        self.ahead.pop()
        self.last_move = move
        self.question = None
        return self._changed()

    def back(self) -> "Demonstration":
        line = self._need_table()
        self._no_open_question("step back")
        self.ahead.append(line.back())
        self.last_move = line.moves[-1] if line.moves else None
        self.question = None
        return self._changed()

    def show_hand(self, seat: int, shown: bool = True) -> "Demonstration":
        line = self._need_table()
        if not isinstance(seat, int) or not 1 <= seat <= line.state.players:
            raise DemoError(f"there is no seat {shorten(str(seat))} at this table")
        (self.shown.add if shown else self.shown.discard)(seat)
        return self._changed()

    def _changed(self, table: bool = True) -> "Demonstration":
        self.version += 1
        if table:
            self.table_version += 1
        return self

    def stop(self) -> "Demonstration":
        """The demonstration is over: followers' banners go away."""
        self._no_open_question("stop")
        self.line = None
        self.question = None
        self.ahead = []
        self.title = ""
        return self._changed()

    # ------------------------------------------------------------------ questions

    def open_question(self) -> Question:
        """Ask the class the move of the seat to move, on the table as it is now."""
        line = self._need_table()
        self._no_open_question("ask again")
        state = line.state
        if state.hands[state.turn - 1] is None:
            raise DemoError(f"seat {state.turn}'s hand is not known: the class cannot choose "
                            f"its move")
        if not state.hand or not state.legal_moves():
            raise DemoError(f"seat {state.turn} has no move to make")
        question = Question(id=secrets.token_hex(8), position=line.mover_view(),
                            observation=line.observation(), opened=self.clock(),
                            demo_version=self.version, world=line.world())
        self.question = question
        self.asked.append(question)
        self._changed()
        return question

    def _current(self, state: str | None = None) -> Question:
        if self.question is None:
            raise DemoError("no question is asked")
        if state is not None and self.question.state != state:
            raise DemoError(f"the question is {self.question.state}, not {state}")
        return self.question

    def answer(self, learner: str, name: str, text: str) -> Answer:
        """A learner's move: judged by the core; replaces their earlier answer. Raises
        IllegalMove (with its rule) or MoveSyntaxError, which leave their answer as it was."""
        question = self.question
        if question is None or question.state != "open":
            raise DemoError("there is no question open to answer")
        if not isinstance(text, str) or not text.strip():
            raise MoveSyntaxError("type a move, like “8S take 2S+6H”")
        if len(text) > MAX_MOVE_TEXT:
            raise MoveSyntaxError(f"a move is at most {MAX_MOVE_TEXT} characters")
        try:
            move = question.judge(text)
        except (IllegalMove, MoveSyntaxError):
            question.refused += 1
            raise
        given = Answer(learner=learner, name=name, move=str(move), typed=text.strip(),
                       at=self.clock())
        question.answers.pop(learner, None)  # the latest answer last, for the reveal's names
        question.answers[learner] = given
        self._changed(table=False)
        return given

    def close_question(self) -> Question:
        question = self._current("open")
        question.state = "closed"
        self._changed()
        return question

    def reveal(self, iterations: int = REVEAL_ITERATIONS, seconds: float | None = REVEAL_SECONDS,
               seed: int | str = REVEAL_SEED) -> Reveal:
        """Value the moves chosen (closing the question if it is open) and show them."""
        question = self._current()
        if question.state == "revealed" and question.reveal is not None:
            return question.reveal
        question.state = "closed"
        result = reveal_answers(question, iterations=iterations, seconds=seconds, seed=seed)
        question.reveal = result
        question.state = "revealed"
        self._changed()
        return result

    # ------------------------------------------------------------------ keeping

    def to_dict(self) -> dict[str, Any]:
        """Enough to set the demonstration up again after a restart: where the table came
        from, the moves played and taken back, the hands shown, the current question."""
        return {"version": self.version, "table_version": self.table_version,
                "source": self.source, "title": self.title,
                "moves": list(self.line.moves) if self.line else [],
                "ahead": list(self.ahead), "shown": sorted(self.shown),
                "question": self.question.to_dict() if self.question else None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Demonstration":
        """The demonstration `to_dict` described, every move and answer judged again by the
        core (ValueError, KeyError or TypeError if the data does not fit)."""
        demo = cls()
        source = data.get("source") or {}
        kind = source.get("kind")
        if kind == "position":
            demo.set_position(source["text"])
        elif kind == "stage":
            demo.set_stage(source["lesson"], source["stage"])
        elif kind == "deal":
            demo.deal(int(source["players"]), bool(source["partners"]), source["rules"],
                      source["seed"])
        if demo.line is not None:
            demo.title = data.get("title") or demo.title
            for move in data["moves"]:
                demo.line.play(move)
            demo.last_move = demo.line.moves[-1] if demo.line.moves else None
            demo.ahead = [str(m) for m in data["ahead"]]
            demo.shown = {int(seat) for seat in data["shown"]}
            kept = data.get("question")
            if kept is not None:
                question = demo.open_question()
                question.id = str(kept["id"])
                question.opened = float(kept["opened"])
                question.refused = int(kept.get("refused", 0))
                for given in kept["answers"]:
                    demo.answer(given["learner"], given["name"], given["typed"])
                    question.answers[given["learner"]] = Answer(**given)
                question.state = kept["state"]
                if kept.get("reveal"):
                    question.reveal = Reveal.from_dict(kept["reveal"])
        demo.version = int(data["version"])
        demo.table_version = int(data.get("table_version", demo.version))
        return demo

    # ------------------------------------------------------------------ views

    def progress(self, names: dict[str, str] | None = None) -> dict[str, Any]:
        """How many have answered and, given the class's `names` by id, who has not."""
        question = self.question
        if question is None:
            return {"answered": 0, "waiting": []}
        waiting = sorted((n for i, n in (names or {}).items() if i not in question.answers),
                         key=str.casefold)
        return {"answered": len(question.answers), "waiting": waiting,
                "answered_names": sorted((a.name for a in question.answers.values()),
                                         key=str.casefold)}

    def hidden_view(self) -> Position:
        """The table as followers see it: only the mover's hand (when shown) and the hands
        the teacher shows."""
        state = self._need_table().state
        seen = set(self.shown) | ({state.turn} if self.show_mover else set())
        hands = tuple(h if i in seen else None for i, h in enumerate(state.hands, 1))
        return replace(state, hands=hands)

    def hand_sizes(self) -> tuple[int, ...] | None:
        """Each seat's number of cards when the whole table is known (a dealt game)."""
        line = self._need_table()
        if not line.dealt and any(h is None for h in line.state.hands):
            return None
        return tuple(len(h or ()) for h in line.state.hands)

    def public(self) -> dict[str, Any]:
        """What any follower may see (no names, no one's move before the reveal)."""
        data: dict[str, Any] = {"version": self.version, "on": self.on}
        if self.line is None:
            return data
        view = self.hidden_view()
        data.update({
            "title": self.title, "position": view.one_line(), "turn": view.turn,
            "players": view.players, "last_move": self.last_move,
            "moves_played": len(self.line.moves), "can_forward": bool(self.ahead),
            "caption": self.captions.get(len(self.line.moves), ""),
            "shown": sorted(self.shown), "stock": self.line.stock,
            "over": self.line.game.over})
        question = self.question
        if question is not None:
            data["question"] = {"id": question.id, "state": question.state,
                                "seat": question.seat, "position": question.position.one_line(),
                                "answered": len(question.answers)}
            if question.reveal is not None:
                data["question"]["reveal"] = question.reveal.to_dict(names=False)
        return data

    def teacher(self, names: dict[str, str] | None = None) -> dict[str, Any]:
        """The teacher's view: everything, hands and all, the names of who answered what once
        revealed, and every question asked."""
        data = self.public()
        if self.line is not None:
            data["full_position"] = self.line.state.one_line()
            data["source"] = self.source
            data["progress"] = self.progress(names)
            if self.question is not None and self.question.reveal is not None:
                data["question"]["reveal"] = self.question.reveal.to_dict(names=True)
        return data

    def mine(self, learner: str) -> dict[str, Any]:
        """One learner's own answer to the current question and, once revealed, how it
        compares with the best."""
        question = self.question
        if question is None:
            return {"question": None}
        given = question.answers.get(learner)
        data: dict[str, Any] = {"question": question.id, "state": question.state,
                                "move": given.move if given else None,
                                "words": question.words(given.move) if given else None}
        if question.reveal is not None and given is not None:
            entry = question.reveal.for_move(given.move)
            best = question.reveal.moves[0]
            if entry is not None:
                data["comparison"] = {"move": entry.move, "value": round(entry.value, 2),
                                      "move_words": question.words(entry.move),
                                      "best": best.move, "best_value": round(best.value, 2),
                                      "best_words": question.words(best.move),
                                      "loss": round(entry.loss, 2), "mark": entry.mark,
                                      "reason": entry.reason, "why": list(entry.compared),
                                      "ahead": ahead_words(entry.value),
                                      "best_ahead": ahead_words(best.value),
                                      "cost": points_words(entry.loss)}
        return data


def reveal_answers(question: Question, *, iterations: int = REVEAL_ITERATIONS,
                   seconds: float | None = REVEAL_SECONDS, seed: int | str = REVEAL_SEED
                   ) -> Reveal:
    """Each distinct move chosen, valued once, side by side with the expert's best-looking
    moves on the same deals; best first, with who chose it and a reason in words."""
    started = time.perf_counter()
    observation = question.observation
    position = observation.position
    by_move: dict[str, list[Answer]] = {}
    for given in question.answers.values():
        by_move.setdefault(given.move, []).append(given)
    legal = {str(m): m for m in question.legal}
    chosen = [legal[text] for text in by_move if text in legal]
    compared = list(dict.fromkeys(chosen + candidates(observation, EXPERT_MOVES)))
    # compare_moves' search, with a clock as well: whole deals only, so still side by side
    left = None if seconds is None else max(0.1, seconds - (time.perf_counter() - started))
    valued = search(observation, iterations=iterations, seconds=left, seed=f"paired|{seed}",
                    paired=compared, exact_nodes=REVEAL_EXACT_NODES,
                    world=(question.world, []) if question.world is not None else None)
    values = {str(v.move): v.value if math.isfinite(v.value) else 0.0 for v in valued}
    reasons = {h.move_text: h.words for h in hints(observation, limit=len(legal), expert=False)}
    best_text = max(values, key=lambda t: (values[t], t in by_move))
    best_facts = move_facts(observation, legal[best_text], values[best_text])
    shown = [t for t in values if t in by_move or t == best_text]
    shown.sort(key=lambda t: (-values[t], -len(by_move.get(t, ())), t))
    moves = []
    for text in shown:
        loss = max(0.0, values[best_text] - values[text])
        compared_words: tuple[str, ...] = ()
        if text != best_text:
            facts = move_facts(observation, legal[text], values[text])
            compared_words = why(facts, best_facts)
        names = tuple(a.name for a in by_move.get(text, ()))
        moves.append(RevealedMove(move=text, value=values[text], count=len(names), names=names,
                                  reason=reasons.get(text, text), loss=loss,
                                  mark=mark_for(loss, position.rules) if text != best_text
                                  else None, compared=compared_words))
    deals = min(v.visits for v in valued) if len(valued) > 1 else 0
    return Reveal(moves=tuple(moves), best=best_text, iterations=deals,
                  seconds=time.perf_counter() - started)

