"""The contents page: the lessons as a path of tiles with the learner's stars, a Continue
button, "Your review" (the learner's own deck of cards due, `ui.deck_runner`), and the
learner's settings.

    from cassino_learn.pages.contents import index, settings, your_review
"""

from __future__ import annotations

import html
from typing import Any

from ..core.words import count
from ._html import Html
from .learner import code_line, identify
from ..learner import progress as _progress
from ..teaching.catalog import LESSONS, Lesson, lesson
from ..classroom.homework import assigned
from ..learner.deck.today import due_today
from ..teaching.stages import has_stages, load_stages, most_stars, stars_earned

__all__ = ["index", "settings", "your_review", "homework_html", "homework_top",
           "homework_positions", "lesson_status", "continue_target", "FOUR_COLOR_LABEL",
           "CARD_SIZE_LABEL", "CARD_SIZE_CHOICES", "DECK_INACCURACIES_LABEL"]

FOUR_COLOR_LABEL = "Four-colour suits: spades black, hearts red, diamonds blue, clubs green"
CARD_SIZE_LABEL = "Card size"
DECK_INACCURACIES_LABEL = ("Your review: add the small slips too (inaccuracies), not only "
                           "mistakes and blunders")
CARD_SIZE_CHOICES = (("Normal", "normal"), ("Large", "large"),
                     ("Projector (for a class)", "projector"))
_PREVIEW_CARDS = ("AS", "AH", "AD", "AC")


def lesson_status(item: Lesson, store: _progress.Progress) -> tuple[bool, int, int, int, int]:
    """(done, stars, most stars, stages done, stages) of a lesson for this learner: stars as
    the stage runner counts them (`stars_earned`, demonstrations unstarred); a stage is done
    when solved, seen with its answer shown, or (a demonstration) watched to the end."""
    entry = store.lesson(item.slug)
    if not has_stages(item.slug):
        return entry.done, 0, 0, 0, 0
    stages = load_stages(item.slug)
    solved = sum(entry.solved(key) for key in stages.ids)
    return (solved == len(stages), stars_earned(stages, entry.stages), most_stars(stages),
            solved, len(stages))


def continue_target(store: _progress.Progress | None = None) -> Lesson | None:
    """The lesson holding the course's next unsolved stage (None when every lesson is done)."""
    store = store or _progress.load()
    return next((item for item in LESSONS if not lesson_status(item, store)[0]), None)


def index() -> Html:
    """The contents: the lessons as a path of tiles (title, stars, done) and a Continue button
    that opens the lesson where the learner's next unsolved stage is; in a class, the
    learner's code for continuing on another computer."""
    identify()
    store = _progress.load()
    tiles, lines = [], []
    for number, item in enumerate(LESSONS, 1):
        done, stars, most, solved, count_ = lesson_status(item, store)
        state = "done" if done else "started" if solved else "new"
        mark = "✔ done" if done else f"{solved} of {count_} stages" if count_ else ""
        star_line = f"★ {stars} of {most}" if most else ""
        entry = store.lesson(item.slug)
        quiz_line = f"best quiz {entry.best}/{entry.total}" if entry.total else ""
        tiles.append(
            f'<li class="cl-tile" data-lesson="{item.slug}" data-state="{state}">'
            f'<a target="_self" href="{item.notebook}"><span class="cl-tile-number">{number}</span>'
            f'<span class="cl-tile-title">{html.escape(item.title)}</span>'
            f'<span class="cl-tile-stars">{star_line}</span>'
            f'<span class="cl-tile-mark">{mark}</span>'
            f'<span class="cl-tile-quiz">{quiz_line}</span></a></li>')
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
    code = code_line()
    due = len(due_today(store.deck))
    review = (f'<p class="cl-review-due"><a target="_self" href="#your-review">Your review: '
              f'{count(due, "card")} due today ↓</a></p>' if due else "")
    markup = (f"<style>{_INDEX_CSS}</style><div class=\"cl-course\">{code.markup}"
              f"<p class=\"cl-course-summary\">{done_count} of {len(LESSONS)} lessons done.</p>"
              f"{review}{go}<ol class=\"cl-path\">{''.join(tiles)}</ol></div>")
    return Html(markup, "\n".join([f"{done_count} of {len(LESSONS)} lessons done. {go_text}"]
                                  + lines))


