"""A learner's moves in a game on the card table, for the browser tests: which move a test
player makes, made by clicks, and a whole round of them."""
from __future__ import annotations

HAND = '[data-zone="hand"] [data-card][aria-selected]'
LOOSE = '[data-zone="table"] > .cl-cards > [data-card]'
MOVES_PER_ROUND = 24  # a two-hand round: 48 cards dealt, 24 of them the learner's
# the learner's turn again, or the round's review: what a move waits for
TURN_OR_REVIEW = f"() => document.querySelector('{HAND}') || document.querySelector('.cl-review')"


def hand_cards(page) -> list[str]:
    """The learner's hand, as the table shows it."""
    return page.locator('[data-zone="hand"] [data-card]').evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")


def simple_move(page) -> tuple[str, str | None]:
    """The test player's move: a hand card pairing a loose card of its rank takes it (P1, P2,
    S4), else the first hand card is trailed. Returns the hand card and the loose card, if any."""
    hand = hand_cards(page)
    loose = page.locator(LOOSE).evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    pair = next(((card, other) for card in hand for other in loose
                 if card[:-1] == other[:-1]), None)
    return pair if pair else (hand[0], None)


def click_move(page) -> str:
    """Make `simple_move` by clicking, as a learner would; wait until the computer has answered
    (the learner's turn again) or the round is over. Returns the card played."""
    card, other = simple_move(page)
    played = page.locator(f'[data-zone="hand"] [data-card="{card}"]')
    gone = played.element_handle()
    played.click()
    if other:
        page.locator(f'{LOOSE}[data-card="{other}"].cl-usable').click()
    action = "Take" if other else "Trail"
    page.locator(f'.cl-action[data-action="{action}"]:not(.cl-try)').click()
    gone.wait_for_element_state("hidden")  # the table was redrawn after the move
    page.wait_for_function(TURN_OR_REVIEW)
    return card


def play_round(page) -> int:
    """Click the learner's moves until the round's review appears; how many were played."""
    played = 0
    while not page.locator(".cl-review").count():
        assert played < MOVES_PER_ROUND, "the round did not end after every card was played"
        click_move(page)
        played += 1
    return played
