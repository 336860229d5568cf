"""The game widget: a full match against computer players, with hints and the review of each
round and of the match (ipywidgets around CardTable).

Every rule comes from the core and every judgement from `cassino_learn.game` (the match, the
computer players, the hints, the scores); this module lays the game out and shows its turns.
The match (`Game`) is the one driver: the card table is handed it and plays the learner's
moves in it, and the computer seats are its players (`Game.play_computer`), moved here one
at a time on the kernel's loop.
"""

from __future__ import annotations

import dataclasses
import html
import random
import threading
import time
from typing import Sequence

import ipywidgets as w

from ..core.errors import RulesError
from ..core.position import Position
from ..core.rules import Rules
from ..core.spoken import say_cards
from ..core.telling import in_words
from ..core.variants import GAME_MENU, game_name, variants_on
from ..core.variants import with_variants as registry_with_variants
from ..core.words import count
from ..drawing.markup import element
from ..game.bots import Player
from ..game.levels import LEVELS, level_named
from ..game.review import (REVIEW_ITERATIONS, Evaluate, MatchReview, RoundReview, Turn,
                           turn_of)
from ..teaching import catalog
from ..learner import progress
from ..teaching.catalog import Lesson
from ..learner.deck.making import add_marked
from .quiz_widgets import button, note_html, row, styled
from .notation_setting import notation_box, shows_notation
from .review_panel import ReviewPanel
from .review_runner import SpreadReviewer
from .soon import kernel_loop, soon
from .table import CardTable, Played, played_words

__all__ = ["GameWidget", "VARIANTS", "variant_name", "with_variants"]

# Before a computer's move, a review that is behind on the learner's earlier moves (a learner
# clicking as fast as the page allows) catches up for a while, the table saying the computer
# is thinking: for at most CATCH_UP seconds, and no longer than keeps the computer's turn (the
# catching up and its last move's own thinking) within COMPUTER_TURN seconds.
CATCH_UP = 0.3
COMPUTER_TURN = 0.7


# The variants a game against the computer offers (the registry's named games, V7-V9); any
# combination the rules core accepts may be played.
VARIANTS = GAME_MENU
variant_name = game_name


def with_variants(rules: Rules, chosen: Sequence[str]) -> Rules:
    """`rules` with V7-V9 switched on for the rule ids in `chosen` and off otherwise; the core
    checks the combination (`RulesError` saying why not)."""
    return registry_with_variants(rules, chosen, VARIANTS)


def _variant_choice(box: w.Checkbox, note: str) -> w.VBox:
    """A variant's check box with its one-line note under it."""
    choice = w.VBox([box, w.HTML(f"<span class='cl-variant-note'>{html.escape(note)}</span>")])
    choice.add_class("cl-variant-choice")
    return choice


def _lesson_done(slug: str) -> bool:
    """Whether the learner has done every stage of lesson `slug` (their progress file)."""
    from ..teaching.stages import has_stages, load_stages

    if not has_stages(slug):
        return False
    entry = progress.load().lesson(slug)
    return all(entry.solved(stage.id) for stage in load_stages(slug))


def closed_variants(lesson: str | None, rules: Rules) -> dict[str, Lesson]:
    """The variants (rule id: the lesson teaching it) a game on lesson `lesson`'s page keeps
    closed: those its lesson and the ones before have not taught, until the learner has done
    the lesson that teaches them. A variant the game starts with is open; no lesson, none
    closed."""
    if lesson is None:
        return {}
    taught = catalog.taught_by(lesson)
    closed = {}
    with progress.read_once():
        for variant in VARIANTS:
            teacher = catalog.first_taught(variant.rule)
            if variant.rule in taught or variant.on(rules) or _lesson_done(teacher.slug):
                continue
            closed[variant.rule] = teacher
    return closed


