"""Homework on the class's server: the teacher sets it on the teacher's page (the token and the
form's XSRF field, like every teacher request; a mistake comes back on the page naming the
field, with everything typed kept), the teacher's table and CSV say item by item who solved
what on which try, and a learner reads the homework with their own results only."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from urllib.parse import urlencode

from class_case import ClassServerCase as ClassServer

from cassino_learn.classroom.class_events import answer_json, new_event_id
from cassino_learn.classroom.class_summary import course_stages
from cassino_learn.classroom.homework import listed, read_form, set_homework
from cassino_learn.teaching.stages import load_stages

L2 = "02_pairing"
ONE, TWO = [s.stage for s in course_stages() if s.lesson == L2][:2]
DUE = (datetime.now(timezone.utc).date() + timedelta(days=7)).isoformat()


def a_try(stage: str, right: bool) -> dict:
    data = {"id": new_event_id(), "at": datetime.now(timezone.utc).isoformat(),
            "kind": "try", "lesson": L2, "stage": stage, "solved": right}
    if right:
        data["answer"] = answer_json(load_stages(L2).stage(stage).solutions()[0])
    return data


class TestSetHomework(ClassServer):
    def set_homework(self, fields: dict, **kwargs) -> object:
        return self.form("/class/teacher/homework", {"token": self.token, **fields}, **kwargs)

    def two_stages(self, title: str = "Week 1") -> dict:
        return {"title": title, "due": DUE, "stages": [f"{L2}/{ONE}", f"{L2}/{TWO}"]}

    def form(self, path: str, fields: dict, cookies: str = "", with_xsrf: bool = True):
        # several values of one field (stages) as a browser sends them
        xsrf = self.xsrf()
        pairs = [(k, v) for k, values in fields.items()
                 for v in (values if isinstance(values, list) else [values])]
        if with_xsrf:
            pairs.append(("_xsrf", xsrf))
        return self.fetch(path, method="POST", body=urlencode(pairs), follow_redirects=False,
                          headers={"Cookie": f"_xsrf={xsrf}"})

    def test_setting_homework_stores_it_and_the_teachers_page_lists_it(self) -> None:
        response = self.set_homework(self.two_stages())
        assert response.code == 302
        assert response.headers["Location"].endswith("#cc-homework")
        stored = self.db(lambda s: listed(s))
        assert [(w.title, w.due.isoformat(), [i.stage for i in w.items])
                for w in stored] == [("Week 1", DUE, [ONE, TWO])]
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        assert [w["title"] for w in table["homework"]] == ["Week 1"]
        unchanged = self.get(f"/class/teacher/homework.json?token={self.token}"
                             f"&since={table['version']}")
        assert json.loads(unchanged.body) == {"version": table["version"], "unchanged": True}

    def test_without_the_token_or_the_xsrf_field_nothing_is_set(self) -> None:
        no_token = self.form("/class/teacher/homework", self.two_stages())
        assert no_token.code == 403
        wrong = self.set_homework({**self.two_stages(), "token": self.token + "x"})
        assert wrong.code == 403
        no_xsrf = self.set_homework(self.two_stages(), with_xsrf=False)
        assert no_xsrf.code == 403
        for path in ("homework.json", "homework.csv"):
            assert self.get(f"/class/teacher/{path}").code == 403
            assert self.get(f"/class/teacher/{path}?token=nope").code == 403
        assert self.db(lambda s: listed(s)) == []

    def test_a_mistake_comes_back_naming_the_field_with_everything_typed_kept(self) -> None:
        typed = {**self.two_stages("Week <b>1</b>"),
                 "positions": "table: 5D 2C\nhand: 7S QQ"}
        response = self.set_homework(typed)
        assert response.code == 400
        page = response.body.decode("utf-8")
        error = re.search(r'<p class="cc-error" role="alert" id="cc-homework-error">(.*?)</p>',
                          page, re.S).group(1)
        assert error.startswith("Position 1: line 2") and "QQ" in error
        assert 'value="Week &lt;b&gt;1&lt;/b&gt;"' in page
        assert f'value="{DUE}"' in page
        assert f'value="{L2}/{ONE}" checked' in page and f'value="{L2}/{TWO}" checked' in page
        assert "table: 5D 2C\nhand: 7S QQ</textarea>" in page
        assert 'id="cc-hw-positions"' in page and 'aria-invalid="true">table' in page
        assert self.db(lambda s: listed(s)) == []
        past = self.set_homework({**self.two_stages(), "due": "2020-01-01"})
        assert past.code == 400 and b"already past" in past.body

    def test_the_title_is_text_on_the_teachers_page(self) -> None:
        self.set_homework(self.two_stages('</script><script>alert(1)</script>'))
        page = self.get(f"/class/teacher?token={self.token}").body.decode("utf-8")
        assert "<script>alert(1)" not in page
        embedded = re.search(r'id="cc-homework-data">(.*?)</script>', page, re.S).group(1)
        assert json.loads(embedded)["homework"][0]["title"] == \
            "</script><script>alert(1)</script>"

    def test_the_teachers_table_and_csv_say_who_solved_what_on_which_try(self) -> None:
        ada, ben = self.join("Ada"), self.join("Ben")
        self.join("Cy")
        self.set_homework(self.two_stages())
        assert ada.sync({"learner": ada.id, "events": [a_try(ONE, False),
                                                       a_try(ONE, True)]}).code == 200
        assert ben.sync({"learner": ben.id, "events": [a_try(TWO, False)]}).code == 200
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        work = table["homework"][0]
        by_name = {row["name"]: row["results"][str(work["id"])] for row in table["learners"]}
        one, two = (f"stage:{L2}/{s}" for s in (ONE, TWO))
        assert by_name["Ada"][one] == {"state": "solved", "tries": 2, "solved_on": 2}
        assert by_name["Ben"][two]["state"] == "started"
        assert by_name["Cy"][one]["state"] == by_name["Cy"][two]["state"] == "not started"
        csv = self.get(f"/class/teacher/homework.csv?token={self.token}")
        assert csv.headers["Content-Disposition"].startswith('attachment; filename="homework-')
        lines = csv.body.decode("utf-8-sig").splitlines()
        assert any(line.startswith("Week 1,") and ",Ada," in line and line.endswith(",solved,2,2")
                   for line in lines)
        assert sum(",not started,0," in line for line in lines) == 4  # Ada 1, Ben 1, Cy 2

    def test_a_learner_reads_the_homework_with_their_own_results_only(self) -> None:
        ada, ben = self.join("Ada"), self.join("Ben")
        self.set_homework(self.two_stages())
        ada.sync({"learner": ada.id, "events": [a_try(ONE, True)]})
        mine = json.loads(self.get("/class/api/homework", headers={"Cookie": ada.cookies}).body)
        items = mine["homework"][0]["items"]
        assert [(i["stage"], i["state"], i["solved_on"]) for i in items] == \
            [(ONE, "solved", 1), (TWO, "not started", None)]
        theirs = json.loads(self.get("/class/api/homework", headers={"Cookie": ben.cookies}).body)
        assert {i["state"] for i in theirs["homework"][0]["items"]} == {"not started"}
        assert "Ada" not in json.dumps(theirs)
        assert self.get("/class/api/homework").code == 401
        for path in ("homework.json", "homework.csv", "summary.json"):
            assert self.get(f"/class/teacher/{path}", headers={"Cookie": ben.cookies}).code == 403


def deck_progress(*stages: str) -> dict:
    """The progress a page sends with these stages of lesson 2 in the learner's deck."""
    from pathlib import Path

    from cassino_learn.learner import progress
    from cassino_learn.learner.deck.cards import DeckCard

    record = progress.Progress(Path(progress.FILE_NAME))
    record.deck.cards.update({c.id: c for c in (
        DeckCard.for_stage(L2, s, datetime.now(timezone.utc)) for s in stages)})
    return record.to_json()


