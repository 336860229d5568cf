"""Rules: the named variant options of RULES.md section V. The defaults are the rules we teach."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .errors import shorten

__all__ = ["Rules"]

FACE_CARDS = ("one", "three-take-all")
GAMES = ("21", "11-lurch", "round")
DEALS = ("twos", "singles")
_TRUE = {"on", "yes", "true", "1"}
_FALSE = {"off", "no", "false", "0"}


@dataclass(frozen=True)
class Rules:
    """Variant options. `Rules()` is the standard game of RULES.md.

    face_cards: "one" (P2) or "three-take-all" (V1).
    sweeps: whether sweeps score (V2 turns them off).
    sweeps_cancel: each side's sweeps cancel the other's, one for one (V3).
    game: "21" (K3), "11-lurch" (V4) or "round" (V5).
    deal: "twos" (D2) or "singles" (V6).
    """

    face_cards: str = "one"
    sweeps: bool = True
    sweeps_cancel: bool = False
    game: str = "21"
    deal: str = "twos"

    def __post_init__(self) -> None:
        for name, allowed in (("face_cards", FACE_CARDS), ("game", GAMES), ("deal", DEALS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"rules: {name} must be one of {', '.join(allowed)}, "
                                 f"not {shorten(repr(getattr(self, name)))}")
        for name in ("sweeps", "sweeps_cancel"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rules: {name} must be on or off, not {shorten(repr(getattr(self, name)))}")

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """Read `face_cards=three-take-all, sweeps=off` (the position's `rules:` field)."""
        options: dict[str, object] = {}
        known = {f.name: f for f in fields(cls)}
        for item in text.replace(";", ",").split(","):
            item = item.strip()
            if not item:
                continue
            if "=" not in item:
                raise ValueError(f"rules: {shorten(item)!r} should look like name=value")
            name, value = (part.strip() for part in item.split("=", 1))
            name = name.replace("-", "_").lower()
            if name not in known:
                raise ValueError(f"rules: unknown option {shorten(name, 30)!r} "
                                 f"(known: {', '.join(known)})")
            if known[name].type in ("bool", bool):
                if value.lower() in _TRUE:
                    options[name] = True
                elif value.lower() in _FALSE:
                    options[name] = False
                else:
                    raise ValueError(f"rules: {name} must be on or off, not {shorten(value)!r}")
            else:
                options[name] = value.lower()
        return cls(**options)  # type: ignore[arg-type]

    def __str__(self) -> str:
        """Only the options that differ from the standard rules, in `rules:` field form."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                parts.append(f"{f.name}={('on' if value else 'off') if isinstance(value, bool) else value}")
        return ", ".join(parts)

    @property
    def is_standard(self) -> bool:
        return self == Rules()

    def with_options(self, **options: object) -> "Rules":
        return replace(self, **options)  # type: ignore[arg-type]
