"""The class store's threads (serving/class_web.py, StoreThread): writes queued together go to
the disk in one transaction, each failing alone; each answered once the whole is on disk."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

from cassino_learn.serving.class_web import StoreThread
from cassino_learn.classroom.class_events import new_event_id
from cassino_learn.classroom.class_store import ClassStore, EventRefused


def visit() -> dict:
    return {"id": new_event_id(), "at": datetime.now(timezone.utc).isoformat(),
            "kind": "visit", "lesson": "01_cards_and_points", "stage": "aces"}


def test_writes_queued_together_share_one_commit_and_a_bad_one_fails_alone(tmp_path):
    thread = StoreThread(lambda: ClassStore.open(tmp_path / "class", "4B"))
    try:
        learners = [thread.run(lambda s, n=n: s.join(f"L{n}")) for n in range(40)]
        commits: list[str] = []
        thread.run(lambda s: s._db().set_trace_callback(
            lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None))

        async def many() -> list:
            jobs = [thread.write(lambda s, l=l: s.sync(l.id, [visit()])) for l in learners]
            jobs.append(thread.write(lambda s: s.sync(learners[0].id, [{**visit(),
                                                                         "kind": "cheat"}])))
            return await asyncio.gather(*jobs, return_exceptions=True)

        answers = asyncio.run(many())
        assert all(isinstance(a, tuple) and a[0] == 1 for a in answers[:-1])
        assert isinstance(answers[-1], EventRefused)
        assert thread.run(lambda s: s.event_count()) == 40
        assert 1 <= len(commits) < 40  # one sync to the disk for many writes
    finally:
        thread.close()
    with ClassStore.open(tmp_path / "class") as again:  # all on disk
        assert again.event_count() == 40

