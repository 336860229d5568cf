"""One learner's context is in use at a time; a block puts back the one before it, whatever
happens in it, so a learner's files are never left in use for whoever comes next."""

from __future__ import annotations

import pytest

from cassino_learn.classroom import class_events
from cassino_learn.learner import learner_context, progress
from cassino_learn.classroom.roster import Classroom
from cassino_learn.learner.learner_context import NOBODY, LearnerContext, current, use, using


def test_a_block_puts_back_the_context_before_it_even_after_an_error(data):
    room = Classroom.for_name("4B")
    ana = room.join("Ana")
    assert current() is NOBODY
    with pytest.raises(RuntimeError):
        with using(class_events.class_learner(room, ana.id)) as context:
            assert current() is context and context.learner == ana
            progress.load().mark_done("02_pairing")
            use(LearnerContext(progress_path=data / "someone-else.json"))  # changed inside
            raise RuntimeError("the lesson broke")
    assert current() is NOBODY
    assert progress.current_path() == data / "progress.json"
    assert progress.load().lessons == {}  # Ana's progress stays hers
    assert progress.load(room.progress_path(ana.id)).lesson("02_pairing").done


def test_only_a_context_can_be_put_in_use():
    with pytest.raises(TypeError, match="a learner's context is a LearnerContext, not str"):
        use("0123456789abcdef")  # type: ignore[arg-type]
    assert current() is NOBODY


def test_a_class_learner_not_in_the_roster_has_no_context(data):
    room = Classroom.for_name("4B")
    with pytest.raises(ValueError, match="has no learner"):
        class_events.class_learner(room, "0123456789abcdef")
    assert learner_context.current() is NOBODY
