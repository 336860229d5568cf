"""A class's roster: names are data (any text, never a path), ids and codes are made here,
lookups by id and code, a damaged roster loses only its damaged lines, the end of a class."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone

import pytest

from cassino_learn.classroom import class_events
from cassino_learn.learner import learner_context, progress
from cassino_learn.classroom.roster import (CODE_ALPHABET, CODE_LENGTH, MAX_NAME, ClassWarning,
                                            Classroom, class_slug)

NOW = datetime(2026, 11, 24, 11, 30, 5, tzinfo=timezone.utc)
HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "<script>alert('x')</script>",
    "../../etc/passwd",
    "..\\..\\windows\\system32",
    "/etc/passwd",
    "שלום עולם",              # right to left
    "\u202eevil\u202c name",   # a right-to-left override inside
    "🃏 Ace ♠️ 👩‍👩‍👧",
    "Robert'); DROP TABLE learners;--",
    "=HYPERLINK(\"http://x\")",
    "a\nb\tc",
    "nul\x00byte",
    "lone \ud800 surrogate",
    "Zoë",
]


@pytest.fixture
def room(data):
    return Classroom.for_name("Year 4 (Blue)")


def files_in(room: Classroom) -> list[str]:
    return sorted(str(p.relative_to(room.folder)) for p in room.folder.rglob("*"))


def test_a_class_lives_in_the_data_folder_under_a_slug_of_its_name(data):
    room = Classroom.for_name("  Year 4 (Blue) ")
    assert room.folder == data / "classes" / "year-4-blue"
    assert room.name == "  Year 4 (Blue) "
    assert Classroom.for_name("YEAR 4 blue").folder == room.folder
    assert class_slug("Ｃｌａｓｓ ５") == "class-5"   # full-width letters fold
    assert class_slug("数学 二组") == "数学-二组"        # letters of any script
    assert class_slug("../../etc") == "etc"


@pytest.mark.parametrize("name", ["", "   ", "!!!", "../..", "___", "🃏"])
def test_a_class_name_without_letters_or_digits_is_refused(data, name):
    with pytest.raises(ValueError, match="no letters or digits"):
        Classroom.for_name(name)


def test_a_class_can_live_under_another_root(tmp_path_factory):
    root = tmp_path_factory.mktemp("root")
    assert Classroom.for_name("4B", root).folder == root / "classes" / "4b"


@pytest.mark.parametrize("name", HOSTILE)
def test_any_name_is_kept_as_typed_and_never_becomes_a_path(room, name):
    learner = room.join(name)
    assert learner.name == name.strip()
    assert Classroom(room.folder).learner(learner.id).name == name.strip()  # read back from disk
    progress.Progress(room.progress_path(learner.id)).save()
    with learner_context.using(class_events.class_learner(room, learner.id)):
        class_events.record_visit("02_pairing")
    assert files_in(room) == ["learners", f"learners/{learner.id}.events",
                              f"learners/{learner.id}.json", "roster.jsonl"]
    assert re.fullmatch(r"[0-9a-f]{16}", learner.id)


def test_a_very_long_name_is_cut_to_the_longest_kept(room):
    learner = room.join("x" * 10_000)
    assert learner.name == "x" * MAX_NAME
    assert len(room.roster_path.read_bytes()) < 400


@pytest.mark.parametrize("blank", ["", "   ", "\t\n", "\u200b\u200b", None])
def test_a_blank_name_gets_an_anonymous_one_each_their_own(room, blank):
    first, second = room.join(blank), room.join(blank)
    assert (first.name, second.name) == ("Learner 1", "Learner 2")
    assert first.id != second.id


def test_two_learners_with_one_name_are_two_learners(room):
    first, second = room.join("Sam"), room.join("Sam")
    assert first.id != second.id and first.code != second.code
    assert [x.id for x in room.learners()] == [first.id, second.id]


def test_a_name_that_is_not_text_is_refused(room):
    with pytest.raises(TypeError, match="a learner's name is text"):
        room.join(42)  # type: ignore[arg-type]


def test_codes_are_short_unambiguous_and_unique_in_the_class(room):
    learners = [room.join(f"n{i}") for i in range(150)]
    codes = [x.code for x in learners]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set("01OIL") & set(CODE_ALPHABET)


def test_a_learner_is_found_by_code_in_any_case_with_spaces_or_a_hyphen(room):
    learner = room.join("Ana")
    code = learner.code
    for typed in (code, code.lower(), f" {code[:3]} {code[3:]} ", f"{code[:3]}-{code[3:]}"):
        assert room.by_code(typed) == learner
    assert room.by_code(code[:-1]) is None
    assert room.by_code("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY") is None  # no such learner
    for nonsense in ("", "O0O0O0", "../../x", None, 123456, "A" * 1000):
        assert room.by_code(nonsense) is None


@pytest.mark.parametrize("bad", ["../x", "..", "", "0123456789ABCDEF", "0123456789abcde",
                                 "0123456789abcdef0", "0123456789abcdef\n", "01234567/9abcdef",
                                 "0123456789abcde\x00", None, 7])
def test_an_id_that_is_not_one_makes_no_path(room, bad):
    with pytest.raises(ValueError, match="is not a learner id"):
        room.progress_path(bad)
    with pytest.raises(ValueError, match="is not a learner id"):
        room.events_path(bad)
    assert room.learner(bad) is None
    with pytest.raises(ValueError, match="has no learner"):
        class_events.use_learner(room, bad)


def test_an_unknown_but_well_formed_id_is_no_learner(room):
    room.join("Ana")
    assert room.learner("0123456789abcdef") is None
    assert room.progress_path("0123456789abcdef").name == "0123456789abcdef.json"


def test_the_roster_survives_a_restart(room):
    joined = [room.join(name) for name in ("Ana", "Ben")]
    again = Classroom.for_name("Year 4 (Blue)")
    assert again.learners() == joined
    assert again.learner(joined[1].id).joined == joined[1].joined


def test_a_damaged_roster_keeps_every_readable_learner_and_sets_the_rest_aside(room):
    ana, ben = room.join("Ana"), room.join("Ben")
    lines = room.roster_path.read_text().splitlines()
    forged = json.dumps({"id": "../../../etc", "name": "x", "code": "AAAAAA",
                         "joined": NOW.isoformat()})
    repeated = lines[0]  # the same id twice: the first keeps it
    room.roster_path.write_text("\n".join([lines[0], "{garbage", forged, lines[1], repeated,
                                           "[1, 2]"]) + "\n")
    with pytest.warns(ClassWarning, match=r"unreadable lines \(2, 3, 5, 6\)"):
        assert room.learners() == [ana, ben]
    aside = list(room.folder.glob("roster.jsonl.corrupt-*"))
    assert len(aside) == 1 and "{garbage" in aside[0].read_text()
    assert room.roster_path.read_text().splitlines() == lines  # repaired in place
    carl = room.join("Carl")
    assert room.learners() == [ana, ben, carl]


def test_a_line_cut_by_a_crash_spoils_only_itself(room):
    ana = room.join("Ana")
    with open(room.roster_path, "ab") as handle:
        handle.write(b'{"id": "0123')  # a join that never finished
    with pytest.warns(ClassWarning, match=r"unreadable lines \(2\)"):
        ben = room.join("Ben")
    assert room.learners() == [ana, ben]


def test_ending_a_class_archives_it_in_a_dated_folder_and_starts_afresh(room):
    ana = room.join("Ana")
    with learner_context.using(class_events.class_learner(room, ana.id)):
        progress.load().mark_done("02_pairing")
        class_events.record_try("02_pairing", "one", True)
    archive = room.end(NOW)
    assert archive == room.folder / "archive" / "2026-11-24_113005"
    assert sorted(str(p.relative_to(archive)) for p in archive.rglob("*")) == [
        "learners", f"learners/{ana.id}.events", f"learners/{ana.id}.json", "roster.jsonl"]
    assert room.learners() == [] and room.learner(ana.id) is None
    assert room.by_code(ana.code) is None
    assert not room.learners_dir.exists()
    ben = room.join("Ben")
    assert room.learners() == [ben] and ben.name == "Ben"
    again = room.end(NOW)  # twice in one second: a folder of its own
    assert again.name == "2026-11-24_113005-2" and again != archive
    assert room.archives() == [archive, again]


def test_ending_an_empty_class_makes_an_empty_archive(room):
    archive = room.end(NOW)
    assert archive.is_dir() and list(archive.iterdir()) == []
