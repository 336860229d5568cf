"""Whose page this is, in a class (`cassino-learn serve --class NAME`).

A class's lessons run in the learner's browser (the static edition, handed out by the class's
server, serving/class_server.py). When a page's Python starts, `identify()` asks the server
who this browser is (pages/browser_class.py): in a class, progress is then the learner's own
and what the lesson records goes to the server. The page shows the learner's name with
"Not you?" and, on the contents page, the code to continue on another computer.

Outside a class (one learner's own computer, JupyterHub, a static site on any web host)
`identify()` is None and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..drawing.markup import element
from ..browser import in_browser
from ._html import Html

__all__ = ["Identity", "identify", "in_class", "name_line", "code_line"]

SWITCH_PATH = "class/join"  # the name page, under the server's root


@dataclass(frozen=True)
class Identity:
    """The learner of this page."""

    id: str
    name: str
    code: str


_identity: Identity | None = None
_asked = False


def in_class() -> bool:
    return identify() is not None


def identify() -> Identity | None:
    """This page's learner (None outside a class), asked of the page's server once. From then
    on the page's progress is the learner's own."""
    global _identity, _asked
    if _asked or not in_browser():
        return _identity
    _asked = True
    from .browser_class import join_in_browser

    found = join_in_browser()
    if found is not None:
        _identity = Identity(found.id, found.name, found.code)
    return _identity


def _base_url() -> str:
    return "/"


def name_line() -> Html:
    """"Playing as NAME · Not you?" for the top of a page in a class (empty outside one)."""
    who = identify()
    if who is None:
        return Html("", "")
    switch = f"{_base_url()}{SWITCH_PATH}?switch=1"
    name = element("b", who.name, class_="cl-learner-name", style="overflow-wrap:anywhere",
                   escape=True)
    markup = element("p", "Playing as ", name, " · ",
                     element("a", "Not you?", target="_self", class_="cl-not-you", href=switch),
                     class_="cl-learner", data_learner=who.id,
                     style="margin:0 0 0.4em;font-size:90%;color:#333")
    return Html(markup, f"Playing as {who.name}")


def code_line() -> Html:
    """The learner's code and the way to continue on another computer (contents page)."""
    who = identify()
    if who is None:
        return Html("", "")
    other = f"{_base_url()}{SWITCH_PATH}?switch=1#code"
    code = element("b", who.code, style="font-family:monospace;font-size:120%;"
                                         "letter-spacing:0.08em", escape=True)
    markup = element("p", "Your learner code: ", code, ". To continue on another computer, "
                     "open this class there and ",
                     element("a", "enter your code", target="_self", href=other), ".",
                     class_="cl-learner-code", style="margin:0.2em 0 0.8em")
    return Html(markup, f"Your learner code: {who.code}")
