"""One-line helpers for the lesson notebooks (Voila shows outputs only, so cells stay short).

    from cassino_learn.pages.lesson import header, demo, quiz, practice, footer
    header("02_pairing")

Navigation comes from cassino_learn.teaching.catalog; progress from
cassino_learn.learner.progress. The widgets are imported on first use so this module imports
without Jupyter packages. The contents page is pages/contents.py.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

from ._html import Html
from .learner import identify, name_line
from ..drawing.markup import element
from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.listing import first_moves
from ..core.position import Position
from ..core.telling import in_words
from ..core.words import count as _count
from ..learner import progress as _progress
from ..teaching.catalog import INDEX, LESSONS, Lesson, lesson, neighbours
from ..teaching.stages import has_stages

__all__ = ["header", "footer", "demo", "show", "quiz", "practice", "sandbox", "game", "try_move",
           "captures", "notation", "Html"]


# Every link between pages says target="_self": the notebook front ends open links in HTML
# outputs in a new tab otherwise, and a learner on a projector or a phone collects tabs.
def _link(item: Lesson | None, arrow: str) -> str:
    if item is None:
        return ""
    return element("a", f"{arrow} {item.title}", target="_self", href=item.notebook, escape=True)


class LessonHeader(Html):
    """The header's static part, plus a live progress line when shown in a notebook."""

    def __init__(self, markup: str, text: str, slug: str | None, top: Html | None = None) -> None:
        super().__init__(markup, text)
        self.slug = slug
        self.top = top  # shown under the header and the learner's name (the class's homework)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        # In a class, nothing of anyone's progress is shown before the page's learner is known
        # (both below identify the learner first). The progress is read before anything is
        # shown: in the browser the page answers the reading, sooner with nothing else to draw.
        line = name_line()  # empty outside a class: no output for the page to draw
        progress_line = self._progress_line()
        display(Html(self.markup, self.text), *([line] if line.markup else []),
                *([self.top] if self.top is not None and self.top.markup else []),
                *([progress_line] if progress_line is not None else []))

    def _progress_line(self) -> Any:
        """The lesson's stages, its progress badge, or None (the contents page)."""
        if self.slug and has_stages(self.slug):
            return stage_runner(self.slug)
        if self.slug:
            from ..ui.looks import shared_look
            from ..ui.progress_badge import ProgressBadge

            slug = self.slug
            return ProgressBadge(lambda: progress_summary(slug), layout=shared_look("plain"))
        return None


def stage_runner(slug: str) -> Any:
    """The lesson's stages, opened at the first one the learner has not solved."""
    from ..ui.stages import StageRunner

    identify()
    _, after = neighbours(slug)
    onward = (f"Lesson {LESSONS.index(after) + 1}: {after.title}", after.notebook) \
        if after else None
    return StageRunner(slug, next_lesson=onward)


def progress_summary(slug: str) -> str:
    """The learner's progress on a lesson in words, e.g. "✔ done · best quiz score 7/8"."""
    identify()
    entry = _progress.load().lesson(slug)
    parts = ["✔ done"] if entry.done else []
    if entry.stages:
        parts.append(f"★ {entry.stars()}")
    if entry.total:
        parts.append(f"best quiz score {entry.best}/{entry.total}")
    return " · ".join(parts)


_page_lesson: list[str] = []  # the lesson whose header this page (its kernel) has shown


def header(slug: str) -> LessonHeader:
    """The lesson's title, what the rules it teaches say, its place in the course and its status."""
    item = lesson(slug)
    _page_lesson[:] = [slug] if item in LESSONS else []
    before, after = neighbours(slug)
    top = None
    if slug == INDEX.slug:  # the contents page leads on where its Continue button does
        from .contents import continue_target, homework_top

        identify()
        after = continue_target() or after
        top = homework_top()  # the class's homework, at the top of the contents
    number = next((n for n, x in enumerate(LESSONS, 1) if x.slug == slug), None)
    title = f"Lesson {number}: {item.title}" if number else item.title
    rules = f"The rules here: {'; '.join(item.rule_names)}" if item.rules else ""
    # one line on a phone too (the first task stays on the first screen): the rules' names
    # open from it, as the stage's "Why?" does
    told = element("details", element("summary", "What this lesson teaches"),
                   element("p", "; ".join(item.rule_names), style="margin:0.2em 0 0",
                           escape=True),
                   class_="cl-header-rules", style="color:#555;font-size:85%;margin:0 0 0.5em") \
        if item.rules else ""
    home = element("a", "Contents", target="_self", href=INDEX.notebook) \
        if slug != INDEX.slug else ""
    nav = " | ".join(x for x in (_link(before, "←"), home, _link(after, "→")) if x)
    markup = element("div", element("nav", nav, style="font-size:90%"),
                     element("h1", title, escape=True), told, class_="cl-header")
    return LessonHeader(markup, f"{title}\n{rules}".strip(), slug if number else None, top)


