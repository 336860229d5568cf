"""One-line helpers for the lesson notebooks (Voila shows outputs only, so cells stay short).

    from cassino_learn.teaching.lesson import header, demo, quiz, practice, footer
    header("02_pairing")

Navigation comes from cassino_learn.teaching.catalog; progress from cassino_learn.teaching.progress. The widgets
are imported on first use so this module imports without Jupyter packages.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

from ..core.errors import IllegalMove, MoveSyntaxError
from ..core.listing import first_moves
from ..core.position import Position
from ..core.words import count as _count
from . import progress as _progress
from .catalog import INDEX, LESSONS, Lesson, lesson, neighbours
from .stages import has_stages, load_stages

__all__ = ["header", "footer", "demo", "show", "quiz", "practice", "sandbox", "game", "index",
           "settings", "try_move", "captures", "notation"]

FOUR_COLOR_LABEL = "Four-colour suits: spades black, hearts red, diamonds blue, clubs green"
CARD_SIZE_LABEL = "Card size"
CARD_SIZE_CHOICES = (("Normal", "normal"), ("Large", "large"),
                     ("Projector (for a class)", "projector"))
_PREVIEW_CARDS = ("AS", "AH", "AD", "AC")


class Html:
    """Rich HTML output with a plain-text fallback (what nbval compares)."""

    def __init__(self, markup: str, text: str) -> None:
        self.markup, self.text = markup, text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


# Every link between pages says target="_self": the notebook front ends open links in HTML
# outputs in a new tab otherwise, and a learner on a projector or a phone collects tabs.
def _link(item: Lesson | None, arrow: str) -> str:
    if item is None:
        return ""
    return f'<a target="_self" href="{item.notebook}">{arrow} {html.escape(item.title)}</a>'


class LessonHeader(Html):
    """The header's static part, plus a live progress line when shown in a notebook."""

    def __init__(self, markup: str, text: str, slug: str | None) -> None:
        super().__init__(markup, text)
        self.slug = slug

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(Html(self.markup, self.text))
        if self.slug and has_stages(self.slug):
            display(stage_runner(self.slug))
        elif self.slug:
            from ..ui.progress_badge import ProgressBadge

            slug = self.slug
            display(ProgressBadge(lambda: progress_summary(slug)))


def stage_runner(slug: str) -> Any:
    """The lesson's stages, opened at the first one the learner has not solved."""
    from ..ui.stages import StageRunner

    _, after = neighbours(slug)
    onward = (f"Lesson {LESSONS.index(after) + 1}: {after.title}", after.notebook) \
        if after else None
    return StageRunner(slug, next_lesson=onward)


def progress_summary(slug: str) -> str:
    """The learner's progress on a lesson in words, e.g. "✔ done · best quiz score 7/8"."""
    entry = _progress.load().lesson(slug)
    parts = ["✔ done"] if entry.done else []
    if entry.stages:
        parts.append(f"★ {entry.stars()}")
    if entry.total:
        parts.append(f"best quiz score {entry.best}/{entry.total}")
    return " · ".join(parts)


def header(slug: str) -> LessonHeader:
    """The lesson's title, the rule ids it teaches, its place in the course and its status."""
    item = lesson(slug)
    before, after = neighbours(slug)
    number = next((n for n, x in enumerate(LESSONS, 1) if x.slug == slug), None)
    title = f"Lesson {number}: {item.title}" if number else item.title
    rules = f"Rules: {', '.join(item.rules)}" if item.rules else ""
    nav = " | ".join(x for x in (_link(before, "←"), f'<a target="_self" href="{INDEX.notebook}">Contents</a>'
                                 if slug != INDEX.slug else "", _link(after, "→")) if x)
    markup = (f'<div class="cl-header"><nav style="font-size:90%">{nav}</nav>'
              f"<h1>{html.escape(title)}</h1>"
              f'<p style="color:#555;font-size:85%;margin-top:0">{html.escape(rules)}</p></div>')
    return LessonHeader(markup, f"{title}\n{rules}".strip(), slug if number else None)


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
                              seat=start.turn if seat is None else seat)

    return on_demand(DEMO_BUTTON, build, intro=intro)


QUIZ_BUTTON = "Start the quiz ▶"


