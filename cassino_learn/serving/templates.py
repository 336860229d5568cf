"""The pages the package serves or builds outside Voila, as Jinja templates kept in
cassino_learn/share/ beside the Voila template (the class's pages in share/class/, the
in-browser site's in share/site/): one environment for them all, autoescaping on (what a
learner types is data)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

__all__ = ["TEMPLATES", "render", "script_json"]

TEMPLATES = Path(__file__).resolve().parent.parent / "share"


def script_json(data: Any) -> Markup:
    """`data` as JSON to place inside a script element: no "<", ">" or "&" that could end it."""
    return Markup(json.dumps(data, ensure_ascii=False).replace("&", "\\u0026")
                  .replace("<", "\\u003c").replace(">", "\\u003e")
                  .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


@lru_cache(maxsize=None)
def inline(name: str) -> Markup:
    """A stylesheet or script of share/ (`name` like "class/class.css"), as it is, to place
    inside a style or script element (read once; never a template, so its braces mean nothing
    to Jinja)."""
    text = (TEMPLATES / name).read_text(encoding="utf-8")
    if "</" in text:
        raise ValueError(f"{name} would end the element it is placed in (it holds '</')")
    return Markup(text)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """Templates from share/, every value escaped unless marked safe, an unknown name an
    error rather than an empty string."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True)
    env.globals["inline"] = inline
    env.filters["script_json"] = script_json
    return env


def render(template: str, /, **values: Any) -> str:
    """The page `template` (a file of share/, like "class/join.html") filled with `values`,
    each escaped where shown."""
    return environment().get_template(template).render(**values)
