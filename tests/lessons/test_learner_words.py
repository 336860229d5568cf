"""What a learner reads in the stages: goals, not instructions; hints that climb; no notation.

Every stage of every lesson is read as a learner meets it: its words, its task, each step of its
hint ladder, its explanation, its choices, the captions of a demonstration, and the verdicts the
real judge gives (a wrong answer at every step, a right answer, "Show me", a refused move). None
may hold move notation: brackets, bars, card codes like "7H" ("take 7H"), settings like
`values=royal`, variant numbers or lists of rule ids. A rule id may stand only as a small
citation, "(B2)" or "(rule B2)", after the sentence that says the rule (PEDAGOGY.md: a refused
move says why, naming the rule id).

A goal stage states what to achieve: outside a guided step (the first time an action appears),
its words, its task and its first hint never name the card to play, nor the clicks.
"""

from __future__ import annotations

import html
import re

import pytest

from cassino_learn.core.cards import RANK_NAMES, RANK_PLURALS
from cassino_learn.teaching import catalog
from cassino_learn.teaching.feedback import LOOK, NUDGE, SHOW
from cassino_learn.teaching.stages import Stage, load_stages, parse_stage

_CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])[SHDC](?![\w-])")
_CITATION = re.compile(r"\((?:rule )?[A-Z][0-9]{1,2}\)")
_RULE_ID = re.compile(r"\b[A-Z][0-9]{1,2}\b")
_SETTING = re.compile(r"\b\w+=\w+")
_CLICKS = re.compile(r"\b(?:click|press|then take|then build|then trail|select)\b", re.I)


def notation_in(text: str) -> list[str]:
    """The pieces of notation in `text` (empty when it reads as plain words)."""
    found = []
    for mark in ("[", "]", "|", "@"):
        if mark in text:
            found.append(mark)
    found += _CARD_CODE.findall(text)
    found += _SETTING.findall(text)
    bare = _CITATION.sub("", text)
    found += [f"rule id {rid}" for rid in _RULE_ID.findall(bare)]
    return found


def all_stages():
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            yield pytest.param(stage, id=f"{item.slug}:{stage.id}")


def wrong_answers(stage: Stage) -> list:
    """Wrong answers of every shape the stage takes: a legal move that misses the goal, a
    refused move, a capture too few, the other button, another number."""
    right = stage.solutions()[0]
    if stage.kind == "goal":
        misses = [m for m in stage.position.legal_moves()
                  if not stage.item.goal.met_by(stage.position, m)]
        card = stage.position.hand[0]
        refused = f"{card} take " + " ".join(str(c) for c in stage.position.table_cards)
        return misses[:2] + [refused]
    if stage.kind == "captures":
        other = [m for m in stage.position.legal_moves() if m.kind != "capture"]
        return [list(right)[:-1], list(right) + other[:1]]
    if stage.kind == "legal":
        return [{"Legal": "Not legal", "Not legal": "Legal"}[right]]
    if stage.kind in ("points", "number", "choice"):
        return [c for c in stage.choices() if c != str(right)][:2]
    if stage.kind == "score":
        return [{side: points + 1 for side, points in right.items()}]
    return []


def read_by_the_learner(stage: Stage) -> list[tuple[str, str]]:
    """(where, text) for everything the stage shows."""
    texts = [("say", stage.say), ("task", stage.task()), ("why", stage.why)]
    texts += [(f"hint {n}", step) for n, step in enumerate(stage.hint_steps(), 1)]
    texts += [("choice", choice) for choice in stage.choices()]
    texts += [(f"caption {n}", caption) for n, (_, caption) in enumerate(stage.steps, 1)]
    if stage.kind == "demo":
        return texts
    for answer in stage.solutions()[:2]:
        texts.append(("right verdict", stage.judge(answer).message))
    for answer in wrong_answers(stage):
        for step in (LOOK, NUDGE, SHOW):
            texts.append((f"wrong verdict, step {step}", stage.judge(answer, step=step).message))
    texts.append(("show me", stage.shown().message))
    return texts


