"""The demonstration's handlers (serving/class_demo.py) on the class's server
(serving/class_server.py, XSRF checked on every POST): only the teacher's token drives,
learners answer once each with the page's XSRF token, bad input is refused and changes
nothing, the stream sends the table."""

from __future__ import annotations

import asyncio
import json
import secrets
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.testing import AsyncHTTPTestCase, gen_test
from tornado.web import Application

from class_case import small_site  # this folder
from cassino_learn.serving.class_demo import MAX_BODY, demo_handlers, for_class
from cassino_learn.serving.class_server import make_app, open_state

POSITION = "table: 5D 3C 6H 2S KC; hand: 8S 4D 9C; hand 2: 9H KD 2D; turn: 1"
TEACHER_ACTIONS = [{"action": "position", "text": POSITION},
                   {"action": "play", "move": "trail 4D"}, {"action": "back"}, {"action": "next"},
                   {"action": "show", "seat": 2}, {"action": "ask"}, {"action": "close"},
                   {"action": "reveal"}, {"action": "stop"},
                   {"action": "deal", "players": 2}, {"action": "stage", "lesson": "05_building",
                                                      "stage": "first-build"}]


class DemoServer(AsyncHTTPTestCase):
    def setUp(self) -> None:
        import tempfile

        self._tmp = tempfile.TemporaryDirectory()
        self.folder = Path(self._tmp.name) / "classes" / "4b"
        self.site = small_site(Path(self._tmp.name) / "site")
        self.token = secrets.token_urlsafe(24)
        self.class_state = open_state(self.folder, "4B", self.token)
        self.demo_state = for_class(self.class_state)
        self._teacher_xsrf: tuple[str, str] | None = None
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        self.class_state.store.close()
        self._tmp.cleanup()

    def get_app(self) -> Application:
        return make_app(self.class_state, self.site, demo=self.demo_state)

    def learner_ids(self) -> dict[str, str]:
        return self.class_state.store.run(lambda store: {x.name: x.id for x in store.learners()})

    # -- helpers

    def teacher(self, payload, token: str | None = "right", raw: bytes | None = None):
        if self._teacher_xsrf is None:  # the teacher's page's XSRF cookie and token
            page = self.fetch(f"/class/demo/teacher/state.json?token={self.token}")
            cookie = SimpleCookie(page.headers.get("Set-Cookie", ""))["_xsrf"].value
            self._teacher_xsrf = (cookie, json.loads(page.body)["xsrf"])
        headers = {"Content-Type": "application/json", "Cookie": f"_xsrf={self._teacher_xsrf[0]}",
                   "X-XSRFToken": self._teacher_xsrf[1]}
        if token is not None:
            headers["X-Teacher-Token"] = self.token if token == "right" else token
        return self.fetch("/class/demo/teacher/do", method="POST", headers=headers,
                          body=raw if raw is not None else json.dumps(payload))

    def join(self, name: str) -> str:
        """A learner's cookies (the class's learner cookie and the page's _xsrf)."""
        page = self.fetch("/class/join")
        xsrf = SimpleCookie(page.headers.get("Set-Cookie", ""))["_xsrf"].value
        joined = self.fetch("/class/join", method="POST", follow_redirects=False,
                            body=urlencode({"name": name, "_xsrf": xsrf}),
                            headers={"Cookie": f"_xsrf={xsrf}"})
        jar = SimpleCookie()
        for header in joined.headers.get_list("Set-Cookie"):
            jar.load(header)
        return f"{self.class_state.cookie_name}={jar[self.class_state.cookie_name].value}; " \
               f"_xsrf={xsrf}"

    def answer(self, cookies: str, move: str, question: str | None = None,
               xsrf: bool = True, raw: bytes | None = None):
        xsrf_value = SimpleCookie(cookies)["_xsrf"].value
        body = raw if raw is not None else json.dumps(
            {"question": question or self.demo_state.demo.question.id, "move": move})
        headers = {"Cookie": cookies, "Content-Type": "application/json"}
        if xsrf:
            headers["X-XSRFToken"] = xsrf_value
        return self.fetch("/class/demo/answer", method="POST", headers=headers, body=body)

    def asked(self) -> None:
        assert self.teacher({"action": "position", "text": POSITION}).code == 200
        assert self.teacher({"action": "ask"}).code == 200


