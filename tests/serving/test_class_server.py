"""The class's server (serving/class_server.py): the progress API with every refusal, the
learner's cookie, and the site's files as the network gets them."""

from __future__ import annotations

import gzip
import json
import os
import stat

from class_case import ClassServerCase, cookies_of, event

from cassino_learn.serving.class_api import MAX_BODY, MAX_EVENTS, RATE_BURST, RateLimit
from cassino_learn.serving.class_server import SECRET_FILE

PROGRESS = {"version": 1, "lessons": {"01_cards_and_points": {
    "done": False, "best": 0, "last": None, "total": 0, "practised": 2,
    "stages": {"aces": {"solved": True, "stars": 3, "tries": 1, "hint": False}}}},
    "preferences": {"four_color": True, "card_size": "normal"}}


class TestProgressApi(ClassServerCase):
    def test_me_tells_the_page_its_learner_and_an_xsrf_token(self) -> None:
        ada = self.join("Ada <b>")
        data = json.loads(ada.me().body)
        assert data["learner"]["name"] == "Ada <b>" and len(data["learner"]["code"]) == 6
        assert data["xsrf"] and data["class"] == "4B"
        assert data["progress"]["lessons"] == {}

    def test_events_and_progress_are_stored_once_however_often_sent(self) -> None:
        ada = self.join("Ada")
        body = {"learner": ada.id, "events": [event(1), event(2, solved=True),
                                              event(3, "refusal", rule="P2"),
                                              event(4, "visit")], "progress": PROGRESS}
        first = ada.sync(body)
        assert first.code == 200, first.body
        assert json.loads(first.body)["stored"] == 4
        again = ada.sync(body)
        assert json.loads(again.body)["stored"] == 0
        events = self.db(lambda s: s.events(ada.id))
        assert sorted(e.id for e in events) == [event(n)["id"] for n in (1, 2, 3, 4)]
        assert [e.rule for e in events if e.kind == "refusal"] == ["P2"]
        saved = json.loads(ada.me().body)["progress"]
        assert saved["lessons"]["01_cards_and_points"]["stages"]["aces"]["stars"] == 3
        assert saved["preferences"]["four_color"] is True

    def test_progress_from_two_computers_is_merged_not_replaced(self) -> None:
        ada = self.join("Ada")
        assert ada.sync({"learner": ada.id, "events": [], "progress": PROGRESS}).code == 200
        other = json.loads(json.dumps(PROGRESS))
        other["lessons"] = {"02_pairing": {"done": True, "best": 5, "last": 5, "total": 5,
                                           "practised": 0}}
        assert ada.sync({"learner": ada.id, "progress": other}).code == 200
        saved = json.loads(ada.me().body)["progress"]
        assert set(saved["lessons"]) == {"01_cards_and_points", "02_pairing"}

    def test_without_a_learner_cookie_nothing_is_taken(self) -> None:
        ada = self.join("Ada")
        for cookies in (f"_xsrf={ada.xsrf_cookie}",
                        f"{self.state.cookie_name}={ada.id}; _xsrf={ada.xsrf_cookie}",  # unsigned
                        f"{self.state.cookie_name}=2|1:0|10:1700000000|4:name|8:YWJj|"
                        f"{'0' * 64}; _xsrf={ada.xsrf_cookie}"):  # signed with another secret
            response = ada.sync({"learner": ada.id, "events": [event(1)]}, cookies=cookies)
            assert response.code == 401, cookies
            assert "not a learner of this class" in json.loads(response.body)["error"]
            assert self.get("/class/api/me", headers={"Cookie": cookies}).code == 401
        assert self.db(lambda s: s.events(ada.id)) == []

    def test_without_the_xsrf_header_nothing_is_taken(self) -> None:
        ada = self.join("Ada")
        version, mask, token, stamp = ada.xsrf.split("|")
        another = "|".join((version, mask, "0" * len(token), stamp))  # another browser's
        for token in ("", "2|abcd|efgh|1", another):
            response = ada.sync({"learner": ada.id, "events": [event(1)]}, xsrf=token or "")
            if not token:  # no header at all
                response = ada.sync({"learner": ada.id, "events": [event(1)]},
                                    xsrf="", cookies=ada.cookies)
            assert response.code == 403, token
        assert self.db(lambda s: s.events(ada.id)) == []

    def test_a_page_sends_only_its_own_learners_progress(self) -> None:
        ada, bob = self.join("Ada"), self.join("Bob")
        response = ada.sync({"learner": bob.id, "events": [event(1)], "progress": PROGRESS})
        assert response.code == 403
        assert "only its own learner" in json.loads(response.body)["error"]
        assert self.db(lambda s: s.events(bob.id)) == []
        assert self.db(lambda s: s.progress(bob.id))["lessons"] == {}

    def test_bad_bodies_are_refused_with_a_reason_and_store_nothing(self) -> None:
        ada = self.join("Ada")
        good = {"learner": ada.id, "events": [event(1)]}
        cases = [
            (b"not json", "not JSON"),
            (b"\xff\xfe", "not JSON"),
            (b"[1, 2]", "JSON object"),
            (b"[" * 100_000 + b"]" * 100_000, None),  # too deep, or too long
            (json.dumps({**good, "extra": 1}).encode(), "unknown field"),
            (json.dumps({**good, "learner": "../../etc/passwd"}).encode(), "16 hexadecimal"),
            (json.dumps({**good, "learner": ada.id.upper()}).encode(), "16 hexadecimal"),
            (json.dumps({**good, "learner": 12}).encode(), "16 hexadecimal"),
            (json.dumps({**good, "events": {"a": 1}}).encode(), "list of objects"),
            (json.dumps({**good, "events": [1, 2]}).encode(), "list of objects"),
            (json.dumps({**good, "events": [event(n) for n in range(MAX_EVENTS + 1)]}).encode(),
             f"at most {MAX_EVENTS}"),
            (json.dumps({**good, "progress": [1]}).encode(), "JSON object"),
            (json.dumps({**good, "progress": {"lessons": {"x": {"best": -1}}}}).encode(),
             "not a count"),
            (json.dumps({**good, "events": [event(1), {**event(2), "kind": "hack"}]}).encode(),
             "event 1"),
            (json.dumps({**good, "events": [{**event(1), "id": "short"}]}).encode(), "id"),
            (json.dumps({**good, "events": [{**event(1), "lesson": "<script>"}]}).encode(),
             "lesson"),
        ]
        for raw, reason in cases:
            response = ada.sync(None, raw=raw)
            assert response.code in (400, 413), (raw[:60], response.code)
            if reason:
                assert reason in json.loads(response.body)["error"], (raw[:60], response.body)
        assert self.db(lambda s: s.events(ada.id)) == []
        assert self.db(lambda s: s.progress(ada.id))["lessons"] == {}

    def test_a_body_over_the_limit_is_refused_unread(self) -> None:
        ada = self.join("Ada")
        big = {"learner": ada.id, "events": [event(1, lesson="x" * 150)] * 3,
               "progress": {"lessons": {}, "preferences": {"pad": "x" * MAX_BODY}}}
        response = ada.sync(big)
        assert response.code == 413
        assert "at most" in json.loads(response.body)["error"]
        assert self.db(lambda s: s.events(ada.id)) == []

    def test_a_learner_of_an_ended_class_is_sent_to_the_name_page(self) -> None:
        ada = self.join("Ada")
        self.db(lambda s: s.end(__import__("datetime").datetime.now()))
        response = ada.sync({"learner": ada.id, "events": [event(1)]})
        assert response.code == 401
        assert ada.me().code == 401