@pytest.mark.parametrize("stage", list(all_stages()))
def test_no_stage_shows_notation(stage):
    bad = [(where, notation_in(text), text) for where, text in read_by_the_learner(stage)
           if notation_in(text)]
    assert not bad, "\n".join(f"{where}: {found}: {text!r}" for where, found, text in bad)


def _names_of(card) -> list[re.Pattern]:
    """Ways of naming `card` as the one to play: its name, its code, "your 7", "your sevens"."""
    rank = card.rank
    words = {RANK_NAMES[rank - 1], RANK_PLURALS[rank - 1]}
    if 1 < rank <= 10:
        words.add(str(rank))
        words.add(f"{rank}s")
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return [re.compile(rf"\b{re.escape(card.name)}\b", re.I),
            re.compile(rf"(?<![\w-]){re.escape(str(card))}(?![\w-])"),
            re.compile(rf"\byour (?:{alternatives})\b", re.I),
            re.compile(rf"\b(?:play|trail|put|raise it with) (?:the |a |an )?"
                       rf"(?:{alternatives})\b", re.I)]


def named_moves(stage: Stage) -> list[str]:
    """What the stage's words, task and first hint say of the card to play, or of the clicks."""
    played = {m.card for m in stage.solutions()}
    said = [stage.say, stage.task(), stage.hint]
    found = []
    for text in said:
        found += _CLICKS.findall(text)
        for card in played:
            found += [m.group(0) for pattern in _names_of(card) for m in pattern.finditer(text)]
    return found


def goal_stages():
    for stage in all_stages():
        if stage.values[0].kind == "goal" and not stage.values[0].guided:
            yield stage


@pytest.mark.parametrize("stage", list(goal_stages()))
def test_a_goal_states_what_to_achieve_never_the_card_or_the_clicks(stage):
    named = named_moves(stage)
    assert not named, f"{stage.id} tells the move: {named}"


def test_the_checks_can_tell():
    """The words the newcomer met before this change are caught."""
    assert notation_in("You trailed the seven of spades (trail 7S).") == ["7S"]
    assert notation_in("(2D build 9: 2D+[3C 4H] | 9S)")
    assert notation_in("The same table with no values=royal:")
    assert notation_in("B2 holds as usual.") == ["rule id B2"]
    assert notation_in("A build of 7 and a 7 are two groups of 7 (S2, S3).")
    assert not notation_in("You would need to hold an 8 to capture a build of 8 later (B2).")
    old = parse_stage({"id": "x", "kind": "goal", "position": "table: 7D; hand: 3S 10D",
                       "say": "Build towards Big Casino: put your 3 on the 7 and announce ten.",
                       "goal": "build 10", "hint": "3 + 7 = 10"})
    assert named_moves(old) == ["your 3"]
    click = parse_stage({"id": "x", "kind": "goal", "say": "Take the build.",
                         "position": "table: [8@2: 5H 3S] 4C; hand: 8D 2C",
                         "goal": "capture build", "hint": "Click your 8D, then the build."})
    assert "Click" in named_moves(click) and "8D" in named_moves(click)
    guided = parse_stage({"id": "x", "kind": "goal", "guided": True, "say": "Click your 8.",
                          "position": "table: [8@2: 5H 3S] 4C; hand: 8D 2C",
                          "goal": "capture build"})
    assert guided.guided and not guided.starred


@pytest.mark.parametrize("stage", [p for p in all_stages() if p.values[0].kind != "demo"])
def test_hints_climb_and_never_name_the_move(stage):
    """Each step of the ladder says something new, and none says the move in the words "Show
    me" uses; a goal stage has at least two steps (what to look at, then narrower)."""
    steps = stage.hint_steps()
    assert steps and len(set(steps)) == len(steps), steps
    if stage.kind == "goal" and not stage.guided:
        assert len(steps) >= 2, f"{stage.id}: a goal's hint climbs in steps"
    if stage.kind == "goal":
        from cassino_learn.teaching.saying import move_said

        moves = [move_said(stage.position, m).lower() for m in stage.solutions()]
        assert not [s for s in steps if any(m in s.lower() for m in moves)], steps


def answer_stages():
    for stage in all_stages():
        if stage.values[0].kind in ("number", "choice", "points"):
            yield stage