class TestDecks(ClassServer):
    form = TestSetHomework.form  # a form posted as a browser posts it

    def test_the_teacher_sees_the_decks_and_the_common_mistakes_a_learner_does_not(self) -> None:
        ada, ben, cy = self.join("Ada"), self.join("Ben"), self.join("Cy")
        assert ada.sync({"learner": ada.id, "progress": deck_progress(ONE, TWO)}).code == 200
        assert ben.sync({"learner": ben.id, "progress": deck_progress(ONE)}).code == 200
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        decks = {row["name"]: (row["cards"], row["due"], row["learnt"], row["failed_week"])
                 for row in table["decks"]}
        assert decks == {"Ada": (2, 2, 0, 0), "Ben": (1, 1, 0, 0), "Cy": (0, 0, 0, 0)}
        assert [(c["stage"], c["learners"]) for c in table["common_mistakes"]] == [(ONE, 2)]
        assert table["deck_rules"][0]["learners"] == 2
        assert self.get("/class/teacher/homework.json",
                        headers={"Cookie": cy.cookies}).code == 403
        page = self.get(f"/class/teacher?token={self.token}").body.decode("utf-8")
        assert 'id="cc-common" data-action="/class/teacher/homework"' in page
        assert 'id="cc-decks"' in page
        # Set as homework, the common mistake is no longer offered while that homework runs
        self.db(lambda s: set_homework(s, *read_form("Common", DUE, stages=[f"{L2}/{ONE}"])))
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        assert table["common_mistakes"] == []


    def test_a_game_position_common_to_two_decks_is_set_in_one_click_and_judged_by_the_server(
            self) -> None:
        from cassino_learn.core.position import Position
        from cassino_learn.game.coach import coach_values
        from cassino_learn.game.search import DEFAULT_ITERATIONS
        from cassino_learn.teaching.demonstration import observation_of
        from cassino_learn.classroom.homework_positions import HOMEWORK_LESSON, position_id

        ada, ben = self.join("Ada"), self.join("Ben")
        for learner in (ada, ben):
            assert learner.sync({"learner": learner.id,
                                 "progress": move_card_progress(5)}).code == 200
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        [common] = table["common_mistakes"]
        assert (common["kind"], common["learners"]) == ("position", 2)
        # what the one-click form posts (homework.js): the positions, a blank line between
        fields = {"token": self.token, "title": "Common mistakes", "due": DUE,
                  "positions": common["value"]}
        assert self.form("/class/teacher/homework", fields).code == 302
        [work] = self.db(lambda s: listed(s))
        assert [(i.kind, i.position) for i in work.items] == [("position", common["position"])]
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        assert table["common_mistakes"] == []  # set: no longer offered while it runs
        # solved on the learner's page with the expert's move: the server judges it again
        position = common["position"]
        best = str(coach_values(observation_of(Position.parse(position)),
                                iterations=DEFAULT_ITERATIONS)[0].move)
        solved = {"id": new_event_id(), "at": datetime.now(timezone.utc).isoformat(),
                  "kind": "try", "lesson": HOMEWORK_LESSON, "stage": position_id(position),
                  "solved": True, "answer": {"position": position, "move": best}}
        assert ada.sync({"learner": ada.id, "events": [solved]}).code == 200
        table = json.loads(self.get(f"/class/teacher/homework.json?token={self.token}").body)
        cells = {row["name"]: row["results"][str(work.id)] for row in table["learners"]}
        assert cells["Ada"][f"position:{position}"]["state"] == "solved"
        assert cells["Ben"].get(f"position:{position}", {}).get("state", "not started") == \
            "not started"


