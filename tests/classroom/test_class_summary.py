"""The teacher's summary of a class: learners' rows, the course's stages hardest first with
their counts, the rules broken most, the CSV of the learners' table; damaged files do not stop
it."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta, timezone

import pytest

from cassino_learn.learner import progress
from cassino_learn.classroom.class_events import EventLog
from cassino_learn.classroom.class_summary import course_stages, summarize, to_csv
from cassino_learn.classroom.roster import ClassWarning, Classroom
from cassino_learn.teaching.stages import load_stages, most_stars, stars_for

L1, L2 = "01_cards_and_points", "02_pairing"
# Later than any file written by the test, so "last seen" is the last event's time.
START = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(hours=1)
NOW = START + timedelta(hours=2)


def ids(lesson: str) -> list[str]:
    return [s.stage for s in course_stages() if s.lesson == lesson]


class Player:
    """A learner playing through stages as the stage runner records them."""

    clock = START

    def __init__(self, room: Classroom, name: str) -> None:
        self.learner = room.join(name)
        self.store = progress.load(room.progress_path(self.learner.id))
        self.log = EventLog(room.events_path(self.learner.id))

    def tick(self) -> datetime:
        Player.clock += timedelta(minutes=1)
        return Player.clock

    def answers(self, lesson: str, number: int, *answers: bool) -> None:
        stage = ids(lesson)[number - 1]
        wrong = 0
        for right in answers:
            self.log.add("try", lesson, stage, solved=right, at=self.tick())
            self.store.record_stage(lesson, stage, solved=right,
                                    stars=stars_for(wrong, False) if right else 0,
                                    tries=wrong + 1, hint=False, stage_ids=ids(lesson))
            wrong = 0 if right else wrong + 1

    def refused(self, lesson: str, number: int, rule: str) -> None:
        self.log.add("refusal", lesson, ids(lesson)[number - 1], rule=rule, at=self.tick())


@pytest.fixture
def room(data):
    Player.clock = START
    room = Classroom.for_name("Year 4")
    ana, ben, cy = Player(room, "Ana"), Player(room, "Ben"), Player(room, "Cy")
    Player(room, "Dee")  # joined, did nothing yet
    ana.answers(L1, 1, True)
    ben.answers(L1, 1, False, True)
    ben.refused(L1, 1, "S3")
    cy.answers(L1, 1, True)
    ana.refused(L1, 2, "S3")
    ana.answers(L1, 2, False, False, True)
    ana.refused(L1, 2, "S3")
    ben.answers(L1, 2, True)
    cy.answers(L1, 2, False, True)
    cy.answers(L1, 2, True)  # a replay: not part of the stage's difficulty
    ben.answers(L1, 4, False, False, False, True)
    cy.answers(L1, 5, False, True)
    cy.refused(L2, 2, "P2")
    cy.answers(L2, 2, True)
    cy.store.mark_done(L2)
    ana.answers(L1, 3, False)  # stuck
    return room


def test_each_stage_counts_tries_solves_first_tries_and_the_median(room):
    stages = {(r.lesson, r.number): r for r in summarize(room, NOW).stages}
    counts = {key: (r.tried, r.solved, r.first_try, r.median_tries) for key, r in stages.items()
              if r.tried}
    assert counts == {(L1, 1): (3, 3, 2, 1), (L1, 2): (3, 3, 1, 2), (L1, 3): (1, 0, 0, None),
                      (L1, 4): (1, 1, 0, 4), (L1, 5): (1, 1, 0, 2), (L2, 2): (1, 1, 1, 1)}
    assert len(stages) == len(course_stages())  # every stage of the course has its row
    assert stages[(L1, 1)].lesson_title == "Cards and points"


def test_the_hardest_stages_come_first_and_untried_ones_last_in_course_order(room):
    rows = summarize(room, NOW).stages
    assert [(r.lesson, r.number) for r in rows[:6]] == [
        (L1, 3),  # nobody solved it
        (L1, 4), (L1, 5),  # nobody at the first try; 4 tries beat 2
        (L1, 2), (L1, 1), (L2, 2)]  # a third, two thirds, all at the first try
    untried = [(r.lesson, r.number) for r in rows[6:]]
    course = [(s.lesson, s.number) for s in course_stages()]
    assert untried == [key for key in course if key in untried]
    assert not any(r.tried for r in rows[6:])


def test_the_rules_broken_most_come_first_with_their_stages_and_lessons(room):
    rules = [(r.rule, r.refusals, r.learners, r.taught_in,
              [(s["lesson"], s["number"], s["refusals"]) for s in r.stages])
             for r in summarize(room, NOW).rules]
    assert rules == [("S3", 3, 2, ["05_building"], [(L1, 2, 2), (L1, 1, 1)]),
                     ("P2", 1, 1, ["02_pairing"], [(L2, 2, 1)])]


def test_each_learner_has_a_row_with_stars_lessons_done_and_where_they_are(room):
    rows = {r.name: r for r in summarize(room, NOW).learners}
    assert list(rows) == ["Ana", "Ben", "Cy", "Dee"]
    ana, ben, cy, dee = rows.values()
    assert (ana.stars[L1], ben.stars[L1], cy.stars[L1], cy.stars[L2]) == (4, 6, 8, 3)
    assert cy.stars_total == 11 and dee.stars_total == 0 and set(dee.stars) >= {L1, L2}
    assert (ana.lessons_done, cy.lessons_done) == (0, 1)
    assert (ana.lesson_now, ana.stage_number_now) == (L1, 3)  # stuck where last tried
    assert (ben.lesson_now, ben.stage_number_now) == (L1, 5)  # solved 4: the next unsolved after it
    assert (cy.lesson_now, cy.lesson_title_now, cy.stage_number_now) == (L2, "Pairing", 3)
    assert (dee.lesson_now, dee.stage_now, dee.last_seen) == (None, None, None)
    assert ana.last_seen == Player.clock.isoformat()  # Ana acted last
    assert ana.seconds_since_seen == (NOW - Player.clock).total_seconds()
    assert len({r.code for r in rows.values()}) == 4


def test_the_summary_is_plain_json_and_names_stay_as_typed(room):
    room.join("<img src=x onerror=alert(1)>")
    room.join("\u202e" + "x" * 30)
    data = json.loads(json.dumps(summarize(room, NOW).to_json()))
    assert data["class_name"] == "Year 4" and data["generated"] == NOW.isoformat()
    assert [r["name"] for r in data["learners"]][-2:] == ["<img src=x onerror=alert(1)>",
                                                         "\u202e" + "x" * 30]
    assert data["lessons"][0] == {"lesson": L1, "title": "Cards and points",
                                  "stages": len(ids(L1)), "stars": most_stars(load_stages(L1))}
    assert "id" not in data["learners"][0]  # a learner's id opens their files: never shown


def test_a_stage_solved_before_the_record_began_counts_with_its_saved_tries(data):
    room = Classroom.for_name("imported")
    learner = room.join("Eve")
    progress.load(room.progress_path(learner.id)).record_stage(
        L1, ids(L1)[0], solved=True, stars=2, tries=2, hint=False, stage_ids=ids(L1))
    row = next(r for r in summarize(room, NOW).stages if r.number == 1 and r.lesson == L1)
    assert (row.tried, row.solved, row.first_try, row.median_tries) == (1, 1, 0, 2)


def test_a_corrupt_progress_file_is_set_aside_and_the_summary_goes_on(room):
    ana = room.learners()[0]
    room.progress_path(ana.id).write_text("{broken")
    with pytest.warns(progress.ProgressWarning, match="renamed to"):
        summary = summarize(room, NOW)
    assert summary.learners[0].name == "Ana" and summary.learners[0].stars_total == 0
    assert list(room.learners_dir.glob(f"{ana.id}.json.corrupt-*"))


def test_a_damaged_record_loses_only_its_bad_lines(room):
    ana = room.learners()[0]
    with open(room.events_path(ana.id), "a", encoding="utf-8") as handle:
        handle.write("not json\n")
    with pytest.warns(ClassWarning, match="1 unreadable line"):
        rows = summarize(room, NOW).stages
    assert next(r for r in rows if (r.lesson, r.number) == (L1, 2)).tried == 3


def test_an_empty_class_has_no_learners_and_every_stage_untried(data):
    summary = summarize(Classroom.for_name("empty"), NOW)
    assert summary.learners == [] and summary.rules == []
    assert [(r.lesson, r.number) for r in summary.stages] == [
        (s.lesson, s.number) for s in course_stages()]
    assert to_csv(summary).count("\r\n") == 1  # the header alone


@pytest.mark.parametrize("name", ["=1+1", "+1", "-2", "@SUM(A1)", "\t=1", "\r=1",
                                  "=HYPERLINK(\"http://x\",\"y\")"])
def test_a_name_a_spreadsheet_would_run_is_written_as_text(data, name):
    room = Classroom.for_name("csv")
    room.join(name)
    rows = list(csv.reader(io.StringIO(to_csv(summarize(room, NOW)))))
    assert rows[1][0] == "'" + name.strip() if name.strip()[0] in "=+-@" else "'" + name


def test_the_csv_has_a_column_of_stars_per_lesson_and_keeps_awkward_names_whole(room):
    room.join('Smith, "Jo"\nsecond line')
    summary = summarize(room, NOW)
    rows = list(csv.reader(io.StringIO(to_csv(summary), newline="")))
    header = rows[0]
    assert header[:5] == ["Name", "Code", "Last seen (UTC)", "Lessons done", "Stars"]
    assert header[5] == f"Cards and points (of {most_stars(load_stages(L1))})"  # starred only
    assert len(header) == 5 + len(summary.lessons) + 2
    assert [r[0] for r in rows[1:]] == ["Ana", "Ben", "Cy", "Dee", 'Smith, "Jo"\nsecond line']
    cy = rows[3]
    assert cy[3:7] == ["1", "11", "8", "3"] and cy[-2:] == ["Pairing", "3"]
