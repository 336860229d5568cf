"""The class demonstration's model (teaching/demonstration.py) and its store (demo_store.py):
the table and its moves, what followers see, questions judged by the core, the reveal."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cassino_learn.core.errors import IllegalMove, MoveSyntaxError, PositionError
from cassino_learn.core.position import Position
from cassino_learn.classroom.demo_store import DemoStore
from cassino_learn.teaching.demonstration import DemoError, Demonstration
from cassino_learn.teaching.stages import load_stages

POSITION = "table: 5D 3C 6H 2S KC; hand: 8S 4D 9C; hand 2: 9H KD 2D; turn: 1"
ANA, BO, CY = "a" * 16, "b" * 16, "c" * 16


@pytest.fixture
def demo() -> Demonstration:
    return Demonstration().set_position(POSITION)


def table(demo: Demonstration) -> str:
    return demo.line.state.one_line().split(";")[0]


def test_moves_step_forward_and_back_like_the_sandbox(demo) -> None:
    start = demo.line.state
    v0 = demo.version
    demo.play("9C take 3C 6H")
    assert table(demo) == "table: 2S 5D KC" and demo.line.state.turn == 2
    assert demo.version == v0 + 1 and demo.last_move == "9C take 3C+6H"
    demo.back()
    assert demo.line.state == start and demo.last_move is None
    public = demo.public()
    assert public["can_forward"] and public["moves_played"] == 0
    demo.forward()
    assert table(demo) == "table: 2S 5D KC"
    assert demo.version == v0 + 3
    with pytest.raises(DemoError, match="no move to replay"):
        demo.forward()
    demo.back()
    demo.play("trail 4D")  # a new line: the move taken back is gone
    assert not demo.public()["can_forward"]
    demo.back()
    with pytest.raises(DemoError, match="start of the demonstration"):
        demo.back()


def test_an_illegal_move_for_everyone_is_refused_with_its_rule_and_changes_nothing(demo) -> None:
    version, state = demo.version, demo.line.state
    with pytest.raises(IllegalMove) as refused:
        demo.play("8S take 5D")
    assert refused.value.rule == "S1"
    with pytest.raises(MoveSyntaxError):
        demo.play("banana")
    assert demo.version == version and demo.line.state == state


def test_a_bad_position_says_what_is_wrong_and_keeps_the_table(demo) -> None:
    version = demo.version
    with pytest.raises(PositionError, match="twice"):
        demo.set_position("table: 5D 5D; hand: 8S")
    with pytest.raises(PositionError):
        demo.set_position("x" * 10_000)
    assert demo.version == version and table(demo) == "table: 2S 3C 5D 6H KC"


def test_followers_see_only_the_movers_hand_unless_the_teacher_shows_another(demo) -> None:
    seen = Position.parse(demo.public()["position"])
    assert seen.hands[0] is not None and seen.hands[1] is None
    assert "KD" not in json.dumps(demo.public())
    demo.show_hand(2)
    assert Position.parse(demo.public()["position"]).hands[1] is not None
    demo.show_hand(2, False)
    assert "KD" not in json.dumps(demo.public())
    with pytest.raises(DemoError, match="no seat 5"):
        demo.show_hand(5)
    demo.play("9C take 3C 6H")  # now seat 2 moves: its hand is shown, seat 1's hidden
    seen = Position.parse(demo.public()["position"])
    assert seen.hands[0] is None and seen.hands[1] is not None


def test_a_lesson_stage_and_its_demo_steps() -> None:
    stage = next(s for s in load_stages("05_building") if s.kind == "demo")
    demo = Demonstration().set_stage("05_building", stage.id)
    assert demo.line.state == stage.position
    expected = stage.position
    for move, caption in stage.steps:
        demo.forward()
        expected = expected.play(move)
        assert demo.line.state == expected
        assert demo.public()["caption"] == caption
    assert not demo.public()["can_forward"]
    with pytest.raises(DemoError, match="no stage"):
        demo.set_stage("05_building", "../../etc/passwd")


@pytest.mark.parametrize("players, partners, rules", [(2, False, ""), (3, False, "values=royal"),
                                                      (4, True, ""), (2, False, "deal=draw")])
def test_a_new_deal_of_any_variant_and_player_count(players, partners, rules) -> None:
    demo = Demonstration().deal(players, partners, rules, seed=11)
    state = demo.line.state
    assert state.players == players and state.partners == partners
    assert all(len(h) == 4 for h in state.hands)
    move = str(state.legal_moves()[0])
    demo.play(move)
    assert demo.line.state.turn == state.next_seat()
    demo.back()
    assert demo.line.state == state
    assert (demo.public()["stock"] is not None) == (rules == "deal=draw")


def test_a_deal_refuses_what_cannot_be_played() -> None:
    with pytest.raises(DemoError, match="players"):
        Demonstration().deal(5)
    with pytest.raises(DemoError, match="partners"):
        Demonstration().deal(3, True)
    with pytest.raises(DemoError, match="values"):
        Demonstration().deal(2, False, "values=silly")


def test_answers_judged_by_the_core_one_per_learner(demo) -> None:
    question = demo.open_question()
    assert question.seat == 1 and question.position.hands[1] is None
    demo.answer(ANA, "Ana", "trail 4D")
    demo.answer(ANA, "Ana", "8S take 2S 6H")  # replaces her first answer
    with pytest.raises(IllegalMove) as refused:
        demo.answer(BO, "Bo", "8S take 5D")
    assert refused.value.rule == "S1"
    with pytest.raises(MoveSyntaxError):
        demo.answer(BO, "Bo", "x" * 5000)
    with pytest.raises(MoveSyntaxError):
        demo.answer(BO, "Bo", "   ")
    assert BO not in question.answers and question.refused == 1
    assert demo.progress({ANA: "Ana", BO: "Bo"}) == {"answered": 1, "waiting": ["Bo"],
                                                      "answered_names": ["Ana"]}
    assert question.answers[ANA].move == "8S take 2S+6H"
    # until the reveal, no move is in what followers get, only the count
    public = json.dumps(demo.public())
    assert "2S+6H" not in public and '"answered": 1' in public


def test_the_table_is_frozen_while_a_question_is_open(demo) -> None:
    demo.open_question()
    for action in (lambda: demo.play("trail 4D"), demo.back, demo.forward,
                   lambda: demo.set_position(POSITION), demo.open_question):
        with pytest.raises(DemoError, match="close the question"):
            action()
    demo.close_question()
    with pytest.raises(DemoError, match="no question open"):
        demo.answer(ANA, "Ana", "trail 4D")


def test_a_question_needs_the_movers_hand() -> None:
    demo = Demonstration().set_position("table: 5D; hand 2: 8S; turn: 1")
    with pytest.raises(DemoError, match="hand is not known"):
        demo.open_question()


def test_the_reveal_orders_moves_by_the_experts_value_with_counts_names_and_reasons(demo) -> None:
    demo.open_question()
    names = {ANA: "Ana <script>", BO: "Bo", CY: "Cy"}
    demo.answer(ANA, names[ANA], "trail 4D")
    demo.answer(BO, names[BO], "8S take 2S 6H")
    demo.answer(CY, names[CY], "8S take 2S+6H")  # the same move, written another way
    reveal = demo.reveal()
    values = [m.value for m in reveal.moves]
    assert values == sorted(values, reverse=True)
    assert reveal.moves[0].move == reveal.best and reveal.moves[0].loss == 0
    take = reveal.for_move("8S take 2S+6H")
    trail = reveal.for_move("trail 4D")
    assert take.count == 2 and set(take.names) == {"Bo", "Cy"}
    assert trail.count == 1 and trail.names == ("Ana <script>",)
    assert trail.value < take.value  # trailing the 4 leaves a sweep (2S 3C 4D 5D 6H = 20)
    assert "take Little Casino (the 2 of spades) and the 6 of hearts" in take.reason
    assert "puts your 4 of diamonds on the table" in trail.reason
    assert trail.loss > 0 and trail.compared and "After the better move" in trail.compared[-1]
    assert "%" not in take.reason + trail.reason  # plain words, one scale (issue 31)
    assert take.to_dict()["ahead"] == "about 1 point behind"
    mine = demo.mine(ANA)["comparison"]
    assert mine["move"] == "trail 4D" and mine["best"] == reveal.best and mine["loss"] > 0
    assert demo.mine("f" * 16)["move"] is None
    # the reveal is reproducible: a fixed seed and budget
    assert demo.reveal() is reveal
    again = Demonstration().set_position(POSITION)
    again.open_question()
    for learner, move in ((ANA, "trail 4D"), (BO, "8S take 2S 6H")):
        again.answer(learner, "x", move)
    assert [m.value for m in again.reveal().moves if m.count] == \
        [m.value for m in reveal.moves if m.count]


def test_the_reveal_values_each_distinct_move_once() -> None:
    demo = Demonstration().deal(2, False, "", seed=5)
    question = demo.open_question()
    moves = [str(m) for m in question.legal]
    for i in range(300):
        demo.answer(f"{i:016x}", f"L{i}", moves[i % len(moves)])
    reveal = demo.reveal(iterations=200)
    assert sum(m.count for m in reveal.moves) == 300
    assert len({m.move for m in reveal.moves}) == len(reveal.moves)
    assert {m.move for m in reveal.moves if m.count} == set(moves)


def test_questions_are_kept_and_exported(tmp_path, demo) -> None:
    store = DemoStore(tmp_path)
    question = demo.open_question()
    demo.answer(ANA, "=HYPERLINK(1)", "trail 4D")
    store.save(question.to_dict())
    demo.reveal(iterations=100)
    store.save(question.to_dict())
    kept = DemoStore(tmp_path).questions()
    assert len(kept) == 1 and kept[0]["state"] == "revealed"
    assert kept[0]["answers"][0]["move"] == "trail 4D"
    assert kept[0]["reveal"]["best"] == question.reveal.best
    rows = list(csv.reader(io.StringIO(store.csv_text())))
    assert rows[0][:3] == ["question", "asked", "position"]
    assert rows[1][4] == "'=HYPERLINK(1)" and rows[1][5] == "trail 4D"


def test_a_demonstration_is_set_up_again_from_what_was_kept(tmp_path, demo) -> None:
    demo.play("9C take 3C 6H")
    demo.back()
    demo.show_hand(2)
    demo.open_question()
    demo.answer(ANA, "Ana", "trail 4D")
    store = DemoStore(tmp_path)
    store.save_current(demo.to_dict())
    again = Demonstration.from_dict(DemoStore(tmp_path).current())
    assert again.line.state == demo.line.state and again.version == demo.version
    assert again.public() == demo.public()
    assert again.question.answers == demo.question.answers
    again.close_question()
    again.forward()  # the move taken back is still ahead
    assert again.last_move == "9C take 3C+6H"
    dealt = Demonstration().deal(3, False, "values=royal", seed=4)
    dealt.play(str(dealt.line.state.legal_moves()[0]))
    dealt.open_question()
    dealt.reveal(iterations=60)
    copy = Demonstration.from_dict(json.loads(json.dumps(dealt.to_dict())))
    assert copy.line.state == dealt.line.state
    assert copy.question.reveal.to_dict() == dealt.question.reveal.to_dict()
    with pytest.raises((ValueError, KeyError)):
        Demonstration.from_dict({**demo.to_dict(), "moves": ["8S take 5D"]})
