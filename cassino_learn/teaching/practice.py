"""Endless practice: fresh, seeded positions that exercise one rule, as quiz items.

Each rule id has a task maker. It deals random positions and keeps sampling until the rules core
confirms that the rule is really in play (for example until `legal_moves` contains a raise), then
asks a question about it. The same (rule, seed) always gives the same task. Tasks are
`QuizItem`s, so they are judged exactly like quiz questions, and each carries a hint.
"""

from __future__ import annotations

import random
from typing import Callable

from ..core.build import Build
from ..core.cards import FULL_DECK, Card
from ..core.errors import IllegalMove, PositionError
from ..core.move import Move
from ..core.position import Position, check_move
from ..core.rules import Rules
from ..core.words import count
from .goals import Goal, parse_goal
from .quiz import QuizItem

__all__ = ["HINTS", "practice_rules", "make_task", "PracticeError", "rules_for_lesson"]

MAX_TRIES = 4000


class PracticeError(LookupError):
    """No practice exists for a rule, or no position could be found."""


HINTS = {
    "C1": "Big Casino (10D) is worth 2, Little Casino (2S) and every ace 1.",
    "T2": "You may only use a card from your own hand and cards lying on the table.",
    "P1": "A numeral card takes every loose card of its own rank.",
    "P2": "A face card takes one face card of the same rank, never more, never in a sum.",
    "S1": "A numeral card takes loose cards that add up to its value, e.g. a 7 takes 3+4.",
    "S2": "One card may take several groups at once, as long as no table card is used twice.",
    "S3": "A build is taken whole, and only by a card equal to its announced value.",
    "S4": "You may take fewer groups than you could: each choice of groups is its own capture.",
    "K1": "Cards 3, spades 1, Big Casino 2, Little Casino 1, each ace 1, each sweep 1.",
    "K2": "When the most cards (or spades) is shared, nobody scores that item.",
    "R1": "Trailing is always allowed, unless you own a build on the table.",
    "R2": "When nothing else is possible, you trail a card.",
    "B2": "To build a value you must keep another card of that value in your hand.",
    "B4": "Put your card on table cards so that they add up to a value you also hold.",
    "B5": "Adding a card from hand to a single build gives it a new, higher value.",
    "B6": "Only the card from your hand may change a build's value, never a loose table card.",
    "B7": "A multiple build can never be raised.",
    "B8": "A card (or card plus table cards) equal to a build's value may be put on it: it "
          "becomes multiple.",
    "B9": "In partnerships you may build a value your partner is building, without holding it.",
    "B10": "Adding a second set of the same value makes your build multiple, so it can't be raised.",
    "O1": "An owner of a build may not trail.",
    "O2": "Keep a card of your build's value until you capture it.",
    "W1": "Take every card on the table with one play: that is a sweep.",
    "V1": "With three-take-all, a face card takes one, or all three, of its rank.",
    "W2": "After the very last card, whatever is still on the table goes to whoever captured "
          "last. Any capture with that last card makes it you.",
    "V2": "With sweeps off, count everything as usual but give no point for sweeps.",
    "V3": "With sweeps cancelling, each side's sweeps cancel the other side's one for one; only "
          "the difference scores.",
    "D1": "In a four-player partnership, partners sit opposite each other.",
    "D2": "Every deal gives 4 cards to each player; only the first deal of a round puts 4 on the "
          "table. Count the cards: 52 in the pack.",
    "D3": "The player to the dealer's left (the next seat number) plays first, and the deal "
          "passes to the left after each round.",
    "K3": "Add the round to the scores; the first side to reach 21 wins. If both reach it in "
          "the same round, the higher total wins; equal totals play on.",
    "V4": "Playing to 11, only the difference of the round points counts. Reaching 11 while the "
          "other side has fewer than 6 is a lurch, a double game.",
    "V5": "Each round is a game of its own: the higher round score wins, equal scores draw.",
}


# ---------------------------------------------------------------------- dealing positions

def _pick(deck: list[Card], rng: random.Random, test: Callable[[Card], bool]) -> Card | None:
    choices = [c for c in deck if test(c)]
    if not choices:
        return None
    card = rng.choice(choices)
    deck.remove(card)
    return card


