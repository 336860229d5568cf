"""The lessons, in teaching order: file names, titles and the rule ids each one teaches.

The lesson notebooks, the index page, the navigation links and `cassino-learn serve` all read
this list, so a lesson is added or renamed in one place. A lesson may use only the rules taught
by itself and the lessons before it (`taught_by`); every rule id of the rule book is taught by
exactly one lesson first (`first_taught`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.variants import VARIANTS

__all__ = ["Lesson", "LESSONS", "INDEX", "SANDBOX", "RULE_IDS", "RULE_NAMES", "lesson",
           "lessons_dir", "neighbours", "taught_by", "first_taught"]

# Every rule id of the rule book, in its order: cards, players and the deal, a turn, pairing,
# combining, building, a build's owner, trailing, sweeps, scoring, variants (the registry of
# variants, `core.variants`), irregularities.
RULE_IDS: tuple[str, ...] = (
    "C1", "C2", "C3", "D1", "D2", "D3", "T1", "T2", "P1", "P2",
    "S1", "S2", "S3", "S4", "S5",
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10",
    "O1", "O2", "R1", "R2", "W1", "W2", "K1", "K2", "K3",
    *(variant.rule for variant in VARIANTS), "X1", "X2", "X3", "X4")

# Each rule's short name, what it says in a few words: what a learner reads where a list of
# rules is shown (a lesson's header, the contents), never the bare ids. The variants' are the
# registry's.
RULE_NAMES: dict[str, str] = {
    "C1": "the pack of 52 cards", "C2": "what each card counts",
    "C3": "Big and Little Casino",
    "D1": "two to four players", "D2": "the deal", "D3": "who plays first",
    "T1": "one card a turn", "T2": "only your card and the table",
    "P1": "a card takes cards of its rank", "P2": "a face card takes one face card",
    "S1": "a card takes cards that add up to it", "S2": "several groups at once",
    "S3": "a build is taken whole", "S4": "you choose what to take",
    "S5": "what you take goes to your pile",
    "B1": "a build uses your card and the table", "B2": "keep a card of the build's value",
    "B3": "builds of 1 to 10, no face cards", "B4": "the cards add up to the value",
    "B5": "raising a build", "B6": "only your card changes a build",
    "B7": "a multiple build is never raised", "B8": "adding a set to a build",
    "B9": "building for your partner", "B10": "who owns a build",
    "O1": "an owner may not trail", "O2": "an owner keeps a card of its value",
    "R1": "trailing a card", "R2": "trail when nothing else is possible",
    "W1": "sweeps", "W2": "the last cards",
    "K1": "the points of a round", "K2": "a tie scores nothing", "K3": "a game to 21",
    **{variant.rule: variant.short_name for variant in VARIANTS},
    "X1": "a card played out of turn", "X2": "a wrong capture",
    "X3": "a build without its card", "X4": "challenge in time"}


@dataclass(frozen=True)
class Lesson:
    slug: str  # the notebook's name without .ipynb, e.g. "02_pairing"
    title: str
    rules: tuple[str, ...]  # rule ids of RULES.md that the lesson teaches

    @property
    def notebook(self) -> str:
        return f"{self.slug}.ipynb"

    @property
    def rule_names(self) -> list[str]:
        """What the lesson's rules say, in a few words each, in the lesson's order."""
        return [RULE_NAMES[rule] for rule in self.rules]

    @property
    def quiz_bank(self) -> str:
        return f"quizzes/{self.slug}.json"


INDEX = Lesson("00_index", "Learn Cassino", ())
LESSONS: tuple[Lesson, ...] = (
    Lesson("01_cards_and_points", "Cards and points", ("C1", "C2", "C3", "K1")),
    Lesson("02_pairing", "Pairing", ("T1", "T2", "P1", "P2")),
    Lesson("03_combining", "Combining", ("S1", "S2", "S4", "S5")),
    Lesson("04_trailing", "Trailing", ("R1", "R2")),
    Lesson("05_building", "Building", ("B1", "B2", "B3", "B4", "S3")),
    Lesson("06_raising_builds", "Raising builds", ("B5", "B6", "B7")),
    Lesson("07_multiple_builds", "Multiple builds", ("B4", "B7", "B8")),
    Lesson("08_owning_a_build", "Owning a build", ("B10", "O1", "O2")),
    Lesson("09_sweeps_and_last_cards", "Sweeps and the last cards", ("W1", "W2")),
    Lesson("10_scoring", "Scoring", ("K1", "K2", "K3")),
    Lesson("11_full_game", "A full game against the computer", ("D1", "D2", "D3")),
    Lesson("12_more_players", "Three and four players, partnerships", ("D1", "B9")),
    Lesson("13_variants_and_etiquette", "Variants and table manners",
           (*(variant.rule for variant in VARIANTS), "X1", "X2", "X3", "X4")),
)
SANDBOX = Lesson("90_sandbox", "Sandbox for teachers", ())


def lesson(slug: str) -> Lesson:
    """The lesson (or the index or sandbox) with this slug."""
    for item in (INDEX, *LESSONS, SANDBOX):
        if item.slug == slug:
            return item
    raise KeyError(f"no lesson called {slug!r}; known: "
                   f"{', '.join(x.slug for x in (INDEX, *LESSONS, SANDBOX))}")


def taught_by(slug: str) -> frozenset[str]:
    """The rule ids a lesson may use: its own and those of every lesson before it."""
    slugs = [item.slug for item in LESSONS]
    if slug not in slugs:
        raise KeyError(f"no lesson called {slug!r}; known: {', '.join(slugs)}")
    return frozenset(rule for item in LESSONS[:slugs.index(slug) + 1] for rule in item.rules)


def first_taught(rule: str) -> Lesson:
    """The first lesson that teaches `rule` (KeyError for an id the rule book does not have)."""
    for item in LESSONS:
        if rule in item.rules:
            return item
    raise KeyError(f"{rule!r} is not a rule id; rule ids run {RULE_IDS[0]} to {RULE_IDS[-1]}")


def neighbours(slug: str) -> tuple[Lesson | None, Lesson | None]:
    """The lessons before and after `slug` in teaching order (None at either end)."""
    slugs = [item.slug for item in LESSONS]
    if slug not in slugs:
        return (None, LESSONS[0]) if slug == INDEX.slug else (None, None)
    at = slugs.index(slug)
    return (LESSONS[at - 1] if at else INDEX), (LESSONS[at + 1] if at + 1 < len(LESSONS) else None)


def lessons_dir() -> Path:
    """The folder holding the lesson notebooks: the repository's `lessons/` in a source checkout
    or editable install, the copy shipped inside the wheel otherwise."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "lessons", package / "_lessons"):
        if (candidate / f"{INDEX.slug}.ipynb").exists() or (candidate / "README.md").exists():
            return candidate
    raise FileNotFoundError("the lessons are not installed with this copy of cassino-learn")
