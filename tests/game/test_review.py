"""The review of a player's moves (game/review.py): in positions whose best move is known it
marks the move played and names the better one, with a why built from the engine's facts; the
expert's own moves are never marked; in random two-player last deals its better move is never
worse than the move played under an exact search."""

from __future__ import annotations

import random

import pytest

from cassino_learn import Game
from cassino_learn.core.movegen import apply_move
from cassino_learn.core.position import Position
from cassino_learn.core.rules import Rules
from cassino_learn.game.bots import make_player
from cassino_learn.game.observation import Observation
from cassino_learn.game.coach_words import ahead_words
from cassino_learn.game.review import (MARKS, learner_turns, mark_for, review_match,
                                       review_round, review_turn, thresholds, turn_of)
from last_deal import exact_move_values, exact_value, full_state, last_deal_observation

# ------------------------------------------------------------------ evaluators


def _expert():
    """The review's own evaluator: None, that is the expert search, with its losses confirmed
    side by side (`search.compare_moves`)."""
    return None


@pytest.fixture(params=["expert", "exact"])
def evaluate(request):
    """The review's own evaluator (the expert search), and the exact minimax as a referee: in a
    two-player last deal both must give the same verdicts."""
    return _expert() if request.param == "expert" else exact_move_values


# ------------------------------------------------------------------ known positions
# Each: the two-player last-deal position (every card known; every card it does not place is
# in side 2's pile), the move the learner played, the better move, the least mark, and words
# the why must contain.
KNOWN = {
    "missed sweep": (
        "table: 5D 3C 6H 2H; hand: 8S 4D; hand 2: 7C KD; turn: 1",
        "8S take 3C+5D", "8S take 2H+6H 3C+5D", "mistake",
        ["The better move uses your 8 of spades to take 4 cards.", "It clears the table: a "
         "sweep, worth 1 point (rule W1)."]),
    "casino left to a certain capture": (
        "table: 10D 5H; hand: 10C 5S; hand 2: 10S 8H; turn: 1",
        "5S take 5H", "10C take 10D", "blunder",
        ["After your move, your opponent surely holds a 10. They would take Big Casino (the "
         "10 of diamonds)", "The better move uses your 10 of clubs to take Big Casino (the 10 "
         "of diamonds). That wins you 2 points.",
         "The better move leaves your opponent nothing to take."]),
    "a build the opponent will take": (
        "table: AH 4C; hand: 3S 8D 5C; hand 2: 8C 5D; turn: 1",
        "3S build 8: 3S+AH+4C", "5C take AH+4C", "blunder",
        ["Your build of 8 can be taken. Your opponent surely holds an 8. They would take "
         "your build of 8", "to take the ace of hearts and the 4 of clubs. That wins you "
         "1 point."]),
    "own build left to the opponent": (
        "table: [7@1: 3H 4C] 2D; hand: 7S 5C; hand 2: 9H 7D; turn: 1",
        "5C build 7: 5C+2D", "7S take [3H 4C]", "mistake",
        ["Your move leaves your build of 7 where your opponent can take it. Your opponent "
         "surely holds a 7. They would take your 2 builds of 7"]),
    "the opponent's build not taken": (
        "table: [9@2: AH 8S] 6C; hand: 9C 6D; hand 2: 9D 2C; turn: 1",
        "6D take 6C", "9C take [AH 8S]", "mistake",
        ["The better move takes your opponent's build of 9: 2 cards they meant to take",
         "your opponent surely holds a 9, because they own a build of 9 (rule B2). They would "
         "take their build of 9"]),
}


def _mark_at_least(mark: str | None, least: str) -> bool:
    return mark is not None and MARKS.index(mark) >= MARKS.index(least)


