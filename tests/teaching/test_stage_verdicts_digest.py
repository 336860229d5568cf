"""Every lesson stage's verdicts pinned by a digest, so a change to how verdicts are made (the
errors and verdicts carrying fields instead of being read back from their words) leaves every
word a learner is told unchanged.

For each stage it judges answers at each feedback step (goal: every legal move and a few that
cannot be played or read; captures: the full answer, none, part, and too many; score: right, off
by one, unreadable; the others: every choice, an empty and an impossible one), and "Show me".
It hashes what the stage widget shows: right or not, the message, the rule, the missed and extra
captures, whether the message cites its rule already (the widget then shows no second tag) and
whether the answer counts as a try. A deliberate change updates tests/data/stage_verdicts.txt:
rerun with CASSINO_UPDATE_DIGEST=1 and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from cassino_learn.teaching.catalog import LESSONS
from cassino_learn.teaching.quiz import Verdict
from cassino_learn.teaching.stages import Stage, has_stages, load_stages
from stored_digests import check, stored, updating

DIGESTS = Path(__file__).resolve().parent.parent / "data" / "stage_verdicts.txt"
SLUGS = [lesson.slug for lesson in LESSONS if has_stages(lesson.slug)]


def _answers(stage: Stage) -> list[Any]:
    if stage.kind == "goal":
        assert stage.item is not None
        return [*stage.item.position.legal_moves(), "7S take 9D", "zz", "trail 2S"]
    if stage.kind == "captures":
        assert stage.item is not None
        right = stage.solutions()[0]
        return [[str(m) for m in right], [], [str(m) for m in right[:1]],
                [str(m) for m in stage.item.position.legal_moves()][:6]]
    if stage.kind == "score":
        truth = stage.solutions()[0]
        return [truth, {side: points + 1 for side, points in truth.items()}, "x"]
    if stage.kind == "demo":
        return [True, False]
    return [*stage.choices(), "", "99"]


def _shown(verdict: Verdict) -> list[Any]:
    return [verdict.correct, verdict.message, verdict.rule, list(verdict.missed),
            list(verdict.extra), verdict.names_rule, verdict.counted]


def verdict_records(slug: str) -> Iterator[list[Any]]:
    for stage in load_stages(slug):
        for answer in _answers(stage):
            for step in (1, 2, 3):
                yield [stage.id, str(answer), step, *_shown(stage.judge(answer, step=step))]
        yield [stage.id, "shown", *_shown(stage.shown())]


def lesson_digest(slug: str) -> str:
    sha = hashlib.sha256()
    for record in verdict_records(slug):
        sha.update(json.dumps(record, sort_keys=True).encode() + b"\0")
    return sha.hexdigest()


def test_every_lesson_with_stages_is_pinned() -> None:
    assert set(stored(DIGESTS)) == set(SLUGS) or updating()


@pytest.mark.parametrize("slug", SLUGS)
def test_stage_verdicts_unchanged(slug: str) -> None:
    check(DIGESTS, slug, lesson_digest(slug), f"the stage verdicts of {slug}",
          "lesson sha256 (tests/teaching/test_stage_verdicts_digest.py)")


def test_a_most_cards_goal_keeps_the_best_count_back_until_the_answer() -> None:
    """The first steps say another move takes more; the third says how many (the goal's
    `Miss.kept_back` and `Miss.said`, not the message rewritten)."""
    told = {}
    for slug in SLUGS:
        for stage in load_stages(slug):
            if stage.kind == "goal" and stage.item is not None and stage.item.goal is not None \
                    and stage.item.goal.text == "most cards":
                short = [m for m in stage.item.position.legal_moves()
                         if stage.item.goal.why_not(stage.item.position, m)]
                if short:
                    told = {step: stage.judge(short[0], step=step).message for step in (1, 2, 3)}
                    break
        if told:
            break
    assert told, "no lesson has a most-cards goal stage with a move that falls short"
    assert "another move takes more" in told[1] and "you can take" not in told[1]
    assert "another move takes more" in told[2] and "you can take" not in told[2]
    assert "you can take" in told[3]