def quiz(slug: str) -> Any:
    """The lesson's quiz from lessons/quizzes/<slug>.json, dealt when the learner presses its
    button; a finished quiz is saved. The bank is checked against the core now, so a broken
    question fails where the lesson runs, not when a learner opens the quiz."""
    from .quiz import load_bank

    items = load_bank(slug).items

    def build() -> Any:
        from ..ui.quiz_widgets import QuizWidget

        return QuizWidget(items, slug=slug, record=lambda s, score, total:
                          _progress.load().record_quiz(s, score, total))

    return on_demand(QUIZ_BUTTON, build, intro=f"{_count(len(items), 'question')} on this "
                     "lesson's rules; your best score is kept.")


def practice(slug_or_rules: str | Sequence[str], seed: int | None = None) -> Any:
    """Endless practice on a lesson's rules (or on the rule ids given), started by a button, so
    the page opens without building a question nobody has asked for yet."""
    from .practice import rules_for_lesson
    from ..ui.quiz_widgets import PracticeWidget

    if isinstance(slug_or_rules, str):
        slug = slug_or_rules
        rules = rules_for_lesson(slug)
        return on_demand("Start practising", lambda: PracticeWidget(
            rules, seed=seed, on_right=lambda: _progress.load().record_practice(slug)))
    chosen = list(slug_or_rules)
    return on_demand("Start practising", lambda: PracticeWidget(chosen, seed=seed))


def on_demand(label: str, build: Callable[[], Any], intro: str = "") -> Any:
    """A button that builds its widget when first pressed and then shows it in its place;
    `intro` (a line saying what the button opens) is shown until then."""
    import ipywidgets as w

    from ..ui._assets import asset
    from ..ui.quiz_widgets import button, shared_look

    # Only the button's stylesheet: what is built brings its own (a page with several of these
    # would otherwise send the quiz's whole stylesheet once per button).
    style = f"<style>{asset('buttons.css')}</style>"
    start = button(label, primary=True)
    said = f'<p class="cl-on-demand-intro">{html.escape(intro)}</p>' if intro else ""
    lead = w.HTML(style + said, layout=shared_look("plain" if intro else "hidden"),
                  style=shared_look("html"))
    box = w.VBox([lead, start], layout=shared_look("plain"))
    box.add_class("cl-on-demand")

    def begin(_: object) -> None:
        if start not in box.children:
            return  # a second click before the first was handled: built once
        if intro:  # the widget built says it itself
            lead.value, lead.layout = style, shared_look("hidden")
        box.children = (lead, build())

    start.on_click(begin)
    return box


def sandbox(text: str | None = None) -> Any:
    from ..ui.quiz_widgets import SandboxWidget

    return SandboxWidget(text) if text else SandboxWidget()


def game(players: int = 2, partners: bool = False, bot: str = "greedy",
         seed: int | None = None, rules: str | None = None,
         start_button: str | None = None) -> Any:
    """A game against the computer; `rules` (like "values=royal") are the first game's. With
    `start_button`, the table is dealt when the button is pressed (a page whose game is not its
    main exercise opens without it)."""
    from ..ui.game import GameWidget

    def build() -> Any:
        return GameWidget(players=players, partners=partners, bot=bot, seed=seed, rules=rules)

    return on_demand(start_button, build) if start_button else build()


def lesson_status(item: Lesson, store: _progress.Progress) -> tuple[bool, int, int, int, int]:
    """(done, stars, most stars, stages solved, stages) of a lesson for this learner."""
    entry = store.lesson(item.slug)
    if not has_stages(item.slug):
        return entry.done, 0, 0, 0, 0
    stages = load_stages(item.slug)
    solved = sum(entry.solved(key) for key in stages.ids)
    stars = sum(entry.stages[key].stars for key in stages.ids if key in entry.stages)
    return solved == len(stages), stars, 3 * len(stages), solved, len(stages)


def continue_target(store: _progress.Progress | None = None) -> Lesson | None:
    """The lesson holding the course's next unsolved stage (None when every lesson is done)."""
    store = store or _progress.load()
    return next((item for item in LESSONS if not lesson_status(item, store)[0]), None)


