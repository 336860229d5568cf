"""A class learner's kernel opens only its own learner's files: it is told its learner (id,
name, code) by the class server and never reads the roster or another learner's file. Checked
in a fresh Python process that records every file it opens (an audit hook)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from fnmatch import fnmatch
from pathlib import Path
from urllib.parse import quote

from cassino_learn.pages import learner
from cassino_learn.teaching.classroom import Classroom

KERNEL = textwrap.dedent("""
    import json, os, sys
    opened = []
    def watch(event, args):
        if event == "open" and isinstance(args[0], (str, os.PathLike)):
            opened.append(os.path.abspath(os.fspath(args[0])))
    sys.addaudithook(watch)
    from cassino_learn.pages.learner import identify
    from cassino_learn.teaching import class_events, progress
    me = identify()
    mine = progress.load()
    mine.record_stage("01_cards_and_points", "s1", solved=True, stars=3, tries=1,
                      hint=False, stage_ids=["s1", "s2"])
    class_events.record_try("01_cards_and_points", "s1", True)
    class_events.record_visit("02_pairing")
    seen = progress.load().lesson("01_cards_and_points").stages
    print(json.dumps({"name": me.name, "code": me.code, "stages": sorted(seen),
                      "opened": opened}))
""")


def test_a_kernel_opens_only_its_own_learners_files(tmp_path):
    classroom = Classroom(tmp_path / "class", name="4B")
    ada = classroom.join("Ada <img src=x onerror=alert(1)> \u202eevil")
    bea = classroom.join("Bea")
    bea_file = classroom.progress_path(bea.id)
    bea_file.parent.mkdir(parents=True, exist_ok=True)
    bea_file.write_text('{"lessons": {}}')
    env = {"PATH": "/usr/bin:/bin", "VOILA_PREHEAT": "False",
           learner.CLASS_ENV: str(classroom.folder), learner.LEARNER_ENV: ada.id,
           learner.NAME_ENV: quote(ada.name, safe=""), learner.CODE_ENV: ada.code}
    done = subprocess.run([sys.executable, "-c", KERNEL], env=env, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["name"] == ada.name and report["code"] == ada.code
    assert report["stages"] == ["s1"]  # the solved stage is kept, in Ada's own file
    in_class = {Path(p) for p in report["opened"] if p.startswith(str(classroom.folder))}
    assert in_class, "the kernel opened none of the class's files"
    # Ada's progress and record, their locks, and the new copy an atomic save writes first
    own = {f"{ada.id}.json", f"{ada.id}.events", f".{ada.id}.json.lock",
           f".{ada.id}.events.lock"}
    strangers = {p for p in in_class if p.parent != classroom.learners_dir
                 or not (p.name in own or fnmatch(p.name, ".progress-*.tmp"))}
    assert not strangers, strangers
    assert classroom.roster_path not in in_class and bea_file not in in_class