class TestOnlyTheTeacherDrives(DemoServer):
    def test_every_teacher_url_needs_the_token(self) -> None:
        for path in ("teacher", "teacher/state.json", "teacher/stages.json",
                     "teacher/questions.json", "teacher/questions.csv", "teacher/anything"):
            for query in ("", "?token=", "?token=wrong", f"?token={self.token[:-1]}"):
                response = self.fetch(f"/class/demo/{path}{query}")
                assert response.code == 403, (path, query)
                assert self.token.encode() not in response.body
            assert self.fetch(f"/class/demo/{path}?token={self.token}").code in (200, 404)

    def test_a_learner_cannot_change_the_table_or_open_a_question(self) -> None:
        cookies = self.join("Mallory")
        for payload in TEACHER_ACTIONS:
            for token in (None, "", "wrong"):
                response = self.teacher(payload, token=token)
                assert response.code == 403, payload
            response = self.fetch("/class/demo/teacher/do", method="POST",
                                  headers={"Cookie": cookies}, body=json.dumps(payload))
            assert response.code == 403
        assert self.demo_state.demo.version == 0 and not self.demo_state.demo.on

    def test_the_teacher_drives_and_a_refusal_changes_nothing(self) -> None:
        for payload in TEACHER_ACTIONS:
            response = self.teacher(payload)
            assert response.code == 200, (payload, response.body)
        self.teacher({"action": "position", "text": POSITION})
        version = self.demo_state.demo.version
        for payload, status in (({"action": "play", "move": "8S take 5D"}, 422),
                                ({"action": "position", "text": "table: 5D 5D"}, 422),
                                ({"action": "fly"}, 400), ({"action": ["play"]}, 400),
                                ({"action": "show", "seat": "2"}, 422),
                                ({"action": "deal", "players": 9}, 422),
                                ({"action": "deal", "seed": -1}, 422),
                                ({"action": "stage", "lesson": "nope", "stage": "x"}, 422)):
            response = self.teacher(payload)
            assert response.code == status, (payload, response.body)
            assert json.loads(response.body)["error"]
        illegal = json.loads(self.teacher({"action": "play", "move": "8S take 5D"}).body)
        assert illegal["rule"] == "S1"
        for raw in (b"not json", b"[1, 2]", b"{" + b" " * MAX_BODY + b"}"):
            assert self.teacher(None, raw=raw).code in (400, 413)
        assert self.demo_state.demo.version == version

    def test_the_teachers_view_has_every_hand_the_learners_only_the_movers(self) -> None:
        self.teacher({"action": "position", "text": POSITION})
        teacher = json.loads(self.fetch(f"/class/demo/teacher/state.json?token={self.token}").body)
        assert 'data-card="KD"' in teacher["table_html"]
        cookies = self.join("Ana")
        public = self.fetch("/class/demo/state.json", headers={"Cookie": cookies})
        assert public.code == 200 and b"KD" not in public.body
        assert 'data-card="8S"' in json.loads(public.body)["table_html"]
        assert self.fetch("/class/demo/state.json").code == 403  # not a learner of the class


