"""The class demonstration in Chromium: the teacher and two learners on the class's server
(tests/serving/demo_app.py: the real server, handing out a small stand-in for the course).

The teacher shows a position, both learners follow and see the same table, the teacher plays
a move and both see it, the teacher asks, one learner answers legally and the other tries an
illegal move first (refused with its rule), the reveal shows both moves with counts and values,
each learner sees their comparison, and a learner who reloads sees the current table.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

APP = Path(__file__).resolve().parents[1] / "serving" / "demo_app.py"
SHOTS = Path(os.environ.get("CASSINO_DEMO_SHOTS", Path(__file__).resolve().parents[1]
                            / "artifacts" / "demo"))
POSITION = "table: 5D 3C 6H 2S KC\nhand: 8S 4D 9C\nhand 2: 9H KD 2D\nturn: 1"


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[str, str]]:
    token = secrets.token_urlsafe(16)
    process = subprocess.Popen([sys.executable, str(APP), "--folder", str(tmp_path / "class"),
                                f"--token={token}"], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        ready, port = process.stdout.readline().split()
        assert ready == "ready"
        yield f"http://127.0.0.1:{port}", token
    finally:
        process.terminate()
        process.wait(timeout=10)


def learner(browser, root: str, name: str, viewport=(1280, 800)):
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(f"{root}/class/join")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start").click()
    page.goto(f"{root}/class/demo/follow")
    return page


def table_cards(page, zone: str = "table") -> list[str]:
    return page.locator(f'#cd-follow-view [data-zone="{zone}"] .cl-card[data-card]').evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")


def test_teacher_and_two_learners(browser, server) -> None:
    root, token = server
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    teacher_context.set_default_timeout(20_000)
    teacher = teacher_context.new_page()
    errors: list[str] = []
    teacher.on("pageerror", lambda e: errors.append(str(e)))  # a script's error
    teacher.goto(f"{root}/class/demo/teacher?token={token}")
    ana = learner(browser, root, "Ana <b>x</b>")
    bo = learner(browser, root, "Bo")
    for page in (ana, bo):
        page.on("pageerror", lambda e: errors.append(str(e)))
    teacher.get_by_label("Position in the notation").fill(POSITION)
    teacher.get_by_role("button", name="Show this table").click()
    teacher.get_by_role("heading", name="A position").wait_for()

    for page in (ana, bo):  # the banner, then the table on Follow
        page.get_by_role("button", name="Follow").click()
        page.locator('#cd-follow-view [data-zone="table"] [data-card="KC"]').wait_for()
    assert table_cards(ana) == table_cards(bo) == ["2S", "3C", "5D", "6H", "KC"]
    # seat 2's hand stays hidden from followers; the teacher's page shows it
    assert ana.locator('#cd-follow-view [data-seat="2"] [data-card]').count() == 0
    assert teacher.locator('#cd-table [data-seat="2"] [data-card="KD"]').count() == 1

    teacher.get_by_label("Play a move for everyone").fill("9C take 3C 6H")
    teacher.get_by_role("button", name="Play for everyone").click()
    for page in (ana, bo):
        page.locator('#cd-follow-view [data-zone="table"] [data-card="6H"]').wait_for(
            state="detached")
        page.get_by_text("Seat 2 to move").first.wait_for()
    assert table_cards(ana) == table_cards(bo) == ["2S", "5D", "KC"]
    for last in (ana.locator("#cd-follow-view .cd-last"), teacher.locator("#cd-last")):
        assert last.inner_text().startswith("Last move:")
        assert last.locator("[data-card]").count() >= 1  # the move drawn as cards

    teacher.get_by_role("button", name="Back").click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="6H"]').wait_for()
    teacher.get_by_role("button", name="Ask the class").click()
    for page in (ana, bo):
        page.get_by_role("heading", name="Your move?").wait_for()

    # Ana picks her move by clicking: the 8S, then 2S and 6H, then Take
    ana.locator('#cd-follow-view [data-zone="hand"] [data-card="8S"]').click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="2S"]').click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="6H"]').click()
    ana.get_by_role("button", name="Take").click()
    assert ana.get_by_label("your move").input_value() == "8S take 2S 6H"
    ana.get_by_role("button", name="Send my move").click()
    ana.get_by_text("Your answer: play the eight of spades to take the two of spades and the "
                    "six of hearts.").wait_for()  # in words, not notation (issue 43)

    # Bo types an illegal move first: refused with its rule, and not counted
    bo.get_by_label("your move").fill("8S take 5D")
    bo.get_by_role("button", name="Send my move").click()
    bo.get_by_text("(rule S1)").wait_for()
    teacher.get_by_text("1 of 2 has answered").wait_for()
    teacher.get_by_text("Not answered yet (1)").wait_for()
    bo.get_by_label("your move").fill("trail 4D")
    bo.get_by_role("button", name="Send my move").click()
    bo.get_by_text("Your answer: trail the four of diamonds.").wait_for()
    teacher.get_by_text("2 of 2 have answered").wait_for()
    # the moves stay secret until the reveal
    assert "trail 4D" not in teacher.locator("#cd-reveal-list").inner_text()
    shots(teacher, ana)

    teacher.get_by_role("button", name="Reveal").click()
    choices = teacher.locator("#cd-reveal-list .cd-choice")
    choices.first.wait_for()
    moves = choices.evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    assert "8S take 2S+6H" in moves and "trail 4D" in moves
    ana_item = teacher.locator('#cd-reveal-list .cd-choice[data-move="8S take 2S+6H"]')
    assert "1 chose it" in ana_item.inner_text() and "Ana <b>x</b>" in ana_item.inner_text()
    assert "the round likely ends about 1 point behind" in ana_item.inner_text()
    assert ana_item.locator(".cl-card").count() >= 3  # drawn as cards
    values = choices.locator(".cd-value").all_inner_texts()
    assert len(values) == len(moves)
    for page in (ana, bo):
        page.locator(".cd-compare-head").wait_for()
    compared = bo.locator(".cd-compare").inner_text()
    assert "Your move, trail the four of diamonds, costs about" in compared
    assert "4D" not in compared and "take 2S" not in compared
    assert ana.locator(".cd-choice.cd-yours").get_attribute("data-move") == "8S take 2S+6H"
    assert ana.locator(".cd-reveal .cd-who").count() == 0  # learners never see names
    shots(teacher, ana, revealed=True)

    # the teacher plays a move for everyone; a learner who reloads sees the current table
    teacher.get_by_label("Play a move for everyone").fill("8S take 2S 6H")
    teacher.get_by_role("button", name="Play for everyone").click()
    bo.reload()
    bo.locator('#cd-follow-view [data-zone="table"] [data-card="5D"]').wait_for()
    assert table_cards(bo) == ["3C", "5D", "KC"]
    assert bo.locator("#cd-follow-view").is_visible()  # still following after the reload
    bo.get_by_role("button", name="Stop following").click()
    bo.get_by_role("button", name="Follow").wait_for()
    assert bo.get_by_role("heading", name="Hello, Bo").is_visible()
    assert errors == []


def shots(teacher, follower, revealed: bool = False) -> None:
    """Screenshots at 1280x800 (teacher and learner), the teacher's at 1920x1080 (projector
    size) and the learner's at 390x844 (a phone)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    tag = "revealed" if revealed else "asking"
    teacher.screenshot(path=str(SHOTS / f"teacher-1280-{tag}.png"))
    follower.screenshot(path=str(SHOTS / f"learner-1280-{tag}.png"))
    teacher.set_viewport_size({"width": 1920, "height": 1080})
    teacher.get_by_label("Projector size").check()
    teacher.screenshot(path=str(SHOTS / f"teacher-1920-{tag}.png"))
    teacher.get_by_label("Projector size").uncheck()
    teacher.set_viewport_size({"width": 1280, "height": 800})
    follower.set_viewport_size({"width": 390, "height": 844})
    follower.screenshot(path=str(SHOTS / f"learner-390-{tag}.png"), full_page=True)
    follower.set_viewport_size({"width": 1280, "height": 800})


