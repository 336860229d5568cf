"""The page's progress file read ahead as the browser's kernel starts (pages/read_ahead.py, called
by serving/static/browser_site.py): the page's first look at its progress takes that answer
rather than waiting on the browser's storage; only the first, and never an answer older than a
save. Run natively with the browser's `js` bridge and storage stood in for."""

from __future__ import annotations

import asyncio
import base64
import json
import sys
import types
from pathlib import Path

import pytest

from cassino_learn.pages import read_ahead
from cassino_learn.learner import progress

IN_STORAGE = Path("/drive/cassino-learn/progress.json")


@pytest.fixture(autouse=True)
def fresh_reading_ahead(monkeypatch):
    monkeypatch.setattr(progress, "_ahead", progress._Ahead())


def saved_progress(path: Path) -> bytes:
    """A progress file with a stage solved at `path`; then a page starts (reading ahead open)."""
    store = progress.load(path)
    store.record_stage("02_pairing", "one-card", solved=True, stars=3, tries=1, hint=False,
                       stage_ids=["one-card", "two"])
    progress._ahead = progress._Ahead()  # (the fixture puts the module's own back)
    return path.read_bytes()


def test_the_first_reading_takes_what_was_read_ahead_and_reads_no_file(tmp_path):
    path = tmp_path / "progress.json"
    raw = saved_progress(path)
    progress.read_ahead(path, raw)
    path.unlink()  # were the file read, nothing would be found

    assert progress.load(path).lesson("02_pairing").stages["one-card"].stars == 3
    assert progress.load(path).lesson("02_pairing").stages == {}  # the next reads the file


def test_no_file_read_ahead_is_a_fresh_start(tmp_path):
    path = tmp_path / "progress.json"
    saved_progress(path)
    progress.read_ahead(path, None)
    assert progress.load(path).lesson("02_pairing").stages == {}


def test_an_answer_that_comes_after_the_first_reading_is_not_kept(tmp_path):
    path = tmp_path / "progress.json"
    raw = saved_progress(path)
    progress.load(path)              # the page looked first (the answer was late) ...
    progress.read_ahead(path, b"{}")  # ... so this is dropped,
    assert progress.load(path).lesson("02_pairing").stages["one-card"].stars == 3
    assert path.read_bytes() == raw


def test_a_save_drops_what_was_read_ahead(tmp_path):
    path = tmp_path / "progress.json"
    saved_progress(path)
    progress.read_ahead(path, b"{}")
    progress.Progress(tmp_path / "other.json").mark_done("03_combining")  # a save, no load
    assert progress.load(path).lesson("02_pairing").stages["one-card"].solved


def test_a_reading_ahead_of_another_file_is_not_taken_for_this_one(tmp_path):
    path = tmp_path / "progress.json"
    saved_progress(path)
    progress.read_ahead(tmp_path / "someone-else.json", b"{}")
    assert progress.load(path).lesson("02_pairing").stages["one-card"].solved