class TestAnswers(DemoServer):
    def test_one_answer_per_learner_a_later_one_replaces_it(self) -> None:
        ana, bo = self.join("Ana"), self.join("<img src=x onerror=alert(1)>")
        self.asked()
        assert self.answer(ana, "trail 4D").code == 200
        assert self.answer(ana, "8S take 2S 6H").code == 200
        refused = self.answer(bo, "8S take 5D")
        assert refused.code == 422 and json.loads(refused.body)["rule"] == "S1"
        state = json.loads(self.fetch(f"/class/demo/teacher/state.json?token={self.token}").body)
        assert state["progress"]["answered"] == 1
        assert state["progress"]["waiting"] == ["<img src=x onerror=alert(1)>"]
        assert "take" not in json.dumps([state["question"], state["progress"]])  # not yet
        assert self.answer(bo, "trail 4D").code == 200
        self.teacher({"action": "reveal"})
        state = json.loads(self.fetch(f"/class/demo/teacher/state.json?token={self.token}").body)
        moves = {m["move"]: m for m in state["question"]["reveal"]["moves"]}
        assert moves["8S take 2S+6H"]["count"] == 1 and moves["8S take 2S+6H"]["names"] == ["Ana"]
        assert moves["trail 4D"]["names"] == ["<img src=x onerror=alert(1)>"]
        assert "<img" not in moves["trail 4D"]["html"]  # the cards' drawing carries no name
        mine = json.loads(self.fetch("/class/demo/mine", headers={"Cookie": bo}).body)
        assert mine["comparison"]["move"] == "trail 4D"
        # learners see counts, never names
        public = self.fetch("/class/demo/state.json", headers={"Cookie": ana}).body.decode()
        assert "Ana" not in public and "onerror" not in public
        kept = json.loads(self.fetch(f"/class/demo/teacher/questions.json?token={self.token}").body)
        assert kept["questions"][0]["state"] == "revealed"
        assert len(kept["questions"][0]["answers"]) == 2
        csv_text = self.fetch(f"/class/demo/teacher/questions.csv?token={self.token}").body
        assert b"trail 4D" in csv_text

    def test_bad_answers_are_refused_and_change_nothing(self) -> None:
        ana = self.join("Ana")
        self.asked()
        question = self.demo_state.demo.question
        cases = [
            (self.answer(ana, "trail 4D", xsrf=False), 403),
            (self.answer(ana, "x" * 300), 413),
            (self.answer(ana, "trail 4D", question="../../etc"), 400),
            (self.answer(ana, "trail 4D", question="0" * 16), 409),
            (self.answer(ana, "", raw=b"not json"), 400),
            (self.answer(ana, "", raw=json.dumps({"question": question.id,
                                                  "move": 7}).encode()), 400),
            (self.answer(ana, "", raw=json.dumps({"question": question.id, "move": "trail 4D",
                                                  "learner": "b" * 16}).encode()), 400),
            (self.answer(ana, "", raw=b"{" + b" " * MAX_BODY + b"}"), 413),
            (self.answer(ana, "banana"), 422),
        ]
        for response, status in cases:
            assert response.code == status, response.body
        stranger = self.fetch("/class/demo/answer", method="POST", body="{}",
                              headers={"Cookie": "_xsrf=abc", "X-XSRFToken": "abc"})
        assert stranger.code == 403
        assert question.answers == {}

    def test_no_answer_once_the_question_is_closed(self) -> None:
        ana = self.join("Ana")
        self.asked()
        self.teacher({"action": "close"})
        assert self.answer(ana, "trail 4D").code == 422
        assert self.demo_state.demo.question.answers == {}


class TestStream(DemoServer):
    def learner_cookie(self, name: str) -> str:
        """A learner of the class and the signed cookie the name page would give them (made
        here: a test on the event loop cannot fetch the name page)."""
        from tornado.web import create_signed_value

        from cassino_learn.serving.class_server import cookie_secret

        learner = self.class_state.store.run(lambda store: store.join(name))
        value = create_signed_value(cookie_secret(self.folder), self.class_state.cookie_name,
                                    learner.id).decode("ascii")
        return f"{self.class_state.cookie_name}={value}"

    @gen_test(timeout=20)
    async def test_a_follower_gets_the_table_at_once_then_each_move(self) -> None:
        cookies = self.learner_cookie("Ana")
        self.demo_state.demo.set_position(POSITION)
        chunks: list[bytes] = []
        got = asyncio.Event()

        def on_chunk(chunk: bytes) -> None:
            chunks.append(chunk)
            got.set()

        request = HTTPRequest(self.get_url("/class/demo/stream"), headers={"Cookie": cookies},
                              streaming_callback=on_chunk, request_timeout=30)
        stream = asyncio.ensure_future(self.http_client.fetch(request, raise_error=False))

        async def received(text: str) -> str:
            while text not in b"".join(chunks).decode():
                got.clear()
                await asyncio.wait_for(got.wait(), 10)
            return b"".join(chunks).decode()

        first = await received("event: table")
        assert f"id: {self.demo_state.demo.version}" in first and "KC" in first
        chunks.clear()
        self.demo_state.demo.play("9C take 3C 6H")
        self.demo_state.hub.changed()
        after = await received("event: table")
        assert "9C take 3C+6H" in after
        self.http_client.close()
        stream.cancel()

    @gen_test(timeout=20)
    async def test_a_reconnecting_follower_with_the_current_version_gets_no_repeat(self) -> None:
        cookies = self.learner_cookie("Ana")
        self.demo_state.demo.set_position(POSITION)
        chunks: list[bytes] = []
        request = HTTPRequest(self.get_url("/class/demo/stream"),
                              headers={"Cookie": cookies,
                                       "Last-Event-ID": str(self.demo_state.demo.version)},
                              streaming_callback=chunks.append, request_timeout=30)
        stream = asyncio.ensure_future(self.http_client.fetch(request, raise_error=False))
        while b"retry:" not in b"".join(chunks):  # connected
            await asyncio.sleep(0.01)
        self.demo_state.demo.play("9C take 3C 6H")
        self.demo_state.hub.changed()
        while b"event: table" not in b"".join(chunks):
            await asyncio.sleep(0.01)
        received = b"".join(chunks).decode()
        # the one table sent is the new one: the version it had was not sent again
        assert received.count("event: table") == 1
        assert f"id: {self.demo_state.demo.version}" in received
        self.http_client.close()
        stream.cancel()

    def test_a_stranger_gets_no_stream(self) -> None:
        assert self.fetch("/class/demo/stream").code == 403


