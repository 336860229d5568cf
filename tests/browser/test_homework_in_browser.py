"""Homework in a class, in real browsers: the teacher sets homework of two stages on the
teacher's page, a learner sees it at the top of the contents page, opens it and solves one, and
the teacher's homework table shows it without a reload; the class's common mistakes (a stage
and a game position in two learners' decks) set in one click; the pages at a laptop's, a large
screen's and a phone's sizes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from playwright.sync_api import expect

from cassino_learn.classroom.class_store import ClassStore
from cassino_learn.teaching.stages import load_stages
from test_class import FIRST, INDEX, join, new_browser, ready, server, site, solve  # noqa: F401

STAGES = load_stages(FIRST).stages


def deck_progress(stage: str) -> dict:
    """Progress with that stage of the first lesson in the learner's deck, and a move card at
    the first position of a seeded game (`COMMON_POSITION`)."""
    from pathlib import Path

    from cassino_learn.learner import progress
    from cassino_learn.learner.deck.cards import DeckCard, MovePuzzle

    record = progress.Progress(Path(progress.FILE_NAME))
    card = DeckCard.for_stage(FIRST, stage, datetime.now(timezone.utc))
    record.deck.cards[card.id] = card
    seen = _seen()
    moves = [str(m) for m in seen.legal_moves()]
    puzzle = MovePuzzle(position=COMMON_POSITION, seat=seen.seat,
                        hand_sizes=tuple(seen.hand_sizes), stock_size=seen.stock_size,
                        dealer=seen.dealer, round_number=seen.round_number,
                        deal_number=seen.deal_number, deals_per_round=seen.deals_per_round,
                        scores=tuple(tuple(s) for s in seen.scores), number=1,
                        played=moves[0], better=moves[1], mark="mistake", loss=1.2)
    move = DeckCard.for_move(puzzle, datetime.now(timezone.utc))
    record.deck.cards[move.id] = move
    return record.to_json()


def _seen():
    from cassino_learn import Game

    return Game(players=2, seed=5).observation()


COMMON_POSITION = _seen().position.one_line()
TITLE = "Week 1 <b>revision</b>"


def test_the_teacher_sets_two_stages_a_learner_solves_one_and_the_table_shows_it(
        browser, server, screenshot):
    teacher_context, teacher = new_browser(browser, (1920, 1080))
    teacher.goto(server.teacher_url)
    expect(teacher.locator("#cc-homework-tables")).to_contain_text("No homework set yet")
    teacher.get_by_text("Set homework…").click()
    teacher.locator("#cc-hw-title").fill(TITLE)
    due = (datetime.now(timezone.utc).date() + timedelta(days=7)).isoformat()
    teacher.locator("#cc-hw-due").fill(due)
    for stage in STAGES[:2]:
        teacher.locator(f'input[name="stages"][value="{FIRST}/{stage.id}"]').check()
    teacher.locator("#cc-hw-positions").fill("table: 5D 2C\nhand: 7S ZZ")
    teacher.locator("#cc-hw-submit").click()
    # A mistake: named, and nothing typed is lost
    expect(teacher.locator("#cc-homework-error")).to_contain_text("Position 1: line 2")
    expect(teacher.locator("#cc-hw-title")).to_have_value(TITLE)
    expect(teacher.locator(f'input[name="stages"][value="{FIRST}/{STAGES[1].id}"]')).to_be_checked()
    teacher.locator("#cc-hw-positions").fill("")
    teacher.locator("#cc-hw-submit").click()
    expect(teacher.locator("#cc-homework-done")).to_be_visible()
    table = teacher.locator(".cc-hw-table")
    expect(teacher.locator(".cc-hw-name")).to_have_text(TITLE)

    ada_context, ada = new_browser(browser)
    join(ada, server, "Ada")
    box = ada.locator(".cl-homework")
    expect(box).to_contain_text(f"Homework: {TITLE}")
    expect(box).to_contain_text("0 of 2 done")
    expect(box.locator(".cl-hw-item")).to_have_count(2)
    screenshot(ada, "homework_index_1280")
    box.locator("a").first.click()
    ready(ada)
    runner = ada.locator(".cl-stage-runner")
    solve(runner, 1)

    row = table.locator("tr.cc-hw-learner").filter(has=teacher.locator("td.cc-name",
                                                                       has_text="Ada"))
    first, second = (f"stage:{FIRST}/{s.id}" for s in STAGES[:2])
    expect(row.locator(f'td[data-item="{first}"]')).to_have_text("✔ try 1", timeout=30_000)
    expect(row.locator(f'td[data-item="{second}"]')).to_have_text("not started")
    expect(row).to_contain_text("1 of 2")
    expect(teacher.locator(".cc-hw-name b")).to_have_count(0)  # the title is text
    screenshot(teacher, "homework_teacher_1920")

    ada.goto(server.url(INDEX))
    ready(ada)
    expect(ada.locator(".cl-homework")).to_contain_text("1 of 2 done")
    expect(ada.locator(f'.cl-hw-item[data-key="{first}"]')).to_contain_text("✔ solved (try 1)")

    bea_context, bea = new_browser(browser, (390, 844))
    join(bea, server, "Bea")
    expect(bea.locator(".cl-homework")).to_contain_text("0 of 2 done")  # her own, not Ada's
    screenshot(bea, "homework_index_390")
    expect(table.locator("tr.cc-hw-learner")).to_have_count(2, timeout=30_000)

    # Both have stage 3 in their decks: the class's common mistake, set as homework in one click
    store = ClassStore.open(server.folder)
    try:
        for learner in store.learners():
            store.save_progress(learner.id, deck_progress(STAGES[2].id))
    finally:
        store.close()
    expect(teacher.locator("#cc-common")).to_contain_text(
        "Cards and points, stage 3: 2 learners", timeout=30_000)
    expect(teacher.locator('#cc-common li[data-kind="position"]')).to_have_text(
        f"A position from their games (2 learners): {COMMON_POSITION}")
    screenshot(teacher, "homework_common_1920")
    expect(teacher.locator("#cc-decks tr.cc-deck-learner")).to_have_count(2)
    teacher.locator("#cc-common-set").click()
    expect(teacher.locator(".cc-hw-name").first).to_contain_text("Common mistakes")
    expect(teacher.locator("#cc-common-set")).to_have_count(0)  # set: no longer offered
    expect(teacher.locator(".cc-hw-table").first.locator(
        f'td[data-item="stage:{FIRST}/{STAGES[2].id}"]')).to_have_count(2)
    expect(teacher.locator(".cc-hw-table").first.locator(
        f'td[data-item="position:{COMMON_POSITION}"]')).to_have_count(2)

    phone_context, phone = new_browser(browser, (390, 844))
    phone.goto(server.teacher_url)
    expect(phone.locator(".cc-hw-table").first).to_be_visible()
    phone.get_by_text("Set homework…").click()
    overflow = phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the teacher's page is {overflow}px wider than a phone"
    screenshot(phone, "homework_teacher_390")
    laptop_context, laptop = new_browser(browser, (1280, 900))
    laptop.goto(server.teacher_url)
    expect(laptop.locator(".cc-hw-table").first).to_be_visible()
    screenshot(laptop, "homework_teacher_1280")
    ada.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(ada, "homework_index_1920")
    assert ada.dialogs == [] and teacher.dialogs == []  # type: ignore[attr-defined]
    for context in (teacher_context, ada_context, bea_context, phone_context, laptop_context):
        context.close()


POSITION = "table: 5D 2C\nhand: 7S 5H"


def test_a_position_set_as_homework_is_solved_on_the_card_table_and_the_table_shows_it(
        browser, server, screenshot):
    """The teacher types a position; the learner plays it on the card table under "Your
    review", a worse move first (judged wrong by the expert), then the sweep; the server
    judges that answer again, and the teacher's table shows it solved on try 2."""
    from types import SimpleNamespace

    from cassino_learn.core.position import Position
    from test_stages import _play_on_table

    teacher_context, teacher = new_browser(browser, (1920, 1080))
    teacher.goto(server.teacher_url)
    teacher.get_by_text("Set homework…").click()
    expect(teacher.locator(".cc-hw-positions")).not_to_contain_text("does not judge")
    teacher.locator("#cc-hw-title").fill("Find the best move")
    due = (datetime.now(timezone.utc).date() + timedelta(days=7)).isoformat()
    teacher.locator("#cc-hw-due").fill(due)
    teacher.locator("#cc-hw-positions").fill(POSITION)
    teacher.locator("#cc-hw-submit").click()
    expect(teacher.locator("#cc-homework-done")).to_be_visible()

    ada_context, ada = new_browser(browser)
    join(ada, server, "Ada")
    ada.locator(".cl-homework a", has_text="Find the best move").click()
    puzzle = ada.locator(".cl-hw-position-item")
    expect(puzzle.locator('[data-zone="hand"] [data-card="7S"]')).to_be_visible()
    position = SimpleNamespace(position=Position.parse(POSITION))
    _play_on_table(puzzle, position, Position.parse(POSITION).parse_move("trail 5H"))
    expect(puzzle.locator('.cl-hw-verdict[data-kind="wrong"]')).to_contain_text(
        "Not the best", timeout=120_000)
    screenshot(ada, "homework_position_wrong_1280")
    _play_on_table(puzzle, position, Position.parse(POSITION).parse_move("7S take 2C+5D"))
    expect(puzzle.locator('.cl-hw-verdict[data-kind="right"]')).to_contain_text(
        "Right!", timeout=120_000)
    screenshot(ada, "homework_position_right_1280")

    row = teacher.locator(".cc-hw-table tr.cc-hw-learner").filter(
        has=teacher.locator("td.cc-name", has_text="Ada"))
    # the item's key holds the position's line break: "\a " in a CSS string
    key = "position:" + POSITION.replace("\n", "\\a ")
    expect(row.locator(f'td[data-item="{key}"]')).to_have_text(
        "✔ try 2", timeout=60_000)
    screenshot(teacher, "homework_position_teacher_1920")
    ada.set_viewport_size({"width": 390, "height": 844})
    screenshot(ada, "homework_position_390")
    assert ada.dialogs == [] and teacher.dialogs == []  # type: ignore[attr-defined]
    for context in (teacher_context, ada_context):
        context.close()