class GameWidget(w.VBox):
    """A full game against computer players: the learner is seat 1.

    A Hint button lists the moves worth considering (from the learner's observation only), and
    a review shows each finished round item by item, the match result and the moves played.
    With `review` (the default) the learner's moves are also reviewed against the hints' own
    search (`cassino_learn.game.review`: a loss confirmed in looks of `review_iterations`, or
    by `review_evaluate`),
    each soon after it is played and in the background (`review_runner`: a thread, or short
    slices on the kernel's loop where there are no threads; `review_mode` chooses): after each
    round and for the match a panel lists the marked moves, and a click shows one.
    `rules` (a Rules or its text, like "values=royal") are the first game's; boxes under the
    table choose Royal, Spade and Draw Casino (V7-V9) for the next New game (on a `lesson`'s
    page, a variant not taught by then is closed, naming its lesson, until the learner has done
    that lesson), and the status
    line names the game in play (and the stock under Draw Casino). `level` is the computer's
    (`cassino_learn.game.levels`); a menu chooses the level of the next New game, so a game in
    play is never lost to it.

    In a kernel a move is answered at once: the table shows it, then the computer players
    think ("Seat 2 is thinking…") one move per callback on the kernel's loop. Called directly
    (no loop), `play` returns when it is the learner's turn again.
    """

    LEARNER = 1

    def __init__(self, players: int = 2, partners: bool = False, level: str = "casual",
                 seed: int | None = None, rules: Rules | str | None = None, *,
                 review: bool = True, review_iterations: int = REVIEW_ITERATIONS,
                 review_evaluate: Evaluate | None = None, review_mode: str = "auto",
                 lesson: str | None = None) -> None:
        from ..game.match import Game

        self._Game = Game
        self.players, self.partners = players, partners
        self.level = level_named(level)
        self.bot = self.level.make()
        self.level_menu = w.Dropdown(
            options=[(lv.name, lv.key) for lv in LEVELS], value=self.level.key,
            description="Computer:", layout=w.Layout(width="auto"),
            style={"description_width": "initial"})
        self.level_menu.observe(lambda _: self._level_chosen(), "value")
        self.level_note = w.HTML()
        self.rules = Rules.parse(rules) if isinstance(rules, str) else (rules or Rules())
        self.status = w.HTML()
        self.hint_button = button("Hint", tooltip="Moves worth considering, and why")
        self.hint_button.on_click(lambda _: self.show_hints())
        self.new_button = button("New game", tooltip="Deal a new match")
        self.new_button.on_click(lambda _: self.new_game())
        self.hint_box = w.HTML()
        self.review = w.HTML()
        self.turns: list[Turn] = []  # the learner's moves, each with the observation it had
        self._reviewing = review
        self._review_lock = threading.RLock()
        self.reviewer = SpreadReviewer(self._move_reviewed, evaluate=review_evaluate,
                                       iterations=review_iterations, mode=review_mode)
        self.review_panel = ReviewPanel()
        self.closed_variants = closed_variants(lesson, self.rules)
        self.variant_boxes = {v.rule: w.Checkbox(value=v.on(self.rules),
                                                 description=v.name, indent=False,
                                                 disabled=v.rule in self.closed_variants,
                                                 layout=w.Layout(width="auto"))
                              for v in VARIANTS}
        for box in self.variant_boxes.values():
            box.observe(lambda _: self._rules_chosen(), "value")
        self.rules_note = w.HTML()
        # a seeded widget replays exactly, its New games too: their seeds come from this one
        self._seeds = random.Random(seed) if seed is not None else None
        self.game = Game(players=players, partners=partners, seed=seed, rules=self.rules,
                         computers=self._computers())
        self.table = CardTable(self.game.position, mode="play", seat=self.LEARNER,
                               game=self.game)
        self.table.on_move(self._moved)
        self.table.reading_view = lambda: self.game.observation(self.LEARNER)  # score, whole match
        head = w.HTML("<b>Rules for a new game:</b>")
        head.add_class("cl-variant-head")
        choose = row(head,
                     *(_variant_choice(self.variant_boxes[v.rule],
                                       self._variant_note(v.rule, v.description))
                       for v in VARIANTS))
        choose.add_class("cl-variant-row")
        levels = row(self.level_menu, self.level_note)
        levels.add_class("cl-level-row")
        # The moves are said in words and drawn as cards; their notation only on request, a
        # stored setting (the stages' tables show the same box).
        notation = self.notation_box = notation_box()
        super().__init__([self.status, self.table,
                          row(self.hint_button, self.new_button, notation),
                          levels, choose, self.rules_note, self.hint_box, self.review_panel,
                          self.review])
        self.add_class("cl-quiz")
        shows_notation(self, notation)
        self._start()
        self._level_chosen()

    # ------------------------------------------------------------------ playing

    def new_game(self, seed: int | None = None) -> None:
        """A new match under the rules chosen in the boxes (kept if the core refuses them);
        without `seed`, a seeded widget draws the next one from its own seed."""
        if seed is None and self._seeds is not None:
            seed = self._seeds.randrange(10**9)
        try:
            self.rules = self.chosen_rules()
        except ValueError:
            pass  # the note under the boxes says why; the last rules stay
        if self.level_menu.value != self.level.key:
            self.level = level_named(self.level_menu.value)
            self.bot = self.level.make()
        self.game = self._Game(players=self.players, partners=self.partners, seed=seed,
                               rules=self.rules, computers=self._computers())
        self.table.drive(self.game)
        self._start()
        self._rules_chosen()
        self._level_chosen()

    def _computers(self) -> dict[int, Player]:
        """The computer seats of a new match: every seat but the learner's, at the level."""
        return {seat: self.bot for seat in range(1, self.players + 1) if seat != self.LEARNER}

    def choose_level(self, key: str) -> None:
        """Choose the computer's level for the next New game ("beginner" ... "expert")."""
        self.level_menu.value = level_named(key).key

    def _level_chosen(self) -> None:
        chosen = level_named(self.level_menu.value)
        words = f"{html.escape(chosen.name)} {html.escape(chosen.plays)}."
        if chosen != self.level:
            words += " Press <b>New game</b> to play it; this game goes on as it is."
        self.level_note.value = f"<span class='cl-level-note'>{words}</span>"
        self._show_status()

    def _variant_note(self, rule: str, note: str) -> str:
        """What a variant changes, or, while it is closed, which lesson teaches it."""
        teacher = self.closed_variants.get(rule)
        if teacher is None:
            return note
        number = catalog.LESSONS.index(teacher) + 1
        return f"Taught in lesson {number}, {teacher.title}: open once you have done it."

    def choose(self, *rules: str) -> None:
        """Tick exactly the variant boxes of these rule ids ("V7", "V8", "V9"); a variant its
        lesson has not taught yet cannot be chosen (ValueError naming the lesson)."""
        unknown = sorted(set(rules) - set(self.variant_boxes))
        if unknown:
            raise ValueError(f"the variants to choose are {', '.join(self.variant_boxes)}, "
                             f"not {', '.join(unknown)}")
        closed = [rule for rule in rules if rule in self.closed_variants]
        if closed:
            raise ValueError(self._variant_note(closed[0], ""))
        for rule, box in self.variant_boxes.items():
            box.value = rule in rules

    def chosen_rules(self) -> Rules:
        """The rules the ticked boxes make (`RulesError` from the core for a nonsense mix)."""
        return with_variants(self.rules, [r for r, box in self.variant_boxes.items() if box.value])

    def _rules_chosen(self) -> None:
        try:
            chosen = self.chosen_rules()
        except RulesError as error:
            self.rules_note.value = note_html(
                f"Not a game the rules allow: {html.escape(error.what)}")
            self.new_button.disabled = True
            return
        self.new_button.disabled = False
        if chosen == self.game.rules:
            self.rules_note.value = ""
        else:
            self.rules_note.value = note_html(
                f"Press <b>New game</b> to play {html.escape(variant_name(chosen))}.")
        self._show_status()

    def play(self, text: str) -> None:
        """Play the learner's move (as the table's move box does)."""
        self.table.play(text)

    def _start(self) -> None:
        # under the review's lock: a move of the last game whose review ends meanwhile (on the
        # worker thread) shows that game's review before this clears it, never after
        with self._review_lock:
            self.seats: list[int] = []            # who played each move of game.history
            self.round_ends: list[int] = []       # len(history) when each round ended
            self.hint_box.value = ""
            self.review.value = ""
            self._review_shown = (0, False)
            self._thinking = False
            self._computer_seconds = 0.0  # the last computer move's own thinking
            self.turns = []
            self.reviewer.reset()
            self._show_reviewing()
            self.review_panel.clear()
        self._bots_play([])

    def _recorded(self) -> list[Played]:
        """Note who played the game's last move (played by the table or by a computer seat);
        returns what happened, in order: the move, then who took the last cards (W2) and the
        round's end, or a new deal."""
        before = self.game.observation_after(-2, self.LEARNER)
        state = self.game.state_after(-2)
        seat, legal = state.turn, self.game.moves[-1]
        # rounds finished before the move (a match in play has finished one fewer than it is in)
        rounds, deal, dealer = before.round_number - 1, before.deal_number, before.dealer
        self.seats.append(seat)
        happened: list[Played] = [(seat, legal)]
        if len(self.game.rounds) > rounds:
            self.round_ends.append(len(self.game.history))
            happened.append(self._last_cards_words(state.play(legal), dealer))
            happened.append(f"Round {len(self.game.rounds)} is over: see the review below.")
            if not self.game.over:
                happened.append(f"Round {self.game.round_number} is dealt "
                                f"(seat {self.game.dealer} deals).")
        elif self.game.deal_number != deal:
            happened.append(self._new_deal_words())
        return happened

    def _last_cards_words(self, end: Position, dealer: int) -> str:
        """W2 in words: who took the cards left on the table when the round ended."""
        left = sorted(end.table_cards, key=str)
        taker = end.last_capture if end.last_capture is not None else dealer
        who = "You" if taker == self.LEARNER else f"Seat {taker}"
        if not left:
            return "The table was empty at the end of the round: no last cards to take (rule W2)."
        why = "" if end.last_capture is not None else ", the dealer, as nobody captured"
        # by name, as every move is said: a screen reader reads "10S" as "ten S"
        return (f"{who}{why} took the last {count(len(left), 'card')} on the table "
                f"({say_cards(left)}) for the last capture (rule W2).")

    def _moved(self, move: object, _after: Position) -> None:
        """The table has played the learner's move in the game: record it, then let the
        computer seats answer."""
        game = self.game
        if len(game.history) != len(self.seats) + 1 or \
                game.state_after(-2).turn != self.LEARNER:
            return  # not a move of this match the learner just made
        seen = game.observation_after(-2, self.LEARNER)
        rounds = seen.round_number - 1
        held = set(seen.hand)
        happened = self._recorded()
        if self._reviewing:
            turn = turn_of(seen, happened[0][1], len(self.game.history))  # type: ignore[index]
            self.turns.append(turn)
            self.reviewer.add(turn)
            self._show_reviewing()
        self.hint_box.value = ""
        drawn = set(self.game.state.hands[self.LEARNER - 1] or ()) - held
        self._bots_play(happened, rounds, self._drawn_words(drawn, rounds))

    @property
    def thinking(self) -> bool:
        """Whether a computer player is to move and will on the kernel's loop (the table then
        says it is thinking)."""
        return self._thinking

    def _drawn_words(self, drawn: set, rounds: int) -> str:
        """V9: the card the learner drew from the stock after their play, in words."""
        if not self.game.rules.draws_from_stock or not drawn or len(self.game.rounds) > rounds:
            return ""
        card = next(iter(drawn))
        return (f"You drew the {card.name} from the stock "
                f"({count(len(self.game.stock), 'card')} left).")

    def _bots_play(self, happened: list[Played], rounds: int | None = None,
                   drew: str = "") -> None:
        """Let the computer players move until it is the learner's turn, then show it all in
        the order it happened: marked on the table, listed under it and said in words. On a
        kernel's loop, what happened so far is shown first, with who is thinking, and each
        computer move is played in a callback of its own."""
        rounds = len(self.game.rounds) if rounds is None else rounds
        if not self.game.over and self.game.turn != self.LEARNER and kernel_loop() is not None:
            self._thinking = True
            self._show_play(happened, rounds, drew,
                            f"Seat {self.game.turn} is thinking…")
            game = self.game
            move = lambda: self._bot_moves(game, happened, rounds, drew)  # noqa: E731
            if self._reviewing:
                behind = [t.number for t in self.turns[:-1]]  # all but the move just played
                self.reviewer.catch_up(move, behind, min(
                    CATCH_UP, max(0.0, COMPUTER_TURN - self._computer_seconds)))
            else:
                soon(move)
            return
        while not self.game.over and self.game.turn != self.LEARNER:
            self.game.play_computer()
            happened.extend(self._recorded())
        self._thinking = False
        self._show_play(happened, rounds, drew)

    def _bot_moves(self, game: object, happened: list[Played], rounds: int, drew: str) -> None:
        """One computer move, on the kernel's loop (none if a new game began meanwhile)."""
        if game is not self.game or self.game.over or self.game.turn == self.LEARNER:
            return
        started = time.perf_counter()
        self.game.play_computer()
        self._computer_seconds = time.perf_counter() - started
        happened.extend(self._recorded())
        self._bots_play(happened, rounds, drew)

    def _show_play(self, happened: list[Played], rounds: int, drew: str,
                   thinking: str = "") -> None:
        """Show what happened since the learner's last move (and who is thinking, if one is)."""
        said = [e if isinstance(e, str) else played_words("You" if e[0] == self.LEARNER
                                                          else f"Seat {e[0]}", e[1])
                for e in happened]
        if drew:
            said.insert(1, drew)
        if self.game.over:
            said.append(self._result_words() + " Press New game to play again.")
        if thinking:
            said.append(thinking)
        with self.table.hold_sync():
            self.table.show_moves(self.game.state.for_seat(self.LEARNER), happened,
                                  " ".join(said))
            # what the learner may see of the rest: the stock (V9) and how many cards each holds
            self.table.stock = self.game.stock if self.game.rules.draws_from_stock else None
            self.table.hand_sizes = [len(hand or ()) for hand in self.game.state.hands]
        if self.game.over:
            self.table.finish(self._result_words())
        self._show_status()
        if (len(self.game.rounds) > rounds or self.game.over) and not self._review_is_shown():
            self.review.value = self.review_html()
            self.show_review()

    def _review_is_shown(self) -> bool:
        """Whether the review of the rounds played so far is already shown (a computer move
        shown after a round's end, while thinking, needs no second one)."""
        shown = self._review_shown
        self._review_shown = (len(self.game.rounds), self.game.over)
        return shown == self._review_shown

    def _new_deal_words(self) -> str:
        last = " (the last deal of the round)" if self.game.last_deal else ""
        return (f"New deal: 4 cards each, deal {self.game.deal_number} of "
                f"{self.game.deals_per_round}{last}.")

    # ------------------------------------------------------------------ hints

    def show_hints(self) -> list:
        """List the moves worth considering for the learner, from what the learner can see."""
        from ..game.hints import hints

        if self.game.over:
            self.hint_box.value = note_html("The match is over: press New game to play again.")
            return []
        if self.game.turn != self.LEARNER:
            self.hint_box.value = note_html(f"It is seat {self.game.turn}'s turn.")
            return []
        found = hints(self.game.observation(self.LEARNER))
        items = "".join(
            element("li", element("b", in_words(h.move), escape=True), " ",
                    html.escape(h.words), " ",
                    element("code", h.move_text, escape=True, class_="cl-notation", lang="zxx"))
            for h in found)
        self.hint_box.value = note_html(
            element("b", "Moves worth considering")
            + " (best first by the expert's search, from the cards you can see):"
            + element("ol", items, class_="cl-hints"))
        if found:  # said in the table's live region too: the list above is not announced
            self.table.say(f"Hint: {count(len(found), 'move')} worth considering, best first. "
                           + " ".join(f"{n}: {in_words(h.move)}" for n, h in enumerate(found, 1))
                           + " Why: in the list under Hint.", "info")
        return found

    # ------------------------------------------------------------------ scores and review

    def _side_name(self, side: int) -> str:
        mine = self._my_side()
        name = f"Side {side}"
        if self.partners:
            seats = [s for s in range(1, self.players + 1) if self.game.state.side_of(s) == side]
            name += f" (seats {' and '.join(map(str, seats))})"
        return name + (" — you" if side == mine else "")

    def _show_status(self) -> None:
        game = self.game
        scores = " · ".join(f"{self._side_name(s)}: {count(n, 'point')}"
                            for s, n in sorted(game.scores.items()))
        said = " ".join(v.description for v in variants_on(game.rules, VARIANTS)) \
            or "The rules of the lessons."
        name = (element("b", variant_name(game.rules), escape=True, class_="cl-variant",
                        title=said)
                + f" (to {game.rules.target})")
        if game.over:
            where = element("b", "Match over")
        elif game.rules.draws_from_stock:
            where = (f"Round {game.round_number} · stock: {count(len(game.stock), 'card')} · "
                     f"seat {game.dealer} dealt")
        else:
            where = (f"Round {game.round_number} · deal {game.deal_number} of "
                     f"{game.deals_per_round}{' (last)' if game.last_deal else ''} · "
                     f"seat {game.dealer} dealt")
        against = "against " + element("b", self.level.name, escape=True)
        self.status.value = styled(
            element("div", f"{name} {against} · {where} · {scores}", class_="cl-status"))
        self.hint_button.disabled = game.over or game.turn != self.LEARNER
        wanted = (bool(self.rules_note.value) or self.level_menu.value != self.level.key) \
            and not self.new_button.disabled
        (self.new_button.add_class if game.over or wanted
         else self.new_button.remove_class)("cl-primary")

    def _result_words(self) -> str:
        game = self.game
        scores = " to ".join(str(n) for _, n in sorted(game.scores.items(), key=lambda x: -x[1]))
        if game.winner is None:
            return f"The match is over: a draw ({scores})."
        lurch = ", with a lurch (a double game)" if game.lurch else \
            ", a double game" if game.double_game else ""
        if game.winner == self._my_side():
            who = "your side wins" if self.partners else "you win"
        else:
            who = f"side {game.winner} wins"
        return f"The match is over: {who}, {scores}{lurch}."

    def _my_side(self) -> int:
        return self.game.state.side_of(self.LEARNER)

    def round_html(self, number: int) -> str:
        """Round `number` (1-based) item by item for each side, as the scorer counted it."""
        score = self.game.rounds[number - 1]
        sides = sorted(score.points)
        head = "".join(element("th", self._side_name(s), escape=True, scope="col")
                       for s in sides)
        counts = {"cards": (score.cards, "card"), "spades": (score.spades, "spade"),
                  "sweeps": (score.sweeps, "sweep")}
        rows = []
        for item in self.game.rules.scorer.items:
            if not item.scores:
                continue  # an item no card scores under these rules (V8's Little Casino)
            label = item.label
            cells = []
            for side in sides:
                text = str(score.items[side][item.key])
                if item.key in counts:
                    numbers, word = counts[item.key]
                    text += " " + element("small", f"({count(numbers[side], word)})")
                cells.append(element("td", text, class_="cl-num"))
            rows.append(element("tr", element("th", label, scope="row"), *cells))
        total = "".join(element("td", count(score.points[s], "point"), class_="cl-num")
                        for s in sides)
        rows.append(element("tr", element("th", "Round total", scope="row"), total,
                            class_="cl-total"))
        return element("table", element("caption", f"Round {number}"),
                       element("tr", element("th"), head), *rows, class_="cl-review")

    def moves_html(self) -> str:
        """Every move played (Game.history), round by round, with who played it."""
        parts, start = [], 0
        ends = self.round_ends + ([len(self.game.history)]
                                  if len(self.game.history) > (self.round_ends or [0])[-1] else [])
        for number, end in enumerate(ends, 1):
            moves = "".join(
                element("li", f"{'you' if seat == self.LEARNER else f'seat {seat}'}: ",
                        element("code", text, escape=True))
                for seat, text in zip(self.seats[start:end], self.game.history[start:end]))
            parts.append(element("h4", f"Round {number}")
                         + element("ol", moves, start=start + 1))
            start = end
        return "".join(parts)

    def show_review(self) -> None:
        """The review panel: each finished round's marked moves (or "reviewing" while the
        search is at it), and the match's once it is over and fully reviewed."""
        with self._review_lock:
            if not self._reviewing or not self.round_ends:
                return
            finished = len(self.round_ends)
            by_round: dict[int, list[int]] = {n: [] for n in range(1, finished + 1)}
            for turn in self.turns:
                if turn.round_number <= finished:
                    by_round[turn.round_number].append(turn.number)
            rounds: list[RoundReview | int] = []
            for number in range(finished, 0, -1):
                self.reviewer.finish(by_round[number])  # without a worker thread: now
                results = [self.reviewer.result(n) for n in by_round[number]]
                rounds.append(number if None in results else
                              RoundReview(number, tuple(results)))  # type: ignore[arg-type]
            done = [r for r in rounds if isinstance(r, RoundReview)]
            match = MatchReview(tuple(reversed(done))) \
                if self.game.over and len(done) == len(rounds) else None
            self.review_panel.show_reviews(rounds, match, self.reviewer.error)

    def close(self) -> None:
        reviewer = getattr(self, "reviewer", None)  # absent if __init__ refused its arguments
        if reviewer is not None:
            reviewer.close()
        super().close()

    def wait_for_review(self, timeout: float = 60.0) -> bool:
        """Wait until every finished round's moves are reviewed and shown (False if `timeout`
        seconds pass first); for tests and scripts, the widget itself never waits."""
        finished = len(self.round_ends)
        numbers = [t.number for t in self.turns if t.round_number <= finished]
        done = self.reviewer.wait(numbers, timeout)
        self.show_review()
        return done

    def _move_reviewed(self, number: int) -> None:
        """A move was reviewed (on the worker thread, or in a slice on the kernel's loop), or
        the review stopped (`number` 0): refresh the panel if its round is over. A marked move
        joins the learner's deck (`learner.deck`)."""
        self._show_reviewing()
        reviewed = self.reviewer.result(number) if number else None
        if reviewed is not None and reviewed.mark is not None:
            add_marked([reviewed])
        finished = len(self.round_ends)
        if (number == 0 and finished) or any(t.number == number and t.round_number <= finished
                                              for t in self.turns):
            self.show_review()

    def _show_reviewing(self) -> None:
        """The class `cl-reviewing` on the game while some of the learner's moves wait for
        their review (a page, or a test, can tell the review has caught up)."""
        busy = bool(self.reviewer.pending([t.number for t in self.turns])) \
            and not self.reviewer.error
        (self.add_class if busy else self.remove_class)("cl-reviewing")

    def review_html(self) -> str:
        """The review: the match result (once over), each finished round, the moves played."""
        game = self.game
        if not game.rounds:
            return ""
        parts = []
        if game.over:
            parts.append(element("div", self._result_words(), escape=True, class_="cl-result"))
        else:
            running = " · ".join(f"{self._side_name(s)}: {n}" for s, n in sorted(game.scores.items()))
            parts.append(element("div", f"After round {len(game.rounds)}: {running}",
                                 escape=True, class_="cl-result"))
        order = range(len(game.rounds), 0, -1)  # the latest round first
        parts.extend(self.round_html(number) for number in order)
        parts.append(element(
            "details",
            element("summary", f"The moves played ({count(len(game.history), 'move')})"),
            element("div", self.moves_html(), class_="cl-moves"),
            open="" if game.over else None))
        return element("div", *parts, class_="cl-game-review")
