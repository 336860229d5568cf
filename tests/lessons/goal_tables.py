"""The table of every goal item in the quiz banks, worked out by the engine: the item, the
moves its goal accepts, and every legal move it rejects with the reason.

The stored copy is tests/data/goal_items.json; test_goal_tables.py compares it with a fresh
table, so a change to a goal, a bank item or the engine that alters a verdict fails the test.
After a deliberate change, rewrite the stored table and review its diff:

    .venv/bin/python tests/lessons/goal_tables.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cassino_learn.teaching.quiz import all_banks, load_bank

STORED = Path(__file__).resolve().parents[1] / "data" / "goal_items.json"


def goal_table() -> list[dict]:
    """One row per goal item of every bank, in bank order."""
    rows = []
    for path in all_banks():
        bank = load_bank(path)
        for item in bank.items:
            if item.kind != "goal":
                continue
            assert item.goal is not None
            accepted, rejected = [], []
            for move in item.position.legal_moves():
                why = item.goal.why_not(item.position, move)
                if why is None:
                    accepted.append(str(move))
                else:
                    rejected.append({"move": str(move), "reason": why})
            rows.append({"bank": path.stem, "id": item.id, "position": str(item.position),
                         "question": item.prompt(), "goal": item.goal.text,
                         "accepts": sorted(accepted),
                         "rejects": sorted(rejected, key=lambda r: r["move"])})
    return rows


def as_text(rows: list[dict]) -> str:
    return json.dumps(rows, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        STORED.write_text(as_text(goal_table()), encoding="utf-8")
        print(f"wrote {STORED}")
    else:
        sys.stdout.write(as_text(goal_table()))
