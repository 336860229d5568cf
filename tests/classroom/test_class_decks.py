"""The teacher's view of the decks: for each learner, cards due today, learnt and failed in the
last week (from the cards' own scheduler states and logs); for the class, the rules behind most
cards and the stages most learners have in their decks, not learnt yet."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from fsrs import Rating

from cassino_learn.classroom.class_decks import common_mistakes, deck_part, deck_rows, rules_behind
from cassino_learn.teaching.catalog import lesson
from cassino_learn.classroom.class_summary import course_stages
from cassino_learn.learner.deck.cards import Deck, DeckCard
from cassino_learn.learner.deck.schedule import answer
from cassino_learn.teaching.stages import load_stages

NOW = datetime(2026, 11, 28, 10, 0, tzinfo=timezone.utc)
L1, L2 = "01_cards_and_points", "02_pairing"


def first(lesson: str, n: int = 0) -> str:
    return [s.stage for s in course_stages() if s.lesson == lesson][n]


def deck(*cards: DeckCard) -> Deck:
    made = Deck()
    for card in cards:
        made.put(card)
    return made


def stage_card(lesson: str, stage: str, *ratings: tuple[Rating, datetime]) -> DeckCard:
    card = DeckCard.for_stage(lesson, stage, NOW - timedelta(days=30))
    for rating, when in ratings:
        card = answer(card, rating, when)
    return card


def test_a_learners_row_counts_due_learnt_and_failed_this_week() -> None:
    fresh = stage_card(L1, first(L1))                                   # due: never answered
    failed_now = stage_card(L2, first(L2), (Rating.Again, NOW - timedelta(days=2)))
    failed_long_ago = stage_card(L2, first(L2, 1), (Rating.Again, NOW - timedelta(days=20)),
                                 (Rating.Good, NOW - timedelta(days=19)))
    learnt = stage_card(L1, first(L1, 1), *((Rating.Easy, NOW - timedelta(days=90 - 30 * i))
                                            for i in range(3)))
    assert learnt.learnt
    part = deck_part(deck(fresh, failed_now, failed_long_ago, learnt))
    [row] = deck_rows([("Ada <b>", "ABC123", part)], NOW)
    assert row == {"name": "Ada <b>", "code": "ABC123", "cards": 4,
                   "due": sum(c.due <= NOW.replace(hour=23, minute=59) for c in
                              (fresh, failed_now, failed_long_ago)),
                   "learnt": 1, "failed_week": 1}
    assert row["due"] >= 2  # the fresh card and the one failed two days ago


def test_the_rules_behind_most_cards_and_the_common_mistakes_of_the_class() -> None:
    shared = (L2, first(L2))
    item = load_stages(L2).stage(shared[1]).item
    rules = (tuple(item.rules) or ((item.rule,) if item.rule else ())) if item else ()
    rules = rules or lesson(L2).rules  # a stage with no rule of its own: its lesson's
    ada = deck_part(deck(stage_card(*shared), stage_card("04_trailing", first("04_trailing"))))
    ben = deck_part(deck(stage_card(*shared)))
    cy = deck_part(deck(stage_card(L1, first(L1, 1))))
    top = rules_behind([ada, ben, cy], limit=20)
    by_rule = {r["rule"]: (r["cards"], r["learners"]) for r in top}
    assert {by_rule[r] for r in rules} == {(2, 2)}
    assert [r["rule"] for r in top[:len(rules)]] == sorted(rules)  # most cards first
    from cassino_learn.teaching.catalog import RULE_NAMES
    assert top[0]["name"] == f"{top[0]['rule']}: {RULE_NAMES[top[0]['rule']]}"  # said, not an id
    common = common_mistakes([ada, ben, cy])
    assert [(c["lesson"], c["stage"], c["learners"]) for c in common] == [(*shared, 2)]
    assert common[0]["value"] == f"{L2}/{shared[1]}" and common[0]["number"] == 1
    assert common_mistakes([ada, cy]) == []  # one learner's mistake is not the class's


def move_card(seed: int, learnt: bool = False) -> DeckCard:
    """A move card at the first position of a seeded game, as its seat saw it."""
    from cassino_learn import Game
    from cassino_learn.learner.deck.cards import MovePuzzle

    seen = Game(players=2, seed=seed).observation()
    moves = [str(m) for m in seen.legal_moves()]
    puzzle = MovePuzzle(position=seen.position.one_line(), seat=seen.seat,
                        hand_sizes=tuple(seen.hand_sizes), stock_size=seen.stock_size,
                        dealer=seen.dealer, round_number=seen.round_number,
                        deal_number=seen.deal_number, deals_per_round=seen.deals_per_round,
                        scores=tuple(tuple(s) for s in seen.scores), number=1,
                        played=moves[0], better=moves[1], mark="mistake", loss=1.2)
    card = DeckCard.for_move(puzzle, NOW - timedelta(days=3))
    if learnt:
        from dataclasses import replace
        card = replace(card, learnt=True)
    return card


def test_the_game_positions_most_learners_have_in_their_decks_are_common_mistakes_too() -> None:
    from cassino_learn.classroom.homework import read_form

    shared, own = move_card(5), move_card(6)
    ada = deck_part(deck(shared, own, stage_card(L2, first(L2))))
    ben = deck_part(deck(move_card(5), stage_card(L2, first(L2))))
    cy = deck_part(deck(move_card(6, learnt=True)))  # learnt: no longer a mistake of cy's
    common = common_mistakes([ada, ben, cy])
    assert [(c["kind"], c["learners"]) for c in common] == [("stage", 2), ("position", 2)]
    position = shared.puzzle.position
    assert common[1]["position"] == common[1]["value"] == position  # as the learners saw it
    assert common_mistakes([ada, ben, cy], positions_set=[position])[-1]["kind"] == "stage"
    # the one-click form's value is a homework position the form reads as typed
    _title, _due, items = read_form("Common", "2026-12-05", positions=common[1]["value"],
                                    today=NOW.date())
    assert [(i.kind, i.position) for i in items] == [("position", position)]
