"""The "Show notation" box: one stored setting (the progress file's `show_notation`, off by
default, beside the other settings) shown as the same box under the game's table and a
lesson's stage table. Ticked, the moves' notation shows beside their words and cards (the
`cl-show-notation` class on the widget that holds them); the choice is saved at once, so it
survives a reload and is the same on every page."""

from __future__ import annotations

import warnings

import ipywidgets as w

from ..learner import progress
from .looks import shared_look

__all__ = ["LABEL", "SHOWN_CLASS", "notation_box", "shows_notation"]

LABEL = "Show notation"
SHOWN_CLASS = "cl-show-notation"


def notation_box() -> w.Checkbox:
    """The box, ticked as the stored setting says; every change of it is saved (a file that
    cannot be written is warned about: the notation still shows on this page). Its layout and
    style are the page's shared ones (no model more for them)."""
    box = w.Checkbox(value=bool(progress.preference("show_notation")), description=LABEL,
                     indent=False, layout=shared_look("auto width"),
                     style=shared_look("checkbox"))
    box.add_class("cl-setting")

    def changed(change: dict) -> None:
        try:
            progress.load().set_preference("show_notation", bool(change["new"]))
        except OSError as error:
            warnings.warn(f"the notation setting could not be saved: {error}",
                          progress.ProgressWarning, stacklevel=2)

    box.observe(changed, "value")
    return box


def shows_notation(holder: w.DOMWidget, box: w.Checkbox) -> None:
    """`holder` shows its moves' notation while `box` is ticked, from now on."""
    def follow(shown: bool) -> None:
        (holder.add_class if shown else holder.remove_class)(SHOWN_CLASS)

    follow(box.value)
    box.observe(lambda change: follow(bool(change["new"])), "value")
