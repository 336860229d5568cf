"""Teaching material for Royal and Spade Casino, kept as data until lesson 13 uses it: the quiz
bank fragment lessons/quizzes/13_variants_extra.json agrees with the rules core and the scorer,
and the generated V7/V8 practice is answerable and judged by the core."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn.teaching.practice import make_task, practice_rules
from cassino_learn.teaching.quiz import check_item, load_bank

FRAGMENT = Path(__file__).resolve().parents[2] / "lessons" / "quizzes" / "13_variants_extra.json"


def test_the_variant_bank_fragment_loads_and_every_answer_is_the_cores() -> None:
    bank = load_bank(FRAGMENT)  # checks each item against the generator and the scorer
    assert {item.kind for item in bank.items} >= {"goal", "captures", "legal", "score"}
    ace = bank.item("royal-ace-as-fourteen")
    assert ace.judge("AC\n5S 9D\nAC 5S 9D").correct
    wrong = ace.judge("AC\n5S 9D")
    assert not wrong.correct and wrong.missed == ("AS take 14: AC 5S+9D",)
    assert bank.item("royal-king-takes-ten-three").judge("KS take 10C 3D").correct
    refused = bank.item("royal-one-value-per-play")
    assert refused.judge(False).correct and not refused.judge(True).correct
    assert bank.item("spade-casino-count").judge({1: 13, 2: 13}).correct


@pytest.mark.parametrize("rule", ["V7", "V8"])
def test_variant_practice_is_answerable(rule: str) -> None:
    assert rule in practice_rules()
    kinds = set()
    for seed in range(12):
        task = make_task(rule, seed)
        check_item(task)
        assert task.position.rules.values == ("royal" if rule == "V7" else "standard")
        assert task.hint and task.rules == (rule,)
        kinds.add(task.kind)
        if task.kind in ("goal", "captures"):
            assert task.solutions()
    assert kinds >= ({"goal", "captures", "legal"} if rule == "V7" else {"score"})
    assert make_task(rule, 3) == make_task(rule, 3)