class LessonFooter(Html):
    """The end of a lesson: the link to the next one. (A lesson is done when its stages are
    solved; the stage runner says so, with the stars earned.)"""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        _, after = neighbours(slug)
        super().__init__(
            f'<p>Next: {_link(after, "→")}</p>' if after else
            f'<p>That was the last lesson. <a target="_self" href="{INDEX.notebook}">Back to the contents</a></p>',
            f"Next: {after.title}" if after else "That was the last lesson.")

    @property
    def link(self) -> Html:
        return Html(self.markup, self.text)


def footer(slug: str) -> LessonFooter:
    """The link to the next lesson."""
    return LessonFooter(slug)


def show(position: str | Position) -> Any:
    """A position as a (read-only) card table."""
    from ..ui import CardTable

    return CardTable(position, mode="watch")


DEMO_BUTTON = "Step through it on the table ▶"


def _sweeps_taught() -> bool:
    """Whether the page's lesson (its header's) or one before it has taught sweeps (W1)."""
    from ..teaching.catalog import taught_by

    return not _page_lesson or "W1" in taught_by(_page_lesson[0])


def demo(position: str | Position, steps: Sequence[tuple[str, str]], intro: str = "",
         seat: int | None = None) -> Any:
    """Step through moves with captions on a card table, dealt when the learner presses its
    button (the page opens without a table nobody has asked for yet). Every move is checked by
    the rules core now, so a wrong step fails where the lesson runs. The table stays seen from
    `seat` (default: the seat to move at the start), so "you" stays one player."""
    start = Position.parse(position) if isinstance(position, str) else position
    script = [(str(text), str(caption)) for text, caption in steps]
    here = start
    for text, _ in script:
        here = here.play(text)

    def build() -> Any:
        from ..ui import CardTable

        return CardTable.demo(start, script, intro=intro,
                              seat=start.turn if seat is None else seat,
                              sweeps_shown=_sweeps_taught())

    return on_demand(DEMO_BUTTON, build, intro=intro)


QUIZ_BUTTON = "Start the quiz ▶"


def quiz(slug: str) -> Any:
    """The lesson's quiz from lessons/quizzes/<slug>.json, dealt when the learner presses its
    button; a finished quiz is saved. The bank is checked against the core now, so a broken
    question fails where the lesson runs, not when a learner opens the quiz."""
    from ..teaching.quiz import load_bank

    items = load_bank(slug).items

    def build() -> Any:
        from ..ui.quiz_widgets import QuizWidget

        return QuizWidget(items, slug=slug, record=lambda s, score, total:
                          _progress.load().record_quiz(s, score, total))

    return on_demand(QUIZ_BUTTON, build, intro=f"{_count(len(items), 'question')} on this "
                     "lesson's rules; your best score is kept.")


def practice(slug_or_rules: str | Sequence[str], seed: int | None = None) -> Any:
    """Endless practice on a lesson's rules (or on the rule ids given), started by a button, so
    the page opens without building a question nobody has asked for yet, nor importing the
    question makers (`teaching.practice`) until then. An unknown lesson fails where the lesson
    runs (KeyError from the catalog)."""
    if isinstance(slug_or_rules, str):
        slug = slug_or_rules
        lesson(slug)

        def build() -> Any:
            from ..teaching.practice import rules_for_lesson
            from ..ui.quiz_widgets import PracticeWidget

            return PracticeWidget(rules_for_lesson(slug), seed=seed,
                                  on_right=lambda: _progress.load().record_practice(slug))

        return on_demand("Start practising", build)
    chosen = list(slug_or_rules)

    def build_chosen() -> Any:
        from ..ui.quiz_widgets import PracticeWidget

        return PracticeWidget(chosen, seed=seed)

    return on_demand("Start practising", build_chosen)


