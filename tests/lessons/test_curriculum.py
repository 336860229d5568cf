"""Nothing before its lesson: every stage, quiz item and lesson page of lessons 1-10 uses only
the rules taught by that lesson and the ones before it, by the catalogue; lessons 11-13 cite
only rule ids the rule book has. What "uses" means is worked out in `curriculum.py` (its
docstring): the ids the words cite, the rules in the core's verdicts on the right answers and on
the wrong answers a learner can make on the stage's table, the plays it shows or accepts, its
goal's meaning and the scoring it asks for. A lesson page uses the ids of its text and of the
core's answers stored under its examples.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from curriculum import ID_LIKE, bank_item_uses, problems, stage_uses

from cassino_learn.teaching import catalog
from cassino_learn.teaching.quiz import bank_path, load_bank
from cassino_learn.teaching.stages import load_stages, parse_stage

RULE_LESSONS = catalog.LESSONS[:10]   # one rule family after another: the order is checked
LATER = catalog.LESSONS[10:]          # the full game, more players, variants: ids only


def _stages(lessons):
    for item in lessons:
        for stage in load_stages(item.slug):
            yield pytest.param(item.slug, stage, id=f"{item.slug}:{stage.id}")


def _items(lessons):
    for item in lessons:
        if bank_path(item.slug).exists():
            for quiz_item in load_bank(item.slug).items:
                yield pytest.param(item.slug, quiz_item, id=f"{item.slug}:{quiz_item.id}")


def test_the_catalogue_teaches_every_rule_of_the_rule_book():
    taught = [rule for item in catalog.LESSONS for rule in item.rules]
    assert set(taught) == set(catalog.RULE_IDS), "a rule no lesson teaches, or an id no rule has"
    assert len(set(catalog.RULE_IDS)) == len(catalog.RULE_IDS) == 47


def test_taught_by_grows_lesson_by_lesson():
    assert catalog.taught_by("01_cards_and_points") == {"C1", "C2", "C3", "K1"}
    assert "O1" not in catalog.taught_by("04_trailing")
    assert {"R1", "R2", "P1", "S4"} <= catalog.taught_by("04_trailing")
    assert "B10" in catalog.taught_by("08_owning_a_build")
    assert "B10" not in catalog.taught_by("07_multiple_builds")
    assert catalog.first_taught("W1").slug == "09_sweeps_and_last_cards"
    with pytest.raises(KeyError, match="'E2' is not a rule id"):
        catalog.first_taught("E2")


@pytest.mark.parametrize("slug,stage", list(_stages(RULE_LESSONS)))
def test_a_stage_uses_no_rule_before_its_lesson(slug, stage):
    found = problems(stage_uses(stage, catalog.taught_by(slug)), slug)
    assert not found, f"{slug}:{stage.id}: " + "; ".join(found)


@pytest.mark.parametrize("slug,item", list(_items(RULE_LESSONS)))
def test_a_quiz_item_uses_no_rule_before_its_lesson(slug, item):
    found = problems(bank_item_uses(item, catalog.taught_by(slug)), slug)
    assert not found, f"{slug}:{item.id}: " + "; ".join(found)


@pytest.mark.parametrize("slug,stage", list(_stages(LATER)))
def test_later_stages_cite_only_real_rules(slug, stage):
    uses = stage_uses(stage, catalog.taught_by(slug))
    assert set(uses) <= set(catalog.RULE_IDS), f"{slug}:{stage.id}: {sorted(uses)}"


@pytest.mark.parametrize("slug,item", list(_items(LATER)))
def test_later_quiz_items_cite_only_real_rules(slug, item):
    uses = bank_item_uses(item, catalog.taught_by(slug))
    assert set(uses) <= set(catalog.RULE_IDS), f"{slug}:{item.id}: {sorted(uses)}"


@pytest.mark.parametrize("slug,stage", list(_stages(catalog.LESSONS)))
def test_the_rule_a_stage_names_is_a_rule(slug, stage):
    """The rule shown with a right answer ("(rule B4)") is a rule, never a worked example."""
    assert stage.rule() is None or stage.rule() in catalog.RULE_IDS, (slug, stage.id)


def _page_text(slug: str) -> list[tuple[str, str]]:
    """A lesson page's words and the core's stored answers under its examples."""
    nb = nbformat.read(catalog.lessons_dir() / f"{slug}.ipynb", as_version=4)
    found = []
    for number, cell in enumerate(nb.cells, 1):
        if cell.cell_type == "markdown":
            found.append((f"cell {number}", cell.source))
            continue
        found.extend((f"cell {number} (its strings)", text)
                     for text in re.findall(r"'([^']*)'|\"([^\"]*)\"", cell.source)
                     for text in text if text)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for kind in ("text/plain", "text/html"):
                if kind in data:
                    text = data[kind] if isinstance(data[kind], str) else "".join(data[kind])
                    text = re.sub(r"<[^>]*>", " ", text)  # the words shown, not the markup
                    found.append((f"cell {number} (output)", text))
    return found


@pytest.mark.parametrize("item", RULE_LESSONS, ids=lambda x: x.slug)
def test_a_lesson_page_cites_no_rule_before_its_lesson(item):
    uses: dict[str, list[str]] = {}
    for where, text in _page_text(item.slug):
        for rule in ID_LIKE.findall(text):
            uses.setdefault(rule, []).append(where)
    found = problems(uses, item.slug)
    assert not found, f"{item.slug}: " + "; ".join(found)


@pytest.mark.parametrize("item", LATER, ids=lambda x: x.slug)
def test_later_lesson_pages_cite_only_real_rules(item):
    cited = {rule for _, text in _page_text(item.slug) for rule in ID_LIKE.findall(text)}
    assert cited <= set(catalog.RULE_IDS), sorted(cited - set(catalog.RULE_IDS))


@pytest.mark.parametrize("item", RULE_LESSONS, ids=lambda x: x.slug)
def test_practice_uses_no_rule_before_its_lesson(item):
    from cassino_learn.teaching.practice import make_task, rules_for_lesson

    taught = catalog.taught_by(item.slug)
    found = {problem for rule in rules_for_lesson(item.slug) for seed in range(12)
             for problem in problems(bank_item_uses(make_task(rule, seed), taught), item.slug)}
    assert not found, f"{item.slug} practice: " + "; ".join(sorted(found)[:5])


def test_lesson_one_says_how_stars_are_earned():
    words = " ".join(stage.say for stage in load_stages("01_cards_and_points"))
    assert ("Three stars for a first try without a hint; fewer after a wrong try; none when "
            "the answer was shown.") in words


# ------------------------------------------------------------- the check can tell

def _stage(**raw):
    return parse_stage({"id": "x", "say": "Go.", "hint": "h", **raw})


@pytest.mark.parametrize("raw,slug,wanted", [
    # a capture in lesson 1: pairing is lesson 2's, and so is a play at all (T1)
    (dict(kind="goal", position="table: 10D 4C; hand: 10S 9C", goal="take 10D"),
     "01_cards_and_points", {"P1", "T1"}),
    # a worked example cited as if it were a rule
    (dict(kind="goal", position="table: 5C; hand: 3D 8S", goal="build 8", why="Example E1."),
     "05_building", {"E1"}),
    # "you can take 3" counts a sweep point before the sweeps lesson
    (dict(kind="goal", position="table: AH 4D 5C; hand: 5S KD", goal="most points"),
     "03_combining", {"W1"}),
    # the learner owns a build: trying to trail is refused by O1, taught in lesson 8
    (dict(kind="goal", position="table: [4@1: 2C 2D] 7H; hand: 4S 5C 9D", goal="raise"),
     "06_raising_builds", {"O1"}),
    # a tie in a round's count is K2, lesson 10
    (dict(kind="score", position="table:; pile 1: 10D AS 3C; pile 2: 2S 4H 5D 6C 7D"),
     "01_cards_and_points", {"K2"}),
    # a demonstration showing a sum before combining is taught
    (dict(kind="demo", position="table: 4C 6H; hand: 10S; hand 2: 9C",
          steps=[["10S take 4C+6H", "Your ten takes 4 + 6."]]), "02_pairing", {"S1"}),
])
def test_the_check_finds_a_rule_used_too_early(raw, slug, wanted):
    found = problems(stage_uses(_stage(**raw), catalog.taught_by(slug)), slug)
    assert {problem.split()[0] for problem in found} >= wanted, found
