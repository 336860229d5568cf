"""Cards made from the review's marks and judged by the expert: a marked move of a seeded game
becomes a card whose position hides the other hand and the stock; the expert's search judges
its answers as the review does (the better move right, another move within the inaccuracy
margin right, the move played and other worse ones wrong); the deck takes mistakes and
blunders, inaccuracies only by the learner's setting; an older file's missed stages join."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from cassino_learn import Game
from cassino_learn.core.errors import IllegalMove
from cassino_learn.game.bots import make_player
from cassino_learn.game.coach import coach_values
from cassino_learn.game.review import learner_turns, review_turn
from cassino_learn.teaching import progress
from cassino_learn.teaching.deck.cards import DeckCard, MovePuzzle
from cassino_learn.teaching.deck.judging import judge, margin, observation_of
from cassino_learn.teaching.deck.making import add_marked, add_missed_stages, card_of
from cassino_learn.teaching.stages import load_stages

LOOK = 300  # the review's confirming looks (the judge keeps its own budget)


def _round(seed: int) -> Game:
    """Round 1 of a seeded game: seat 1 plays at random (some moves get marked), seat 2
    greedily."""
    game = Game(players=2, seed=seed)
    rng = random.Random(seed)
    greedy = make_player("greedy")
    while not game.rounds:
        if game.turn != 1:
            game.play(greedy.choose(game.observation()))
        else:
            game.play(str(rng.choice(game.legal_moves())))
    return game


def _reviewed(seed: int, number: int):
    game = _round(seed)
    turn = next(t for t in learner_turns(game, 1, 1) if t.number == number)
    return game, review_turn(turn, iterations=LOOK)


@pytest.fixture(scope="module")
def blunder():
    """Seed 31, move 2: the learner builds 10 where they could take a build of 10."""
    game, reviewed = _reviewed(31, 2)
    assert reviewed.mark == "blunder"
    return game, reviewed


@pytest.fixture(scope="module")
def with_a_close_second():
    """Seed 32, move 38: a blunder in a position where a second move is nearly as good."""
    game, reviewed = _reviewed(32, 38)
    assert reviewed.mark in ("mistake", "blunder")
    return game, reviewed


def _hidden(game: Game, number: int) -> list[str]:
    """The cards seat 1 could not see before move `number`: seat 2's hand and the stock."""
    replay = Game(players=2, seed=game.seed)
    for text in game.history[:number - 1]:
        replay.play(text)
    return [str(c) for c in (*replay.state.hands[1], *replay.stock)]


def test_a_marked_move_becomes_a_card_that_hides_what_the_learner_could_not_see(blunder, data):
    game, reviewed = blunder
    card = card_of(reviewed)
    puzzle = card.puzzle
    assert isinstance(puzzle, MovePuzzle) and card.kind == "move"
    assert (puzzle.played, puzzle.better) == (str(reviewed.move), str(reviewed.better.move))
    assert puzzle.reasons == reviewed.reasons and puzzle.reasons
    hidden = _hidden(game, reviewed.number)
    assert len(hidden) == 3 + 40  # seat 2 has led: its 3 cards left, and the stock
    stored = json.dumps(card.to_json())
    words = set(stored.replace('"', " ").replace("[", " ").replace("]", " ").split())
    assert not words & set(hidden)
    seen = observation_of(puzzle)
    assert seen.position.hands[1] is None and seen.hand == reviewed.turn.observation.hand
    assert seen == reviewed.turn.observation  # the learner's view, and only it
    # stored and read back through the progress file
    assert add_marked([reviewed]) == [card.id]
    assert progress.load().deck.cards[card.id].puzzle == puzzle


def test_the_expert_judges_a_cards_answers_as_the_review_does(with_a_close_second):
    _game, reviewed = with_a_close_second
    puzzle = card_of(reviewed).puzzle
    values = coach_values(observation_of(puzzle))
    best = values[0]
    close = [v for v in values[1:] if best.value - v.value < margin(puzzle)]
    assert close, "the seeded position has a second good move"
    assert judge(puzzle, puzzle.better).right
    assert judge(puzzle, close[0].move).right  # another good move is right too
    played = judge(puzzle, puzzle.played)
    assert not played.right and played.loss >= margin(puzzle)  # a worse move is wrong
    assert margin(puzzle) == 0.5


def test_a_move_the_position_does_not_allow_is_refused_by_the_core(blunder):
    _game, reviewed = blunder
    puzzle = card_of(reviewed).puzzle
    with pytest.raises(IllegalMove):
        judge(puzzle, f"{puzzle.position.split('hand: ')[1].split()[0]} build 13: "
                      f"{puzzle.position.split('hand: ')[1].split()[0]}+QH")


def test_mistakes_and_blunders_join_the_deck_and_inaccuracies_only_by_the_setting(blunder,
                                                                                    data):
    _game, reviewed = blunder
    inaccuracy = dataclasses.replace(reviewed, mark="inaccuracy")
    unmarked = dataclasses.replace(reviewed, mark=None, better=None)
    assert add_marked([inaccuracy, unmarked]) == []
    progress.load().set_preference("deck_inaccuracies", True)
    assert add_marked([inaccuracy]) == [card_of(inaccuracy).id]
    # the same mistake again (a card already there) keeps its card and its schedule
    assert add_marked([reviewed]) == []
    assert len(progress.load().deck.cards) == 1


def test_an_older_files_missed_stages_join_the_deck(data):
    ids = load_stages("02_pairing").ids
    (data / "progress.json").write_text(json.dumps({"version": 1, "lessons": {"02_pairing": {
        "stages": {ids[0]: {"solved": True, "stars": 3, "tries": 1, "hint": False},
                   ids[1]: {"solved": True, "stars": 1, "tries": 3, "hint": False},
                   "gone": {"solved": True, "stars": 0, "tries": 4, "hint": False}}}}}))
    assert add_missed_stages() == [f"stage:02_pairing/{ids[1]}"]
    assert add_missed_stages() == []  # once only
    card = progress.load().deck.cards[f"stage:02_pairing/{ids[1]}"]
    assert card.kind == "stage" and card.reviews == 0
    assert isinstance(card, DeckCard)
