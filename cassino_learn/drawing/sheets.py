"""The lesson sheets drawn: boxes, small tables, cards with their marks, a play inline, lines
and lists, each a function of what to show (the teaching layer's `teaching/sheets.py` works
out what a sheet says: the scores, the deal, the sentences). Pure and deterministic, no random
ids. The look is sheets.css, placed with each drawing and scoped to its root element
(`.cl-sheet`): nothing reaches outside it. Each drawing also carries a plain text, which is
what nbval compares.

    >>> line("Points shared this round: 11.")
    '<p class="cl-sheet-line">Points shared this round: 11.</p>'
"""

from __future__ import annotations

import html
from typing import Sequence

from ..core.cards import Card
from .markup import element, stylesheet as _stylesheet
from .render import card_svg

__all__ = ["Drawn", "stylesheet", "CARD_WIDTH", "MarkedCard", "box", "table", "card", "cards",
           "legend", "side", "play", "line", "para", "numbered", "listed", "with_note", "text",
           "bold"]

CARD_WIDTH = 40  # sheets.css gives each card and its caption this plus 16 pixels

# A card on a sheet: the card, what it scores by itself in words ("Big Casino 2", or ""), and
# whether it is tagged as a spade.
MarkedCard = tuple[Card, str, bool]


def stylesheet() -> str:
    """The sheets' look (sheets.css), every rule under `.cl-sheet`, as each drawing carries
    it."""
    return _stylesheet(__file__, "sheets.css")


class Drawn:
    """HTML for the page, with a plain-text fallback (what nbval compares). `markup` is the
    drawing itself; the page gets it inside its root, with the stylesheet."""

    def __init__(self, markup: str, text: str) -> None:
        self.markup, self.text = markup, text

    def _repr_html_(self) -> str:
        return element("div", element("style", stylesheet()), self.markup, class_="cl-sheet")

    def __repr__(self) -> str:
        return self.text


def box(inner: str, css_class: str) -> str:
    """A bordered box around a sheet's parts."""
    return element("div", inner, class_=f"cl-sheet-box {css_class}")


def table(head: Sequence[str], rows: Sequence[Sequence[str]], css_class: str) -> str:
    """A small bordered table; the heads and cells are HTML already."""
    top = element("tr", *(element("th", h) for h in head))
    body = "".join(element("tr", *(element("td", c) for c in row)) for row in rows)
    return element("table", top, body, class_=f"cl-sheet-table {css_class}")


def card(shown: MarkedCard) -> str:
    """A small card; a scoring card ringed in gold with its points, a spade tagged ♠; said
    for a screen reader by its name and its points."""
    face, mark, spade = shown
    caption = []
    if mark:
        caption.append(element("span", mark, class_="cl-sheet-mark", escape=True))
    if spade:
        caption.append(element("span", "♠", title="a spade", aria_label="spade"))
    points = f", {mark} point{'s' if mark.endswith('2') else ''}" if mark else ""
    ring = "cl-sheet-face cl-sheet-scoring" if mark else "cl-sheet-face"
    return element("span",
                   element("span", card_svg(face, size=CARD_WIDTH, label=False), class_=ring),
                   element("span", " ".join(caption), class_="cl-sheet-caption"),
                   class_="cl-sheet-card", role="img", aria_label=face.name + points)


def cards(shown: Sequence[MarkedCard], *, wrap: bool = True) -> str:
    """A row of cards (wrapping onto more lines unless `wrap` is off), or "no cards"."""
    if not shown:
        return element("div", "no cards", class_="cl-sheet-none")
    classes = "cl-sheet-cards" if wrap else "cl-sheet-cards cl-sheet-nowrap"
    return element("div", *(card(c) for c in shown), class_=classes)


def legend() -> str:
    """What the gold ring and the ♠ tag mean (K1's card points, most spades)."""
    gold = element("b", "gold", class_="cl-sheet-gold")
    return element("p", f"Ringed in {gold}: a card that scores by itself (each ace 1, Big "
                        "Casino 2, Little Casino 1). ♠ marks a spade, counted for most spades.",
                   class_="cl-sheet-legend")


def side(title: str, shown: str, note: str = "") -> str:
    """One side's part of a sheet: its title in bold, a muted note in brackets, then `shown`
    (HTML, its cards)."""
    muted = " " + element("span", f"({note})", class_="cl-sheet-muted", escape=True) \
        if note else ""
    return element("div", element("b", title, escape=True), muted, shown,
                   class_="cl-sheet-side")


def play(said: str, played: MarkedCard, verb: str, taken: Sequence[MarkedCard]) -> str:
    """A play drawn inline: the card, what it does, the table cards; `said` is the play in
    words for a screen reader (no notation: a learner reads cards and words)."""
    return element("div", card(played), element("b", f"→ {verb}", class_="cl-sheet-verb"),
                   *(card(c) for c in taken), class_="cl-sheet-move", role="group",
                   aria_label=said)


def line(text: str, *, strong: bool = False, css_class: str = "cl-sheet-line") -> str:
    """A line of text (in bold when `strong`)."""
    return element("p", element("b", text, escape=True) if strong else html.escape(text),
                   class_=css_class)


def para(text: str, css_class: str = "cl-sheet-para") -> str:
    """A paragraph of sentences."""
    return element("p", text, class_=css_class, escape=True)


def numbered(items: Sequence[tuple[str, str]], css_class: str) -> str:
    """A numbered list, each item a bold lead and its words."""
    return element("ol", *(element("li", element("b", lead, escape=True), " ", html.escape(words))
                           for lead, words in items), class_=f"cl-sheet-list {css_class}")


def listed(items: Sequence[tuple[str, str]], css_class: str) -> str:
    """A list, each item a text shown as code and what is said of it."""
    return element("ul", *(element("li", element("code", code, escape=True), ": ",
                                    html.escape(said)) for code, said in items),
                   class_=f"cl-sheet-list {css_class}")


def with_note(value: int | str, note: str) -> str:
    """A table cell: a number and a small note in brackets."""
    return f"{value} " + element("small", f"({note})", escape=True)


def text(words: str) -> str:
    """A table cell of plain text."""
    return html.escape(words)


def bold(text: object) -> str:
    """A table cell in bold."""
    return element("b", str(text), escape=True)