def homework_top() -> Html:
    """The class's homework for this learner, shown at the very top of the contents page
    (under its title, `lesson.header`): empty outside a class or with no homework set."""
    shown = homework_html(assigned())
    if not shown.markup:
        return shown
    return Html(f"<style>{_HOMEWORK_CSS}</style><div class=\"cl-course cl-course-homework\">"
                f"{shown.markup}</div>", shown.text)


def homework_html(work: list[dict[str, Any]]) -> Html:
    """The class's homework for the top of the contents page: each homework's title and due
    date, and its items with this learner's state; a stage item links to its lesson, which
    opens at that stage (`homework.stage_to_open`). Empty outside a class."""
    if not work:
        return Html("", "")
    parts, lines = [], []
    for homework in work:
        items, done = [], 0
        for item in homework.get("items", []):
            state = str(item.get("state", "not started"))
            done += state == "solved"
            mark = {"solved": f"✔ solved (try {item.get('solved_on')})",
                    "started": "tried, not solved yet"}.get(state, "to do")
            label = html.escape(str(item.get("label", "")))
            if item.get("kind") == "stage":
                try:
                    target = lesson(str(item.get("lesson"))).notebook
                except KeyError:
                    continue
                what = (f'<a target="_self" href="{html.escape(target)}">'
                        f'{html.escape(str(item.get("lesson_title", "")))}, '
                        f'stage {int(item.get("number", 0))}</a>')
            else:
                what = (f'<a target="_self" href="#homework-positions">Find the best move at '
                        f'the table below</a>: <span class="cl-hw-position">{label}</span>')
            items.append(f'<li class="cl-hw-item" data-state="{html.escape(state)}" '
                         f'data-key="{html.escape(str(item.get("key", "")))}">{what} '
                         f'<span class="cl-hw-mark">{html.escape(mark)}</span></li>')
        title = html.escape(str(homework.get("title", "")))
        due_on = html.escape(str(homework.get("due", "")))
        total = len(items)
        parts.append(f'<section class="cl-homework" aria-label="Homework: {title}">'
                     f'<h2 class="cl-hw-title">Homework: {title}</h2>'
                     f'<p class="cl-hw-due">Due {due_on} · {done} of {total} done</p>'
                     f'<ul class="cl-hw-items">{"".join(items)}</ul></section>')
        lines.append(f"Homework: {homework.get('title', '')}, due {homework.get('due', '')}, "
                     f"{done} of {total} done.")
    return Html("".join(parts), "\n".join(lines))


_HOMEWORK_CSS = """
.cl-course .cl-homework { margin: 0 0 0.8em; padding: 0.5em 0.9em; border: 2px solid #0b3d91;
  border-radius: 12px; background: #f2f6fd; }
.cl-course .cl-hw-title { margin: 0; font-size: 1.15em; overflow-wrap: anywhere; }
.cl-course .cl-hw-due { margin: 0.1em 0 0.3em; color: #333; }
.cl-course ul.cl-hw-items { margin: 0; padding-left: 1.2em; }
.cl-course .cl-hw-item a { font-weight: 700; color: #0b3d91; }
.cl-course .cl-hw-item[data-state="solved"] .cl-hw-mark { color: #14532e; font-weight: 700; }
.cl-course .cl-hw-mark { color: #595959; margin-left: 0.3em; }
.cl-course .cl-hw-position { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
"""