def test_the_teachers_page_opens_it_and_every_page_of_the_course_offers_follow(browser, server
                                                                               ) -> None:
    """The class's server: the teacher's page's button opens the demonstration, whose changes
    pass the server's XSRF check; a learner on a page of the course (the contents page they
    land on after giving a name) gets the banner there and follows."""
    root, token = server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    teacher = context.new_page()
    teacher.goto(f"{root}/class/teacher?token={token}")
    teacher.get_by_role("link", name="Show the class a table").click()
    teacher.get_by_label("Position in the notation").fill(POSITION)
    teacher.get_by_role("button", name="Show this table").click()
    teacher.get_by_role("heading", name="A position").wait_for()
    ana = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    ana.set_default_timeout(20_000)
    ana.goto(f"{root}/class/join")
    ana.get_by_label("Your name").fill("Ana")
    ana.get_by_role("button", name="Start").click()
    ana.wait_for_url("**/voici/render/**")
    ana.get_by_role("button", name="Follow").click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="KC"]').wait_for()
    teacher.get_by_label("Play a move for everyone").fill("9C take 3C 6H")
    teacher.get_by_role("button", name="Play for everyone").click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="6H"]').wait_for(
        state="detached")
    assert table_cards(ana) == ["2S", "5D", "KC"]