def _random_build(deck: list[Card], rng: random.Random, owner: int | None,
                  multiple: bool = False) -> Build | None:
    value = rng.randint(3, 10)
    sets = []
    for _ in range(2 if multiple else 1):
        first = _pick(deck, rng, lambda c: c.value is not None and c.value < value)
        if first is None:
            return None
        second = _pick(deck, rng, lambda c: c.value == value - first.value)
        if second is None:
            return None
        sets.append((first, second))
    return Build.make(value, owner, sets)


def deal(rng: random.Random, *, loose: tuple[int, int] = (2, 5), hand: tuple[int, int] = (2, 4),
         builds: int = 0, own_build: bool = False, multiple: bool = False, players: int = 2,
         partners: bool = False, rules: Rules | None = None,
         numerals_only: bool = False) -> Position | None:
    """A random position (seat 1 to move), or None if this draw could not be made valid."""
    deck = [c for c in FULL_DECK if not (numerals_only and c.is_face)]
    rng.shuffle(deck)
    table: list[Card | Build] = []
    extra_hand: list[Card] = []
    for number in range(builds):
        mine = own_build and number == 0
        owner: int | None = 1 if mine else (2 if partners or players > 2 else None)
        if partners and not mine:
            owner = rng.choice((2, 3, 4))
        build = _random_build(deck, rng, owner, multiple and number == builds - 1)
        if build is None:
            return None
        table.append(build)
        if mine:
            keeper = _pick(deck, rng, lambda c, v=build.value: c.value == v)
            if keeper is None:
                return None
            extra_hand.append(keeper)
    for _ in range(rng.randint(*loose)):
        table.append(deck.pop())
    cards = extra_hand + [deck.pop() for _ in range(max(0, rng.randint(*hand) - len(extra_hand)))]
    try:
        return Position.create(table=table, hand=cards, players=players, partners=partners,
                               rules=rules)
    except PositionError:
        return None


def _sample(rng: random.Random, accept: Callable[[Position], object], **deal_options: object
            ) -> tuple[Position, object]:
    """Deal until `accept(position)` returns something truthy (checked with the core)."""
    for _ in range(MAX_TRIES):
        position = deal(rng, **deal_options)  # type: ignore[arg-type]
        if position is None:
            continue
        found = accept(position)
        if found:
            return position, found
    raise PracticeError(f"no position found after {MAX_TRIES} deals")


# ---------------------------------------------------------------------- task kinds

def _goal_task(rule: str, goal_text: str, question: str, rng: random.Random,
               extra: Callable[[Position], bool] = lambda p: True, **deal_options: object
               ) -> QuizItem:
    goal = parse_goal(goal_text)

    def accept(position: Position) -> bool:
        moves = position.legal_moves()
        good = [m for m in moves if goal.met_by(position, m)]
        # the goal must be reachable, and not by every move (a question with no wrong answer)
        return bool(good) and len(good) < len(moves) and extra(position)

    position, _ = _sample(rng, accept, **deal_options)
    return QuizItem(id=f"practice-{rule}", kind="goal", position=position, question=question,
                    hint=HINTS.get(rule, ""), rules=(rule,), goal=goal)


def _captures_task(rule: str, rng: random.Random, need: Callable[[list[Move]], bool],
                   **deal_options: object) -> QuizItem:
    def accept(position: Position) -> Card | None:
        cards = list(position.hand)
        rng.shuffle(cards)
        for card in cards:
            captures = [m for m in position.legal_moves() if m.kind == "capture" and m.card is card]
            if need(captures):
                return card
        return None

    position, card = _sample(rng, accept, **deal_options)
    assert isinstance(card, Card)
    return QuizItem(id=f"practice-{rule}", kind="captures", position=position,
                    question=f"List every capture the {card.name} can make, one per line "
                             f"(just the table cards it takes, e.g. “3C 4H”).",
                    hint=HINTS.get(rule, ""), rules=(rule,), card=card)


def _candidate(position: Position, rng: random.Random) -> Move:
    """A plausible move a learner might try: right or wrong, the core decides."""
    moves = position.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(moves)
    card = rng.choice(position.hand)
    if position.loose and rng.random() < 0.15:
        card = rng.choice(position.loose)  # a card that is not in the hand (T2)
    kind = rng.choice(("trail", "capture", "build"))
    if kind == "trail":
        return Move("trail", card)
    pool = list(position.loose) + [b for b in position.builds]
    chosen = rng.sample(pool, rng.randint(1, min(3, len(pool)))) if pool else []
    cards: list[Card] = []
    for thing in chosen:
        if isinstance(thing, Build):
            cards.extend(thing.cards if rng.random() < 0.85 else thing.cards[:1])
        else:
            cards.append(thing)
    if kind == "capture" or card.value is None:
        return Move("capture", card, cards)
    total = card.value + sum(c.value or 0 for c in cards if not any(c in b.cards for b in position.builds))
    total = total if 1 <= total <= 10 else rng.randint(2, 10)
    return Move("build", card, cards, total)


