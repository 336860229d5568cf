""""Your review" on the contents page, driven as the front end drives it: the cards due today
and the streak; a move card played on the card table (a wrong try told in steps, a right one
with the better move drawn as cards and why), each answer rated (Good, Hard, Again), saved, and
its next date said; a stage card played again as its stage."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import timedelta

from cassino_learn.core.move import Move
from cassino_learn.pages.contents import your_review
from cassino_learn.learner import progress
from cassino_learn.learner.deck import today
from cassino_learn.learner.deck.cards import DeckCard, MovePuzzle
from cassino_learn.teaching.stages import load_stages
from cassino_learn.ui.deck_runner import DeckRunner, when_words

POSITION = "table: 4H 8H QH [10@2: AC 9C]; hand: 2H 3D 4C 10C; turn: 1; players: 2"
PUZZLE = MovePuzzle(position=POSITION, seat=1, hand_sizes=(4, 3), stock_size=40, dealer=1,
                    round_number=1, deal_number=1, deals_per_round=6, scores=((1, 0), (2, 0)),
                    number=2, played="2H build 10: 2H+8H", better="10C take [AC 9C]",
                    mark="blunder", loss=2.6,
                    reasons=("Your move leaves the build of 10 to seat 2.",))


@dataclass(frozen=True)
class _Value:
    move: Move
    value: float
    visits: int = 1


def _evaluate(seen, **_):
    """A test's evaluator: the take is best, trailing the 3 nearly as good, the rest poor."""
    worth = {"10C take [AC 9C]": 0.0, "trail 3D": -0.25}
    return sorted((_Value(m, worth.get(str(m), -3.0)) for m in seen.legal_moves()),
                  key=lambda v: -v.value)


def _deck_with_the_move_card() -> DeckCard:
    card = DeckCard.for_move(PUZZLE, today.now() - timedelta(minutes=5))
    progress.load().add_deck_cards([card])
    return card


def _stored(card: DeckCard) -> DeckCard:
    return progress.load().deck.cards[card.id]


def test_with_no_cards_the_review_is_one_line_and_no_widget(data):
    shown = your_review()
    assert not isinstance(shown, DeckRunner) and "No cards yet" in shown._repr_html_()
    _deck_with_the_move_card()
    runner = your_review()
    assert isinstance(runner, DeckRunner) and runner.start_button is not None


def test_the_contents_point_to_the_cards_due_today(data):
    from cassino_learn.pages.contents import index

    assert "Your review" not in index()._repr_html_()
    _deck_with_the_move_card()
    assert 'href="#your-review">Your review: 1 card due today' in index()._repr_html_()
    assert 'id="your-review"' in your_review().summary.value


def test_a_move_card_solved_wrong_then_right_comes_back_soon(data):
    card = _deck_with_the_move_card()
    runner = DeckRunner(evaluate=_evaluate)
    assert "1 card due today" in runner.summary.value and "due now" in runner.summary.value
    assert runner.start_button.description == "Review 1 card ▶"
    runner.start_button.click()
    assert runner.top.task == "Find a better move."
    assert "here you <b>played the two of hearts to make a build of 10" in runner.top.say
    table = runner.table
    assert table is not None and table.position.hands[1] is None  # the other hand hidden
    table.play("2H build 10: 2H+8H")
    assert runner.bottom.verdict_kind == "wrong"
    assert runner.bottom.verdict.startswith("That is the move you played in the game.")
    assert _stored(card).reviews == 0  # not scheduled before the card is done
    table.play("trail 4C")  # the second wrong try gets the stronger hint
    assert "Look at what your ten of clubs can do." in runner.bottom.verdict
    table.play("trail 3D")  # within the margin of the best: right
    assert runner.bottom.verdict_kind == "right"
    assert "Your move is as good as the one the review found" in runner.bottom.verdict
    assert "Next review: in" in runner.bottom.verdict
    # afterwards the better move as cards, and why, under the verdict; the way on
    assert "data-card" in runner.afterwards.value and "10C" in runner.afterwards.value
    assert "leaves the build of 10" in runner.afterwards.value
    assert runner.next_button.layout.display == "" and runner.start_button.layout.display != \
        "none"
    saved = _stored(card)
    assert saved.reviews == 1 and [r for _, r in saved.log] == [1]  # wrong first: Again
    assert saved.due > today.now() and not saved.learnt
    assert "Nothing due today" in runner.summary.value or "later today" in runner.summary.value
    runner.next_button.click()
    assert "Review done for now" in runner.summary.value and runner.table is None


def test_right_at_once_is_good_and_after_a_hint_hard(data):
    card = _deck_with_the_move_card()
    runner = DeckRunner(evaluate=_evaluate)
    runner.start()
    runner.table.play("10C take [AC 9C]")
    assert "That is the better move the review found." in runner.bottom.verdict
    good = _stored(card)
    assert [r for _, r in good.log] == [3]
    # the same card due once more (as if time had passed), answered after a hint
    progress.load().keep_deck_card(dataclasses.replace(
        good, reviews=good.reviews + 1,
        schedule={**good.schedule, "due": (today.now() - timedelta(minutes=1)).isoformat()}))
    runner = DeckRunner(evaluate=_evaluate)
    runner.start()
    runner.send_from_front_end({"type": "hint"})
    assert runner.bottom.hint_shown and "ten of clubs" in runner.bottom.hint
    runner.table.play("10C take [AC 9C]")
    assert [r for _, r in _stored(card).log][-1] == 2