def test_a_lesson_stage_stepped_through_and_a_dealt_game_of_four(browser, server) -> None:
    root, token = server
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(20_000)
    teacher = context.new_page()
    teacher.goto(f"{root}/class/demo/teacher?token={token}")
    ana = learner(browser, root, "Ana")
    ana.locator(".cd-banner").wait_for(state="attached")
    assert not ana.locator(".cd-banner").is_visible()  # nothing shown yet: no banner
    teacher.get_by_text("A lesson's stage").click()
    teacher.get_by_label("Lesson").select_option(label="Building")
    stage = teacher.get_by_label("Stage")
    stage.select_option(index=0)
    teacher.get_by_role("button", name="Show this stage").click()
    teacher.get_by_role("heading", name="Building: Your card cannot catch anything now").wait_for()
    ana.get_by_role("button", name="Follow").click()
    ana.locator('#cd-follow-view [data-zone="table"] [data-card="5C"]').wait_for()
    teacher.get_by_role("button", name="Next").click()
    ana.get_by_text("You put your 3 on the 5 and announce eight").wait_for()
    ana.locator('#cd-follow-view [data-zone="table"] [data-build]').wait_for()
    teacher.get_by_text("Deal a new game").click()
    teacher.get_by_label("Players", exact=True).select_option("4")
    teacher.get_by_label("Partners (4 players)").check()
    teacher.get_by_label("Variant").select_option(label="Royal Casino (V7)")
    teacher.get_by_label("Deal number").fill("12")
    teacher.get_by_role("button", name="Deal").click()
    teacher.get_by_role("heading", name="A new game: 4 players, partners, values=royal").wait_for()
    ana.get_by_role("heading", name="A new game: 4 players, partners, values=royal").wait_for()
    # the three other seats' hands are face down for the class, face up for the teacher
    assert ana.locator("#cd-follow-view .cl-other .cl-back").count() == 12
    assert teacher.locator("#cd-table .cl-other [data-card]").count() == 12
    teacher.get_by_label("Projector size").check()
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher.screenshot(path=str(SHOTS / "teacher-1920-deal-of-four.png"))
    ana.screenshot(path=str(SHOTS / "learner-1280-deal-of-four.png"))


def test_the_teachers_first_click_counts_before_the_pages_state_has_arrived(browser, server
                                                                           ) -> None:
    """On a slow machine the teacher may click before the page has asked the server for its
    state (which also brings the XSRF token when the cookie is HttpOnly): the page carries the
    token itself, so the click is not refused."""
    root, token = server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    teacher = context.new_page()
    refused: list[int] = []
    teacher.on("response", lambda r: refused.append(r.status)
               if r.url.endswith("/teacher/do") and r.status >= 400 else None)
    teacher.route("**/teacher/state.json*", lambda route: route.abort())  # never arrives
    teacher.goto(f"{root}/class/demo/teacher?token={token}")
    teacher.get_by_label("Position in the notation").fill(POSITION)
    teacher.get_by_role("button", name="Show this table").click()
    teacher.get_by_role("heading", name="A position").wait_for()
    assert refused == []
    context.close()