def _legal_task(rule: str, rng: random.Random, rules_broken: set[str],
                when: Callable[[Position], bool] = lambda p: True,
                kinds: tuple[str, ...] = ("trail", "capture", "build"),
                want_legal: bool | None = None, **deal_options: object) -> QuizItem:
    """Is this move legal? About half are; illegal ones break one of `rules_broken`."""
    if want_legal is None:
        want_legal = rng.random() < 0.5

    def accept(position: Position) -> str | None:
        if not when(position):
            return None
        for _ in range(30):
            move = _candidate(position, rng)
            if move.kind not in kinds:
                continue
            try:
                legal = check_move(position, move.kind, move.card, move.table_cards, move.value)
                if want_legal:
                    return str(legal)
            except IllegalMove as error:
                if not want_legal and error.rule in rules_broken:
                    return str(move)
        return None

    position, text = _sample(rng, accept, **deal_options)
    return QuizItem(id=f"practice-{rule}", kind="legal", position=position,
                    question=f"Is “{text}” legal here?", hint=HINTS.get(rule, ""),
                    rules=(rule,), move=str(text), legal=want_legal)


def _score_task(rule: str, rng: random.Random) -> QuizItem:
    from .quiz import round_points

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(18, 34)
    sweeps = {1: rng.choice((0, 0, 1)), 2: rng.choice((0, 0, 1))}
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]}, sweeps=sweeps)
    round_points(position)  # the scorer must be able to answer before we ask
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question="Score the round: how many points does each side get?",
                    hint=HINTS[rule], rules=(rule,))


def _count_task(rule: str, rng: random.Random) -> QuizItem:
    """A finished round to count with no tie and no sweep: the first lesson counts points
    before any capture, tie (K2) or sweep (W1) is taught."""
    while True:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        cut = rng.randint(18, 34)
        spades = [sum(c.suit == "S" for c in pile) for pile in (deck[:cut], deck[cut:])]
        if cut != len(deck) - cut and spades[0] != spades[1]:
            break
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]})
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question="Count the round: how many points does each side get?",
                    hint=HINTS[rule], rules=(rule,))


# ---------------------------------------------------------------------- one maker per rule

def _own_build(position: Position) -> bool:
    return bool(position.owned_builds(1))


def _has(kind_test: Callable[[Position, Move], bool]) -> Callable[[Position], bool]:
    return lambda position: any(kind_test(position, m) for m in position.legal_moves())


def _pairing(face: bool) -> Callable[[Position, Move], bool]:
    def test(position: Position, move: Move) -> bool:
        return move.kind == "capture" and any(
            c.rank == move.card.rank and c.is_face == face for c in move.table_cards)
    return test


def _pair_goal(rule: str, face: bool, rng: random.Random) -> QuizItem:
    def accept(position: Position) -> Card | None:
        targets = [c for m in position.legal_moves() if _pairing(face)(position, m)
                   for c in m.table_cards if c.rank == m.card.rank]
        return rng.choice(targets) if targets else None

    position, target = _sample(rng, accept, loose=(3, 6), hand=(2, 4))
    goal = parse_goal(f"take {target}")
    return QuizItem(id=f"practice-{rule}", kind="goal", position=position,
                    question=f"Capture the {target.name}.", hint=HINTS.get(rule, ""),
                    rules=(rule,), goal=goal)


def _multiple_sum(moves: list[Move]) -> bool:
    return any(len(m.table_cards) >= 2 and any(len(g) >= 2 for g in m.groups()
                                                if isinstance(g, tuple)) for m in moves)