@pytest.mark.parametrize("stage", list(answer_stages()))
def test_the_choices_hold_the_natural_mistake(stage):
    """The number a learner gets by the lesson's typical error (the table's cards forgotten,
    the draws forgotten, the lower score not taken off, a Casino forgotten) is offered."""
    mistakes = stage.mistakes()
    truth = str(stage.solutions()[0])
    assert mistakes and truth not in mistakes, stage.id
    missing = [m for m in mistakes if m not in stage.choices()]
    assert not missing, f"{stage.id}: {missing} not among {stage.choices()}"


def test_the_natural_mistakes_the_newcomer_missed_are_offered():
    """13.5: playing to 11 the lower round score comes off: 3 + 7 = 10 is the slip; 13.16:
    the table's four forgotten gives 38, the draws forgotten 40."""
    lesson = load_stages("13_variants_and_etiquette")
    assert "10" in lesson.stage("lurch-score").choices()
    draws = lesson.stage("draw-stock").choices()
    assert "38" in draws and "40" in draws


def test_the_texts_the_newcomer_found_misleading_say_what_the_rules_say():
    """13.14: Spade Casino gives Little Casino no point of its own, so a wrong count is not
    told to count it; 8.10: a move that takes the build is not told the build "can still be
    raised"; 13.5: playing to 11 the lower round score comes off, not the other side's total;
    13.17: an empty stock is not to be counted; 9.7: the last cards go to the last capturer
    when the round ends, not while they lie on the table."""
    variants = load_stages("13_variants_and_etiquette")
    spade = variants.stage("spade-casino-count")
    for step in (LOOK, NUDGE):
        assert "little casino" not in spade.judge({1: 5, 2: 5}, step=step).message.lower()
    protect = load_stages("08_owning_a_build").stage("protect-your-build")
    taken = next(m for m in protect.position.legal_moves() if m.kind == "capture" and m.builds)
    assert "can still be raised" not in protect.judge(taken).message
    lurch = " ".join(variants.stage("lurch-score").hint_steps()).lower()
    assert "lower" in lurch and "total" not in lurch
    hand = variants.stage("draw-hand")
    assert "left in the stock" not in hand.judge("0", step=NUDGE).message
    caption = load_stages("09_sweeps_and_last_cards").stage("last-cards").steps[-1][1]
    assert "now go to you" not in caption and "when the round ends" in caption.lower()


def bank_items():
    from cassino_learn.teaching.quiz import all_banks, load_bank

    for path in all_banks():
        for item in load_bank(path).items:
            yield pytest.param(item, id=f"{path.stem}:{item.id}")


_TYPING_EXAMPLE = re.compile(r"\(for example: [^)]*\)")


@pytest.mark.parametrize("item", list(bank_items()))
def test_no_quiz_item_shows_notation(item):
    """A lesson's quiz reads like its stages: its question (but the typing box's own example
    of what to type), its hint, the answer shown and the verdict on a right answer."""
    from cassino_learn.teaching.feedback import shown

    texts = [("question", _TYPING_EXAMPLE.sub("", item.prompt())), ("hint", item.hint),
             ("shown", shown(item).message)]
    if item.kind == "goal":
        texts.append(("right", item.judge(item.solutions()[0]).message))
    elif item.kind == "legal":
        texts += [("verdict", item.judge(said).message) for said in ("Legal", "Not legal")]
    bad = [(where, notation_in(text), text) for where, text in texts if notation_in(text)]
    assert not bad, "\n".join(f"{where}: {found}: {text!r}" for where, found, text in bad)


def staged_with_lesson():
    for item in catalog.LESSONS:
        for stage in load_stages(item.slug):
            yield pytest.param(item.slug, stage, id=f"{item.slug}:{stage.id}")


