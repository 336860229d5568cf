"""The contents page: the lessons as a path of tiles with the learner's stars, a Continue
button, "Your review" (the learner's own deck of cards due, `ui.deck_runner`), and the
learner's settings.

    from cassino_learn.pages.contents import index, settings, your_review
"""

from __future__ import annotations

from typing import Any

from ..core.words import count
from ..drawing.markup import element, stylesheet
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
        parts = [element("span", str(number), class_="cl-tile-number")] + [
            element("span", text, class_=f"cl-tile-{name}", escape=True)
            for name, text in (("title", item.title), ("stars", star_line), ("mark", mark),
                               ("quiz", quiz_line))]
        tiles.append(element("li", element("a", *parts, target="_self", href=item.notebook),
                             class_="cl-tile", data_lesson=item.slug, data_state=state))
        lines.append(f"{number:2}. {item.title} {'✔' if done else ''} {star_line}".rstrip())
    done_count = sum(lesson_status(x, store)[0] for x in LESSONS)
    target = continue_target(store)
    if target is None:
        game = element("a", LESSONS[10].title, target="_self", href=LESSONS[10].notebook,
                       escape=True)
        go = element("span", "Every lesson done. Play a game: ", game, class_="cl-continue-done")
        go_text = "Every lesson done."
    else:
        started = any(lesson_status(x, store)[3] for x in LESSONS)
        label = "Continue" if started else "Start"
        go = element("a", f"{label}: Lesson {LESSONS.index(target) + 1}, {target.title} →",
                     class_="cl-continue", role="button", target="_self", href=target.notebook,
                     escape=True)
        go_text = f"{label}: {target.title}"
    code = code_line()
    due = len(due_today(store.deck))
    review = element("p", element("a", f"Your review: {count(due, 'card')} due today ↓",
                                  target="_self", href="#your-review", escape=True),
                     class_="cl-review-due") if due else ""
    summary = element("p", f"{done_count} of {len(LESSONS)} lessons done.",
                      class_="cl-course-summary")
    markup = (element("style", stylesheet(__file__, "contents.css"))
              + element("div", code.markup, summary, review, go,
                        element("ol", *tiles, class_="cl-path"), class_="cl-course"))
    return Html(markup, "\n".join([f"{done_count} of {len(LESSONS)} lessons done. {go_text}"]
                                  + lines))


def homework_top() -> Html:
    """The class's homework for this learner, shown at the very top of the contents page
    (under its title, `lesson.header`): empty outside a class or with no homework set."""
    shown = homework_html(assigned())
    if not shown.markup:
        return shown
    return Html(element("style", stylesheet(__file__, "homework.css"))
                + element("div", shown.markup, class_="cl-course cl-course-homework"), shown.text)


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
            label = str(item.get("label", ""))
            if item.get("kind") == "stage":
                try:
                    target = lesson(str(item.get("lesson"))).notebook
                except KeyError:
                    continue
                what = element("a", f'{item.get("lesson_title", "")}, stage '
                                    f'{int(item.get("number", 0))}',
                               target="_self", href=target, escape=True)
            else:
                what = (element("a", "Find the best move at the table below", target="_self",
                                href="#homework-positions")
                        + ": " + element("span", label, class_="cl-hw-position", escape=True))
            items.append(element("li", what, " ",
                                 element("span", mark, class_="cl-hw-mark", escape=True),
                                 class_="cl-hw-item", data_state=state,
                                 data_key=str(item.get("key", ""))))
        title = str(homework.get("title", ""))
        total = len(items)
        parts.append(element(
            "section",
            element("h2", f"Homework: {title}", class_="cl-hw-title", escape=True),
            element("p", f"Due {homework.get('due', '')} · {done} of {total} done",
                    class_="cl-hw-due", escape=True),
            element("ul", *items, class_="cl-hw-items"),
            class_="cl-homework", aria_label=f"Homework: {title}"))
        lines.append(f"Homework: {homework.get('title', '')}, due {homework.get('due', '')}, "
                     f"{done} of {total} done.")
    return Html("".join(parts), "\n".join(lines))



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

    head = w.HTML(element("h3", "Homework: positions", id="homework-positions"))
    return w.VBox([head, *(HomeworkPosition(item) for item in positions), rest])


def _suit_preview(four_color: bool) -> str:
    """One card of each suit, drawn as every card table will draw them."""
    from ..core.cards import Card
    from ..drawing.render import card_svg

    cards = "".join(card_svg(Card.parse(c), four_color=four_color, size=48)
                    for c in _PREVIEW_CARDS)
    return element("div", cards, class_="cl-suit-preview",
                   data_four_color=str(four_color).lower(),
                   style="display:flex;gap:6px;margin:0.3em 0 0.6em")


def _said(words: str, *, alert: bool = False) -> str:
    """A setting's status line: saved (green, polite) or not saved (red, an alert)."""
    return element("span", words, role="alert" if alert else "status",
                   style=f"color:{'#a3261c' if alert else '#2e6b47'}", escape=True)


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
            status.value = _said(f"The setting could not be saved: {error}", alert=True)
            return
        colours = "four colours" if on else "red and black"
        status.value = _said(f"Saved: four-colour suits are {'on' if on else 'off'}. Card "
                             f"tables you open from now on use {colours}.")

    toggle.observe(changed, "value")
    size = w.RadioButtons(options=CARD_SIZE_CHOICES, value=_progress.preference("card_size"),
                          description=CARD_SIZE_LABEL, layout=w.Layout(width="auto"))

    def resized(change: dict) -> None:
        try:
            _progress.load().set_preference("card_size", change["new"])
        except OSError as error:
            status.value = _said(f"The setting could not be saved: {error}", alert=True)
            return
        name = dict((v, k) for k, v in CARD_SIZE_CHOICES)[change["new"]].lower()
        status.value = _said(f"Saved: card size {name}. Card tables follow it when next "
                             "shown.")

    size.observe(resized, "value")
    slips = w.Checkbox(value=_progress.preference("deck_inaccuracies"),
                       description=DECK_INACCURACIES_LABEL, indent=False,
                       layout=toggle.layout, style=toggle.style)  # one model less each

    def slips_chosen(change: dict) -> None:
        try:
            _progress.load().set_preference("deck_inaccuracies", bool(change["new"]))
        except OSError as error:
            status.value = _said(f"The setting could not be saved: {error}", alert=True)
            return
        which = "inaccuracies, mistakes and blunders" if change["new"] else \
            "mistakes and blunders"
        status.value = _said(f"Saved: the {which} of your games from now on join your "
                             "review.")

    slips.observe(slips_chosen, "value")
    return w.VBox([toggle, preview, status, size, slips])