_MAKERS: dict[str, Callable[[random.Random], QuizItem]] = {
    "C1": lambda r: _count_task("C1", r),
    "T2": lambda r: _legal_task("T2", r, {"T2"}, loose=(2, 5)),
    "P1": lambda r: _pair_goal("P1", False, r),
    "P2": lambda r: _pair_goal("P2", True, r),
    "S1": lambda r: _captures_task("S1", r, _multiple_sum, loose=(3, 6), numerals_only=True),
    "S2": lambda r: _goal_task(
        "S2", "most cards", "Take as many cards as you can with one card.", r,
        extra=lambda p: any(len(m.groups()) >= 2 for m in p.legal_moves() if m.kind == "capture"),
        loose=(4, 7)),
    "S3": lambda r: _legal_task("S3", r, {"S3"}, when=lambda p: bool(p.builds),
                                kinds=("capture",), builds=1, loose=(2, 4)),
    "S4": lambda r: _captures_task("S4", r, lambda ms: len(ms) >= 3, loose=(4, 6)),
    "R1": lambda r: _r1(r),
    "R2": lambda r: _only_trails(r),
    "B2": lambda r: _legal_task("B2", r, {"B2"}, kinds=("build",), loose=(2, 4), hand=(2, 4)),
    "B4": lambda r: _build_goal("B4", r),
    "B5": lambda r: _goal_task("B5", "raise", "Raise one of the builds on the table.", r,
                               builds=1, loose=(1, 4), hand=(3, 4)),
    "B6": lambda r: _legal_task("B6", r, {"B6", "B5"}, when=lambda p: bool(p.builds),
                                kinds=("build",), builds=1, loose=(2, 4), hand=(3, 4)),
    "B7": lambda r: _legal_task("B7", r, {"B7"}, when=lambda p: bool(p.builds),
                                kinds=("build",), builds=1, multiple=True, loose=(1, 3),
                                hand=(3, 4)),
    "B8": lambda r: _goal_task("B8", "multiple build", "Make a multiple build.", r,
                               loose=(2, 5), hand=(3, 4)),
    "B9": lambda r: _b9(r),
    "B10": lambda r: _goal_task("B10", "protect",
                                "Protect your build so that nobody can raise it.", r,
                                builds=1, own_build=True, loose=(2, 5), hand=(3, 4)),
    "O1": lambda r: _legal_task("O1", r, {"O1"}, when=_own_build, builds=1, own_build=True, loose=(1, 4), hand=(2, 4)),
    "O2": lambda r: _legal_task("O2", r, {"O2"}, when=_own_build, builds=1, own_build=True,
                                loose=(1, 4), hand=(2, 4)),
    "W1": lambda r: _goal_task("W1", "sweep", "Sweep the table.", r, loose=(2, 4),
                               hand=(2, 4)),
    "K1": lambda r: _count_task("K1", r),
    "K2": lambda r: _score_task("K2", r),
    "V1": lambda r: _v1(r),
    "W2": lambda r: _w2(r),
    "V2": lambda r: _variant_score_task("V2", Rules(sweeps=False), "sweeps score nothing", r),
    "V3": lambda r: _variant_score_task("V3", Rules(sweeps_cancel=True),
                                        "each side's sweeps cancel the other side's", r),
}


def _r1(rng: random.Random) -> QuizItem:
    """May I trail? Yes, unless I own a build (O1)."""
    legal = rng.random() < 0.5
    return _legal_task("R1", rng, {"O1"}, kinds=("trail",), want_legal=legal,
                       own_build=not legal, builds=1, loose=(1, 4))


def _build_goal(rule: str, rng: random.Random) -> QuizItem:
    value = rng.randint(4, 10)
    return _goal_task(rule, f"build {value}", f"Make a build of {value}.", rng, loose=(2, 5),
                      hand=(2, 4))


def _only_trails(rng: random.Random) -> QuizItem:
    """R2: a hand that can do nothing but trail; any legal play is right, a capture attempt is
    explained by the core."""
    def accept(position: Position) -> bool:
        return all(m.kind == "trail" for m in position.legal_moves())

    position, _ = _sample(rng, accept, loose=(2, 4), hand=(2, 3))
    return QuizItem(id="practice-R2", kind="goal", position=position,
                    question="Make your play: any legal play is right here (look carefully: "
                             "can you capture or build?).",
                    hint=HINTS["R2"], rules=("R2",), goal=parse_goal("legal"))


