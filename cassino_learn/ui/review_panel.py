"""The review panel of the game widget: the learner's marked moves of each finished round and of
the match; a click on one shows its position on a card table (read only), the move played and
the better one drawn as cards with the points each would likely leave the learner ahead at the
round's end, and why, in the hints' own words (`cassino_learn.game.coach_words`).

The moves are valued by `cassino_learn.game.review` (the coach's search, the hints' own, and
side-by-side looks at a fixed, seeded budget) in the background as they are played (`review_runner`), so that a round's review is
usually ready when the round ends and no click waits for the search.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..core.spoken import say_move
from ..drawing.markup import element
from ..drawing.render import move_html
from ..game.coach_words import SCALE, ahead_words, headline
from ..game.review import MatchReview, MoveReview, RoundReview
from ._assets import asset
from .quiz_widgets import button, row
from .table import CardTable

__all__ = ["ReviewPanel", "SYMBOLS"]

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # as chess notation marks them
_TITLES = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}


class ReviewPanel(w.VBox):
    """The learner's marked moves: a summary per finished round and for the match, a button per
    marked move; `show(number)` (or a click) shows that move."""

    def __init__(self) -> None:
        self.summary = w.HTML()
        self.moves_box = w.VBox()
        self.moves_box.add_class("cl-rv-list")
        self.detail = w.HTML()
        self.table: CardTable | None = None  # made when a move is first shown
        self.shown: MoveReview | None = None
        self.move_buttons: dict[int, w.Button] = {}
        self._holder = w.VBox()
        super().__init__([self.summary, self.moves_box, self._holder])
        self.add_class("cl-rv")
        self.clear()

    def clear(self) -> None:
        self.summary.value = ""
        self.moves_box.children = ()
        self.move_buttons = {}
        self.detail.value = ""
        self.shown = None
        self._holder.children = ()
        self.layout.display = "none"

    def show_reviews(self, rounds: list[RoundReview | int], match: MatchReview | None,
                     error: str = "") -> None:
        """Show the rounds (latest first; an int is a round still being reviewed) and, once the
        match is over and every round is reviewed, the match's summary."""
        self.layout.display = ""  # not None: the in-browser kernel drops a None it sends
        parts = [element("h4", "Your moves, reviewed", class_="cl-rv-title")]
        if error:
            parts.append(element("p", f"The review stopped: {error}", class_="cl-rv-error",
                                 role="status", escape=True))
        if match is not None:
            parts.append(element("p", element("b", "The match:"), " ",
                                 html.escape(match.summary()), class_="cl-rv-match",
                                 role="status"))
        self.summary.value = _style() + "".join(parts)
        rows: list[w.Widget] = []
        buttons: dict[int, w.Button] = {}
        for entry in rounds:
            if isinstance(entry, int):
                rows.append(_line(element("b", f"Round {entry}:"), " ",
                                  element("span", "reviewing your moves…", class_="cl-rv-busy",
                                          role="status")))
                continue
            rows.append(_line(element("b", f"Round {entry.round_number}:"), " ",
                              html.escape(entry.summary()),
                              kind="cl-rv-clean" if not entry.marked else ""))
            marked = []
            for reviewed in entry.marked:
                made = self.move_buttons.get(reviewed.number) or self._button(reviewed)
                buttons[reviewed.number] = made
                marked.append(made)
            if marked:
                rows.append(row(*marked))
        self.move_buttons = buttons
        self.moves_box.children = rows
        for number, made in buttons.items():
            (made.add_class if self.shown is not None and self.shown.number == number
             else made.remove_class)("cl-chosen")

    def _button(self, reviewed: MoveReview) -> w.Button:
        mark = reviewed.mark or ""
        move = reviewed.turn.move
        what = "trail" if move.kind == "trail" else "take" if move.kind == "capture" else "build"
        # the mark in a word too: "??" alone is read out as two question marks
        label = (f"{SYMBOLS.get(mark, '')} {_TITLES.get(mark, '')}. Move {reviewed.number}: "
                 f"{move.card.name}, {what}")
        made = button(label, tooltip=f"{_TITLES.get(mark, '')}: show move {reviewed.number}, "
                                     f"the better move and why")
        made.add_class("cl-rv-move-button")
        made.add_class(f"cl-rv-{mark}")
        made.on_click(lambda _: self.show(reviewed))
        return made

    def show(self, reviewed: MoveReview) -> None:
        """Show one marked move: its position, the move played and the better one, and why."""
        if reviewed.played is None or reviewed.better is None:
            raise ValueError(f"move {reviewed.number} is not marked: nothing to show")
        observation = reviewed.turn.observation
        if self.table is None:
            self.table = CardTable(observation.position, mode="watch", seat=observation.seat,
                                   move_box=False)
            self.table.add_class("cl-rv-table")
        else:
            self.table.position = observation.position
        self.table.hand_sizes = list(observation.hand_sizes)
        self.detail.value = detail_html(reviewed)
        self.shown = reviewed
        self._holder.children = (self.detail, self.table)
        # the table's message is a live region: a learner who cannot see the detail hears its
        # gist (the first time too: the table draws its message once it is on the page, which
        # the keyboard test hears)
        self.table.say(spoken_detail(reviewed), "info")
        for number, made in self.move_buttons.items():
            (made.add_class if number == reviewed.number else made.remove_class)("cl-chosen")


