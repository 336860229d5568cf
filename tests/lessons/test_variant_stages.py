"""Lesson 13's stages on Royal, Spade and Draw Casino (V7-V9): what each accepts and refuses,
and why, is what the rules core, the scorer and a played Draw Casino game say."""

from __future__ import annotations

import pytest

from cassino_learn import Game, Rules
from cassino_learn.teaching.goals import parse_goal
from cassino_learn.teaching.stages import load_stages

LESSON = load_stages("13_variants_and_etiquette")


def _texts(moves) -> set[str]:
    return {str(move) for move in moves}


def test_the_variant_stages_come_in_rule_book_order_before_table_manners():
    ids = LESSON.ids
    wanted = ["royal-king", "royal-king-standard", "ace-as-fourteen", "build-fourteen",
              "fourteen-needs-an-ace", "take-a-fourteen", "spade-casino-count", "draw-turn",
              "draw-stock", "draw-hand"]
    assert [i for i in ids if i in wanted] == wanted
    assert ids.index("round-game") < ids.index("royal-king") < ids.index("draw-hand") \
        < ids.index("no-card-no-build")


def test_a_king_takes_ten_and_three_under_royal_and_not_in_the_standard_game():
    king = LESSON.stage("royal-king")
    assert king.position.rules.values == "royal"
    assert _texts(king.solutions()) == {"KS take 3D+10C"}
    trail = king.position.parse_move("trail 8D")
    verdict = king.judge(trail)
    assert not verdict.correct and "king of spades" in verdict.message
    standard = LESSON.stage("royal-king-standard")
    assert standard.solutions() == ["Not legal"]
    assert standard.item.rule == "P2" and standard.position.rules.values == "standard"


def test_the_ace_played_as_fourteen_is_the_goal_and_as_one_is_refused_with_the_reason():
    ace = LESSON.stage("ace-as-fourteen")
    assert _texts(ace.solutions()) == {"AS take 14: AC 4D+10C"}
    short = ace.judge(ace.position.parse_move("AS take 14: 4D+10C"))
    assert not short.correct and "ace of clubs" in short.message
    as_one = ace.judge(ace.position.parse_move("AS take AC"))
    assert not as_one.correct and "counts your ace as 1" in as_one.message
    other = ace.judge(ace.position.parse_move("9C build 14 AC 4D"))
    assert not other.correct and "capture with an ace" in other.message


def test_a_build_of_fourteen_needs_an_ace_and_is_taken_by_one():
    build = LESSON.stage("build-fourteen")
    assert _texts(build.solutions()) == {"5S build 14: 5S+9C", "8D build 14: 8D+6H"}
    assert not build.judge(build.position.parse_move("8D take 2D 6H")).correct
    refused = LESSON.stage("fourteen-needs-an-ace")
    assert refused.solutions() == ["Not legal"] and refused.item.rule == "B2"
    take = LESSON.stage("take-a-fourteen")
    assert _texts(take.solutions()) == {"AS take 14: [4D 10C]"}


def test_the_spade_casino_count_is_the_scorers_and_differs_from_the_standard_count():
    count = LESSON.stage("spade-casino-count")
    assert count.position.rules.scoring == "spade-casino"
    assert count.solutions() == [{1: 12, 2: 3}]
    assert count.judge({1: 12, 2: 3}).correct
    # the standard count of the same piles: Little Casino scores, single spades do not
    assert not count.judge({1: 7, 2: 1}).correct


@pytest.mark.parametrize("stage_id", ["draw-stock", "draw-hand"])
def test_the_draw_casino_counts_are_those_of_a_played_draw_game(stage_id):
    stage = LESSON.stage(stage_id)
    given = stage.item.given
    game = Game(players=given["players"], seed=5, rules=Rules(deal="draw"))
    for _ in range(given["plays"]):
        game.play(game.legal_moves()[0])
    seen = len(game.stock) if stage_id == "draw-stock" \
        else len(game.state.hands[given["seat"] - 1] or ())
    assert stage.solutions() == [str(seen)]
    assert stage.judge(str(seen)).correct and not stage.judge(str(seen + 1)).correct
    # the task shown is the question worded from the very data that judges it
    assert f"{given['players']} players: after {given['plays']} plays" in stage.task()


def test_royal_goals_build_to_fourteen_and_know_the_ace_as_fourteen():
    assert parse_goal("build 14").words == "make a build of 14"
    assert parse_goal("ace as 14").words == "capture with your ace counting 14"
    with pytest.raises(ValueError, match="unknown goal"):
        parse_goal("build 15")