def _b9(rng: random.Random) -> QuizItem:
    """A partner's build lets the mover build its value without holding it."""
    def accept(position: Position) -> bool:
        partner_values = {b.value for b in position.builds if b.owner == 3}
        return any(m.kind == "build" and m.value in partner_values
                   and not any(c.value == m.value for c in position.hand if c is not m.card)
                   for m in position.legal_moves())

    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        build = _random_build(deck, rng, 3)
        if build is None:
            continue
        table = [build] + [deck.pop() for _ in range(rng.randint(2, 4))]
        position = Position.create(table=table, hand=[deck.pop() for _ in range(3)], players=4,
                                   partners=True)
        if accept(position):
            value = build.value
            return QuizItem(id="practice-B9", kind="goal", position=position,
                            question=f"Your partner (seat 3) is building {value}. Help: add "
                                     f"to their build or make another {value}.",
                            hint=HINTS["B9"], rules=("B9",),
                            goal=parse_goal(f"build {value}"))
    raise PracticeError("no partnership position found")


def _v1(rng: random.Random) -> QuizItem:
    rules = Rules(face_cards="three-take-all")
    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        rank = rng.choice((11, 12, 13))
        faces = [c for c in deck if c.rank == rank]
        for c in faces:
            deck.remove(c)
        table = faces[:3] + [deck.pop() for _ in range(rng.randint(1, 3))]
        hand = [faces[3]] + [deck.pop() for _ in range(rng.randint(1, 2))]
        position = Position.create(table=table, hand=hand, rules=rules)
        goal = parse_goal("most cards")
        if len(goal.solutions(position)) == len(position.legal_moves()):
            continue
        return QuizItem(id="practice-V1", kind="goal", position=position,
                        question="Three-take-all rules: take as many cards as you can.",
                        hint=HINTS["V1"], rules=("V1",), goal=goal)
    raise PracticeError("no three-take-all position found")


def _w2(rng: random.Random) -> QuizItem:
    """The last card of the round: who ends up with the cards left on the table (W2)?

    The mover is the dealer (D3: the dealer plays last) holding the round's last card; another
    seat captured last. What each play brings home is worked out by `dealing.close_round`.
    """
    from ..game.dealing import close_round

    players = rng.choice((2, 2, 3))
    dealer = 1

    def brought_home(position: Position, move: Move) -> int:
        """Cards that reach the mover's pile by the end of the round, after W2."""
        side = position.side_of(position.turn)
        before = len(position.piles[side - 1])
        return len(close_round(position.play(move), dealer).piles[side - 1]) - before

    def check(position: Position, move: Move) -> str | None:
        best = max(brought_home(position, m) for m in position.legal_moves())
        got = brought_home(position, move)
        if got >= best:
            return None
        taker = position.last_capture if position.last_capture is not None else dealer
        return (f"after that play, the cards left on the table go to seat {taker}, who "
                f"captured last (W2): you end with {count(got, 'card')} from "
                f"this table, and could have had {best}")

    goal = Goal("last cards", "bring the most cards home after the last card (W2)", check)
    for _ in range(MAX_TRIES):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        last = rng.randint(2, players)
        hands = {seat: [] for seat in range(1, players + 1)}
        hands[dealer] = [deck.pop()]
        try:
            position = Position.create(table=[deck.pop() for _ in range(rng.randint(2, 5))],
                                       hands=hands, turn=dealer, players=players,
                                       last_capture=last)
        except PositionError:
            continue
        right = goal.solutions(position)
        if right and len(right) < len(position.legal_moves()):
            return QuizItem(
                id="practice-W2", kind="goal", position=position,
                question=f"This is the last card of the round ({players} players; you dealt, so "
                         f"you play last). Seat {last} made the last capture. Play so that as "
                         f"many of the table's cards as possible end in your pile.",
                hint=HINTS["W2"], rules=("W2",), goal=goal)
    raise PracticeError("no last-card position found")


def _variant_score_task(rule: str, rules: Rules, words: str, rng: random.Random) -> QuizItem:
    """Score a round under a sweep variant (V2, V3); both sides swept, so the variant matters."""
    from .quiz import round_points

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(20, 32)
    sweeps = {1: rng.randint(1, 3), 2: rng.randint(1, 3)}  # both sides: the variant matters
    position = Position.create(piles={1: deck[:cut], 2: deck[cut:]}, sweeps=sweeps, rules=rules)
    round_points(position)  # the scorer must be able to answer before we ask
    return QuizItem(id=f"practice-{rule}", kind="score", position=position,
                    question=f"Variant {rule} ({rules}): {words}. Score the round: how many "
                             f"points does each side get?",
                    hint=HINTS[rule], rules=(rule,))