def _style() -> str:
    return element("style", asset("review.css"))


def _line(*markup: str, kind: str = "") -> w.HTML:
    return w.HTML(element("div", *markup, class_=f"cl-rv-round {kind}"))


def spoken_detail(reviewed: MoveReview) -> str:
    """The detail's gist in sentences, for the review table's live region (the detail above
    the table draws the two moves as cards, and lists the why): "Round 1, move 7: this cost
    you about 1 point. A mistake. Your move: play the seven of spades to take …, about 1 point
    behind. The better move: trail the king of hearts, about even. Why: above the table, which
    shows the cards you saw before your move."
    """
    played, better = reviewed.played, reviewed.better
    assert played is not None and better is not None and reviewed.mark is not None
    title = _TITLES[reviewed.mark].lower()
    return (f"{headline(reviewed)} {'An' if title[0] in 'aeiou' else 'A'} {title}. "
            f"Your move: {say_move(played.move)}, {ahead_words(played.value)}. "
            f"The better move: {say_move(better.move)}, {ahead_words(better.value)}. "
            "Why: above the table, which shows the cards you saw before your move.")


def detail_html(reviewed: MoveReview) -> str:
    """One marked move: its mark and what it cost, the move played and the better one (drawn
    as cards, with the points each would likely leave the learner ahead at the round's end),
    and why. The position itself is the panel's card table."""
    played, better = reviewed.played, reviewed.better
    assert played is not None and better is not None and reviewed.mark is not None
    mark = reviewed.mark

    def one(kind: str, label: str, facts) -> str:
        points = element("span", ahead_words(facts.value), class_="cl-rv-points", title=SCALE,
                         escape=True)
        return element("div", element("div", f"{label} ", points, class_="cl-rv-label"),
                       move_html(facts.move, size=None), class_=f"cl-rv-choice cl-rv-{kind}")

    head = element("div", element("span", f"{SYMBOLS[mark]} {_TITLES[mark]}",
                                  class_=f"cl-rv-mark cl-rv-{mark}"),
                   " ", html.escape(headline(reviewed)), class_="cl-rv-head")
    choices = element("div", one("played", "You played", played), one("better", "Better", better),
                      class_="cl-rv-choices")
    why = element("ul", *(element("li", reason, escape=True) for reason in reviewed.reasons),
                  class_="cl-rv-why")
    return _style() + element("div", head, choices, why,
                              element("p", SCALE, class_="cl-rv-scale", escape=True),
                              class_="cl-rv-detail", role="region",
                              aria_label=f"Move {reviewed.number} reviewed")

