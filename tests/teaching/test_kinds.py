"""Stage and quiz kinds as classes (issue 48, item 2): every kind is one class in the registry
`teaching.kinds.KINDS`, and nothing outside it branches on a kind's name. Adding a kind is one
module plus its stages: a kind made here, in the test, runs through the stage model, the stage
runner and the quiz's question view, with right and wrong verdicts and its hint ladder."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from cassino_learn.learner import progress
from cassino_learn.teaching.judged import LOOK, NUDGE, SHOW, Verdict
from cassino_learn.teaching.kinds import (KINDS, Answered, Controls, Kind, register,
                                          unregister)
from cassino_learn.teaching.quiz import QuizItem, parse_bank
from cassino_learn.teaching.stages import StageError, load_stages, parse_stage

PACKAGE = Path(__file__).resolve().parents[2] / "cassino_learn"
REGISTRY = PACKAGE / "teaching" / "kinds"


# ---------------------------------------------------------------------- no branch on a name

def _names(node: ast.expr) -> set[str]:
    """The kind names a literal holds: "goal", or ("goal", "captures") and the like."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & set(KINDS)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_names(element) for element in node.elts)) if node.elts else set()
    return set()


def _is_kind(node: ast.expr, message_types: set[str]) -> bool:
    """Whether `node` reads a kind's name: `x.kind`, `x.kind.name`, `kind`, `kind_name`
    (a local `kind` that holds a panel message's "type" is not one)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind" or (node.attr == "name" and _is_kind(node.value, set()))
    return isinstance(node, ast.Name) and node.id in ("kind", "kind_name") \
        and node.id not in message_types


def _message_types(function: ast.AST) -> set[str]:
    """The local names a function sets from a message's "type" (`content.get("type")`)."""
    found = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(_reads_type(part)
                                                for part in ast.walk(node.value)):
            found |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    return found