@pytest.mark.parametrize("name", KNOWN)
def test_a_known_mistake_is_marked_with_the_right_better_move(name, evaluate):
    text, played, better, least, words = KNOWN[name]
    seen = last_deal_observation(text)
    exact = exact_move_values(seen)  # the test's own claim, checked: `better` is the best
    assert str(exact[0].move) == better and exact[0].value > exact[1].value, exact
    reviewed = review_turn(turn_of(seen, played, 7), evaluate=evaluate, iterations=2000)
    assert _mark_at_least(reviewed.mark, least), (reviewed.mark, reviewed.loss)
    assert reviewed.better is not None and reviewed.better.text == better
    assert reviewed.played is not None and reviewed.played.text == played
    assert reviewed.better.value > reviewed.played.value
    for part in words:
        assert part in reviewed.why, (part, reviewed.why)
    assert reviewed.position_text == seen.position.one_line()
    assert reviewed.reasons[-2:] == (  # one scale, the hints': points likely ahead, in halves
        f"After your move you would likely end the round {ahead_words(reviewed.played.value)}.",
        f"After the better move, {ahead_words(reviewed.better.value)}.")
    assert "%" not in reviewed.why and "expected" not in reviewed.why.lower()


@pytest.mark.parametrize("name", KNOWN)
def test_the_best_move_of_a_known_position_is_not_marked(name, evaluate):
    text, _played, better, _least, _words = KNOWN[name]
    seen = last_deal_observation(text)
    reviewed = review_turn(turn_of(seen, better, 3), evaluate=evaluate, iterations=2000)
    assert reviewed.mark is None and reviewed.loss < thresholds()[0]
    assert reviewed.played is None and reviewed.reasons == ()


def test_a_casino_left_to_a_builds_owner_is_marked_before_the_last_deal():
    """Mid-round: seat 2 owns a build of 10, so it holds a 10 (B2) and will take Big Casino
    left loose; the review says so and prefers taking it."""
    expert = _expert()
    # Seat 2 played first and built 10 with its 3D on the 7C; the stock holds the other 40.
    shown = Position.parse("table: 10D 6H 4H [10@2: 7C 3D]; hand: 10S 6S 2C 9H; turn: 1")
    seen = Observation(seat=1, position=shown, hand_sizes=(4, 3), stock_size=40, dealer=1,
                       round_number=1, deal_number=1, deals_per_round=6,
                       scores=((1, 0), (2, 0)), over=False)
    assert len(seen.unseen) == 3 + 40
    reviewed = review_turn(turn_of(seen, "6S take 6H", 5), evaluate=expert)
    assert reviewed.mark in ("mistake", "blunder"), (reviewed.loss, reviewed.why)
    assert reviewed.better is not None and "10D" in reviewed.better.text
    assert "your opponent surely holds a 10, because they own a build of 10 (rule B2)" in \
        reviewed.why


# ------------------------------------------------------------------ the expert's own moves

def test_the_experts_own_moves_are_never_marked():
    _expert()
    expert = make_player("expert")
    game = Game(players=2, seed=21)
    greedy = make_player("greedy")
    while not game.rounds:
        seat = game.turn
        game.play((expert if seat == 1 else greedy).choose(game.observation(seat)))
    reviewed = review_round(game, 1, 1)
    assert len(reviewed.moves) == 24
    assert reviewed.marked == (), [str(m) for m in reviewed.marked]
    assert reviewed.summary().startswith("No mistakes this round")


# ------------------------------------------------------------------ random last deals

def _random_last_deal(rng: random.Random) -> tuple[Observation, str]:
    """A two-player observation on the last deal (every card known), reached by random play,
    and a random legal move of it."""
    game = Game(players=2, seed=rng.randrange(10**6))
    while not (game.last_deal and game.turn == 1 and len(game.state.hands[0]) >= 2):
        game.play(rng.choice(game.legal_moves()))
    seen = game.observation(1)
    return seen, str(rng.choice(seen.legal_moves()))


