"""How a turn ends is decided in one place, game/turns.py (issue 48): read from every module's
source, no function outside it plays a move (`Position.play`, `apply_move`, a driver's `play`)
and then ends the turn itself (a draw from the stock, a new deal, the round's last cards), and
the tables and the search import none of the dealing module's end-of-turn functions."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cassino_learn"
DRIVER = PACKAGE / "game" / "turns.py"
PLAYS = {"play", "apply_move"}
ENDS_A_TURN = {"draw_card", "next_deal", "close_round", "_advance"}
# the tables and the search: not even an import of the dealing module's end of a turn
VIEWS = [PACKAGE / "ui", PACKAGE / "teaching" / "demonstration.py",
         PACKAGE / "game" / "search.py", PACKAGE / "game" / "exact.py",
         PACKAGE / "game" / "bots.py"]


def _called(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def turns_ended_beside_the_driver(source: str) -> list[str]:
    """The functions of `source` that play a move and end the turn themselves."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            called = _called(node)
            # a call on the driver (TURNS.close_round, self.turns.play) is the driver's own
            own = {c.func.attr for c in ast.walk(node) if isinstance(c, ast.Call)
                   and isinstance(c.func, ast.Attribute)
                   and isinstance(c.func.value, (ast.Name, ast.Attribute))
                   and (getattr(c.func.value, "id", "") == "TURNS"
                        or getattr(c.func.value, "attr", "") in ("turns", "TURNS"))}
            if called & PLAYS and (called - own) & ENDS_A_TURN:
                found.append(node.name)
    return found


def dealing_imported(source: str) -> set[str]:
    """The end-of-turn functions `source` imports from the dealing module."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("dealing"):
            names |= {alias.name for alias in node.names} & ENDS_A_TURN
    return names


def _modules(paths: list[Path]) -> list[Path]:
    return [p for path in paths for p in ([path] if path.is_file() else path.rglob("*.py"))]


def test_the_check_finds_a_turn_ended_beside_the_driver() -> None:
    copied = ("def play(self, move):\n"
              "    after = apply_move(self.position, move)\n"
              "    if not any(after.hands):\n"
              "        after, self.stock = next_deal(after, self.stock, self.dealer)\n")
    assert turns_ended_beside_the_driver(copied) == ["play"]
    assert turns_ended_beside_the_driver(
        "def f(p, m):\n    return close_round(p.play(m), 1)\n") == ["f"]
    through = ("def f(p, m):\n"
               "    return TURNS.close_round(TURNS.end_turn(p.play(m), (), 1, 2)[0], 2)\n")
    assert turns_ended_beside_the_driver(through) == []
    assert dealing_imported("from ..game.dealing import close_round, deal\n") == {"close_round"}


def test_no_module_but_the_driver_ends_a_turn_after_a_move() -> None:
    offenders = {str(path.relative_to(PACKAGE)): names
                 for path in PACKAGE.rglob("*.py") if path != DRIVER
                 for names in [turns_ended_beside_the_driver(path.read_text())] if names}
    assert offenders == {}


def test_the_tables_and_the_search_import_no_end_of_a_turn() -> None:
    offenders = {str(path.relative_to(PACKAGE)): names
                 for path in _modules(VIEWS)
                 for names in [dealing_imported(path.read_text())] if names}
    assert offenders == {}
