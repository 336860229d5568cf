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
from . import progress as _progress
from .catalog import INDEX, LESSONS, Lesson, lesson, neighbours

__all__ = ["header", "footer", "demo", "show", "quiz", "practice", "sandbox", "game", "index",
           "settings", "try_move", "captures", "notation"]

FOUR_COLOR_LABEL = "Four-colour suits: spades black, hearts red, diamonds blue, clubs green"
_PREVIEW_CARDS = ("AS", "AH", "AD", "AC")


class Html:
    """Rich HTML output with a plain-text fallback (what nbval compares)."""

    def __init__(self, markup: str, text: str) -> None:
        self.markup, self.text = markup, text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


def _link(item: Lesson | None, arrow: str) -> str:
    if item is None:
        return ""
    return f'<a href="{item.notebook}">{arrow} {html.escape(item.title)}</a>'


class LessonHeader(Html):
    """The header's static part, plus a live progress line when shown in a notebook."""

    def __init__(self, markup: str, text: str, slug: str | None) -> None:
        super().__init__(markup, text)
        self.slug = slug

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(Html(self.markup, self.text))
        if self.slug:
            from ..ui.progress_badge import ProgressBadge

            slug = self.slug
            display(ProgressBadge(lambda: progress_summary(slug)))


def progress_summary(slug: str) -> str:
    """The learner's progress on a lesson in words, e.g. "✔ done · best quiz score 7/8"."""
    entry = _progress.load().lesson(slug)
    parts = ["✔ done"] if entry.done else []
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
    nav = " | ".join(x for x in (_link(before, "←"), f'<a href="{INDEX.notebook}">Contents</a>'
                                 if slug != INDEX.slug else "", _link(after, "→")) if x)
    markup = (f'<div class="cl-header"><nav style="font-size:90%">{nav}</nav>'
              f"<h1>{html.escape(title)}</h1>"
              f'<p style="color:#555">{html.escape(rules)}</p></div>')
    return LessonHeader(markup, f"{title}\n{rules}".strip(), slug if number else None)


class LessonFooter:
    """The end of a lesson: a button that marks it done (and says so on itself), then a plain
    link to the next lesson."""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        _, after = neighbours(slug)
        self.link = Html(
            f'<p>Next: {_link(after, "→")}</p>' if after else
            f'<p>That was the last lesson. <a href="{INDEX.notebook}">Back to the contents</a></p>',
            f"Next: {after.title}" if after else "That was the last lesson.")

    def button(self) -> Any:
        from ..ui.quiz_widgets import button

        done = button("I have finished this lesson", primary=True)

        def mark(_: object) -> None:
            _progress.load().mark_done(self.slug)
            done.description = "Saved: lesson done ✔ Well done!"
            done.disabled = True

        done.on_click(mark)
        return done

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.button(), self.link)


def footer(slug: str) -> LessonFooter:
    """A "done" button that saves progress, and the link to the next lesson."""
    return LessonFooter(slug)


def show(position: str | Position) -> Any:
    """A position as a (read-only) card table."""
    from ..ui import CardTable

    return CardTable(position, mode="watch")


def demo(position: str | Position, steps: Sequence[tuple[str, str]], intro: str = "",
         seat: int | None = None) -> Any:
    """Step through moves with captions (every move is checked by the rules core). The table
    stays seen from `seat` (default: the seat to move at the start), so "you" stays one player."""
    from ..ui import CardTable

    start = Position.parse(position) if isinstance(position, str) else position
    return CardTable.demo(start, list(steps), intro=intro,
                          seat=start.turn if seat is None else seat)


def quiz(slug: str) -> Any:
    """The lesson's quiz from lessons/quizzes/<slug>.json; a finished quiz is saved."""
    from ..ui.quiz_widgets import QuizWidget

    return QuizWidget.from_bank(slug, record=lambda s, score, total:
                                _progress.load().record_quiz(s, score, total))


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


def on_demand(label: str, build: Callable[[], Any]) -> Any:
    """A button that builds its widget when first pressed and then shows it in its place."""
    import ipywidgets as w

    from ..ui.quiz_widgets import _style, button

    start = button(label, primary=True)
    box = w.VBox([_style(), start])

    def begin(_: object) -> None:
        box.children = (box.children[0], build())

    start.on_click(begin)
    return box


def sandbox(text: str | None = None) -> Any:
    from ..ui.quiz_widgets import SandboxWidget

    return SandboxWidget(text) if text else SandboxWidget()


def game(players: int = 2, partners: bool = False, bot: str = "greedy",
         seed: int | None = None) -> Any:
    from ..ui.quiz_widgets import GameWidget

    return GameWidget(players=players, partners=partners, bot=bot, seed=seed)


def index() -> Html:
    """The contents: every lesson with a link and the learner's progress."""
    store = _progress.load()
    rows, lines = [], []
    for number, item in enumerate(LESSONS, 1):
        entry = store.lesson(item.slug)
        mark = "✔" if entry.done else ""
        score = f"{entry.best}/{entry.total}" if entry.total else ""
        rows.append(f"<tr><td>{number}</td><td><a href=\"{item.notebook}\">"
                    f"{html.escape(item.title)}</a></td><td>{', '.join(item.rules)}</td>"
                    f"<td>{mark}</td><td>{score}</td></tr>")
        lines.append(f"{number:2}. {item.title} {mark} {score}".rstrip())
    done = sum(store.lesson(x.slug).done for x in LESSONS)
    markup = (f"<p>{done} of {len(LESSONS)} lessons done.</p>"
              f"<style>.cl-index td, .cl-index th {{ text-align: left; padding: 0.2em 0.8em; }}"
              f"</style><table class='cl-index'>"
              "<tr><th></th><th>Lesson</th><th>Rules</th><th>Done</th><th>Best quiz</th></tr>"
              + "".join(rows) + "</table>")
    return Html(markup, "\n".join([f"{done} of {len(LESSONS)} lessons done."] + lines))


def _suit_preview(four_color: bool) -> str:
    """One card of each suit, drawn as every card table will draw them."""
    from ..core.cards import Card
    from ..core.render import card_svg

    cards = "".join(card_svg(Card.parse(c), four_color=four_color, size=48)
                    for c in _PREVIEW_CARDS)
    return (f'<div class="cl-suit-preview" data-four-color="{str(four_color).lower()}" '
            f'style="display:flex;gap:6px;margin:0.3em 0 0.6em">{cards}</div>')


def settings() -> Any:
    """The learner's settings, saved the moment they change: for now, four-colour suits (for
    colour-blind learners), with a preview of one card per suit that follows the toggle."""
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
    return w.VBox([toggle, preview, status])


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
