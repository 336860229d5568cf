"""Every goal item's verdicts are pinned: the moves it accepts and the legal moves it rejects,
with the reasons, as stored in tests/data/goal_items.json (see goal_tables.py)."""

from __future__ import annotations

import json

import pytest
from goal_tables import STORED, goal_table

ROWS = goal_table()


def _stored() -> dict[tuple[str, str], dict]:
    return {(row["bank"], row["id"]): row for row in json.loads(STORED.read_text("utf-8"))}


def test_every_goal_item_has_a_stored_table():
    assert {(r["bank"], r["id"]) for r in ROWS} == set(_stored())


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['bank']}:{r['id']}")
def test_goal_item_verdicts_match_the_stored_table(row):
    stored = _stored()[(row["bank"], row["id"])]
    assert row == stored, "regenerate with tests/lessons/goal_tables.py --write and review"


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r['bank']}:{r['id']}")
def test_goal_item_rejects_some_legal_move_with_a_reason(row):
    assert row["accepts"], "no legal move meets the goal"
    assert row["rejects"], "the goal accepts every legal move"
    assert all(r["reason"] for r in row["rejects"])


def test_no_bank_uses_the_accept_anything_goal():
    assert not [r["id"] for r in ROWS if r["goal"] == "legal"]
