"""The class's own pages (serving/class_web.py) on the class's server: the name page and
joining, learner codes, and the teacher's page with its token."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from class_case import ClassServerCase as ClassServer

from cassino_learn.serving import class_web, templates

NASTY_NAMES = ["<img src=x onerror=alert(1)>", "مرحبا بالعالم", "🂡 Ace 🃏", "x" * 10_000,
               "../../etc/passwd", "</script><script>alert(2)</script>", "", "=1+2"]
TEACHER_URLS = ["class/teacher", "class/teacher/summary.json", "class/teacher/class.csv",
                "class/teacher/anything"]


class TestTeacherToken(ClassServer):
    def test_every_teacher_url_without_the_token_is_not_allowed(self) -> None:
        for path in TEACHER_URLS:
            for query in ("", "?token=", "?token=wrong", f"?token={self.token[:-1]}",
                          f"?token={self.token}x"):
                response = self.get(f"/{path}{query}")
                assert response.code == 403, (path, query)
                assert b"Not allowed" in response.body
                assert self.token.encode() not in response.body
        ended = self.fetch("/class/teacher/end", method="POST", body="confirm=yes",
                           follow_redirects=False)
        assert ended.code == 403
        assert self.db(lambda s: s.archives()) == []

    def test_with_the_token_the_teacher_page_and_its_data_open(self) -> None:
        self.db(lambda s: s.join("Ada"))
        page = self.get(f"/class/teacher?token={self.token}")
        assert page.code == 200
        assert page.headers["Content-Type"].startswith("text/html")
        # Only its own script runs (no inline handlers, nothing from elsewhere).
        policy = page.headers["Content-Security-Policy"]
        nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
        assert f'<script nonce="{nonce}">'.encode() in page.body
        assert b"http://" not in page.body and b"https://" not in page.body
        data = json.loads(self.get(f"/class/teacher/summary.json?token={self.token}").body)
        assert [row["name"] for row in data["learners"]] == ["Ada"]

    def test_the_csv_is_a_download_of_the_learners_table(self) -> None:
        for name in ("Ada", "=HYPERLINK(1)"):
            self.db(lambda s: s.join(name))
        response = self.get(f"/class/teacher/class.csv?token={self.token}")
        assert response.code == 200
        assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
        assert response.headers["Content-Disposition"].startswith('attachment; filename="class-')
        text = response.body.decode("utf-8-sig")
        lines = text.splitlines()
        assert lines[0].startswith("Name,Code,")
        assert lines[1].startswith("Ada,") and lines[2].startswith("'=HYPERLINK(1),")

    def test_ending_the_class_needs_the_confirmation_and_archives(self) -> None:
        learner = self.db(lambda s: s.join("Ada"))
        refused = self.form("/class/teacher/end", {"token": self.token})
        assert refused.code == 400
        assert self.db(lambda s: s.learners()) == [learner]
        ended = self.form("/class/teacher/end", {"token": self.token, "confirm": "yes"})
        assert ended.code == 302 and "ended=" in ended.headers["Location"]
        assert self.db(lambda s: s.learners()) == []
        [archive] = self.db(lambda s: s.archives())
        assert (archive / "class.sqlite3").stat().st_size > 0


class TestNames(ClassServer):
    def test_names_of_every_shape_are_shown_as_text_and_never_make_a_path(self) -> None:
        for name in NASTY_NAMES:
            self.form("/class/join", {"name": name})
        page = self.get(f"/class/teacher?token={self.token}").body.decode("utf-8")
        assert "<img" not in page and "<script>alert" not in page
        assert "</script><script>" not in page
        embedded = re.search(r'<script type="application/json" id="cc-data">(.*?)</script>',
                             page, re.S).group(1)
        shown = [row["name"] for row in json.loads(embedded)["learners"]]
        kept = [learner.name for learner in self.db(lambda s: s.learners())]
        assert shown == kept and len(kept) == len(NASTY_NAMES)
        assert "<img src=x onerror=alert(1)>" in shown and "../../etc/passwd" in shown
        assert "مرحبا بالعالم" in shown and "🂡 Ace 🃏" in shown
        made = {p.name for p in self.folder.rglob("*")}
        assert not any("passwd" in name or "img" in name for name in made)
        assert not (Path(self._tmp.name) / "etc").exists()


class TestMarkupTyped(ClassServer):
    """What the teacher and learners type (the class's name, a page to go back to, the
    archive's name) reaches the pages as text."""

    class_name = "4B <script>alert(3)</script> & friends"

    def test_the_class_name_is_text_on_the_name_page_and_the_teachers_page(self) -> None:
        shown = "4B &lt;script&gt;alert(3)&lt;/script&gt; &amp; friends"
        for path in ("/class/join", f"/class/teacher?token={self.token}"):
            page = self.get(path).body.decode()
            assert "<script>alert(3)" not in page, path
            assert page.count(shown) == 2, path  # the title and the heading

    def test_a_page_to_go_back_to_and_an_archive_name_stay_inside_their_attribute(self) -> None:
        page = self.get("/class/join?" + urlencode({"next": '"><script>alert(4)</script>'}))
        page = page.body.decode()
        assert "<script>alert(4)" not in page
        kept = re.findall(r'name="next" value="([^"]*)"', page)
        assert kept and all(html.unescape(v) == '"><script>alert(4)</script>' for v in kept)
        page = self.get("/class/teacher?" + urlencode({"token": self.token,
                                                       "ended": "<img src=x>"})).body.decode()
        assert "<img src=x>" not in page and "(&lt;img src=x&gt;)" in page


class TestJoining(ClassServer):
    def test_the_name_page_asks_for_a_name_with_start_and_skip(self) -> None:
        page = self.get("/class/join?next=/voici/render/02_pairing.html")
        assert page.code == 200
        text = page.body.decode()
        assert 'name="name"' in text and ">Start</button>" in text and ">Skip</button>" in text
        assert 'value="/voici/render/02_pairing.html"' in text

    def test_joining_sets_the_learners_cookie_and_goes_on_to_the_page(self) -> None:
        response = self.form("/class/join", {"name": "Ada",
                                             "next": "/voici/render/02_pairing.html"})
        assert response.code == 302
        assert response.headers["Location"] == "/voici/render/02_pairing.html"
        learner_id = self.cookie_id(response)
        learner = self.db(lambda s: s.learner(learner_id))
        assert learner is not None and learner.name == "Ada"
        assert "httponly" in response.headers["Set-Cookie"].lower()

    def test_two_learners_with_one_name_are_two_learners(self) -> None:
        first = self.learner_cookie(self.form("/class/join", {"name": "Sam"}))
        second = self.learner_cookie(self.form("/class/join", {"name": "Sam"}))
        assert first != second
        assert [x.name for x in self.db(lambda s: s.learners())] == ["Sam", "Sam"]

    def test_skip_gives_an_anonymous_name(self) -> None:
        response = self.form("/class/join", {"name": "Typed anyway", "skip": "1"})
        learner = self.db(lambda s: s.learner(self.cookie_id(response)))
        assert learner is not None and learner.name != "Typed anyway" and learner.name

    def test_joining_without_the_forms_xsrf_field_is_refused(self) -> None:
        response = self.form("/class/join", {"name": "Ada"}, with_xsrf=False)
        assert response.code == 403
        assert self.db(lambda s: s.learners()) == []

    def test_after_joining_goes_only_to_this_servers_lessons(self) -> None:
        for after in ("//elsewhere.example/x", "http://elsewhere.example/",
                      "/voici/render/..//x", "/class/teacher", "javascript:alert(1)"):
            response = self.form("/class/join", {"name": "Ada", "next": after})
            assert response.headers["Location"] == "/voici/render/00_index.html", after

    def test_a_learner_code_continues_as_that_learner(self) -> None:
        ada = self.db(lambda s: s.join("Ada"))
        response = self.form("/class/code", {"code": ada.code.lower()})
        assert response.code == 302
        assert self.cookie_id(response) == ada.id

    def test_a_code_that_does_not_exist_says_so(self) -> None:
        self.db(lambda s: s.join("Ada"))
        for typed in ("ZZZZZZ", "<b>nope</b>", ""):
            response = self.form("/class/code", {"code": typed})
            assert response.code == 404
            text = response.body.decode()
            assert "No learner of this class has the code" in text
            assert "<b>nope</b>" not in text
            assert self.state.cookie_name not in response.headers.get("Set-Cookie", "")

    def test_not_you_shows_who_this_browser_is_and_the_way_to_switch(self) -> None:
        response = self.form("/class/join", {"name": "Ada <i>"})
        cookie = f"{self.state.cookie_name}={self.learner_cookie(response)}"
        page = self.get("/class/join?switch=1", headers={"Cookie": cookie}).body.decode()
        assert "This browser plays as" in page and "Ada &lt;i&gt;" in page
        assert "Someone new" in page


@pytest.mark.parametrize("after, expected", [
    ("/voici/render/03_combining.html", "/voici/render/03_combining.html"),
    ("/voici/render/03_combining.html?x=1", "/voici/render/03_combining.html?x=1"),
    ("", "/voici/render/00_index.html"),
    ("https://elsewhere.example/voici/render/x", "/voici/render/00_index.html"),
    ("/voici/render/x\r\nSet-Cookie: a=b", "/voici/render/00_index.html"),
])
def test_where_a_learner_goes_after_joining(after: str, expected: str) -> None:
    assert class_web._safe_next(after, "/") == expected


def test_the_script_data_cannot_end_its_script_element() -> None:
    text = templates.script_json({"name": "</script><img src=x>&\u2028"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><img src=x>&\u2028"}
