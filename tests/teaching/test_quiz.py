"""Quiz banks and quiz judging: every bank is well formed and agrees with the rules core."""

from __future__ import annotations

import json

import pytest

from cassino_learn.teaching.catalog import LESSONS
from cassino_learn.teaching.quiz import BankError, all_banks, load_bank, parse_bank

NO_QUIZ = {"11_full_game"}


@pytest.mark.parametrize("lesson", [l for l in LESSONS if l.slug not in NO_QUIZ],
                         ids=lambda l: l.slug)
def test_every_lesson_bank_loads_and_has_six_answerable_items(lesson):
    bank = load_bank(lesson.slug)  # verifies every item against the generator and the scorer
    assert len(bank.items) >= 6
    for item in bank.items:
        if item.kind in ("goal", "captures"):
            assert item.kind == "captures" or item.solutions(), item.id


def test_banks_use_every_kind():
    kinds = {item.kind for path in all_banks() for item in load_bank(path).items}
    assert kinds >= {"goal", "captures", "legal", "score"}


def _bank(tmp_path, items):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"lesson": "x", "items": items}))
    return path


@pytest.mark.parametrize("item, message", [
    ({"id": "a", "kind": "goal", "position": "table: 5C; hand: 3D 10S", "goal": "build 8"},
     "no legal move can make a build of 8"),
    ({"id": "b", "kind": "goal", "position": "table: 5C; hand: 3D 8S", "goal": "build 8",
      "answers": ["trail 3D"]}, "does not make a build of 8"),
    ({"id": "c", "kind": "legal", "position": "table: 5C; hand: 3D 10S", "move": "3D build 8 5C",
      "legal": True}, "the rules core says it is illegal"),
    ({"id": "d", "kind": "legal", "position": "table: 5C; hand: 3D 10S", "move": "3D build 8 5C",
      "legal": False, "rule": "S1"}, "says B2"),
    ({"id": "e", "kind": "captures", "position": "table: AS 2C 3D 4H; hand: 5C", "card": "5C",
      "expected": ["2C 3D"]}, "missing"),
    ({"id": "f", "kind": "goal", "position": "table: 5C 5C; hand: 3D", "goal": "capture"},
     "5C appears twice"),
    ({"id": "g", "kind": "goal", "position": "table: 5C; hand: 5D", "goal": "fly"},
     "unknown goal"),
    ({"id": "h", "kind": "legal", "position": "table: 5C; hand: 5D", "move": "5D take 5C"},
     "needs legal"),
    ({"id": "i", "kind": "score", "position": "table:; pile 1: 10D; pile 2: 3H",
      "expected": {"1": 1, "2": 0}}, "disagree with the scorer"),
])
def test_a_broken_bank_names_the_file_and_the_item(tmp_path, item, message):
    good = {"id": "ok", "kind": "goal", "position": "table: 5C; hand: 5D", "goal": "capture"}
    with pytest.raises(BankError) as error:
        load_bank(_bank(tmp_path, [good, item]))
    text = str(error.value)
    assert text.startswith("broken.json: item 2")
    assert f"({item['id']})" in text
    assert message in text


def test_invalid_json_and_duplicate_ids_are_reported(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"items": [}')
    with pytest.raises(BankError, match="bad.json: not valid JSON: line 1"):
        load_bank(path)
    same = {"id": "x", "kind": "goal", "position": "table: 5C; hand: 5D", "goal": "capture"}
    with pytest.raises(BankError, match="item 2 \\(x\\): the id 'x' is used twice"):
        parse_bank({"items": [same, same]}, "dup.json")


def _item(raw):
    return parse_bank({"items": [raw]}).items[0]


def test_goal_accepts_any_move_meeting_the_goal_not_only_a_stored_one():
    item = _item({"kind": "goal", "position": "table: 5C 3D 6H 2S 8D; hand: 8C 4D", "goal": "sweep"})
    assert item.judge("8C take 5C 3D 6H 2S 8D").correct
    assert item.judge("8c take 8d 6h 2s 5c 3d").correct   # any order, lower case
    partial = item.judge("8C take 8D")
    assert not partial.correct and "leaves cards on the table" in partial.message
    illegal = item.judge("8C take 5C 6H")
    assert not illegal.correct and illegal.rule == "S1"
    assert not item.judge("8C jump").correct


def test_goal_judges_a_move_object_from_the_table_widget():
    item = _item({"kind": "goal", "position": "table: 5C; hand: 3D 8S", "goal": "build 8"})
    move = next(m for m in item.position.legal_moves() if m.kind == "build")
    assert item.judge(move).correct


def test_captures_lists_missed_and_extra_answers():
    item = _item({"kind": "captures", "position": "table: AS 2C 3D 4H; hand: 5C 9S", "card": "5C"})
    right = item.judge("2C 3D\nAS 4H\nAS 4H 2C 3D")
    assert right.correct and "all 3" in right.message
    partial = item.judge(["AS+4H", "5C take 2C 3D 4H"])
    assert not partial.correct
    assert set(partial.missed) == {"5C take 2C+3D", "5C take AS+4H 2C+3D"}
    assert len(partial.extra) == 1 and "S1" in partial.extra[0]


def test_legal_question_gives_the_rules_reason():
    item = _item({"kind": "legal", "position": "table: 5C; hand: 3D 10S",
                  "move": "3D build 8 5C", "legal": False})
    said_legal = item.judge(True)
    assert not said_legal.correct and said_legal.rule == "B2" and "hold an 8" in said_legal.message
    assert item.judge("no").correct


def test_score_question_uses_the_scorer():
    item = _item({"kind": "score", "position": "table:; pile 1: 10D 2S 4H 5C; pile 2: 3H 9C 8D"})
    assert item.judge({1: 7, 2: 0}).correct
    wrong = item.judge({"1": 5, "2": 0})
    assert not wrong.correct and "side 1: 7" in wrong.message


def test_a_score_answer_of_infinity_is_refused_in_words():
    from cassino_learn.teaching.quiz import load_bank

    item = next(i for i in load_bank("10_scoring").items if i.kind == "score")
    verdict = item.judge({1: float("inf"), 2: 0})
    assert not verdict.correct and "number" in verdict.message