def _reads_type(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "get" and bool(node.args) and \
        isinstance(node.args[0], ast.Constant) and node.args[0].value == "type"


def kind_name_branches(source: str) -> Iterator[tuple[int, set[str]]]:
    """Each comparison in `source` of a kind's name with a kind named in the code."""
    tree = ast.parse(source)
    scopes: list[ast.AST] = [tree] + [node for node in ast.walk(tree)
                                      if isinstance(node, (ast.FunctionDef,
                                                           ast.AsyncFunctionDef))]
    seen: set[int] = set()
    for scope in reversed(scopes):  # innermost functions first: their message names apply
        types = _message_types(scope) if scope is not tree else set()
        for node in ast.walk(scope):
            if not isinstance(node, ast.Compare) or id(node) in seen:
                continue
            seen.add(id(node))
            sides = [node.left, *node.comparators]
            named = set().union(*(_names(side) for side in sides))
            if named and any(_is_kind(side, types) for side in sides):
                yield node.lineno, named


def test_the_check_finds_a_branch_on_a_kind_name() -> None:
    found = list(kind_name_branches(
        "if stage.kind == 'goal': pass\n"
        "x = item.kind in ('score', 'points')\n"
        "def f(content):\n    kind = content.get('type') if content else None\n"
        "    return kind == 'demo'\n"
        "def g(raw):\n    kind = raw['kind']\n    return kind != 'demo'\n"
        "y = move.kind == 'capture'\n"))
    # a message's "type" (line 5) and a move's kind (line 9) are not a stage's kind
    assert sorted(found, key=lambda hit: hit[0]) == [(1, {"goal"}), (2, {"score", "points"}),
                                                     (8, {"demo"})]


def test_no_module_outside_the_registry_branches_on_a_kind_name() -> None:
    offending = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if REGISTRY in path.parents:
            continue
        for line, named in kind_name_branches(path.read_text(encoding="utf-8")):
            offending.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {sorted(named)}")
    assert offending == [], "ask the kind (stage.behaviour) instead of comparing its name"


def test_every_kind_is_registered_under_its_name_with_its_controls() -> None:
    assert list(KINDS) == ["goal", "captures", "legal", "score", "number", "choice", "points",
                           "demo"]
    for name, kind in KINDS.items():
        assert kind.name == name and isinstance(kind.controls, Controls)


# ---------------------------------------------------------------------- a kind made here

class MoveCountKind(Kind):
    """How many legal moves the mover has: the legal-move generator counts them."""

    name = "move-count"
    controls = Controls(Answered.NUMBER)

    def truth(self, item: QuizItem) -> Any:
        return len(item.position.legal_moves())

    def judge(self, item: QuizItem, answer: Any) -> Verdict:
        try:
            given = int(str(answer).strip())
        except ValueError:
            return Verdict(False, "Type a whole number first.", counted=False)
        truth = item.truth()
        if given == truth:
            return Verdict(True, f"Right: {truth} legal moves.", "R1")
        return Verdict(False, f"Not quite: there are {truth}, not {given}.", "R1")

    def prompt(self, item: QuizItem) -> str:
        return "How many legal moves do you have?"

    def shown(self, item: QuizItem) -> Verdict:
        return Verdict(False, f"There are {item.truth()} legal moves.", "R1")

    def told(self, item: QuizItem, answer: Any, verdict: Verdict, step: int) -> Verdict | None:
        if not verdict.counted:
            return None
        return Verdict(False, "Count again: every card in your hand can trail." if step == LOOK
                       else "Count each card's captures, then its builds, then its trail.")

    def task(self, stage: Any) -> str:
        return self.prompt(stage.item)

    def choices(self, stage: Any) -> tuple[str, ...]:
        truth = stage.item.truth()
        return tuple(str(n) for n in range(max(0, truth - 2), truth + 4))

    def stage_solutions(self, stage: Any) -> list[Any]:
        return [str(stage.item.truth())]


POSITION = "table: 5C 3H; hand: 5D 9S"   # 5D takes 5C, 5D and 9S trail, no build: 3 moves
STAGE = {"id": "count-them", "kind": "move-count", "say": "Every card can trail; some take.",
         "position": POSITION, "why": "You may always trail (R1).",
         "hints": ["Start with the trails: one a card.", "Then each capture."]}


@pytest.fixture
def move_count() -> Iterator[Kind]:
    kind = register(MoveCountKind())
    yield kind
    unregister(kind.name)


def test_an_unknown_kind_is_refused_until_it_is_registered(move_count: Kind) -> None:
    unregister(move_count.name)
    with pytest.raises(StageError, match="kind must be one of .*not 'move-count'"):
        parse_stage(dict(STAGE))
    register(move_count)
    assert parse_stage(dict(STAGE)).behaviour is move_count


def test_a_registered_kind_runs_through_the_stage_model(move_count: Kind) -> None:
    stage = parse_stage(dict(STAGE))
    assert stage.item is not None and stage.item.behaviour is move_count
    assert stage.task() == "How many legal moves do you have?"
    assert stage.solutions() == ["3"] and "3" in stage.choices() and stage.starred
    assert stage.judge("3").correct
    wrong = {step: stage.judge("2", step=step) for step in (LOOK, NUDGE, SHOW)}
    assert not any(v.correct for v in wrong.values())
    assert wrong[LOOK].message == "Count again: every card in your hand can trail."
    assert wrong[NUDGE].message.startswith("Count each card's captures")
    assert wrong[SHOW].message == "There are 3 legal moves." and wrong[SHOW].rule == "R1"
    assert not stage.judge("lots", step=LOOK).counted
    assert stage.hint_steps() == tuple(STAGE["hints"])


def _stages_file(tmp_path: Path) -> Path:
    path = tmp_path / "counting.json"
    path.write_text(json.dumps({"lesson": "counting", "stages": [STAGE]}), encoding="utf-8")
    return path


def test_a_registered_kind_runs_in_the_stage_runner(move_count: Kind, tmp_path: Path) -> None:
    from cassino_learn.ui.stages import StageRunner

    path = _stages_file(tmp_path)
    assert load_stages(path).stages[0].behaviour is move_count
    runner = StageRunner(str(path))
    assert runner.stage.id == "count-them"
    assert runner.top.task == "How many legal moves do you have?"
    assert runner.bottom.choices == ["1", "2", "3", "4", "5", "6"]  # its number's buttons
    assert runner.bottom.sides == [] and not runner.bottom.collecting
    assert runner.table is not None and runner.table.mode == "watch"  # shown, not played on
    runner.send_from_front_end({"type": "answer", "value": "4"})
    assert runner.bottom.verdict_kind == "wrong"
    assert "Count again: every card in your hand can trail." in runner.bottom.verdict
    runner.send_from_front_end({"type": "hint"})
    assert runner.hint_text() == "Start with the trails: one a card." and runner.bottom.can_hint
    runner.send_from_front_end({"type": "hint"})
    assert "Then each capture." in runner.bottom.hint and not runner.bottom.can_hint
    runner.send_from_front_end({"type": "answer", "value": "3"})
    assert runner.bottom.verdict_kind == "right" and "Right: 3 legal moves." in \
        runner.bottom.verdict
    record = progress.load().lesson(str(path)).stages["count-them"]
    assert record.solved and record.stars == 1  # one wrong try and two hint steps


def test_a_registered_kind_runs_in_the_quizs_question(move_count: Kind) -> None:
    from cassino_learn.ui.quiz_widgets import ItemView

    item = parse_bank({"items": [{"kind": "move-count", "position": POSITION,
                                  "hint": "Start with the trails."}]}).items[0]
    counted: list[Verdict] = []
    view = ItemView(item, counted.append)
    assert "How many legal moves do you have?" in view.prompt.value
    assert view.table.mode == "watch" and view.table.layout.display != "none"
    view.number.value = "2"  # a number is typed in a quiz
    view.check_button.click()
    assert "Count again" in view.feedback.value and "cl-wrong" in view.feedback.value
    view.hint_button.click()
    assert "Start with the trails." in view.feedback.value
    view.number.value = "3"
    view.check_button.click()
    assert "cl-right" in view.feedback.value and "Right: 3 legal moves." in view.feedback.value
    assert [v.correct for v in counted] == [False]  # the first answer counts