def move_card_progress(seed: int) -> dict:
    """The progress a page sends with a move card at the first position of a seeded game."""
    from pathlib import Path

    from cassino_learn import Game
    from cassino_learn.learner import progress
    from cassino_learn.learner.deck.cards import DeckCard, MovePuzzle

    seen = Game(players=2, seed=seed).observation()
    moves = [str(m) for m in seen.legal_moves()]
    puzzle = MovePuzzle(position=seen.position.one_line(), seat=seen.seat,
                        hand_sizes=tuple(seen.hand_sizes), stock_size=seen.stock_size,
                        dealer=seen.dealer, round_number=seen.round_number,
                        deal_number=seen.deal_number, deals_per_round=seen.deals_per_round,
                        scores=tuple(tuple(s) for s in seen.scores), number=1,
                        played=moves[0], better=moves[1], mark="mistake", loss=1.2)
    record = progress.Progress(Path(progress.FILE_NAME))
    card = DeckCard.for_move(puzzle, datetime.now(timezone.utc))
    record.deck.cards[card.id] = card
    return record.to_json()


class TestLearnersPath(ClassServer):
    def test_a_learners_homework_reads_only_the_homework_and_their_own_rows(self) -> None:
        """The path every learner's page uses costs the same in a class of 3 or 300: the
        homework table and the learner's own events, never the whole class."""
        ada, ben = self.join("Ada"), self.join("Ben")
        self.db(lambda s: set_homework(s, *read_form("Week 1", DUE, stages=[f"{L2}/{ONE}"])))
        ben.sync({"learner": ben.id, "events": [a_try(ONE, True)]})
        statements: list[str] = []

        def whole_class(*_args, **_kwargs):
            raise AssertionError("the learner's homework read the whole class")

        store = self.state.store.store
        for name in ("records", "learners"):
            setattr(store, name, whole_class)
        readers = []

        def trace(db_store):
            db = db_store._db()
            db.set_trace_callback(statements.append)
            readers.append(db)

        for _ in range(4):  # every reader thread's connection
            self.io_loop.run_sync(lambda: self.state.store.read(trace))
        answer = json.loads(self.get("/class/api/homework",
                                     headers={"Cookie": ada.cookies}).body)
        for db in readers:
            db.set_trace_callback(None)
        assert answer["homework"][0]["items"][0]["state"] == "not started"  # not Ben's solve
        reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
        assert reads and all("FROM homework" in s or "WHERE id=" in s or "WHERE learner=" in s
                             for s in reads), reads