def test_show_me_gives_the_better_move_and_brings_the_card_back(data):
    card = _deck_with_the_move_card()
    runner = DeckRunner(evaluate=_evaluate)
    runner.start()
    runner.send_from_front_end({"type": "show"})
    assert runner.bottom.verdict_kind == "shown"
    assert runner.bottom.verdict.startswith("A better move: ")
    assert runner.table.mode == "watch" and runner.table.selected_card == "10C"
    assert [r for _, r in _stored(card).log] == [1]


def test_a_stage_missed_at_the_first_try_is_played_again_as_that_stage(data):
    stage = load_stages("02_pairing").stage("one-card")
    progress.load().record_stage("02_pairing", "one-card", solved=False, stars=0, tries=1,
                                 hint=False, stage_ids=load_stages("02_pairing").ids)
    runner = DeckRunner()
    assert "a stage you missed" in runner.summary.value
    runner.start()
    assert runner.top.task == stage.task() and runner.table is not None
    runner.table.play(str(stage.solutions()[0]))
    assert runner.bottom.verdict_kind == "right"
    card = progress.load().deck.cards["stage:02_pairing/one-card"]
    assert [r for _, r in card.log] == [3] and card.due > today.now()


def test_show_me_on_a_stage_card_raises_its_answer_on_the_table(data):
    stage = load_stages("02_pairing").stage("one-card")
    progress.load().record_stage("02_pairing", "one-card", solved=False, stars=0, tries=1,
                                 hint=False, stage_ids=load_stages("02_pairing").ids)
    runner = DeckRunner()
    runner.start()
    runner.send_from_front_end({"type": "show"})
    assert runner.bottom.verdict_kind == "shown" and runner.table.mode == "watch"
    assert runner.table.selected_card == str(stage.solutions()[0].card)
    assert [r for _, r in progress.load().deck.cards["stage:02_pairing/one-card"].log] == [1]


def test_a_two_way_stage_card_takes_its_answer_from_the_buttons(data):
    ids = load_stages("02_pairing").ids
    progress.load().record_stage("02_pairing", "kings-pair", solved=True, stars=1, tries=2,
                                 hint=False, stage_ids=ids)
    stage = load_stages("02_pairing").stage("kings-pair")
    runner = DeckRunner()
    runner.start()
    assert runner.bottom.choices == ["Legal", "Not legal"]
    wrong = "Not legal" if stage.solutions()[0] in ("Legal", True) else "Legal"
    runner.send_from_front_end({"type": "answer", "value": wrong})
    assert runner.bottom.verdict_kind in ("wrong", "shown")


def test_when_words():
    now = today.now()
    assert when_words(now, now) == "now"
    assert when_words(now + timedelta(minutes=10), now) == "in 10 minutes"
    assert when_words(now + timedelta(days=4), now).startswith("in 4 days (")


def test_the_settings_let_inaccuracies_join_the_review(data):
    from cassino_learn.pages.contents import DECK_INACCURACIES_LABEL, settings

    box = settings()
    (slips,) = [c for c in box.children if getattr(c, "description", "") == DECK_INACCURACIES_LABEL]
    assert slips.value is False
    slips.value = True
    assert progress.load().preferences.deck_inaccuracies is True
    assert "inaccuracies, mistakes and blunders" in box.children[2].value


def test_the_review_reads_the_deck_again_when_the_page_is_shown_again(data):
    _deck_with_the_move_card()
    runner = your_review()
    assert "1 card due today" in runner.summary.value
    # a game in another tab adds a card; the page is shown again (what deck_watch.js sends)
    other = DeckCard.for_stage("02_pairing", load_stages("02_pairing").ids[0],
                               today.now() - timedelta(minutes=1))
    progress.load().add_deck_cards([other])
    runner.watch._handle_message(runner.watch, {"type": "refresh"}, [])
    assert "2 cards due today" in runner.summary.value
    assert runner.start_button.description == "Review 2 cards ▶"
    # with a card open, the open card is left alone
    runner.start()
    opened = runner.card
    runner.watch._handle_message(runner.watch, {"type": "refresh"}, [])
    assert runner.card is opened and runner.top in runner.children


def test_a_missed_stage_comes_back_every_second_time_as_a_practice_position_for_its_rule(data):
    stage = load_stages("02_pairing").stage("one-card")
    card = dataclasses.replace(DeckCard.for_stage("02_pairing", "one-card",
                                                  today.now() - timedelta(minutes=1)), reviews=1)
    progress.load().add_deck_cards([card])
    runner = DeckRunner()
    runner.start()
    practice = runner.stage
    assert practice.id.startswith("practice-") and practice.item.id.startswith("practice-")
    assert runner.top.say.startswith("Practice for the same rule (")
    assert practice.position != stage.position  # a fresh position, not the stage's
    assert practice.kind == "legal" and runner.table is not None  # this seed's question
    right = "Legal" if practice.item.legal else "Not legal"
    wrong = "Not legal" if practice.item.legal else "Legal"
    runner.send_from_front_end({"type": "answer", "value": wrong})
    assert runner.bottom.verdict_kind == "wrong"  # the practice's own judge said so
    runner.send_from_front_end({"type": "answer", "value": right})
    assert runner.bottom.verdict_kind == "right"
    assert _stored(card).reviews == 2