class TestPages(DemoServer):
    def test_pages_load_nothing_from_outside_and_escape_the_name(self) -> None:
        cookies = self.join("</script><b>Bo</b>")
        page = self.fetch("/class/demo/follow", headers={"Cookie": cookies})
        assert page.code == 200
        body = page.body.decode()
        assert "<b>Bo</b>" not in body and "&lt;b&gt;Bo&lt;/b&gt;" in body
        assert "http://" not in body and "https://" not in body
        assert "script-src 'self'" in page.headers["Content-Security-Policy"]
        assert self.fetch("/class/demo/follow").code == 403
        teacher = self.fetch(f"/class/demo/teacher?token={self.token}")
        assert teacher.code == 200 and b"Show the class a table" in teacher.body
        for name in ("follow.js", "teacher.js", "demo_common.js", "demo.css", "table.css"):
            asset = self.fetch(f"/class/demo/static/{name}")
            assert asset.code == 200 and b"http://" not in asset.body
        assert self.fetch("/class/demo/static/..%2fclass_demo.py").code == 404
        assert self.fetch("/class/demo/static/teacher.html").code == 404


    def test_the_teachers_variants_are_the_registrys_and_each_deals(self) -> None:
        import html
        import re

        from cassino_learn.core.variants import DEMONSTRATED

        body = self.fetch(f"/class/demo/teacher?token={self.token}").body.decode()
        menu = body.split('<select id="cd-variant">', 1)[1].split("</select>", 1)[0]
        offered = [(html.unescape(value), html.unescape(label)) for value, label in
                   re.findall(r'<option value="([^"]*)">([^<]*)</option>', menu)]
        assert offered == [("", "Standard Cassino")] + [(v.text, f"{v.name} ({v.rule})")
                                                         for v in DEMONSTRATED]
        assert ("values=royal", "Royal Casino (V7)") in offered
        for rules, _ in offered:  # the server deals each choice the page sends back
            assert self.teacher({"action": "deal", "players": 2, "rules": rules}).code == 200


class TestRestart(DemoServer):
    def test_a_restarted_server_shows_the_same_table_and_question(self) -> None:
        ana = self.join("Ana")
        self.asked()
        assert self.answer(ana, "trail 4D").code == 200
        self.demo_state.hub._send()  # what the next message would keep, kept now
        restarted = for_class(self.class_state)
        assert restarted.demo.public() == self.demo_state.demo.public()
        assert list(restarted.demo.question.answers) == list(self.demo_state.demo.question.answers)

    def test_a_broken_kept_demonstration_is_set_aside_with_a_warning(self) -> None:
        import pytest

        self.demo_state.store.save_current({"source": {"kind": "position", "text": "nonsense"},
                                            "version": 3})
        with pytest.warns(UserWarning, match="could not be set up again"):
            fresh = for_class(self.class_state)
        assert not fresh.demo.on


class TestAwaitableLookups(AsyncHTTPTestCase):
    """A class server whose store is read off the event loop gives awaitable callables."""

    def get_app(self) -> Application:
        from cassino_learn.serving.class_demo import DemoState, Follower, token_checker

        async def learner(handler):
            await asyncio.sleep(0)
            return Follower("a" * 16, "Ana") if handler.request.headers.get("X-Who") else None

        async def roster():
            return {"a" * 16: "Ana", "b" * 16: "Bo"}

        self.state = DemoState(teacher=token_checker("T"), learner=learner, roster=roster)
        self.state.demo.set_position(POSITION)
        self.state.demo.open_question()
        return Application(demo_handlers(self.state))

    def test_awaitable_learner_and_roster(self) -> None:
        assert self.fetch("/class/demo/mine").code == 403
        assert self.fetch("/class/demo/mine", headers={"X-Who": "1"}).code == 200
        response = self.fetch("/class/demo/answer", method="POST",
                              body=json.dumps({"question": self.state.demo.question.id,
                                               "move": "trail 4D"}),
                              headers={"X-Who": "1", "Cookie": "_xsrf=x1", "X-XSRFToken": "x1"})
        assert response.code == 200
        state = json.loads(self.fetch("/class/demo/teacher/state.json",
                                      headers={"X-Teacher-Token": "T"}).body)
        assert state["progress"]["waiting"] == ["Bo"]


