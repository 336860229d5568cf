"""Practice on the deal (D1-D3) and the end of a match (K3, V4, V5): reproducible from the seed,
and the answers agree with the dealing, game and scoring modules."""

from __future__ import annotations

import pytest

from cassino_learn import Game
from cassino_learn.game.dealing import DEALS_PER_ROUND, first_seat
from cassino_learn.teaching.practice import make_task, rules_for_lesson
from cassino_learn.teaching.quiz import check_item
from cassino_learn.core.rules import Rules
from cassino_learn.game.scoring import match_points, match_result

SEEDS = range(12)
RULES = ["D1", "D2", "D3", "K3", "V4", "V5"]


@pytest.mark.parametrize("rule", RULES)
def test_same_seed_same_question_and_seeds_vary(rule):
    for seed in SEEDS:
        task = make_task(rule, seed)
        check_item(task)
        assert task.kind in ("number", "choice") and task.hint
        again = make_task(rule, seed)
        assert again.prompt() == task.prompt() and again.given == task.given
    assert len({make_task(rule, seed).prompt() for seed in SEEDS}) > 3


def _dealer_of(players, round_number):
    game = Game(players=players, seed=1)
    while game.round_number < round_number:
        game.play(game.legal_moves()[0])
        assert not game.over
    return game.dealer


@pytest.mark.parametrize("rule", ["D1", "D2", "D3"])
def test_deal_answers_agree_with_the_dealing_and_game_modules(rule):
    for seed in SEEDS:
        task = make_task(rule, seed)
        given, truth = task.given, task.truth().value
        if task.ask == "deals per round":
            expected = DEALS_PER_ROUND[given["players"]]
        elif task.ask == "stock after first deal":
            expected = 52 - 4 - 4 * given["players"]
        elif task.ask == "first to play":
            expected = f"seat {first_seat(given['dealer'], given['players'])}"
        elif task.ask == "dealer of round":
            expected = f"seat {_dealer_of(given['players'], given['round'])}"
        else:
            assert task.ask == "partner"
            expected = f"seat {(given['seat'] + 1) % 4 + 1}"
        assert truth == expected, (seed, task.prompt())
        assert task.judge(str(truth)).correct
        wrong = truth + 1 if isinstance(truth, int) else \
            next(c for c in task.choices() if c != truth)
        assert not task.judge(wrong).correct


@pytest.mark.parametrize("rule, game", [("K3", "21"), ("V4", "11-lurch"), ("V5", "round")])
def test_match_answers_agree_with_the_scorer(rule, game):
    rules = Rules(game=game)
    seen = set()
    for seed in SEEDS:
        task = make_task(rule, seed)
        given = task.given
        assert given["game"] == game
        before = {int(k): v for k, v in given.get("before", {"1": 0, "2": 0}).items()}
        points = {int(k): v for k, v in given["round"].items()}
        after = match_points(before, points, rules)
        if task.ask == "match score":
            assert task.truth().value == after[given["side"]]
            continue
        result = match_result(after, 1, rules)
        said = task.truth().value
        seen.add(said)
        if result.winner is None:
            assert said == ("a drawn game" if result.over else "nobody yet: play another round")
        else:
            assert said == f"side {result.winner} wins" + (" with a lurch" if result.lurch else "")
        assert task.judge(said).correct
    assert len(seen) > 1  # not always the same answer


def test_lessons_offer_deal_and_match_practice():
    assert {"D1", "D2", "D3"} <= set(rules_for_lesson("11_full_game"))
    assert "K3" in rules_for_lesson("10_scoring")
    assert {"V4", "V5"} <= set(rules_for_lesson("13_variants_and_etiquette"))
