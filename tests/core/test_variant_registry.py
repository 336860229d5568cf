"""The registry of variants (cassino_learn/core/variants.py) is the one place a variant is named:
every caller asks `Rules` what the options mean, the menus, the catalogue and docs/rules.md
list exactly the registry's variants."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cassino_learn
from cassino_learn.core.rules import Rules
from cassino_learn.core.scoring import SCORINGS
from cassino_learn.core.variants import (DEMONSTRATED, GAME_MENU, VARIANTS, game_name, variant,
                                         variants_on, with_variants)

PACKAGE = Path(cassino_learn.__file__).parent
DOCS = PACKAGE.parent / "docs"
# The modules allowed to read an option by its value: the options themselves, the scorings
# they choose, and the registry.
OWNERS = {PACKAGE / "core" / "rules.py", PACKAGE / "core" / "scoring.py",
          PACKAGE / "core" / "variants.py"}
OPTION_FIELDS = {"face_cards", "scoring", "game", "deal"}
# The options' values that name a variant and are no plain word ("round", "draw" and "royal"
# are words too: they count when compared with an option read from a Rules)
NAMES = {value for v in VARIANTS for _, value in v.options
         if isinstance(value, str) and not value.isalpha()}


def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _is_rules(node: ast.AST) -> bool:
    """`rules`, `self.rules`, `position.rules`, `Rules(...)`: something that is a Rules."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name.lower() == "rules"


def _option_reads(node: ast.AST) -> set[str]:
    """The options read by name from a Rules: `rules.deal`, `getattr(rules, "deal")`."""
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
            and n.attr in OPTION_FIELDS and _is_rules(n.value)} | {
        n.args[1].value for n in ast.walk(node) if isinstance(n, ast.Call)
        and getattr(n.func, "id", "") == "getattr" and len(n.args) > 1 and _is_rules(n.args[0])
        and isinstance(n.args[1], ast.Constant) and n.args[1].value in OPTION_FIELDS}


def variant_name_tests(source: str) -> list[tuple[int, str]]:
    """Where `source` tests a variant by its name: a comparison of a rules option read by name
    (`rules.deal == ...`) or with a variant's option value ("spade-casino", "11-lurch"), or a
    table keyed by those values."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            named = _strings(node) & NAMES
            read = _option_reads(node)
            if named or read:
                found.append((node.lineno, ", ".join(sorted(named | read))))
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)} & NAMES
            if keys:
                found.append((node.lineno, ", ".join(sorted(keys))))
    return found


def test_no_caller_tests_a_variant_by_its_name():
    offenders = [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
                 for path in sorted(PACKAGE.rglob("*.py")) if path not in OWNERS
                 for line, what in variant_name_tests(path.read_text(encoding="utf-8"))]
    assert offenders == [], "ask Rules (or core.variants) instead:\n" + "\n".join(offenders)


@pytest.mark.parametrize("source", [
    'if rules.deal == "draw": pass',
    'x = rules.scoring != "spade-casino"',
    'y = {"11-lurch": "V4"}.get(rules.game)',
    'z = position.rules.face_cards in ("one",)',
    'if getattr(self.rules, "deal") == value: pass',
    'if text == "three-take-all": pass',
])
def test_the_check_finds_each_way_of_testing_a_name(source):
    assert variant_name_tests(source)


def test_the_check_lets_the_questions_pass():
    assert variant_name_tests('if rules.draws_from_stock and not rules.lurch: pass') == []


def test_each_variant_builds_rules_that_answer_its_question():
    on = {v.rule: v.rules for v in VARIANTS}
    assert on["V1"].three_take_all and not Rules().three_take_all
    assert on["V2"].sweep_points([2, 1]) == [0, 0]
    assert on["V3"].sweep_points([2, 1]) == [1, 0]
    assert on["V4"].lurch and on["V4"].target == 11 and on["V4"].match_rule == "V4"
    assert on["V5"].round_is_game and on["V5"].target is None and on["V5"].match_rule == "V5"
    assert on["V6"].deals_singly and not on["V6"].draws_from_stock
    assert on["V7"].royal and on["V7"].top_value == 14
    assert on["V8"].scorer.round_total == 26 and on["V8"].target == 61
    assert on["V9"].draws_from_stock
    for item in VARIANTS:  # each one on in its own rules only, and read back from its text
        assert variants_on(item.rules) == (item,)
        assert Rules.parse(item.text) == item.rules


def test_the_registry_names_the_game_and_switches_variants():
    assert game_name(Rules()) == "Standard Cassino"
    assert game_name(variant("V8").rules) == "Spade Casino"
    assert game_name(Rules(values="royal", deal="draw")) == "Royal Casino · Draw Casino"
    assert with_variants(Rules(values="royal"), ["V9"], GAME_MENU) == Rules(deal="draw")
    assert with_variants(Rules(sweeps=False), ["V7"], GAME_MENU) == Rules(sweeps=False,
                                                                          values="royal")
    with pytest.raises(KeyError, match="V1, V2"):
        variant("V10")


def test_the_scoring_option_chooses_among_the_scorings():
    assert set(SCORINGS) == {"standard", "spade-casino"}
    with pytest.raises(ValueError, match="scoring must be one of standard, spade-casino"):
        Rules(scoring="diamonds")


def test_the_catalogue_reads_the_registry():
    from cassino_learn.teaching import catalog

    assert [r for r in catalog.RULE_IDS if r.startswith("V")] == [v.rule for v in VARIANTS]
    assert all(catalog.RULE_NAMES[v.rule] == v.short_name for v in VARIANTS)


def test_the_game_menu_and_the_demonstration_offer_the_registry():
    from cassino_learn.serving.class_demo import variant_choices
    from cassino_learn.ui.game import VARIANTS as MENU

    assert MENU == GAME_MENU == tuple(v for v in VARIANTS if v.named_game)
    assert variant_choices() == [("", "Standard Cassino")] + [
        (v.text, f"{v.name} ({v.rule})") for v in DEMONSTRATED]
    assert {v.rule for v in DEMONSTRATED} == {"V1", "V2", "V6", "V7", "V8", "V9"}


def test_docs_rules_lists_exactly_the_registry():
    """docs/rules.md section V: each variant's id and its options, as the registry has them."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    section = text.split("## V. Variants", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \*\*(V\d+)\*\* (.*)$", section, re.M)
    assert [rule for rule, _ in listed] == [v.rule for v in VARIANTS]
    for (rule, line), item in zip(listed, VARIANTS):
        for option, value in item.options:
            said = f'`{option}="{value}"`' if isinstance(value, str) else f"`{option}={value}`"
            assert said in line, (rule, said, line)
