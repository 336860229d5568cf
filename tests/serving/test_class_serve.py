"""`cassino-learn serve --class NAME`: what it prints, where the class is kept, and how a page
in the learner's browser finds its learner (pages/browser_class.py, with the browser's side
stood in for)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from class_case import small_site

from cassino_learn.pages import browser_class, learner
from cassino_learn.serving import cli
from cassino_learn.serving.class_site import SiteError, class_site
from cassino_learn.serving.voila import VoilaServer, free_port
from cassino_learn.classroom import class_events
from cassino_learn.learner import learner_context, progress


def test_without_class_the_command_is_voila_as_before(tmp_path):
    server = VoilaServer(tmp_path)
    assert server.command()[1:3] == ["-m", "voila"]
    args = cli.build_parser().parse_args(["serve"])
    assert args.class_name is None and args.site is None


def test_the_start_prints_the_learners_and_the_teachers_address(tmp_path):
    text = cli.class_banner("4B", "localhost", 8866, "SeCrEt", tmp_path)
    assert "Learners open:      http://localhost:8866/" in text
    assert "http://localhost:8866/class/teacher?token=SeCrEt" in text
    assert "--ip 0.0.0.0" in text and str(tmp_path) in text


def test_on_the_network_the_learners_address_is_this_computers(monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "network_address", lambda: "192.168.1.20")
    text = cli.class_banner("4B", "0.0.0.0", 8866, "T", tmp_path)
    assert "Learners open:      http://192.168.1.20:8866/" in text
    assert "http://192.168.1.20:8866/class/teacher?token=T" in text


@pytest.mark.parametrize("name", ["", "!!!", "   "])
def test_a_class_name_without_letters_is_a_one_line_error(name, monkeypatch, tmp_path):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    with pytest.raises(SystemExit) as stopped:
        cli._classroom(name)
    assert str(stopped.value).startswith("cassino-learn: --class: the class name")
    assert not (tmp_path / "classes").exists()


def test_the_class_folder_is_made_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("CASSINO_LEARN_DATA", str(tmp_path))
    classroom = cli._classroom("Year 4 (blue)")
    assert classroom.folder == tmp_path / "classes" / "year-4-blue"
    assert classroom.folder.is_dir() and classroom.name == "Year 4 (blue)"


def test_a_site_folder_that_is_no_build_is_a_clear_error(tmp_path):
    (tmp_path / "index.html").write_text("hello")
    with pytest.raises(SiteError, match="not a build of the static edition"):
        class_site(tmp_path, report=print)


def test_site_without_class_is_refused(monkeypatch, tmp_path):
    with pytest.raises(SystemExit, match="--site goes with --class"):
        cli.main(["serve", "--site", str(tmp_path)])


# ------------------------------------------------------------------ a page in the browser


@pytest.fixture
def browser(monkeypatch, tmp_path):
    """A page's Python as in the browser: its storage in tmp_path, the server stood in for,
    and what it posts to the page collected."""
    monkeypatch.setattr(browser_class, "STORAGE", tmp_path / "class")
    monkeypatch.setattr(browser_class, "LAST_LEARNER", tmp_path / "class" / "learner.json")
    monkeypatch.setattr(learner, "_identity", None)
    monkeypatch.setattr(learner, "_asked", False)
    posted: list[dict] = []
    with learner_context.using(learner_context.NOBODY):  # and back to it after the page
        yield posted


SERVER_PROGRESS = {"version": 1, "lessons": {"02_pairing": {
    "done": True, "best": 4, "last": 4, "total": 5, "practised": 0,
    "stages": {"one-card": {"solved": True, "stars": 2, "tries": 2, "hint": False}}}},
    "preferences": {}}


def answer(status: int, data: dict | None = None):
    return lambda path: (status, json.dumps(data or {}))


def test_outside_a_class_the_page_changes_nothing(browser):
    assert browser_class.join_in_browser(answer(404), browser.append) is None
    assert browser_class.join_in_browser(answer(401), browser.append) is None
    assert browser == [] and progress.current_path().name == "progress.json"
    assert learner.identify() is None  # not in a browser at all
    assert learner.name_line().markup == "" and learner.code_line().markup == ""


def test_in_a_class_the_page_is_its_learners_with_the_servers_progress_merged(browser, tmp_path):
    me = {"learner": {"id": "0123456789abcdef", "name": "Ada <b>", "code": "ABC234"},
          "progress": SERVER_PROGRESS, "xsrf": "x"}
    found = browser_class.join_in_browser(answer(200, me), browser.append)
    assert found.name == "Ada <b>"
    assert progress.current_path() == tmp_path / "class" / "0123456789abcdef" / "progress.json"
    store = progress.load()
    assert store.lesson("02_pairing").stages["one-card"].stars == 2  # from the other computer
    store.record_stage("01_cards_and_points", "aces", solved=True, stars=3, tries=1,
                       hint=False, stage_ids=["aces"])
    class_events.record_try("01_cards_and_points", "aces", True)
    class_events.record_refusal("01_cards_and_points", "aces", "C1")
    kinds = [(m["type"], m["learner"]) for m in browser]
    assert ("event", "0123456789abcdef") in kinds and ("progress", "0123456789abcdef") in kinds
    events = [m["event"] for m in browser if m["type"] == "event"]
    assert [e["kind"] for e in events] == ["try", "refusal"]
    assert events[1]["rule"] == "C1" and len({e["id"] for e in events}) == 2
    last = [m["progress"] for m in browser if m["type"] == "progress"][-1]
    assert set(last["lessons"]) == {"01_cards_and_points", "02_pairing"}


def test_offline_at_start_the_page_is_the_learner_known_last(browser):
    me = {"learner": {"id": "0123456789abcdef", "name": "Ada", "code": "ABC234"},
          "progress": {}}
    browser_class.join_in_browser(answer(200, me), browser.append)

    def offline(path: str):
        raise OSError("no network")

    found = browser_class.ask_server(offline)
    assert found is not None and found.id == "0123456789abcdef" and found.progress is None


def test_serve_class_starts_one_small_process_and_stops_cleanly(tmp_path):
    """The real command on a given site: the banner, the learners' address answering, no
    process under it, and SIGTERM stopping it with the class kept."""
    site = small_site(tmp_path / "site")
    port = free_port()
    env = {**os.environ, "CASSINO_LEARN_DATA": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "cassino_learn.serving.cli", "serve", "--class", "Year 9 <b>",
         "--site", str(site), "--port", str(port), "--no-browser"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        for line in process.stdout:
            lines.append(line)
            if line.startswith("Press Ctrl-C"):
                break
        text = "".join(lines)
        assert "Class 'Year 9 <b>' is open." in text, text
        assert f"Learners open:      http://localhost:{port}/" in text
        token = text.split("class/teacher?token=")[1].split()[0]
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as moved:
            opener.open(f"http://127.0.0.1:{port}/")
        assert moved.value.code == 302
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/class/teacher?token={token}") as page:
            assert b"Year 9 &lt;b&gt;" in page.read()
        assert psutil.Process(process.pid).children(recursive=True) == []
        process.send_signal(signal.SIGTERM)
        rest = process.communicate(timeout=30)[0]
        assert process.returncode == 0
        assert "the class is kept" in rest
        assert (tmp_path / "data" / "classes" / "year-9-b" / "class.sqlite3").exists()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.parametrize("slug", ["01_cards_and_points", "02_pairing"])  # a number; a move
def test_a_stage_solved_on_a_page_sends_its_answer_and_the_server_judges_it_a_star(
        browser, tmp_path, slug):
    """The record layer as the page runs it: the stage runner's solved try carries the answer
    given, the page's outbox gets it, and the class's store, judging it, counts the stars."""
    from datetime import datetime, timezone

    from cassino_learn.classroom.class_store import ClassStore
    from cassino_learn.classroom.class_summary import summarize
    from cassino_learn.teaching.stages import load_stages
    from cassino_learn.ui.stages import StageRunner

    with ClassStore.open(tmp_path / "class", "4B") as store:
        ada = store.join("Ada")
        me = {"learner": {"id": ada.id, "name": "Ada", "code": ada.code}, "progress": {},
              "xsrf": "x"}
        browser_class.join_in_browser(answer(200, me), browser.append)
        runner = StageRunner(slug)
        stages = load_stages(slug).stages
        first = next(i for i, s in enumerate(stages) if s.starred)  # not a guided step
        runner.open_stage(first)
        stage = stages[first]
        assert runner.answer(stage.solutions()[0]).correct  # what the page's buttons send
        events = [m["event"] for m in browser if m["type"] == "event"]
        solved = [e for e in events if e["kind"] == "try" and e["solved"]]
        assert len(solved) == 1 and "answer" in solved[0]
        sent = [m["progress"] for m in browser if m["type"] == "progress"][-1]
        json.dumps(events)  # as the page posts them
        store.sync(ada.id, events, sent)
        [row] = summarize(store, datetime.now(timezone.utc)).learners
        assert row.stars[slug] == 3 and row.unchecked_total == 0