# ---------------------------------------------------------------------- the deal and the match

def _fact_task(rule: str, ask: str, given: dict) -> QuizItem:
    """A number or choice question; the game modules work out its answer when it is judged."""
    from .facts import FACTS

    return QuizItem(id=f"practice-{rule}", kind=FACTS[ask].kind, position=Position.parse("table:"),
                    question="", hint=HINTS[rule], rules=(rule,), ask=ask, given=given)


def _deal_task(rule: str, rng: random.Random) -> QuizItem:
    players = rng.choice((2, 3, 4))
    if rule == "D1":
        return _fact_task(rule, "partner", {"seat": rng.randint(1, 4)})
    if rule == "D2":
        return _fact_task(rule, rng.choice(("deals per round", "stock after first deal")),
                          {"players": players})
    if rng.random() < 0.5:
        return _fact_task(rule, "first to play", {"players": players,
                                                  "dealer": rng.randint(1, players)})
    return _fact_task(rule, "dealer of round", {"players": players,
                                                "round": rng.randint(2, players + 1)})


def _round_points(rng: random.Random, rules: Rules, sweeps: int = 2) -> dict[str, int]:
    """The points of a random but possible round, from the scorer."""
    from ..game.scoring import score_round

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    cut = rng.randint(18, 34)
    swept = [rng.randint(0, sweeps), rng.randint(0, sweeps)]
    score = score_round([deck[:cut], deck[cut:]], swept, rules=rules)
    return {str(side): points for side, points in score.points.items()}


def _match_task(rule: str, rng: random.Random) -> QuizItem:
    """Who has won after this round (K3 to 21, V4 to 11 with lurches, V5 one round)? Or, under
    V4, what is the score now? Scores before the round are chosen so the answer is in doubt."""
    from .facts import answer

    game = {"K3": "21", "V4": "11-lurch", "V5": "round"}[rule]
    rules = Rules(game=game)
    for _ in range(MAX_TRIES):
        given: dict = {"game": game, "round": _round_points(rng, rules)}
        if game != "round":
            top = 20 if game == "21" else 10
            given["before"] = {"1": rng.randint(top - 9, top), "2": rng.randint(top - 9, top)} \
                if game == "21" else {"1": rng.randint(0, top), "2": rng.randint(0, top)}
        if game == "11-lurch" and rng.random() < 0.4:
            return _fact_task(rule, "match score", {**given, "side": rng.randint(1, 2)})
        result = answer("match result", given).value
        # keep the easy "nobody yet" answers to about a third
        if result.startswith("nobody") and rng.random() < 0.6:
            continue
        return _fact_task(rule, "match result", given)
    raise PracticeError(f"no match situation found for {rule}")


_MAKERS.update({
    "D1": lambda r: _deal_task("D1", r),
    "D2": lambda r: _deal_task("D2", r),
    "D3": lambda r: _deal_task("D3", r),
    "K3": lambda r: _match_task("K3", r),
    "V4": lambda r: _match_task("V4", r),
    "V5": lambda r: _match_task("V5", r),
})

# aliases: rules taught with another rule's exercise
_ALIASES = {"C2": "C1", "C3": "C1", "T1": "T2", "S5": "S4", "B1": "B4", "B3": "B4"}


def practice_rules() -> list[str]:
    """Every rule id that has practice."""
    return sorted(set(_MAKERS) | set(_ALIASES))


def rules_for_lesson(slug: str) -> list[str]:
    """The lesson's rule ids that have practice."""
    from .catalog import lesson

    return [rule for rule in lesson(slug).rules if rule in _MAKERS or rule in _ALIASES]


def make_task(rule: str, seed: int) -> QuizItem:
    """A fresh practice question for `rule`; the same seed gives the same question."""
    key = _ALIASES.get(rule, rule)
    if key not in _MAKERS:
        raise PracticeError(f"no practice for rule {rule!r}; rules with practice: "
                            f"{', '.join(practice_rules())}")
    rng = random.Random(f"{rule}:{seed}")
    item = _MAKERS[key](rng)
    return QuizItem(**{**item.__dict__, "id": f"practice-{rule}-{seed}", "rules": (rule,)})


