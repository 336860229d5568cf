"""The learner's deck in the progress file: the scheduler's state round-trips, answers are rated
as the issue says, a learnt card leaves the queue, a corrupt card is set aside with a note
while the rest is kept, two tabs (or a class's sync) lose no card, an older file (no deck)
reads as before, and a stage missed on the first try joins the deck."""

from __future__ import annotations

import json
import warnings
from datetime import datetime, timedelta, timezone

import pytest
from fsrs import Card, Rating, Scheduler, State

from cassino_learn.learner import progress
from cassino_learn.learner.deck import today
from cassino_learn.learner.deck.cards import DeckCard
from cassino_learn.learner.deck.schedule import answer, interval, rating_for

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def stage_card(stage: str = "one", lesson: str = "02_pairing") -> DeckCard:
    return DeckCard.for_stage(lesson, stage, T0)


def test_answers_are_rated_good_hard_and_again():
    assert rating_for(right=True, wrong_tries=0, hint=False) is Rating.Good
    assert rating_for(right=True, wrong_tries=0, hint=True) is Rating.Hard
    assert rating_for(right=True, wrong_tries=1, hint=False) is Rating.Again
    assert rating_for(right=False, wrong_tries=0, hint=False) is Rating.Again


def test_the_scheduler_state_round_trips_through_the_progress_file(data):
    store = progress.load()
    card = answer(stage_card(), Rating.Good, T0)
    card = answer(card, Rating.Good, card.due)
    store.add_deck_cards([card])
    again = progress.load().deck.cards[card.id]
    assert again == card
    # fsrs reads the stored state as the state it wrote
    assert Card.from_dict(again.schedule).to_dict() == card.schedule
    assert Card.from_dict(again.schedule).state == State.Review
    # and schedules from it exactly as from the state in memory
    later = card.due + timedelta(hours=1)
    assert answer(again, Rating.Hard, later) == answer(card, Rating.Hard, later)
    assert json.loads((data / "progress.json").read_text())["deck"]["cards"][card.id][
        "schedule"]["stability"] == pytest.approx(card.schedule["stability"])


def test_the_scheduler_is_fsrs_without_fuzz():
    card = answer(stage_card(), Rating.Good, T0)
    fsrs_card, _ = Scheduler(enable_fuzzing=False).review_card(
        Card.from_dict(stage_card().schedule), Rating.Good, T0)
    assert card.schedule == fsrs_card.to_dict()


def test_a_card_answered_well_is_learnt_after_21_days_and_leaves_the_queue(data):
    store = progress.load()
    store.add_deck_cards([stage_card()])
    when = T0
    for _ in range(12):
        card = progress.load().deck.cards[stage_card().id]
        if card.learnt:
            break
        assert [c.id for c in today.due_now(progress.load().deck, when)] == [card.id]
        assert interval(card) <= timedelta(days=21)
        today.answer_card(card.id, right=True, wrong_tries=0, hint=False, when=when)
        when = progress.load().deck.cards[card.id].due
    card = progress.load().deck.cards[stage_card().id]
    assert card.learnt and interval(card) > timedelta(days=21)
    assert today.due_now(progress.load().deck, card.due + timedelta(days=400)) == []


def test_a_wrong_answer_brings_the_card_back_sooner_than_a_right_one():
    good = answer(answer(stage_card(), Rating.Good, T0), Rating.Good, T0 + timedelta(hours=1))
    start = answer(stage_card(), Rating.Good, T0)
    again = answer(start, Rating.Again, T0 + timedelta(hours=1))
    assert again.due < good.due and again.reviews == good.reviews == 2
    assert [rating for _, rating in again.log] == [3, 1]


def test_the_streak_counts_days_in_a_row_with_answers(data):
    store = progress.load()
    store.add_deck_cards([stage_card("one"), stage_card("two"), stage_card("three")])
    for days, stage in ((0, "one"), (1, "two"), (3, "three")):
        today.answer_card(stage_card(stage).id, right=True, wrong_tries=0, hint=False,
                          when=T0 + timedelta(days=days))
    deck = progress.load().deck
    assert today.streak(deck, T0 + timedelta(days=3)) == 1
    assert today.streak(deck, T0 + timedelta(days=1)) == 2
    assert today.streak(deck, T0 + timedelta(days=2)) == 2  # today not played yet
    assert today.streak(deck, T0 + timedelta(days=5)) == 0


def _file_with(data, cards: dict) -> None:
    (data / "progress.json").write_text(json.dumps({
        "version": 1, "lessons": {"02_pairing": {"done": True, "best": 2, "total": 3}},
        "preferences": {}, "deck": {"cards": cards, "days": ["2026-03-01"]}}))


def test_a_corrupt_card_is_set_aside_with_a_note_and_the_rest_kept(data):
    good = stage_card("one")
    broken = stage_card("two").to_json()
    broken["schedule"]["state"] = 9
    _file_with(data, {good.id: good.to_json(), stage_card("two").id: broken,
                      "move:bad": {"kind": "move", "position": "table: 5C; hand: ZZ"}})
    with pytest.warns(progress.DeckWarning) as caught:
        store = progress.load()
    notes = " ".join(str(w.message) for w in caught)
    assert "state 9" in notes and "move:bad" in notes and "set aside" in notes
    assert list(store.deck.cards) == [good.id]
    assert store.lesson("02_pairing").done and store.lesson("02_pairing").best == 2
    assert {a["id"] for a in store.deck.aside} == {stage_card("two").id, "move:bad"}
    assert all(a["note"] for a in store.deck.aside)
    # nothing is lost: the next save (which reads the file again) keeps them, as they were
    with pytest.warns(progress.DeckWarning):
        store.add_deck_cards([stage_card("three")])
    saved = json.loads((data / "progress.json").read_text())["deck"]
    assert broken in [a["entry"] for a in saved["aside"]]
    assert set(saved["cards"]) == {good.id, stage_card("three").id}