def test_in_random_last_deals_the_better_move_is_never_worse_under_exact_search():
    expert = _expert()
    rng = random.Random(2026)
    marked = 0
    for case in range(24):
        seen, played = _random_last_deal(rng)
        reviewed = review_turn(turn_of(seen, played, case + 1), evaluate=expert)
        if reviewed.mark is None:
            continue
        marked += 1
        state = full_state(seen)
        move = {str(m): m for m in state.legal_moves()}
        value = {text: exact_value(apply_move(state, move[text]), seen.side, seen.dealer)
                 for text in (reviewed.played.text, reviewed.better.text)}
        assert value[reviewed.better.text] >= value[reviewed.played.text], \
            (seen.position.one_line(), reviewed.why, value)
    assert marked >= 5  # random moves are often bad: the check above did run


# ------------------------------------------------------------------ marks and replay

def test_the_marks_by_expected_points_lost():
    assert thresholds() == (0.5, 1.0, 2.0)
    assert [mark_for(x) for x in (0.0, 0.49, 0.5, 0.99, 1.0, 1.99, 2.0, 7.0)] == \
        [None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    spade = Rules(scoring="spade-casino")
    assert thresholds(spade) == (1.18, 2.36, 4.73)
    assert mark_for(1.0, spade) is None and mark_for(2.0, spade) == "inaccuracy"


def test_the_learners_turns_are_replayed_with_what_they_could_see():
    game = Game(players=3, seed=8)
    rng = random.Random(1)
    seen = {}
    while len(game.history) < 30:
        if game.turn == 2:
            seen[len(game.history) + 1] = game.observation(2)
        game.play(rng.choice(game.legal_moves()))
    turns = learner_turns(game, 2)
    assert [t.number for t in turns] == sorted(seen)
    for turn in turns:
        assert turn.observation == seen[turn.number]
        assert str(turn.move) == game.history[turn.number - 1]
        assert turn.observation.position.hands[0] is None  # never another hand
    with pytest.raises(ValueError, match="no seat 4"):
        learner_turns(game, 4)


def test_a_move_the_evaluator_did_not_value_is_an_error_not_a_review():
    seen = last_deal_observation(KNOWN["missed sweep"][0])
    with pytest.raises(ValueError, match="not among the moves"):
        review_turn(turn_of(seen, "trail 4D", 1),
                    evaluate=lambda o, **_: exact_move_values(o)[:1])


# ------------------------------------------------------------------ every table

def _takes_least(move):
    """Seat 1's careless play: take as little as it can, trailing its best cards."""
    return (len(move.table_cards), -Rules().card_points(move.card), move.card.suit != "S")


@pytest.mark.parametrize("players,partners,rules", [
    (3, False, ""), (4, False, ""), (4, True, ""), (2, False, "values=royal"),
    (2, False, "scoring=spade-casino"), (3, False, "deal=draw"),
    (4, True, "values=royal, scoring=spade-casino, deal=draw")], ids=str)
def test_a_review_works_for_every_table_and_variant(players, partners, rules):
    expert = _expert()
    game = Game(players=players, partners=partners, seed=5, rules=rules)
    rng = random.Random(players)
    while len(game.history) < 8 * players:
        moves = game.legal_moves()  # seat 1 gives away what it can: some moves will be marked
        game.play(min(moves, key=_takes_least) if game.turn == 1 else rng.choice(moves))
    reviewed = review_match(game, 1, evaluate=expert, iterations=1200)
    assert len(reviewed.moves) == 8
    assert reviewed.marked, "eight random moves and not one marked"
    for one in reviewed.marked:
        assert one.mark in MARKS and one.loss >= thresholds(game.rules)[0] - 1e-9
        assert one.better.value > one.played.value
        assert one.better.move in one.turn.observation.legal_moves()
        assert one.reasons[0].startswith("Your move ")
    again = review_match(game, 1, evaluate=expert, iterations=1200)
    assert [(m.number, m.mark, m.better.text) for m in again.marked] == \
        [(m.number, m.mark, m.better.text) for m in reviewed.marked]  # seeded: reproducible
