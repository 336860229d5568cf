"""Teaching material for Royal, Spade and Draw Casino in lesson 13: its quiz bank's variant items
agree with the rules core and the scorer, and the generated V7/V8/V9 practice is answerable
and judged by the core."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassino_learn import Game, Rules
from cassino_learn.teaching.practice import make_task, practice_rules, rules_for_lesson
from cassino_learn.teaching.quiz import check_item, load_bank

BANK = Path(__file__).resolve().parents[2] / "lessons" / "quizzes" / "13_variants_and_etiquette.json"


def test_the_variant_bank_fragment_loads_and_every_answer_is_the_cores() -> None:
    bank = load_bank(BANK)  # checks each item against the generator and the scorer
    assert {item.kind for item in bank.items} >= {"goal", "captures", "legal", "score"}
    ace = bank.item("royal-ace-as-fourteen")
    assert ace.judge("AC\n5S 9D\nAC 5S 9D").correct
    wrong = ace.judge("AC\n5S 9D")
    assert not wrong.correct and wrong.missed == ("AS take 14: AC 5S+9D",)
    assert bank.item("royal-king-takes-ten-three").judge("KS take 10C 3D").correct
    refused = bank.item("royal-one-value-per-play")
    assert refused.judge(False).correct and not refused.judge(True).correct
    assert bank.item("spade-casino-count").judge({1: 13, 2: 13}).correct


@pytest.mark.parametrize("rule", ["V7", "V8", "V9"])
def test_variant_practice_is_answerable(rule: str) -> None:
    assert rule in practice_rules()
    kinds = set()
    for seed in range(12):
        task = make_task(rule, seed)
        check_item(task)
        if rule != "V9":  # V9's questions are about the stock, not a table
            assert task.position.rules.values == ("royal" if rule == "V7" else "standard")
        assert task.hint and task.rules == (rule,)
        kinds.add(task.kind)
        if task.kind in ("goal", "captures"):
            assert task.solutions()
    assert kinds >= {"V7": {"goal", "captures", "legal"}, "V8": {"score"},
                     "V9": {"number"}}[rule]
    assert make_task(rule, 3) == make_task(rule, 3)


def test_draw_casino_practice_answers_are_what_a_played_draw_game_shows() -> None:
    """Each V9 question's answer is the count a Draw Casino Game shows after that many plays,
    and both questions (stock, hand) and hands below four come up."""
    asked, small_hands = set(), 0
    for seed in range(40):
        task = make_task("V9", seed)
        given = task.given
        game = Game(players=given["players"], seed=seed + 1, rules=Rules(deal="draw"))
        for _ in range(given["plays"]):
            game.play(game.legal_moves()[0])  # another deal than the fact's: counts agree
        truth = task.truth().value
        if task.ask == "draw stock":
            assert truth == len(game.stock)
        else:
            held = len(game.state.hands[given["seat"] - 1] or ())
            assert truth == held
            small_hands += held < 4
        assert task.judge(truth).correct and not task.judge(truth + 1).correct
        asked.add(task.ask)
    assert asked == {"draw stock", "draw hand"} and small_hands >= 5


def test_lesson_13_practises_the_three_new_variants() -> None:
    assert {"V7", "V8", "V9"} <= set(rules_for_lesson("13_variants_and_etiquette"))