class TestRateLimit(ClassServerCase):
    limit = RateLimit(burst=5, per_second=0.001)

    def test_a_learner_sending_too_often_is_told_to_wait_and_others_are_not(self) -> None:
        ada, bob = self.join("Ada"), self.join("Bob")
        codes = [ada.sync({"learner": ada.id, "events": [event(n)]}).code for n in range(8)]
        assert codes == [200] * 5 + [429] * 3
        refused = ada.sync({"learner": ada.id, "events": [event(99)]})
        assert int(refused.headers["Retry-After"]) >= 1
        assert len(self.db(lambda s: s.events(ada.id))) == 5
        assert bob.sync({"learner": bob.id, "events": [event(1)]}).code == 200


def test_the_rate_limit_refills_with_time() -> None:
    limit = RateLimit(burst=RATE_BURST, per_second=1.0)
    assert all(limit.allow("a", now=0.0) for _ in range(RATE_BURST))
    assert not limit.allow("a", now=0.0)
    assert limit.allow("a", now=1.0) and not limit.allow("a", now=1.0)


class TestCookies(ClassServerCase):
    def test_every_cookie_is_httponly_and_samesite_lax_and_the_learners_is_signed(self) -> None:
        response = self.form("/class/join", {"name": "Ada"})
        headers = response.headers.get_list("Set-Cookie") + \
            self.get("/class/join").headers.get_list("Set-Cookie")
        assert len(headers) >= 2
        for header in headers:
            lowered = header.lower()
            assert "httponly" in lowered and "samesite=lax" in lowered, header
        value = self.learner_cookie(response)
        assert value.startswith("2|") and len(value) > 60  # tornado's signed value
        ada = self.db(lambda s: s.learners())[0]
        assert ada.id in __import__("base64").b64decode(value.split("|")[4].split(":")[1]).decode()

    def test_the_cookie_secret_is_kept_in_the_class_folder_for_its_owner_only(self) -> None:
        path = self.folder / SECRET_FILE
        assert len(path.read_text().strip()) >= 32
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