def index() -> Html:
    """The contents: the lessons as a path of tiles (title, stars, done) and a Continue button
    that opens the lesson where the learner's next unsolved stage is."""
    store = _progress.load()
    tiles, lines = [], []
    for number, item in enumerate(LESSONS, 1):
        done, stars, most, solved, count_ = lesson_status(item, store)
        state = "done" if done else "started" if solved else "new"
        mark = "✔ done" if done else f"{solved} of {count_} stages" if count_ else ""
        star_line = f"★ {stars} of {most}" if most else ""
        rules = ", ".join(item.rules)
        entry = store.lesson(item.slug)
        quiz_line = f"best quiz {entry.best}/{entry.total}" if entry.total else ""
        tiles.append(
            f'<li class="cl-tile" data-lesson="{item.slug}" data-state="{state}">'
            f'<a target="_self" href="{item.notebook}"><span class="cl-tile-number">{number}</span>'
            f'<span class="cl-tile-title">{html.escape(item.title)}</span>'
            f'<span class="cl-tile-stars">{star_line}</span>'
            f'<span class="cl-tile-mark">{mark}</span>'
            f'<span class="cl-tile-quiz">{quiz_line}</span>'
            f'<span class="cl-tile-rules" title="rules of the rule book">{rules}</span></a></li>')
        lines.append(f"{number:2}. {item.title} {'✔' if done else ''} {star_line}".rstrip())
    done_count = sum(lesson_status(x, store)[0] for x in LESSONS)
    target = continue_target(store)
    if target is None:
        go = f'<span class="cl-continue-done">Every lesson done. Play a game: ' \
             f'<a target="_self" href="{LESSONS[10].notebook}">{html.escape(LESSONS[10].title)}</a></span>'
        go_text = "Every lesson done."
    else:
        started = any(lesson_status(x, store)[3] for x in LESSONS)
        label = "Continue" if started else "Start"
        go = (f'<a class="cl-continue" role="button" target="_self" href="{target.notebook}">{label}: '
              f"Lesson {LESSONS.index(target) + 1}, {html.escape(target.title)} →</a>")
        go_text = f"{label}: {target.title}"
    markup = (f"<style>{_INDEX_CSS}</style><div class=\"cl-course\">"
              f"<p class=\"cl-course-summary\">{done_count} of {len(LESSONS)} lessons done.</p>"
              f"{go}<ol class=\"cl-path\">{''.join(tiles)}</ol></div>")
    return Html(markup, "\n".join([f"{done_count} of {len(LESSONS)} lessons done. {go_text}"]
                                  + lines))


_INDEX_CSS = """
.cl-course .cl-continue { display: inline-block; margin: 0.2em 0 0.8em; padding: 0.55em 1.2em;
  border-radius: 10px; background: #14532e; color: #fff !important; font-weight: 700;
  font-size: 1.1em; text-decoration: none; }
.cl-course .cl-continue:focus-visible { outline: 4px solid #0b3d91; outline-offset: 2px; }
/* div.cl-course ol: outranks Jupyter's "ol:not(.list-inline)" indent, so the tiles line up
   with the Start button */
div.cl-course ol.cl-path { list-style: none; padding: 0; margin: 0; display: grid; gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); counter-reset: none; }
.cl-course .cl-tile a { display: grid; grid-template-columns: 2.2em 1fr; gap: 0 0.4em;
  align-content: start; height: 100%; box-sizing: border-box;
  padding: 0.5em 0.7em; border: 2px solid #9bb5a3; border-radius: 12px; background: #fff;
  color: #1d1d1d; text-decoration: none; min-height: 4.6em; }
.cl-course .cl-tile a:hover, .cl-course .cl-tile a:focus-visible { border-color: #0b3d91; }
.cl-course .cl-tile[data-state="done"] a { background: #e4f3e8; border-color: #2e6b47; }
.cl-course .cl-tile[data-state="started"] a { border-color: #b07d00; }
.cl-course .cl-tile-number { grid-row: span 5; font-size: 1.5em; font-weight: 800; color: #14532e; }
.cl-course .cl-tile-title { font-weight: 700; }
.cl-course .cl-tile-stars { color: #8a6200; }
.cl-course .cl-tile-mark { color: #2e6b47; font-size: 0.9em; }
.cl-course .cl-tile-quiz, .cl-course .cl-tile-rules { color: #777; font-size: 0.75em; }
"""


def _suit_preview(four_color: bool) -> str:
    """One card of each suit, drawn as every card table will draw them."""
    from ..core.cards import Card
    from ..core.render import card_svg

    cards = "".join(card_svg(Card.parse(c), four_color=four_color, size=48)
                    for c in _PREVIEW_CARDS)
    return (f'<div class="cl-suit-preview" data-four-color="{str(four_color).lower()}" '
            f'style="display:flex;gap:6px;margin:0.3em 0 0.6em">{cards}</div>')


