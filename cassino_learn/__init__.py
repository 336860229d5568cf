"""cassino-learn: the card game Cassino, its rules, and lessons that teach them.

The rules core is importable without any Jupyter package:

    >>> from cassino_learn import Position, legal_moves
    >>> pos = Position.parse("table: 5D 2C 4H; hand: 7S 3D")
    >>> len(legal_moves(pos))
    5
"""

from __future__ import annotations

from typing import Any

from .core.build import Build
from .core.cards import Card, CardError
from .core.errors import IllegalMove, MoveSyntaxError, PositionError
from .core.move import Move
from .core.movegen import legal_moves
from .core.position import Position
from .core.rules import Rules

__all__ = [
    "Build", "Card", "CardError", "Game", "IllegalMove", "Move", "MoveSyntaxError", "Position",
    "PositionError", "Rules", "legal_moves",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # The game loop is loaded on first use, so `import cassino_learn` stays fast.
    if name == "Game":
        from .game.match import Game

        return Game
    raise AttributeError(f"module 'cassino_learn' has no attribute {name!r}")