class TestSiteFiles(ClassServerCase):
    def test_a_lesson_page_sends_a_browser_that_is_nobody_to_the_name_page(self) -> None:
        response = self.get("/voici/render/02_pairing.html")
        assert response.code == 302
        assert response.headers["Location"] == \
            "/class/join?next=%2Fvoici%2Frender%2F02_pairing.html"
        assert self.get("/").headers["Location"] == "/voici/render/00_index.html"

    def test_a_learners_page_comes_with_the_class_client_compressed(self) -> None:
        ada = self.join("Ada")
        response = self.get("/voici/render/02_pairing.html",
                            headers={"Cookie": ada.cookies, "Accept-Encoding": "gzip"},
                            decompress_response=False)
        assert response.code == 200
        assert response.headers["Content-Encoding"] == "gzip"
        page = gzip.decompress(response.body).decode()
        assert page.startswith('<!DOCTYPE html><html lang="en"><head><script src="/class-client.js?v=')
        assert "<title>02_pairing</title>" in page
        client = self.get(page.split('src="')[1].split('"')[0])
        assert client.code == 200 and b"cassino-learn-class" in client.body
        assert client.headers["Content-Type"].startswith("text/javascript")

    def test_files_are_sent_compressed_with_an_etag_and_not_again_when_unchanged(self) -> None:
        from cassino_learn.serving.class_site import precompress

        made, _ = precompress(self.site)
        assert made >= 2
        plain = self.get("/static/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": ""})
        assert plain.headers["Content-Type"] == "application/wasm"
        assert "Content-Encoding" not in plain.headers
        packed = self.get("/static/pyodide/pyodide.asm.wasm",
                          headers={"Accept-Encoding": "gzip, br"}, decompress_response=False)
        assert packed.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.body) == plain.body
        assert len(packed.body) < len(plain.body) / 2
        assert packed.headers["Cache-Control"] == "no-cache"
        again = self.get("/static/pyodide/pyodide.asm.wasm",
                         headers={"If-None-Match": packed.headers["ETag"]})
        assert again.code == 304 and not again.body
        assert precompress(self.site)[0] == 0  # once

    def test_nothing_outside_the_site_or_hidden_is_sent(self) -> None:
        (self.site.parent / "secret.txt").write_text("no")
        for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/static/../../secret.txt",
                     "/.complete", "/static/%2e%2e/%2e%2e/secret.txt", "/nothing.js"):
            response = self.get(path)
            assert response.code in (400, 404), path
            assert b"no" != response.body
        assert self.folder.exists() and self.get("/class/../classes").code == 404

    def test_class_pages_and_api_answers_are_never_stored_by_caches(self) -> None:
        assert self.get("/class/join").headers["Cache-Control"] == "no-store"
        assert self.get("/class/api/me").headers["Cache-Control"] == "no-store"
        assert cookies_of(self.get("/class/join"))["_xsrf"]["samesite"] == "Lax"
