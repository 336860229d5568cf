"""The teaching layer's errors, warnings and verdicts carry fields that callers read, so that
no caller cuts a message back into its parts (tests/test_no_message_parsing.py)."""

from __future__ import annotations

import json
import warnings

import pytest

from cassino_learn.core.position import Position
from cassino_learn.learner import progress
from cassino_learn.teaching.facts import FactError, answer
from cassino_learn.teaching.goals import parse_goal
from cassino_learn.teaching.quiz import BankError, Verdict, parse_bank
from cassino_learn.teaching.sheets import match_results, round_outcome
from cassino_learn.teaching.stages import StageError, parse_stage
from cassino_learn.core.rules import Rules


def test_a_bank_error_says_which_bank_which_item_and_what() -> None:
    with pytest.raises(BankError) as caught:
        parse_bank({"items": [{"id": "one", "kind": "legal", "position": "table: 5D 5D",
                               "move": "5S take 5D", "legal": True}]}, "bank.json")
    error = caught.value
    assert (error.source, error.item) == ("bank.json", "item 1 (one)")
    assert error.what == "5D appears twice in the table"
    assert str(error) == "bank.json: item 1 (one): 5D appears twice in the table"


def test_a_stage_error_has_the_item_error_alone() -> None:
    """A stage made of a quiz item says what is wrong with it, not the item's bank and label."""
    raw = {"id": "a-stage-with-a-rather-long-name-over-forty-letters", "kind": "legal",
           "say": "Is it legal?", "position": "table: 5D 5D; hand: 5S", "move": "5S take 5D",
           "legal": True}
    with pytest.raises(StageError) as caught:
        parse_stage(raw)
    assert caught.value.what == str(caught.value) == "5D appears twice in the table"


def test_a_fact_with_rules_that_cannot_be_gives_the_rules_reason() -> None:
    with pytest.raises(FactError) as caught:
        answer("match score", {"game": "61-up", "round": {1: 1, 2: 0}, "side": 1,
                               "before": {1: 0, 2: 0}})
    assert str(caught.value).startswith("game must be one of ")


def test_an_unreadable_progress_file_is_refused_with_its_reason(data) -> None:
    with pytest.raises(ValueError) as caught:
        progress.import_text('{"lessons": [1, 2]}')
    assert str(caught.value) == "this is not a cassino-learn progress file: not a progress file"


def test_a_progress_warning_carries_the_reason_apart_from_the_file() -> None:
    warning = progress.ProgressWarning("the progress file p.json could not be read (bad); ...",
                                       "bad")
    assert warning.reason == "bad"
    assert progress.ProgressWarning("plain").reason == "plain"
    note = progress.DeckWarning("/tmp/x.json", "card 3 set aside")
    assert (note.path, note.note, str(note)) == ("/tmp/x.json", "card 3 set aside",
                                                 "/tmp/x.json: card 3 set aside")
    # rebuilt from its args, as pytest-xdist passes a warning on: the same words
    assert str(type(note)(*note.args)) == str(note)
    assert str(type(warning)(*warning.args)) == str(warning)


def test_an_imported_deck_note_names_the_imported_file_not_the_temporary_one(data) -> None:
    text = json.dumps({"lessons": {}, "deck": {"cards": {"x": {"kind": "riddle"}}}})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        progress.import_text(text)
    notes = [w.message for w in caught if isinstance(w.message, progress.DeckWarning)]
    assert notes and all(n.path == "the imported file" for n in notes)
    assert all(str(n).startswith("the imported file: ") for n in notes)


def test_a_most_cards_goal_says_its_miss_in_full_and_with_the_count_kept_back() -> None:
    position = Position.parse("table: 5D 2C 3H; hand: 5S 9C")
    goal = parse_goal("most cards")
    move = position.parse_move("trail 9C")
    miss = goal.miss(position, move)
    assert miss is not None
    assert miss.said == "that move takes 0 cards; you can take 4"
    assert miss.kept_back == "that move takes 0 cards; another move takes more"
    assert goal.why_not(position, move) == miss.said
    plain = parse_goal("trail").miss(position, position.parse_move("5S take 5D"))
    assert plain is not None and plain.said == plain.kept_back


def test_a_verdict_knows_whether_its_words_cite_its_rule() -> None:
    cited = Verdict(False, "Count the cards (D2).", "D2")
    assert cited.names_rule and cited.untagged == "Count the cards."
    bare = Verdict(False, "Count the cards.", "D2")
    assert not bare.names_rule and bare.untagged == "Count the cards."
    assert not Verdict(False, "Count the cards (D22).", "D2").names_rule
    assert Verdict(False, "Choose a number.", counted=False).counted is False


def test_the_match_sheets_say_the_result_in_words() -> None:
    drawn = match_results([{1: 22, 2: 15}, {1: 10, 2: 12}])
    assert drawn.text.splitlines() == [
        "side 1 22, side 2 15: only side 1 has reached 21. Side 1 wins.",
        "side 1 10, side 2 12: nobody has reached 21 yet. Play another round."]
    assert "Only side 1 has reached 21. Side 1 wins." in drawn.markup
    said = round_outcome({1: 18, 2: 10}, {1: 4, 2: 1}, Rules()).text
    assert said.endswith("After it: 22 to 11. Only side 1 has reached 21. Side 1 wins.")