def test_a_corrupt_file_read_ahead_is_set_aside_as_a_corrupt_file_is(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("not json")
    progress.read_ahead(path, b"not json")  # (nothing has read progress yet)
    with pytest.warns(progress.ProgressWarning, match="could not be read"):
        assert progress.load(path).lesson("02_pairing").stages == {}
    assert not path.exists() and len(list(tmp_path.iterdir())) == 1  # set aside


@pytest.mark.parametrize("answer, raw", [
    (None, None),
    ({"content": '{"lessons":{}}', "format": "json"}, b'{"lessons":{}}'),
    ({"content": "été", "format": "text"}, "été".encode()),
    ({"content": base64.b64encode(b"\xff\x00").decode(), "format": "base64"}, b"\xff\x00"),
])
def test_the_storages_answer_is_decoded_as_its_file_system_decodes_it(answer, raw):
    assert read_ahead.decoded(answer) == raw


@pytest.mark.parametrize("answer", [[], {"content": 3, "format": "text"},
                                    {"content": "x", "format": "zip"},
                                    {"content": "!!", "format": "base64"}])
def test_an_odd_answer_is_refused(answer):
    with pytest.raises(ValueError):
        read_ahead.decoded(answer)


class FakeStorage:
    """Pyodide's `js`, `pyodide_js` and `pyodide.ffi`, as much as the reading ahead uses: the
    storage's mount (its endpoint, browsing context and path rule) and `fetch`."""

    def __init__(self, answer: object, status: int = 200) -> None:
        self.asked: list[tuple[str, dict]] = []
        storage = self

        class Response:
            def __init__(self) -> None:
                self.status = status

            async def text(self) -> str:
                return json.dumps(answer)

        def fetch(url: str, options: dict):  # the request leaves now; a promise of its answer
            storage.asked.append((url, json.loads(options["body"])))

            async def answered() -> Response:
                return Response()
            return answered()

        api = types.SimpleNamespace(endpoint="http://school:8000/api/drive",
                                    _browsingContextId="context-1",
                                    normalizePath=lambda path: path.removeprefix("/drive"))
        mount = types.SimpleNamespace(type=types.SimpleNamespace(API=api))
        self.pyodide_js = types.SimpleNamespace(FS=types.SimpleNamespace(
            lookupPath=lambda path: types.SimpleNamespace(
                node=types.SimpleNamespace(mount=mount))))
        self.js = types.SimpleNamespace(
            fetch=fetch, Object=types.SimpleNamespace(fromEntries=dict),
            crypto=types.SimpleNamespace(randomUUID=lambda: "id-1"))
        self.ffi = types.SimpleNamespace(to_js=lambda value, dict_converter=None: value)


@pytest.fixture
def storage(monkeypatch):
    def make(answer: object, status: int = 200) -> FakeStorage:
        fake = FakeStorage(answer, status)
        monkeypatch.setitem(sys.modules, "js", fake.js)
        monkeypatch.setitem(sys.modules, "pyodide_js", fake.pyodide_js)
        monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
        monkeypatch.setitem(sys.modules, "pyodide.ffi", fake.ffi)
        return fake
    return make


def ask_and_wait(monkeypatch, path: Path = IN_STORAGE) -> None:
    """As the kernel starts: the question asked, then the loop runs until it is answered."""
    monkeypatch.setattr(progress, "current_path", lambda: path)

    async def kernel_start() -> None:
        read_ahead.read_progress_ahead()
        while read_ahead._asking:
            await asyncio.sleep(0)

    asyncio.run(kernel_start())


def test_it_asks_the_storage_as_its_file_system_does_and_keeps_the_answer(storage, monkeypatch):
    fake = storage({"content": '{"lessons":{}}', "format": "json"})
    ask_and_wait(monkeypatch)
    assert fake.asked == [("http://school:8000/api/drive", {
        "data": {"method": "get", "path": "/cassino-learn/progress.json", "requestId": "id-1"},
        "browsingContextId": "context-1", "requestId": "id-1"})]
    assert progress._ahead.files == {IN_STORAGE: b'{"lessons":{}}'}


@pytest.mark.parametrize("answer, status", [({"error": "?"}, 200), (None, 500)])
def test_a_failed_question_leaves_the_page_to_read_the_file_itself(storage, monkeypatch, answer,
                                                                   status):
    storage(answer, status)
    ask_and_wait(monkeypatch)
    assert progress._ahead.files == {}


def test_a_file_outside_the_storage_is_not_asked_for(storage, monkeypatch, tmp_path):
    fake = storage(None)
    ask_and_wait(monkeypatch, tmp_path / "progress.json")
    assert fake.asked == [] and progress._ahead.files == {}


def test_the_request_leaves_at_once_and_the_answer_is_held_until_taken(storage, monkeypatch):
    fake = storage(None)
    monkeypatch.setattr(progress, "current_path", lambda: IN_STORAGE)

    async def kernel_start() -> None:
        read_ahead.read_progress_ahead()
        assert len(fake.asked) == 1  # asked before the kernel's loop runs again
        assert len(read_ahead._asking) == 1  # held: not lost to the garbage collector
        while read_ahead._asking:
            await asyncio.sleep(0)

    asyncio.run(kernel_start())
    assert len(fake.asked) == 1 and progress._ahead.files == {IN_STORAGE: None}


def test_a_lesson_shown_later_in_the_same_python_reads_ahead_again(storage, monkeypatch,
                                                                   tmp_path):
    """The course shell shows a second lesson: its reading ahead is taken by its first look at
    progress, although the page's first reading is long past."""
    path = tmp_path / "progress.json"
    saved_progress(path)
    progress.load(path)  # the page's own first reading closed the reading ahead
    fake = storage({"content": '{"lessons":{}}', "format": "json"})
    told: list[str] = []
    monkeypatch.setattr(progress, "current_path", lambda: path)
    monkeypatch.setattr(read_ahead, "_ask_storage", lambda asked: fake.js.fetch(
        "http://school:8000/api/drive", {"body": json.dumps({"path": str(asked)})}))

    async def shell_opens_a_lesson() -> None:
        read_ahead.read_progress_ahead(again=True, then=lambda: told.append("answer in"))
        while read_ahead._asking or not told:
            await asyncio.sleep(0)

    asyncio.run(shell_opens_a_lesson())
    assert told == ["answer in"]
    assert progress.load(path).lesson("02_pairing").stages == {}  # the answer, not the file
    assert progress.load(path).lesson("02_pairing").stages["one-card"].stars == 3  # then the file


def test_the_shell_is_told_at_once_when_nothing_can_be_read_ahead(monkeypatch, tmp_path):
    monkeypatch.setattr(progress, "current_path", lambda: tmp_path / "progress.json")
    told: list[str] = []
    read_ahead.read_progress_ahead(again=True, then=lambda: told.append("none"))  # no storage
    assert told == ["none"] and progress._ahead.files == {}