@pytest.mark.parametrize("slug,stage", list(staged_with_lesson()))
def test_a_stage_speaks_only_of_what_its_lesson_has_taught(slug, stage):
    """The rules a stage cites, in its words or its verdicts, are taught by its lesson or
    before (the catalogue); sweeps (lesson 9) are not named before their lesson."""
    taught = catalog.taught_by(slug)
    texts = read_by_the_learner(stage)
    cited = {rid for _, text in texts for rid in _RULE_ID.findall(text)}
    cited |= {stage.rule()} - {None}
    early = sorted(rid for rid in cited if rid not in taught and not rid.startswith("E"))
    assert not early, f"{stage.id} cites {early} before their lesson"
    if slug < "09":
        swept = [(where, text) for where, text in texts if "sweep" in text.lower()]
        assert not swept, swept


# ------------------------------------------------------------------ the pages around the stages

_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_CODE = re.compile(r"`[^`]*`")
_TABLE_ROW = re.compile(r"^\|.*\|\s*$", re.M)


def prose_of(markdown: str) -> list[str]:
    """The paragraphs of a markdown cell as a learner reads them: links by their words, a
    table's rows without their bars, and code spans only outside a paragraph about the typing
    box (whose own example of what to type may stay notation)."""
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", markdown):
        text = _TABLE_ROW.sub(lambda row: row.group(0).replace("|", " "), paragraph)
        text = _LINK.sub(r"\1", text)
        if "box" in text.lower():
            text = _CODE.sub("", text)
        paragraphs.append(" ".join(text.split()))
    return paragraphs


def lesson_notebooks():
    for item in (catalog.INDEX, *catalog.LESSONS):
        yield pytest.param(item, id=item.slug)


def markdown_cells(item) -> list[str]:
    import json

    notebook = json.loads((catalog.lessons_dir() / item.notebook).read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"]
            if cell["cell_type"] == "markdown"]


@pytest.mark.parametrize("item", list(lesson_notebooks()))
def test_a_lessons_prose_says_rules_and_moves_in_words(item):
    """The text under a lesson's stages (headings, explanations, lists) names a rule by what it
    says, a rule id standing at most as a small citation after it, "(B2)", never as a heading's
    list, a list's label or a sentence's subject; it shows no move notation, but the typing
    box's example; and it cites only rules its lesson or one before has taught."""
    bad, cited = [], set()
    for cell in markdown_cells(item):
        for paragraph in prose_of(cell):
            found = notation_in(paragraph)
            if found:
                bad.append(f"{found}: {paragraph[:160]!r}")
            cited |= set(re.findall(r"\((?:rule )?([A-Z][0-9]{1,2})\)", paragraph))
    assert not bad, "\n".join(bad)
    if item in catalog.LESSONS:
        early = sorted(cited - catalog.taught_by(item.slug))
        assert not early, f"{item.slug} cites {early} before their lesson"


def test_the_prose_check_can_tell():
    """What the lessons said before: a heading's list of ids, a list labelled by ids, a position
    in notation; and what may stay: a citation, the typing box's example, a table, a link."""
    assert notation_in(" ".join(prose_of("## You choose (S4, S5)")))
    assert notation_in(" ".join(prose_of("- **B1** A build always combines your card.")))
    assert notation_in(" ".join(prose_of("the owner's seat is written: `[9@1: 5H 4D]` is a 9.")))
    assert notation_in(" ".join(prose_of("Playing a card (**T2**) from your hand.")))
    assert notation_in(" ".join(prose_of("* Using B9 in a game without partners.")))
    assert not notation_in(" ".join(prose_of(
        "A face card takes one face card (P2).\n\n| Item | Points |\n|---|---|\n| Most cards | 3 |"
        "\n\nType it in the box below the table, for example `8S take 5C 3D`.\n\n"
        "Start with [lesson 1](01_cards_and_points.ipynb).")))


@pytest.mark.parametrize("item", list(catalog.LESSONS), ids=lambda item: item.slug)
def test_a_lessons_header_says_what_its_rules_say(item):
    """The line under a lesson's title lists its rules by their short names, not their ids."""
    from cassino_learn.pages.lesson import header

    shown = header(item.slug)
    line = shown.text.splitlines()[-1]
    assert not notation_in(line), line
    assert all(catalog.RULE_NAMES[rule] in line for rule in item.rules), line
    told = shown_text(shown.markup.split("</h1>", 1)[1])
    assert not notation_in(told) and all(name in told for name in item.rule_names), told


