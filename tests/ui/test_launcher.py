"""The on-demand part of a lesson (a demonstration, the quiz, practice, a game) opens as one
button widget under its line of introduction, and what the button opens takes its place
(cassino_learn/ui/launcher.py, pages.lesson.on_demand)."""

from __future__ import annotations

import pytest

from cassino_learn.pages.lesson import on_demand
from cassino_learn.ui.launcher import Launcher
from cassino_learn.ui.looks import shared_look


def test_a_press_from_the_page_calls_python_and_other_messages_do_not():
    pressed = []
    launcher = Launcher("Deal", lambda: pressed.append(1), intro="A table of four cards.")
    launcher._handle_custom_msg({"type": "something else"}, [])
    launcher._handle_custom_msg("press", [])
    assert pressed == []
    launcher._handle_custom_msg({"type": "press"}, [])
    assert pressed == [1]
    state = launcher.get_state()
    assert (state["label"], state["intro"], state["primary"]) == ("Deal", "A table of four cards.",
                                                                   True)
    assert ".cl-on-demand-intro" in state["_css"] and ".cl-button" in state["_css"]


def test_a_page_of_launchers_sends_two_widgets_each_and_one_layout_for_all():
    first = on_demand("One", lambda: Launcher("built", lambda: None))
    second = on_demand("Two", lambda: Launcher("built", lambda: None), intro="Says what.")
    (one,), (two,) = first.children, second.children
    assert isinstance(one, Launcher) and two.intro == "Says what." and one.intro == ""
    layouts = {id(widget.layout) for widget in (first, second, one, two)}
    assert layouts == {id(shared_look("plain"))}


def test_what_is_built_takes_the_buttons_place_once():
    built = []

    def build() -> Launcher:
        built.append(Launcher("what was asked for", lambda: None))
        return built[-1]

    box = on_demand("Open", build, intro="Opens a thing.")
    (launcher,) = box.children
    launcher.press()
    assert box.children == (built[0],) and launcher.comm is None  # closed: the page drops it
    launcher.press()  # a second click, sent before the first was drawn
    assert len(built) == 1 and box.children == (built[0],)


def test_a_failed_build_leaves_the_button_to_press_again():
    attempts = []

    def build() -> Launcher:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("the disk said no")
        return Launcher("built", lambda: None)

    box = on_demand("Open", build)
    (launcher,) = box.children
    with pytest.raises(OSError):
        launcher.press()
    assert box.children == (launcher,) and launcher.comm is not None
    launcher.press()
    assert len(attempts) == 2 and box.children[0] is not launcher
