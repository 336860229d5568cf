"""Which rules a stage or a quiz item uses, worked out from its words and from the rules core.

A stage (or quiz item) *uses* a rule when the learner meets it there:

- **cited**: its words (say, hint, why, question, demo captions) name the rule id;
- **in a verdict**: the core's verdict on a right answer or on a plausible wrong one names
  the rule (its `rule`, or an id in its message). Plausible wrong answers are: the other
  button of a Legal / Not legal or choice question (judged with and without the answer shown),
  a wrong number, a score one point off, a captures list missing one; on a goal or captures
  table every action the table offers for every selection of one hand card and any table cards
  (loose cards, builds whole): the legal plays, judged by the stage's own judge, and the "Try
  take / Try trail / Try build N" attempts, refused by the core's `check_move`, for the kinds
  of play taught so far (captures from the pairing lesson on, trails from the trailing lesson,
  builds from the building lesson: a learner does not try a play nobody has shown them);
- **by what it shows or accepts**: every demo step and every answer the stage accepts is a
  play, and a play exercises rules: every play T1; a trail R1; a capture P1 (a card of its
  rank; P2 for a face card), S1 (a sum), S3 (a build), S2 (several groups, unless they are only
  cards of its own rank, which P1's "any loose card of the same rank" already allows); a build
  B1, B2, B4, a raise B5, a build gathered into one of the same value B8;
- **by the goal's meaning**: "sweep" W1; "most points" K1, and W1 when some play on the table
  sweeps (the count then includes the sweep point); "trail" R1; "build", "multiple build" B4;
  "raise" B5; "capture build" S3; "protect" B7;
- **by the scoring**: a points stage K1 (C3 for a Casino); a score stage K1, K2 when the cards
  or the spades are tied, W1 when a side made a sweep.

Rules every play rests on but that no lesson needs to name (T2, S5: the card is yours and goes
to your pile with what it takes) are not counted for a play unless cited.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any, Callable, Iterable, Iterator

from cassino_learn.core.build import Build
from cassino_learn.core.errors import IllegalMove
from cassino_learn.core.move import BUILD, CAPTURE, TRAIL, Move
from cassino_learn.core.movegen import moves_with
from cassino_learn.core.position import Position, check_move
from cassino_learn.teaching import catalog
from cassino_learn.teaching.quiz import QuizItem, Verdict
from cassino_learn.teaching.stages import Stage

ID_LIKE = re.compile(r"\b([A-Z][0-9]{1,2})\b")

# The lesson that first teaches each kind of play; attempts of a kind are plausible from there.
KIND_RULE = {CAPTURE: "P1", TRAIL: "R1", BUILD: "B1"}

GOAL_RULES = {"sweep": {"W1"}, "most points": {"K1"}, "trail": {"R1"}, "build": {"B4"},
              "multiple build": {"B4"}, "raise": {"B5"}, "capture build": {"S3"},
              "protect": {"B7"}}

Uses = dict[str, list[str]]  # rule id -> where it is used ("why", "verdict on 'trail 3H'"...)


def cited(text: str) -> list[str]:
    """Every rule-like id in `text` (real or not: "E2" is caught as not a rule)."""
    return ID_LIKE.findall(text or "")


def _add(uses: Uses, rules: Iterable[str], where: str) -> None:
    for rule in rules:
        uses.setdefault(rule, []).append(where)


def _verdict(uses: Uses, verdict: Verdict, where: str) -> None:
    _add(uses, ([verdict.rule] if verdict.rule else []) + cited(verdict.message), where)


def play_rules(move: Move) -> set[str]:
    """The rules a legal play exercises (see the module doc)."""
    rules = {"T1"}
    if move.kind == TRAIL:
        return rules | {"R1"}
    groups = move.groups()
    if move.kind == CAPTURE:
        pairs_only = True
        for group in groups:
            if isinstance(group, Build):
                rules.add("S3")
                pairs_only = False
            elif len(group) == 1 and group[0].rank == move.card.rank:
                rules.add("P2" if move.card.rank > 10 else "P1")
            elif len(group) == 1 and group[0] is move.card:
                continue
            else:
                rules.add("S1")
                pairs_only = False
        if len(move.builds) + len(move.loose_cards) > 1 and not pairs_only:
            rules.add("S2")
        return rules
    rules |= {"B1", "B2", "B4"}
    if move.raised is not None:
        rules.add("B5")
    elif move.builds:
        rules.add("B8")
    return rules


def _units(position: Position) -> list[tuple]:
    """What a learner can click on the table: each loose card, each build as a whole."""
    return [(card,) for card in position.loose] + [tuple(b.cards) for b in position.builds]


def offered(position: Position, taught: frozenset[str], cards: Iterable | None = None
            ) -> Iterator[tuple[str, Move | IllegalMove]]:
    """Every action the table offers for every selection (a hand card and table units): the
    legal plays, and the attempts of a kind taught so far, refused by the core."""
    units = _units(position)
    seen: set = set()
    for card in (cards or position.hand):
        for size in range(len(units) + 1):
            for chosen_units in combinations(units, size):
                chosen = frozenset(c for unit in chosen_units for c in unit)
                exact = moves_with(position, card, chosen)
                for move in exact:
                    if move not in seen:
                        seen.add(move)
                        yield str(move), move
                kinds = {m.kind for m in exact}
                tries: list[tuple[str, int | None]] = []
                if chosen and CAPTURE not in kinds:
                    tries.append((CAPTURE, None))
                if not chosen and TRAIL not in kinds:
                    tries.append((TRAIL, None))
                values = [position.rules.table_value(c) for c in (card, *chosen)]
                if chosen and BUILD not in kinds and None not in values \
                        and sum(values) <= position.rules.top_value:
                    tries.append((BUILD, sum(values)))
                for kind, value in tries:
                    if KIND_RULE[kind] not in taught:
                        continue
                    label = f"try {kind} {card} {' '.join(map(str, sorted(chosen)))}"
                    try:
                        yield label, check_move(position, kind, card, chosen, value)
                    except IllegalMove as error:
                        yield label, error


def _table_uses(uses: Uses, position: Position, taught: frozenset[str],
                judge: Callable[[Any], list[Verdict]], cards: Iterable | None = None) -> None:
    for label, outcome in offered(position, taught, cards):
        if isinstance(outcome, IllegalMove):
            _add(uses, [outcome.rule] + cited(outcome.reason), f"refusal of {label}")
        else:
            for verdict in judge(outcome):
                _verdict(uses, verdict, f"verdict on {label}")


def _score_uses(uses: Uses, position: Position, where: str) -> None:
    _add(uses, ["K1"], where)
    cards = [len(pile) for pile in position.piles]
    spades = [sum(c.suit == "S" for c in pile) for pile in position.piles]
    for counts in (cards, spades):
        if counts and counts.count(max(counts)) > 1:
            _add(uses, ["K2"], f"{where} (a tie)")
    if any(position.sweeps):
        _add(uses, ["W1"], f"{where} (a sweep)")


def _goal_uses(uses: Uses, goal_text: str, position: Position, where: str) -> None:
    for part in goal_text.split(" and "):
        head = part if part in GOAL_RULES else part.rsplit(" ", 1)[0]
        _add(uses, GOAL_RULES.get(head, ()), where)
        if part == "most points" and position.rules.sweeps and any(
                m.is_sweep for m in position.legal_moves()):
            _add(uses, ["W1"], f"{where}: its count includes a sweep")


def item_uses(item: QuizItem, taught: frozenset[str], texts: dict[str, str],
              judge: Callable[..., list[Verdict]]) -> Uses:
    """The rules a quiz item (or the item behind a stage) uses; `judge(answer)` gives every
    verdict a learner can see for that answer."""
    uses: Uses = {}
    for name, text in texts.items():
        _add(uses, cited(text), name)
    position = item.position
    if item.kind == "goal":
        assert item.goal is not None
        _goal_uses(uses, item.goal.text, position, "the goal")
        for move in item.solutions():
            _add(uses, play_rules(move), f"the answer {move}")
        _table_uses(uses, position, taught, judge)
    elif item.kind == "captures":
        right = item.solutions()
        for move in right:
            _add(uses, play_rules(move), f"the answer {move}")
        for verdict in judge([str(m) for m in right]) + judge([str(m) for m in right[:-1]]):
            _verdict(uses, verdict, "the captures verdicts")
        _table_uses(uses, position, taught, lambda m: judge([str(m)]), cards=[item.card])
    elif item.kind == "legal":
        is_legal, detail = item.truth()
        if is_legal:
            _add(uses, play_rules(detail), f"the move {item.move}")
        else:
            _add(uses, [detail.rule], f"the move {item.move}")
        for answer in ("Legal", "Not legal"):
            for verdict in judge(answer):
                _verdict(uses, verdict, f"verdict on {answer}")
    elif item.kind == "score":
        _score_uses(uses, position, "the scoring")
        truth = item.truth()
        for answer in (truth, {side: points + 1 for side, points in truth.items()}):
            for verdict in judge(answer):
                _verdict(uses, verdict, "a score verdict")
    else:  # number, choice
        truth = item.truth()
        wrong = next((c for c in item.choices() if c != str(truth.value)), None) \
            if item.kind == "choice" else truth.value + 1
        for answer in (truth.value, wrong):
            for verdict in judge(answer):
                _verdict(uses, verdict, f"verdict on {answer}")
    return uses


def stage_uses(stage: Stage, taught: frozenset[str]) -> Uses:
    """The rules a stage uses (see the module doc)."""
    texts = {"say": stage.say, "hint": stage.hint, "why": stage.why}
    texts.update({f"caption {n}": caption for n, (_, caption) in enumerate(stage.steps, 1)})
    if stage.kind == "demo":
        uses: Uses = {}
        for name, text in texts.items():
            _add(uses, cited(text), name)
        here = stage.position
        for move_text, _ in stage.steps:
            move = here.parse_move(move_text)
            _add(uses, play_rules(move), f"the step {move_text}")
            here = here.play(move)
        return uses
    if stage.kind == "points":
        uses = {}
        for name, text in texts.items():
            _add(uses, cited(text), name)
        _add(uses, ["K1"], "the points")
        if any(card.points == 2 or str(card) == "2S" for card in stage.cards):
            _add(uses, ["C3"], "a Casino")
        for answer in (str(stage.truth()), str(stage.truth() + 1)):
            for reveal in (False, True):
                _verdict(uses, stage.judge(answer, reveal=reveal), f"verdict on {answer}")
        return uses
    assert stage.item is not None

    def judge(answer: Any) -> list[Verdict]:
        if stage.kind == "captures" and isinstance(answer, list):
            answer = "\n".join(answer)
        return [stage.judge(answer, reveal=reveal) for reveal in (False, True)]

    uses = item_uses(stage.item, taught, texts, judge)
    rule = stage.rule()
    if rule:
        _add(uses, [rule], "the stage's rule")
    return uses


def bank_item_uses(item: QuizItem, taught: frozenset[str]) -> Uses:
    texts = {"question": item.question, "hint": item.hint}
    return item_uses(item, taught, texts, lambda answer: [item.judge(
        "\n".join(answer) if item.kind == "captures" and isinstance(answer, list) else answer)])


def problems(uses: Uses, slug: str) -> list[str]:
    """What is wrong with `uses` for lesson `slug`: ids that are no rule, rules taught later."""
    taught = catalog.taught_by(slug)
    found = []
    for rule, where in sorted(uses.items()):
        if rule not in catalog.RULE_IDS:
            found.append(f"{rule} is no rule id ({', '.join(sorted(set(where))[:3])})")
        elif rule not in taught:
            found.append(f"{rule} is taught in {catalog.first_taught(rule).slug} "
                         f"({'; '.join(sorted(set(where))[:3])})")
    return found