def test_every_rule_has_a_short_name_in_words():
    assert set(catalog.RULE_NAMES) == set(catalog.RULE_IDS)
    assert not [name for name in catalog.RULE_NAMES.values() if notation_in(name)]


def test_the_contents_page_names_no_rule_by_its_id():
    """A lesson's tile says its title, stars and state; no list of rule ids."""
    from cassino_learn.pages.contents import index

    shown = index()
    tiles = re.findall(r'<li class="cl-tile".*?</li>', shown.markup, flags=re.S)
    assert len(tiles) == len(catalog.LESSONS)
    said = [shown_text(tile) for tile in tiles]
    assert not [tile for tile in said if notation_in(tile)], said


@pytest.mark.parametrize("position,move", [
    ("table: JC JD JH 4S; hand: JS 4C; rules: face_cards=three-take-all", "JS take JC JD"),
    ("table: AC 2D; hand: 3H 3S 6C", "3H build 3 AC 2D"),
    ("table: 2D [7: 3S 4H]; hand: 9C 5D", "9C take 2D 3S 4H"),
    ("table: AC 9S [9@1: 5H 4D]; hand: 9C 4S", "trail 4S"),
])
def test_a_move_tried_on_a_lesson_page_is_said_in_words(position, move):
    """The lessons' "is this legal?" examples say the move in words with the core's verdict and
    its rule cited, never the notation the lesson's code cell wrote."""
    from cassino_learn.pages.lesson import try_move

    shown = try_move(position, move)
    visible = re.sub(r"<[^>]+>", " ", shown.markup)
    assert not notation_in(visible) and not notation_in(shown.text), shown.markup
    assert "the " in visible.lower() and ("legal" in shown.text.lower())


def test_the_captures_a_lesson_lists_are_said_in_words():
    from cassino_learn.pages.lesson import captures

    shown = captures("table: AC 2D 3H 5S 6C 8D; hand: 8H", "8H")
    visible = re.sub(r"<[^>]+>", " ", shown.markup)
    assert not notation_in(visible) and not notation_in(shown.text), shown.markup
    assert "the two of diamonds and the six of clubs" in visible
    assert not notation_in(captures("table: 9C KD 6H; hand: 3H 4S", "3H").text)


def practice_tasks():
    from cassino_learn.teaching.practice import practice_rules

    for rule in practice_rules():
        yield pytest.param(rule, id=rule)


@pytest.mark.parametrize("rule", list(practice_tasks()))
def test_no_practice_task_shows_notation(rule):
    """Practice reads like the quizzes: its question (but the typing box's example), its hint
    and the answer shown."""
    from cassino_learn.teaching.feedback import shown
    from cassino_learn.teaching.practice import make_task

    for seed in range(3):
        task = make_task(rule, seed)
        # a captures question is answered in the typing box: its example may stay notation
        asked = re.sub(r"\(just the table cards it takes, e\.g\. “[^”]*”\)", "", task.prompt())
        texts = [("question", asked), ("hint", task.hint), ("shown", shown(task).message)]
        bad = [(where, notation_in(text), text) for where, text in texts if notation_in(text)]
        assert not bad, f"seed {seed}: {bad}"


def test_the_class_demonstrations_compare_line_says_the_moves_in_words():
    """After the reveal a learner reads how their move compares with the best: both moves said
    in words (the core's words for a move), and the page's line is made of those words, not
    of the moves' notation; so is the line that confirms an answer."""
    from pathlib import Path

    from cassino_learn.teaching.demonstration import Demonstration

    demo = Demonstration().set_position("table: 2S 3C 5D 6H; hand: 8S 4D; hand 2: 9C 7H")
    demo.open_question()
    demo.answer("a" * 16, "Ana", "trail 4D")
    demo.reveal(iterations=60, seconds=None)
    mine = demo.mine("a" * 16)
    compared = mine["comparison"]
    assert compared["move_words"] == "trail the four of diamonds" == mine["words"]
    assert compared["best_words"].startswith("play the eight of spades to take")
    assert not notation_in(compared["move_words"] + " " + compared["best_words"])
    import cassino_learn

    follow = (Path(cassino_learn.__file__).parent / "share/class/demo/static/follow.js").read_text()
    lines = [line for line in follow.splitlines() if "textContent" in line]
    said = [line for line in lines if re.search(r"\b(?:c\.move|c\.best|data\.move)\b", line)]
    assert not said, said
    assert any("c.move_words" in line for line in lines)


