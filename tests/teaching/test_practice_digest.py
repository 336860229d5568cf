"""The practice tasks pinned by a digest: the same (rule, seed) must give the same task, so a
change to how the practice code is laid out leaves every task a learner is given unchanged.

For every rule with practice and seeds 0..SEEDS-1 it hashes what the learner meets: the
position, the question, the hint, the goal, the card, the move asked about, the fact asked and
what it gives, and the core's right answers (the goal's moves, the card's captures, whether the
move is legal). A deliberate change to the tasks updates tests/data/practice_digest.txt: rerun
this file with CASSINO_UPDATE_DIGEST=1 and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from cassino_learn.teaching.practice import make_task, practice_rules
from stored_digests import check, stored, updating

DIGESTS = Path(__file__).resolve().parent.parent / "data" / "practice_digest.txt"
SEEDS = 20


def task_record(rule: str, seed: int) -> dict:
    """Everything a learner meets in the task for (rule, seed), as plain data."""
    task = make_task(rule, seed)
    record = {
        "id": task.id, "kind": task.kind, "position": str(task.position),
        "position rules": repr(task.position.rules), "prompt": task.prompt(),
        "question": task.question, "hint": task.hint, "rules": list(task.rules),
        "goal": task.goal and [task.goal.text, task.goal.words],
        "card": task.card and str(task.card), "move": task.move, "legal": task.legal,
        "ask": task.ask, "given": task.given and json.loads(json.dumps(task.given)),
    }
    if task.kind in ("goal", "captures"):
        record["solutions"] = [str(m) for m in task.solutions()]
    if task.kind == "legal":
        record["truth"] = task.truth()[0]
    return record


def rule_digest(rule: str, seeds: int = SEEDS) -> str:
    sha = hashlib.sha256()
    for seed in range(seeds):
        sha.update(json.dumps(task_record(rule, seed), sort_keys=True).encode() + b"\0")
    return sha.hexdigest()



def test_every_rule_with_practice_is_pinned():
    assert set(stored(DIGESTS)) == set(practice_rules()) or updating()


@pytest.mark.parametrize("rule", practice_rules())
def test_practice_tasks_unchanged(rule: str) -> None:
    check(DIGESTS, rule, rule_digest(rule), f"the practice tasks for {rule}",
          "rule sha256 (tests/teaching/test_practice_digest.py)")