# ---------------------------------------------------------------------- Royal, Spade and Draw Casino

ROYAL = Rules(values="royal")
SPADE_CASINO = Rules(scoring="spade-casino")
VARIANT_HINTS = {
    "V7": "Royal Casino: J counts 11, Q 12, K 13, and face cards add up and build like numbers. "
          "Played from the hand an ace counts 1 or 14 (one value per play); on the table and "
          "inside a build it counts 1. A build of 14 needs an ace to take it.",
    "V8": "Spade Casino: no Little Casino point, but every spade you take scores: AS, JS and 2S "
          "2 each, every other spade 1 (the ace of spades also scores as an ace). 26 points a "
          "round plus sweeps.",
    "V9": "Draw Casino: after the first deal the rest of the pack is a stock; the player who "
          "played draws one card after each play, so hands stay at four until the stock is "
          "empty. Then the hands are played out (48 plays a round).",
}
HINTS.update(VARIANT_HINTS)


def _face_sum_task(rng: random.Random) -> QuizItem:
    """A face card adding up (a king takes 10+3): list its captures."""
    return _captures_task("V7", rng, lambda ms: any(m.card.is_face and len(m.table_cards) >= 2
                                                    for m in ms), rules=ROYAL, loose=(3, 6))


def _ace_high_task(rng: random.Random) -> QuizItem:
    """An ace taken as 14: list its captures (the 1s and the 14s)."""
    return _captures_task("V7", rng, lambda ms: any(m.value == 14 for m in ms), rules=ROYAL,
                          loose=(3, 6))


def _build_of_14_task(rng: random.Random) -> QuizItem:
    """Is this build of 14 legal? It is when an ace stays in the hand (B2, V7)."""
    want_legal = rng.random() < 0.5

    def accept(position: Position) -> str | None:
        if want_legal:
            found = [m for m in position.legal_moves() if m.kind == "build" and m.value == 14]
            return str(rng.choice(found)) if found else None
        for card in position.hand:
            for other in position.loose:
                if card.rank + other.rank != 14:
                    continue
                try:
                    check_move(position, "build", card, frozenset({other}), 14)
                except IllegalMove as error:
                    if error.rule in ("B2", "V7"):
                        return f"{card} build 14 {other}"
        return None

    position, text = _sample(rng, accept, rules=ROYAL, loose=(3, 6), hand=(3, 4))
    return QuizItem(id="practice-V7", kind="legal", position=position,
                    question=f"Royal Casino: is “{text}” legal here?", hint=HINTS["V7"],
                    rules=("V7",), move=str(text), legal=want_legal)


def _royal_most_cards(rng: random.Random) -> QuizItem:
    return _goal_task("V7", "most cards", "Royal Casino: take as many cards as you can.", rng,
                      extra=lambda p: any(m.kind == "capture" and (m.card.is_face or m.value == 14)
                                          for m in p.legal_moves()),
                      rules=ROYAL, loose=(3, 6))


def royal_task(rng: random.Random) -> QuizItem:
    """V7 practice: a face card adding up, an ace as 14, a build of 14, or the biggest take."""
    return rng.choice((_face_sum_task, _ace_high_task, _build_of_14_task, _royal_most_cards))(rng)


def spade_casino_task(rng: random.Random) -> QuizItem:
    """V8 practice: score a round under Spade Casino."""
    return _variant_score_task("V8", SPADE_CASINO,
                               "every spade scores (AS, JS, 2S 2 each, the rest 1), no Little "
                               "Casino point", rng)


def draw_casino_task(rng: random.Random) -> QuizItem:
    """V9 practice: the stock, or a hand, some plays into a Draw Casino round (the answer is
    worked out by playing a Game; `teaching.facts`). Near the end the stock has run out, so
    a hand may hold fewer than four."""
    players = rng.choice((2, 3, 4))
    stock = 52 - 4 - 4 * players  # a guess at where the stock runs out, to pick the plays
    if rng.random() < 0.5:
        return _fact_task("V9", "draw stock", {"players": players,
                                               "plays": rng.randint(1, stock + 2)})
    return _fact_task("V9", "draw hand", {"players": players,  # the end, where hands shrink
                                          "plays": rng.randint(stock - 2, 47),
                                          "seat": rng.randint(1, players)})


_MAKERS.update({"V7": royal_task, "V8": spade_casino_task, "V9": draw_casino_task})