_HIDDEN_NOTATION = re.compile(r'<(\w+)[^>]*class="cl-notation"[^>]*>.*?</\1>', re.S)


def shown_text(markup: str) -> str:
    """What a page shows of an HTML output: no style, no drawing's insides, not the notation a
    drawing keeps hidden (`cl-notation`, shown only to who asks for it), no tags."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    markup = re.sub(r"<svg.*?</svg>", "", markup, flags=re.S)
    markup = _HIDDEN_NOTATION.sub("", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.mark.parametrize("item", list(catalog.LESSONS), ids=lambda item: item.slug)
def test_a_lessons_stored_outputs_show_no_notation(item):
    """The outputs a lesson page shows under its prose (a move tried, a sheet of piles, the last
    cards of a round) show moves and cards drawn and in words, not in notation."""
    import json

    notebook = json.loads((catalog.lessons_dir() / item.notebook).read_text(encoding="utf-8"))
    bad = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            markup = "".join(output.get("data", {}).get("text/html", ""))
            text = shown_text(markup)
            if notation_in(text):
                bad.append(f"{notation_in(text)}: {text[:200]!r}")
    assert not bad, "\n".join(bad)


def test_the_last_cards_of_a_round_are_drawn_and_said_without_notation():
    from cassino_learn.teaching.sheets import last_card_case

    shown = last_card_case("table: 3H 9C KS; hand: 9D; hand 2:; last capture: 2", "9D take 9C")
    text = shown_text(shown._repr_html_())
    assert not notation_in(text), text
    assert "the three of hearts and the king of spades" in text


def test_practice_says_which_rule_it_practises_by_what_the_rule_says():
    from cassino_learn.ui.quiz_widgets import PracticeWidget

    status = PracticeWidget(["B4"], seed=1).status.value
    assert catalog.RULE_NAMES["B4"] in status
    assert not notation_in(shown_text(status)), status


def test_a_legal_questions_first_hint_says_a_build_as_a_build():
    """5.9 asks about taking "the build of 7 and the two of diamonds"; the first wrong try's
    pointer names the build, not its cards as if they lay loose."""
    stage = load_stages("05_building").stage("whole-or-nothing")
    said = stage.judge("Legal", step=LOOK).message
    assert "the build of 7" in said and "three of spades" not in said, said


def test_the_first_pointers_name_what_the_learner_overlooked():
    """13.19: the card played but not held is named (it was left out); 13.4: a wrong count
    under sweeps off is told that sweeps score nothing there, the slip the stage is about."""
    variants = load_stages("13_variants_and_etiquette")
    own = variants.stage("own-cards-only").judge("Legal", step=LOOK).message
    assert "the five of hearts" in own, own
    off = variants.stage("sweeps-off")
    right = off.solutions()[0]
    said = off.judge({side: points + 1 for side, points in right.items()}, step=LOOK).message
    assert "sweeps score nothing" in said.lower(), said


def test_a_table_says_no_sweep_before_the_lesson_on_sweeps():
    """7.8's demonstration ends with a capture that clears the table: before lesson 9 its
    table's piles line and the words said of the moves do not call it a sweep; from lesson 9
    on they do (the same moves on a table of the course's default)."""
    from cassino_learn.ui.stages import StageRunner
    from cassino_learn.ui.table import CardTable

    stage = load_stages("07_multiple_builds").stage("watch-it-grow")
    early = StageRunner("07_multiple_builds")._make_table(stage)
    later = CardTable.demo(stage.position, list(stage.steps), seat=stage.position.turn)
    for table in (early, later):
        for step in range(len(stage.steps) + 1):
            table.go(step)
    assert "sweep" not in (early.table_html + early.recent_html + early.message).lower()
    assert "1 sweep" in later.table_html