def settings() -> Any:
    """The learner's settings, saved the moment they change: four-colour suits (for
    colour-blind learners), with a preview of one card per suit that follows the toggle, and
    the card size of every card table (normal, large, projector)."""
    import ipywidgets as w

    toggle = w.Checkbox(value=_progress.preference("four_color"), description=FOUR_COLOR_LABEL,
                        indent=False, layout=w.Layout(width="auto"))
    preview = w.HTML(_suit_preview(toggle.value))
    status = w.HTML("")

    def changed(change: dict) -> None:
        on = bool(change["new"])
        preview.value = _suit_preview(on)
        try:
            _progress.load().set_preference("four_color", on)
        except OSError as error:
            status.value = (f'<span role="alert" style="color:#a3261c">The setting could not be '
                            f"saved: {html.escape(str(error))}</span>")
            return
        colours = "four colours" if on else "red and black"
        status.value = (f'<span role="status" style="color:#2e6b47">Saved: four-colour suits '
                        f"are {'on' if on else 'off'}. Card tables you open from now on use "
                        f"{colours}.</span>")

    toggle.observe(changed, "value")
    size = w.RadioButtons(options=CARD_SIZE_CHOICES, value=_progress.preference("card_size"),
                          description=CARD_SIZE_LABEL, layout=w.Layout(width="auto"))

    def resized(change: dict) -> None:
        try:
            _progress.load().set_preference("card_size", change["new"])
        except OSError as error:
            status.value = (f'<span role="alert" style="color:#a3261c">The setting could not be '
                            f"saved: {html.escape(str(error))}</span>")
            return
        name = dict((v, k) for k, v in CARD_SIZE_CHOICES)[change["new"]].lower()
        status.value = (f'<span role="status" style="color:#2e6b47">Saved: card size '
                        f"{html.escape(name)}. Card tables follow it when next shown.</span>")

    size.observe(resized, "value")
    return w.VBox([toggle, preview, status, size])


def _verdict(ok: bool | None, headline: str, detail: str, text: str) -> Html:
    """A short verdict box: a bold headline and the engine's words, wrapped like prose."""
    colour = {True: "#1e6b3a", False: "#a3261c", None: "#444"}[ok]
    markup = (f'<div class="cl-verdict" style="border-left:4px solid {colour};padding:0.3em 0.8em;'
              f'margin:0.4em 0;white-space:normal;overflow-wrap:break-word">'
              f'<b style="color:{colour}">{html.escape(headline)}</b> {detail}</div>')
    return Html(markup, text)


def try_move(position: str, move: str) -> Html:
    """Whether `move` is legal in `position`, and the rules core's reason (with its rule) if not."""
    here = Position.parse(position)
    shown = f"<code>{html.escape(move)}</code>"
    try:
        legal = here.parse_move(move)
    except IllegalMove as error:
        return _verdict(False, "Not legal.",
                        f"{shown}: {html.escape(error.reason)} <b>({error.rule})</b>",
                        f"{move}: not legal ({error.rule}): {error.reason}")
    except MoveSyntaxError as error:
        return _verdict(None, "Cannot be read.", f"{shown}: {html.escape(str(error))}",
                        f"{move}: cannot be read: {error}")
    return _verdict(True, "Legal.", f"{shown} is played as <code>{html.escape(str(legal))}</code>"
                    f": {html.escape(legal.describe())}", f"{move}: legal: {legal}")


CAPTURES_SHOWN = 30


def captures(position: str, card: str) -> Html:
    """Every capture `card` can make in `position`, in notation."""
    from ..core.cards import Card

    here = Position.parse(position)
    played = Card.parse(card)
    # a pasted table may allow millions of captures: count them, show the first ones
    listing = first_moves(here, first=CAPTURES_SHOWN, limit=100_000,
                          keep=lambda m: m.kind == "capture" and m.card is played)
    found = [str(m) for m in sorted(listing.moves, key=lambda m: (m[3], m[4]))]
    if not found:
        return _verdict(None, f"{played} captures nothing here.", "", f"{played} captures nothing here")
    items = "".join(f"<li><code>{html.escape(text)}</code></li>" for text in found)
    if listing.complete:
        return _verdict(None, f"Every capture of the {played.name}:", f"<ul>{items}</ul>",
                        "\n".join(found))
    counted = listing.sentence("capture")
    headline = f"The {played.name}: {counted[:1].lower()}{counted[1:]}"
    return _verdict(None, headline, f"<ul>{items}</ul>", "\n".join([headline, *found]))


def notation(position: str) -> None:
    """Print a position's canonical text."""
    print(Position.parse(position))
