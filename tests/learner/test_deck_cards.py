"""Cards made from the review's marks and judged by the expert: a marked move of a seeded game
becomes a card whose position hides the other hand and the stock; the expert's search judges
its answers as the review does (the better move right, another move within the inaccuracy
margin right, the move played and other worse ones wrong); the deck takes mistakes and
blunders, inaccuracies only by the learner's setting; an older file's missed stages join. Every
legal move's verdict, worked out once and kept with the card, is the judge's own, and an answer
is then looked up; a card from before them gets them in the background."""

from __future__ import annotations

import dataclasses
import json
import random
import time

import pytest

from cassino_learn import Game
from cassino_learn.core.errors import IllegalMove
from cassino_learn.game.bots import make_player
from cassino_learn.game.coach import coach_values
from cassino_learn.game.review import learner_turns, review_turn
from cassino_learn.learner import progress
from cassino_learn.learner.deck import judging, verdicts
from cassino_learn.learner.deck.cards import Deck, DeckCard, MovePuzzle, local_now
from cassino_learn.learner.deck.judging import judge, margin, observation_of
from cassino_learn.learner.deck.making import add_marked, add_missed_stages, card_of
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.deck_verdicts import VerdictFiller

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


# ---------------------------------------------------------------------- verdicts worked out once

@pytest.fixture(scope="module")
def worked(with_a_close_second):
    """The verdicts of every legal move of the seed-32 card, worked out once."""
    _game, reviewed = with_a_close_second
    puzzle = card_of(reviewed).puzzle
    verdicts.forget()
    return puzzle, verdicts.verdicts_of(puzzle)


def test_every_moves_verdict_worked_out_once_is_the_judges_own(worked):
    puzzle, found = worked
    assert [text for text, _, _ in found.moves] == \
        [str(m) for m in observation_of(puzzle).legal_moves()]
    assert {mark is None for _, _, mark in found.moves} == {True, False}
    verdicts.forget()  # the search again, as the judge ran it before the verdicts
    for text, loss, mark in found.moves:
        searched = judge(puzzle, text)
        assert (searched.right, round(searched.loss, 3), searched.review.mark) == \
            (mark is None, loss, mark)


def test_a_card_with_its_verdicts_is_judged_without_a_search(worked, monkeypatch):
    puzzle, found = worked
    card = DeckCard.for_move(dataclasses.replace(puzzle, verdicts=found), local_now())
    stored = DeckCard.from_json(card.id, json.loads(json.dumps(card.to_json())))
    assert stored.puzzle.verdicts == found  # kept in the progress file
    verdicts.forget()
    monkeypatch.setattr(judging, "review_turn", _no_search)
    assert judge(stored.puzzle, puzzle.better).right
    assert not judge(stored.puzzle, puzzle.played).right
    with pytest.raises(AssertionError, match="searched"):
        judge(puzzle, puzzle.better)  # the same card without them searches


def _no_search(*_args, **_kwargs):
    raise AssertionError("searched")


def test_a_card_made_before_the_verdicts_gets_them_in_the_background(worked, data):
    puzzle, found = worked
    old = DeckCard.for_move(puzzle, local_now()).to_json()
    assert "verdicts" not in old
    (data / "progress.json").write_text(json.dumps({"version": 1, "lessons": {},
                                                    "deck": {"cards": {"move:x": old}}}))
    card = progress.load().deck.cards["move:x"]
    assert card.puzzle.verdicts is None and judge(card.puzzle, puzzle.better).right
    filler = VerdictFiller()
    filler.fill(["move:x"])
    deadline = time.monotonic() + 60
    while filler.busy and time.monotonic() < deadline:
        time.sleep(0.02)  # waits for the condition: the worker has finished
    assert not filler.error
    assert progress.load().deck.cards["move:x"].puzzle.verdicts == found


def test_an_answer_saved_by_a_tab_without_the_verdicts_keeps_them(worked):
    puzzle, found = worked
    card = DeckCard.for_move(puzzle, local_now())
    judged = dataclasses.replace(card, puzzle=dataclasses.replace(puzzle, verdicts=found))
    answered = card.answered(dict(card.schedule), 3, local_now())  # another tab, no verdicts
    for first, second in ((judged, answered), (answered, judged)):
        deck = Deck()
        deck.put(first)
        deck.put(second)
        kept = deck.cards[card.id]
        assert kept.reviews == 1 and kept.puzzle.verdicts == found


def test_without_threads_the_verdicts_are_worked_out_in_slices_on_the_kernels_loop(
        worked, data, monkeypatch):
    """As in the browser (Pyodide starts no thread): slices on the loop, the loop free between
    them for the page's messages."""
    import asyncio
    import threading

    from cassino_learn.ui.soon import on_loop

    puzzle, found = worked
    card = DeckCard.for_move(puzzle, local_now())
    progress.load().add_deck_cards([card])
    verdicts.forget()

    def no_thread(_self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)
    ticks = []

    async def run() -> None:
        with on_loop():
            filler = VerdictFiller()
            filler.fill([card.id])
            while filler.busy:
                ticks.append(1)  # the loop runs other work between two slices
                await asyncio.sleep(0.01)
        assert not filler.error

    asyncio.run(asyncio.wait_for(run(), 120))
    assert len(ticks) > 1
    assert progress.load().deck.cards[card.id].puzzle.verdicts == found