def test_a_deck_that_is_not_a_table_is_set_aside_and_the_lessons_kept(data):
    (data / "progress.json").write_text(json.dumps({
        "lessons": {"02_pairing": {"done": True}}, "deck": ["not", "cards"]}))
    with pytest.warns(progress.DeckWarning):
        store = progress.load()
    assert store.lesson("02_pairing").done and not store.deck.cards
    assert store.deck.aside[0]["entry"] == ["not", "cards"]


def test_two_tabs_adding_and_answering_cards_keep_every_card(data):
    tab_a, tab_b = progress.load(), progress.load()
    tab_a.add_deck_cards([stage_card("one")])
    tab_b.add_deck_cards([stage_card("two")])  # tab B never saw card one
    answered = answer(tab_a.deck.cards[stage_card("one").id], Rating.Good, T0)
    tab_a.keep_deck_card(answered, "2026-03-02")
    stale = progress.load()
    tab_b.add_deck_cards([stage_card("three")])
    # a stale copy of card one (never answered) does not undo tab A's answer
    stale.deck.cards[answered.id] = stage_card("one")
    stale.keep_deck_card(stage_card("one"))
    deck = progress.load().deck
    assert set(deck.cards) == {stage_card(s).id for s in ("one", "two", "three")}
    assert deck.cards[answered.id] == answered and deck.days == {"2026-03-02"}


def test_a_class_sync_merges_decks_card_by_card(data):
    mine = progress.load()
    mine.add_deck_cards([stage_card("one")])
    theirs = progress.from_json({"lessons": {}, "deck": {"cards": {
        stage_card("two").id: answer(stage_card("two"), Rating.Again, T0).to_json()}}})
    result = progress.merged(mine, theirs)
    assert set(result.deck.cards) == {stage_card("one").id, stage_card("two").id}
    assert result.deck.cards[stage_card("two").id].reviews == 1


def test_an_older_file_without_a_deck_reads_and_saves_as_before(data):
    old = {"version": 1, "lessons": {"02_pairing": {
        "done": False, "best": 0, "last": None, "total": 0, "practised": 0,
        "stages": {"one": {"solved": True, "stars": 1, "tries": 3, "hint": False}}}},
        "preferences": {"four_color": True}}
    (data / "progress.json").write_text(json.dumps(old))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store = progress.load()
    assert not store.deck.cards and store.lesson("02_pairing").stages["one"].tries == 3
    store.record_practice("03_combining")
    saved = json.loads((data / "progress.json").read_text())
    assert "deck" not in saved and saved["preferences"]["four_color"] is True


def test_a_stage_missed_at_the_first_try_joins_the_deck_and_one_solved_at_once_does_not(data):
    store = progress.load()
    ids = ["one", "two", "three"]
    store.record_stage("02_pairing", "one", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=ids)
    store.record_stage("02_pairing", "two", solved=False, stars=0, tries=1, hint=False,
                       stage_ids=ids)
    store.record_stage("02_pairing", "three", solved=True, stars=0, tries=0, hint=True,
                       stage_ids=ids, shown=True)
    cards = progress.load().deck.cards
    assert set(cards) == {"stage:02_pairing/two", "stage:02_pairing/three"}
    assert cards["stage:02_pairing/two"].puzzle.to_json() == {"lesson": "02_pairing",
                                                               "stage": "two"}
    assert today.due_now(progress.load().deck) != []
    # a replay of a stage solved before is not a first try
    store.record_stage("02_pairing", "one", solved=False, stars=0, tries=2, hint=False,
                       stage_ids=ids)
    assert "stage:02_pairing/one" not in progress.load().deck.cards


def test_export_import_and_reset_carry_the_deck(data):
    store = progress.load()
    store.add_deck_cards([answer(stage_card("one"), Rating.Hard, T0)])
    text = progress.export_text()
    store.reset()
    assert not progress.load().deck.cards
    imported = progress.import_text(text)
    assert imported.deck.cards[stage_card("one").id].reviews == 1
    assert progress.load().deck.cards[stage_card("one").id].schedule["state"] in (1, 2)


def test_an_imported_file_with_a_corrupt_card_is_imported_with_the_card_set_aside(data):
    good = stage_card("one")
    broken = {**stage_card("two").to_json(), "kind": "riddle"}
    text = json.dumps({"lessons": {"02_pairing": {"done": True}}, "deck": {"cards": {
        good.id: good.to_json(), stage_card("two").id: broken}}})
    with pytest.warns(progress.DeckWarning):
        imported = progress.import_text(text)
    assert list(imported.deck.cards) == [good.id] and imported.lesson("02_pairing").done
    assert imported.deck.aside[0]["entry"] == broken and "riddle" in imported.deck.aside[0]["note"]