def on_demand(label: str, build: Callable[[], Any], intro: str = "") -> Any:
    """A button that builds its widget when first pressed and then shows it in its place;
    `intro` (a line saying what the button opens) is shown until then."""
    from ..ui.launcher import Launcher, LauncherBox
    from ..ui.looks import shared_look

    def begin() -> None:
        if launcher not in box.children:
            return  # a second click before the first was handled: built once
        box.children = (build(),)  # what is built says what it is, and brings its stylesheet
        launcher.close()

    launcher = Launcher(label, begin, intro=intro, layout=shared_look("plain"))
    box = LauncherBox([launcher], layout=shared_look("plain"), _dom_classes=("cl-on-demand",))
    return box


def sandbox(text: str | None = None) -> Any:
    from ..ui.quiz_widgets import SandboxWidget

    return SandboxWidget(text) if text else SandboxWidget()


def game(players: int = 2, partners: bool = False, level: str | None = None,
         seed: int | None = None, rules: str | None = None,
         start_button: str | None = None, lesson: str | None = None) -> Any:
    """A game against the computer, at `level` (by default `levels.GENTLE`: a lesson's starts
    gently; the learner chooses another for the next game); `rules` (like "values=royal") are
    the first game's. With `start_button`, the table is dealt when the button is pressed (a
    page whose game is not its main exercise opens without it, and without importing the game,
    the computer players and the review until then). The variants it offers are those taught
    by `lesson` (by default the lesson of the page's `header`) or done since."""
    page = lesson or (_page_lesson[0] if _page_lesson else None)

    def build() -> Any:
        from ..game.levels import GENTLE
        from ..ui.game import GameWidget

        return GameWidget(players=players, partners=partners, level=level or GENTLE,
                          seed=seed, rules=rules, lesson=page)

    return on_demand(start_button, build) if start_button else build()


def _verdict(ok: bool | None, headline: str, detail: str, text: str) -> Html:
    """A short verdict box: a bold headline and the engine's words, wrapped like prose."""
    colour = {True: "#1e6b3a", False: "#a3261c", None: "#444"}[ok]
    look = (f"border-left:4px solid {colour};padding:0.3em 0.8em;margin:0.4em 0;"
            "white-space:normal;overflow-wrap:break-word")
    markup = element("div", element("b", headline, style=f"color:{colour}", escape=True),
                     f" {detail}", class_="cl-verdict", style=look)
    return Html(markup, text)


def try_move(position: str, move: str) -> Html:
    """Whether `move` is legal in `position`, said in words (the notation stays for the code
    cell that asks), and the rules core's reason (with its rule) if not."""
    from ..teaching.saying import text_said

    here = Position.parse(position)
    said = text_said(here, move)
    said = said[:1].upper() + said[1:]
    try:
        legal = here.parse_move(move)
    except IllegalMove as error:
        return _verdict(False, "Not legal.",
                        f"{html.escape(said)}. {html.escape(error.reason)} ({error.rule})",
                        f"{said}: not legal ({error.rule}): {error.reason}")
    except MoveSyntaxError as error:
        shown = f"<code>{html.escape(move)}</code>"
        return _verdict(None, "Cannot be read.", f"{shown}: {html.escape(str(error))}",
                        f"{move}: cannot be read: {error}")
    words = in_words(legal)
    return _verdict(True, "Legal.", html.escape(words), f"{words.rstrip('.')}: legal.")


CAPTURES_SHOWN = 30


def captures(position: str, card: str) -> Html:
    """Every capture `card` can make in `position`, each in words."""
    from ..core.cards import Card

    here = Position.parse(position)
    played = Card.parse(card)
    # a pasted table may allow millions of captures: count them, show the first ones
    listing = first_moves(here, first=CAPTURES_SHOWN, limit=100_000,
                          keep=lambda m: m.kind == "capture" and m.card is played)
    found = [in_words(m) for m in sorted(listing.moves, key=lambda m: (m[3], m[4]))]
    if not found:
        nothing = f"The {played.name} captures nothing here."
        return _verdict(None, nothing, "", nothing)
    items = "".join(f"<li>{html.escape(text)}</li>" for text in found)
    if listing.complete:
        return _verdict(None, f"Every capture of the {played.name}:", f"<ul>{items}</ul>",
                        "\n".join(found))
    counted = listing.sentence("capture")
    headline = f"The {played.name}: {counted[:1].lower()}{counted[1:]}"
    return _verdict(None, headline, f"<ul>{items}</ul>", "\n".join([headline, *found]))


def notation(position: str) -> None:
    """Print a position's canonical text."""
    print(Position.parse(position))