class TestStrictXsrfApp(DemoServer):
    """The class's server checks XSRF on every POST with an HttpOnly cookie: the pages get the
    token from the JSON they load."""

    def test_the_teacher_and_a_learner_use_the_token_they_were_given(self) -> None:
        page = self.fetch(f"/class/demo/teacher/state.json?token={self.token}")
        cookie = SimpleCookie(page.headers.get("Set-Cookie", ""))["_xsrf"].value
        token = json.loads(page.body)["xsrf"]
        headers = {"X-Teacher-Token": self.token, "Cookie": f"_xsrf={cookie}"}
        refused = self.fetch("/class/demo/teacher/do", method="POST", headers=headers,
                             body=json.dumps({"action": "position", "text": POSITION}))
        assert refused.code == 403
        done = self.fetch("/class/demo/teacher/do", method="POST",
                          headers={**headers, "X-XSRFToken": token},
                          body=json.dumps({"action": "position", "text": POSITION}))
        assert done.code == 200
        self.demo_state.demo.open_question()
        cookies = self.join("Ana").split("; _xsrf=")[0]  # the learner's cookie alone
        mine = self.fetch("/class/demo/mine", headers={"Cookie": cookies})
        own = SimpleCookie(mine.headers.get("Set-Cookie", ""))["_xsrf"].value
        answered = self.fetch("/class/demo/answer", method="POST",
                              headers={"Cookie": f"{cookies}; _xsrf={own}",
                                       "X-XSRFToken": json.loads(mine.body)["xsrf"]},
                              body=json.dumps({"question": self.demo_state.demo.question.id,
                                               "move": "trail 4D"}))
        assert answered.code == 200


class TestEndOfClass(DemoServer):
    def test_ending_the_class_archives_the_questions_and_clears_the_table(self) -> None:
        ana = self.join("Ana")
        self.asked()
        assert self.answer(ana, "trail 4D").code == 200
        self.teacher({"action": "reveal"})
        page = self.fetch(f"/class/teacher?token={self.token}")
        xsrf = SimpleCookie(page.headers.get("Set-Cookie", ""))["_xsrf"].value
        ended = self.fetch("/class/teacher/end", method="POST", follow_redirects=False,
                           headers={"Cookie": f"_xsrf={xsrf}"},
                           body=urlencode({"_xsrf": xsrf, "token": self.token,
                                           "confirm": "yes"}))
        assert ended.code == 302
        archive = next((self.folder / "archive").iterdir())
        from cassino_learn.classroom.demo_store import DemoStore

        kept = DemoStore(archive).questions()
        assert len(kept) == 1 and kept[0]["answers"][0]["move"] == "trail 4D"
        assert not self.demo_state.demo.on
        assert self.demo_state.store.questions() == []
        assert for_class(self.class_state).demo.on is False  # and after a restart


class TestRateLimit(DemoServer):
    def test_a_learner_sending_answers_too_fast_is_asked_to_wait_others_are_not(self) -> None:
        from cassino_learn.serving.class_demo import ANSWERS_PER_WINDOW

        ana, bo = self.join("Ana"), self.join("Bo")
        self.asked()
        codes = [self.answer(ana, "8S take 5D").code for _ in range(ANSWERS_PER_WINDOW)]
        assert codes == [422] * ANSWERS_PER_WINDOW
        assert self.answer(ana, "trail 4D").code == 429
        assert self.answer(bo, "trail 4D").code == 200
        bo_id = self.learner_ids()["Bo"]
        assert list(self.demo_state.demo.question.answers) == [bo_id]


class TestClassCsv(DemoServer):
    def test_the_class_csv_lists_each_question_with_its_answers_after_the_learners(self) -> None:
        assert b"Questions asked" not in self.fetch(
            f"/class/teacher/class.csv?token={self.token}").body  # none asked yet
        ana = self.join("Ana <b>")
        self.asked()
        assert self.answer(ana, "trail 4D").code == 200
        self.teacher({"action": "reveal"})
        text = self.fetch(f"/class/teacher/class.csv?token={self.token}").body.decode("utf-8-sig")
        learners, questions = text.split("Questions asked in demonstrations")
        assert "Ana <b>" in learners
        rows = questions.strip().splitlines()
        assert len(rows) == 2 and "trail 4D" in rows[1] and "Ana <b>" in rows[1]
        assert rows[1].endswith("8S take 2S+6H")  # the best move, from the reveal
        assert self.fetch("/class/teacher/class.csv?token=wrong").code == 403
