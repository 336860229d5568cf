"""Whose page this is, in a class (`cassino-learn serve --class NAME`).

The class server checks the browser's learner cookie before a page is rendered and passes the
learner's id, name (percent-encoded) and code to the page's kernel as the request headers
X-Cassino-Learner, -Name and -Code, which Voila hands to the kernel with the rest of the
request (`VoilaConfiguration.http_header_envs`). The kernel never reads the class's roster, and
opens only its own learner's files, named by the id (never by the typed name). A preheated kernel started before any learner came:
it waits here, in the page's first cell, until a page has taken it and Voila has sent it the
request (`voila.utils.wait_for_request`). Only then is progress pointed at this learner's own
record; every page helper that reads or writes progress calls `identify()` first.

Outside a class (one learner's own computer, JupyterHub, the static edition) there is no
class folder in the environment and nothing changes.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from urllib.parse import unquote

from ._html import Html

__all__ = ["CLASS_ENV", "LEARNER_ENV", "NAME_ENV", "CODE_ENV", "Identity", "identify", "in_class", "name_line",
           "code_line", "UnknownLearner"]

CLASS_ENV = "CASSINO_LEARN_CLASS"  # the class's folder, set by `serve --class`
LEARNER_ENV = "HTTP_X_CASSINO_LEARNER"  # the header X-Cassino-Learner, as Voila passes it
NAME_ENV = "HTTP_X_CASSINO_LEARNER_NAME"
CODE_ENV = "HTTP_X_CASSINO_LEARNER_CODE"
SWITCH_PATH = "class/join"  # the name page, under the server's base URL


class UnknownLearner(LookupError):
    """The page came without a learner this class knows."""


@dataclass(frozen=True)
class Identity:
    """The learner of this kernel's page."""

    id: str
    name: str
    code: str


_identity: Identity | None = None


def in_class() -> bool:
    return bool(os.environ.get(CLASS_ENV))


def identify() -> Identity | None:
    """This page's learner (None outside a class), waiting for the page's request first if the
    kernel was preheated. From then on this kernel's progress is the learner's own."""
    global _identity
    if _identity is not None or not in_class():
        return _identity
    from voila.utils import wait_for_request

    wait_for_request()
    learner_id = os.environ.get(LEARNER_ENV, "").strip()
    if not learner_id:
        raise UnknownLearner("this page came without a learner; open the class's address again")
    from ..teaching.class_events import act_as
    from ..teaching.classroom import Classroom, Learner, is_learner_id

    if not is_learner_id(learner_id):
        raise UnknownLearner("this class has no such learner; open the class's address again")
    name = unquote(os.environ.get(NAME_ENV, ""))
    code = os.environ.get(CODE_ENV, "").strip()
    act_as(Classroom(os.environ[CLASS_ENV]),
           Learner(learner_id, name, code, datetime.now(timezone.utc)))
    _identity = Identity(learner_id, name, code)
    return _identity


def _base_url() -> str:
    return os.environ.get("VOILA_BASE_URL", "/")


def name_line() -> Html:
    """"Playing as NAME · Not you?" for the top of a page in a class (empty outside one)."""
    who = identify()
    if who is None:
        return Html("", "")
    switch = f"{_base_url()}{SWITCH_PATH}?switch=1"
    markup = (f'<p class="cl-learner" data-learner="{html.escape(who.id)}" '
              f'style="margin:0 0 0.4em;font-size:90%;color:#333">'
              f'Playing as <b class="cl-learner-name" style="overflow-wrap:anywhere">'
              f'{html.escape(who.name)}</b> · '
              f'<a target="_self" class="cl-not-you" href="{html.escape(switch)}">Not you?</a></p>')
    return Html(markup, f"Playing as {who.name}")


def code_line() -> Html:
    """The learner's code and the way to continue on another computer (contents page)."""
    who = identify()
    if who is None:
        return Html("", "")
    other = f"{_base_url()}{SWITCH_PATH}?switch=1#code"
    markup = (f'<p class="cl-learner-code" style="margin:0.2em 0 0.8em">Your learner code: '
              f'<b style="font-family:monospace;font-size:120%;letter-spacing:0.08em">'
              f'{html.escape(who.code)}</b>. To continue on another computer, open this class '
              f'there and <a target="_self" href="{html.escape(other)}">enter your code</a>.'
              f'</p>')
    return Html(markup, f"Your learner code: {who.code}")