_INDEX_CSS = """
.cl-course .cl-continue { display: inline-block; margin: 0.2em 0 0.8em; padding: 0.55em 1.2em;
  border-radius: 10px; background: #14532e; color: #fff !important; font-weight: 700;
  font-size: 1.1em; text-decoration: none; }
.cl-course .cl-continue:focus-visible { outline: 4px solid #0b3d91; outline-offset: 2px; }
.cl-course .cl-review-due { margin: 0 0 0.4em; }
.cl-course .cl-review-due a { font-weight: 700; color: #0b3d91; }
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
.cl-course .cl-tile-quiz { color: #595959; font-size: 0.75em; }
"""


def your_review() -> Any:
    """"Your review": how many of the learner's own cards (the moves the review marked in
    their games, the stages they missed at the first try) are due today, the streak of days,
    and a button that plays the due cards one after another on the card table."""
    from ..learner.deck import today
    from ..learner.deck.making import add_missed_stages
    from ..ui.deck_runner import DeckRunner, summary_html

    identify()
    positions = homework_positions(assigned())
    with _progress.read_once():  # one reading of the file, the runner's own included
        store = _progress.load()
        if add_missed_stages(store):
            store = _progress.load()
        if store.deck.cards:
            runner = DeckRunner()
            return _with_positions(positions, runner) if positions else runner
    # no card yet: one line of text, no widget (the contents page opens with few)
    said = Html(summary_html(today.summary(store.deck), store.deck, today.now()),
                "Your review: no cards yet.")
    if not positions:
        return said
    import ipywidgets as w

    return _with_positions(positions, w.HTML(said.markup))


def homework_positions(work: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The position items of the class's homework (each once), to solve on the card table."""
    seen: set[str] = set()
    out = []
    for homework in work:
        for item in homework.get("items", []):
            if item.get("kind") == "position" and item.get("key") not in seen:
                seen.add(item.get("key"))
                out.append(item)
    return out


def _with_positions(positions: list[dict[str, Any]], rest: Any) -> Any:
    """The homework's positions, each on its card table, above the review."""
    import ipywidgets as w

    from ..ui.homework_position import HomeworkPosition

    head = w.HTML("<h3 id='homework-positions'>Homework: positions</h3>")
    return w.VBox([head, *(HomeworkPosition(item) for item in positions), rest])


def _suit_preview(four_color: bool) -> str:
    """One card of each suit, drawn as every card table will draw them."""
    from ..core.cards import Card
    from ..drawing.render import card_svg

    cards = "".join(card_svg(Card.parse(c), four_color=four_color, size=48)
                    for c in _PREVIEW_CARDS)
    return (f'<div class="cl-suit-preview" data-four-color="{str(four_color).lower()}" '
            f'style="display:flex;gap:6px;margin:0.3em 0 0.6em">{cards}</div>')


def settings() -> Any:
    """The learner's settings, saved the moment they change: four-colour suits (for
    colour-blind learners), with a preview of one card per suit that follows the toggle, the
    card size of every card table (normal, large, projector), and whether the review's
    inaccuracies join the learner's deck too."""
    import ipywidgets as w

    identify()
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
    slips = w.Checkbox(value=_progress.preference("deck_inaccuracies"),
                       description=DECK_INACCURACIES_LABEL, indent=False,
                       layout=toggle.layout, style=toggle.style)  # one model less each

    def slips_chosen(change: dict) -> None:
        try:
            _progress.load().set_preference("deck_inaccuracies", bool(change["new"]))
        except OSError as error:
            status.value = (f'<span role="alert" style="color:#a3261c">The setting could not be '
                            f"saved: {html.escape(str(error))}</span>")
            return
        which = "inaccuracies, mistakes and blunders" if change["new"] else \
            "mistakes and blunders"
        status.value = (f'<span role="status" style="color:#2e6b47">Saved: the {which} of '
                        f"your games from now on join your review.</span>")

    slips.observe(slips_chosen, "value")
    return w.VBox([toggle, preview, status, size, slips])
