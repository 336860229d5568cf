"""The coach speaks plain words (issue 31): over the hints and the review of 20 seeded games,
the Flesch-Kincaid grade (the `textstat` package) averages at most 6, no sentence runs over 25
words, and no text gives odds as a number, says "expected" or writes a card in notation.

Kept fast with small budgets: the hints' search at 40 iterations, the review's evaluator the
expert's search at 60 (its words are the same at any budget)."""

from __future__ import annotations

import re
import statistics

import pytest

from cassino_learn import Game
from cassino_learn.game.bots import make_player
from cassino_learn.game.coach_words import (SCALE, ahead_words, chance_words, headline,
                                            points_words)
from cassino_learn.game.hints import hints
from cassino_learn.game.review import review_round
from cassino_learn.game.search import move_values

textstat = pytest.importorskip("textstat")

GAMES = 20
SENTENCE = re.compile(r"(?<=[.!?])\s+")
NOTATION = re.compile(r"\b(?:[2-9]|10|[AJQK])[CDHS]\b|\[|\+")


def _table(seed: int) -> dict:
    """Seats and players of game `seed`: mostly two players, some three and four."""
    return [dict(players=2), dict(players=2), dict(players=3), dict(players=4, partners=True),
            dict(players=2), dict(players=4)][seed % 6]


def _evaluate(observation, *, iterations, seed):
    return move_values(observation, iterations=60, seed=seed)


@pytest.fixture(scope="module")
def texts() -> dict[str, list[str]]:
    """The hints' and the review's texts of 20 seeded games (round 1 each): seat 1 plays at
    random, as a beginner does, the others greedily."""
    said: dict[str, list[str]] = {"hints": [], "review": []}
    for seed in range(GAMES):
        game = Game(seed=f"coach-{seed}", **_table(seed))
        learner = make_player("random", seed=seed)
        greedy = make_player("greedy")
        while not game.rounds:
            seen = game.observation()
            if game.turn == 1:
                said["hints"] += [h.words for h in hints(seen, iterations=40)]
                game.play(learner.choose(seen))
            else:
                game.play(greedy.choose(seen))
        review = review_round(game, 1, 1, evaluate=_evaluate)
        said["review"].append(review.summary())
        for one in review.marked:
            said["review"].append(" ".join((headline(one), *one.reasons)))
    said["review"].append(SCALE)
    return said


def _sentences(text: str) -> list[str]:
    return [s for s in SENTENCE.split(text.strip()) if s]


def test_the_texts_read_at_grade_6_or_below(texts):
    assert len(texts["hints"]) >= 20 * 6 * 2 and len(texts["review"]) >= 40
    for kind, found in texts.items():
        grades = [textstat.flesch_kincaid_grade(text) for text in found]
        assert statistics.mean(grades) <= 6, (kind, statistics.mean(grades))


def test_no_sentence_runs_over_25_words(texts):
    for found in texts.values():
        for text in found:
            for sentence in _sentences(text):
                assert len(sentence.split()) <= 25, sentence


def test_no_odds_as_numbers_no_jargon_no_notation(texts):
    for found in texts.values():
        for text in found:
            assert "%" not in text and "expected" not in text.lower(), text
            assert "lead" not in text.lower() and "likely, " not in text, text
            assert not NOTATION.search(text), text


def test_one_scale_in_halves_and_chances_in_words():
    assert [ahead_words(v) for v in (6.8, 7.9, -1.1, 0.2, 0.3, -0.74)] == [
        "about 7 points ahead", "about 8 points ahead", "about 1 point behind", "about even",
        "about half a point ahead", "about half a point behind"]
    # two values half a point apart never read the same
    for tenth in range(-40, 40):
        low = tenth / 10
        assert ahead_words(low) != ahead_words(low + 0.5)
    assert points_words(1.6) == "1½ points" and points_words(2.0) == "2 points"
    assert [chance_words(c) for c in (1.0, 0.7, 0.4, 0.1)] == [
        "surely holds", "may well hold", "might hold", "is not likely to hold"]
