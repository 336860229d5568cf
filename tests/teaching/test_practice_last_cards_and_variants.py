"""Practice on the last cards (W2) and the sweep variants (V2, V3): reproducible from the seed,
and the answers agree with the dealing and scoring modules."""

from __future__ import annotations

import pytest

from cassino_learn.game.dealing import close_round
from cassino_learn.teaching.practice import make_task, rules_for_lesson
from cassino_learn.teaching.quiz import check_item
from cassino_learn.core.rules import Rules
from cassino_learn.game.scoring import score_round

SEEDS = range(10)


@pytest.mark.parametrize("rule", ["W2", "V2", "V3"])
def test_same_seed_same_question_and_different_seeds_vary(rule):
    for seed in SEEDS:
        task = make_task(rule, seed)
        check_item(task)
        again = make_task(rule, seed)
        assert str(again.position) == str(task.position) and again.question == task.question
    assert len({str(make_task(rule, seed).position) for seed in SEEDS}) > 5


def test_last_card_right_answers_bring_every_table_card_home():
    for seed in SEEDS:
        task = make_task("W2", seed)
        position = task.position
        assert sum(len(h) for h in position.hands) == 1  # the round's very last card
        table = set(position.table_cards)
        mover_side = position.side_of(position.turn)
        for move in position.legal_moves():
            end = close_round(position.play(move), dealer=position.turn)
            home = table <= set(end.piles[mover_side - 1])
            assert task.judge(move).correct == home, (seed, str(move))
        trail = next(m for m in position.legal_moves() if m.kind == "trail")
        verdict = task.judge(trail)
        assert not verdict.correct
        assert f"seat {position.last_capture}" in verdict.message and "W2" in verdict.message


@pytest.mark.parametrize("rule, rules", [("V2", Rules(sweeps=False)),
                                         ("V3", Rules(sweeps_cancel=True))])
def test_variant_scores_agree_with_the_scorer_and_differ_from_standard(rule, rules):
    for seed in SEEDS:
        task = make_task(rule, seed)
        position = task.position
        assert position.rules == rules
        piles, sweeps = position.piles, position.sweeps
        truth = score_round(piles, sweeps, rules=rules).points
        assert task.truth() == truth
        assert truth != score_round(piles, sweeps).points  # the variant changes the answer
        assert task.judge(truth).correct
        wrong = {side: points + 1 for side, points in truth.items()}
        assert not task.judge(wrong).correct


def test_lessons_offer_the_new_practice():
    assert "W2" in rules_for_lesson("09_sweeps_and_last_cards")
    assert {"V2", "V3"} <= set(rules_for_lesson("13_variants_and_etiquette"))
