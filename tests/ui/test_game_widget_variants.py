"""The game against the computer under Royal, Spade and Draw Casino (V7-V9): the boxes choose
the next game's rules, the core refuses a nonsense mix, and the table's status line and review
show the variant in play."""

from __future__ import annotations

import pytest

from cassino_learn import Rules
from cassino_learn.ui.game import GameWidget, variant_name, with_variants


def test_the_standard_game_says_so_and_counts_deals():
    widget = GameWidget(seed=2)
    assert widget.game.rules == Rules()
    assert "Standard Cassino" in widget.status.value and "(to 21)" in widget.status.value
    assert "deal 1 of 6" in widget.status.value and "stock" not in widget.status.value
    assert not any(box.value for box in widget.variant_boxes.values())


def test_a_widget_given_royal_rules_plays_royal_and_ticks_its_box():
    widget = GameWidget(seed=4, rules="values=royal")
    assert widget.game.rules.royal and "Royal Casino" in widget.status.value
    assert widget.variant_boxes["V7"].value and not widget.variant_boxes["V9"].value
    assert widget.game.state.rules.values == "royal"  # what the table and the bot play by


def test_choosing_variants_waits_for_new_game_then_plays_them():
    widget = GameWidget(seed=5)
    widget.choose("V7", "V9")
    assert widget.game.rules == Rules()  # the game in play is not changed under the learner
    assert "Press <b>New game</b> to play Royal Casino · Draw Casino" in widget.rules_note.value
    widget.new_game(seed=6)
    assert widget.game.rules == Rules(values="royal", deal="draw")
    assert widget.rules_note.value == ""
    status = widget.status.value
    assert "Royal Casino · Draw Casino" in status
    assert f"stock: {len(widget.game.stock)} cards" in status and "deal 1 of" not in status


def test_under_draw_casino_the_learner_draws_after_each_play_and_is_told_what():
    widget = GameWidget(seed=7, rules="deal=draw")
    stock = len(widget.game.stock)
    hand = widget.game.state.hands[0]
    assert len(hand) == 4
    move = widget.game.legal_moves()[0]
    widget.play(str(move))
    after = widget.game.state.hands[0]
    assert len(after) == 4 and move.card not in after  # refilled from the stock
    drawn = (set(after) - set(hand)).pop()
    assert f"You drew the {drawn.name} from the stock" in widget.table.message
    assert len(widget.game.stock) == stock - 2  # the learner and the computer drew one each
    assert f"stock: {len(widget.game.stock)} cards" in widget.status.value


def test_a_nonsense_mix_is_refused_with_the_cores_reason_and_the_old_rules_stay():
    widget = GameWidget(seed=8, rules="game=11-lurch")
    widget.choose("V8")
    assert widget.new_button.disabled
    assert "Not a game the rules allow" in widget.rules_note.value
    assert "Spade Casino round (V8) shares 26 points" in widget.rules_note.value
    widget.new_game(seed=9)
    assert widget.game.rules == Rules(game="11-lurch")
    widget.choose()
    assert not widget.new_button.disabled and widget.rules_note.value == ""
    with pytest.raises(ValueError, match="V7, V8, V9"):
        widget.choose("V1")


def test_unticking_draw_keeps_another_deal_variant():
    assert with_variants(Rules(deal="singles"), []) == Rules(deal="singles")
    assert with_variants(Rules(deal="singles"), ["V9"]).deal == "draw"
    assert with_variants(Rules(values="royal"), ["V8"]) == Rules(scoring="spade-casino")
    assert variant_name(Rules(values="royal", scoring="spade-casino")) == \
        "Royal Casino · Spade Casino"


def test_a_spade_casino_round_is_reviewed_with_its_spade_points():
    widget = GameWidget(seed=10, rules="scoring=spade-casino")
    assert "Spade Casino" in widget.status.value and "(to 61)" in widget.status.value
    while not widget.game.rounds:
        widget.play(widget.show_hints()[0].move_text)
    score = widget.game.rounds[0]
    table = widget.round_html(1)
    assert "Spades (AS, JS, 2S 2 each, the rest 1)" in table
    assert "Little Casino" not in table
    assert sum(score.points.values()) == 26 + sum(score.items[s]["sweeps"] for s in score.points)
    for side, points in score.points.items():
        assert f"{points} point" in table
        assert f'<td class="cl-num">{score.items[side]["spade_cards"]}</td>' in table


def test_a_game_behind_a_button_is_dealt_when_pressed_with_its_rules():
    from cassino_learn.pages.lesson import game

    box = game(rules="values=royal", start_button="Play Royal Casino against the computer")
    start = box.children[-1]
    assert start.label == "Play Royal Casino against the computer"
    assert not any(isinstance(child, GameWidget) for child in box.children)  # nothing dealt yet
    start.press()
    widget = box.children[-1]
    assert isinstance(widget, GameWidget) and widget.game.rules.royal
    assert "Royal Casino" in widget.status.value


# ------------------------------------------------------------- only the variants taught

def test_the_lesson_11_game_keeps_later_variants_closed_and_names_their_lesson():
    from cassino_learn.learner import progress
    from cassino_learn.teaching.stages import load_stages

    widget = GameWidget(seed=3, lesson="11_full_game")
    assert set(widget.closed_variants) == {"V7", "V8", "V9"}
    for rule, box in widget.variant_boxes.items():
        assert box.disabled and "(V" not in box.description, (rule, box.description)
    notes = [choice.children[1].value for choice in widget.children[4].children[1:]]
    assert all("Taught in lesson 13, Variants and table manners" in note for note in notes)
    with pytest.raises(ValueError, match="lesson 13"):
        widget.choose("V7")
    # a game that starts under a variant has it open; lesson 13's page has them all
    assert set(GameWidget(seed=3, lesson="11_full_game", rules="values=royal")
               .closed_variants) == {"V8", "V9"}
    assert GameWidget(seed=3, lesson="13_variants_and_etiquette").closed_variants == {}
    # once lesson 13 is done, lesson 11's game offers them
    slug = "13_variants_and_etiquette"
    stages = load_stages(slug)
    for stage in stages:
        progress.load().record_stage(slug, stage.id, solved=True, stars=3, tries=1, hint=False,
                                     stage_ids=stages.ids)
    widget = GameWidget(seed=3, lesson="11_full_game")
    assert widget.closed_variants == {}
    widget.choose("V7")
    assert not any(box.disabled for box in widget.variant_boxes.values())


def test_a_game_outside_a_lesson_offers_every_variant_named_in_words():
    widget = GameWidget(seed=3)
    assert widget.closed_variants == {}
    assert [box.description for box in widget.variant_boxes.values()] == [
        "Royal Casino", "Spade Casino", "Draw Casino"]
    assert "values=" not in widget.status.value and "(V" not in widget.status.value


def test_the_games_hints_say_moves_in_words_and_show_notation_only_on_request():
    import re

    widget = GameWidget(seed=3)
    found = widget.show_hints()
    assert found
    shown = re.sub(r'<code class="cl-notation" lang="zxx">[^<]*</code>', "", widget.hint_box.value)
    for hint in found:
        assert hint.move_text not in shown
    assert "cl-show-notation" not in widget._dom_classes
    widget.notation_box.value = True
    assert "cl-show-notation" in widget._dom_classes
    widget.notation_box.value = False
    assert "cl-show-notation" not in widget._dom_classes


def test_a_lesson_pages_game_knows_its_lesson_from_the_header(monkeypatch):
    from cassino_learn.pages import lesson
    from cassino_learn.pages.lesson import game, header

    monkeypatch.setattr(lesson, "_page_lesson", [])  # this test's page only
    header("11_full_game")
    box = game(start_button="Deal a game against the computer")
    box.children[-1].press()
    assert set(box.children[-1].closed_variants) == {"V7", "V8", "V9"}
    header("13_variants_and_etiquette")
    box = game(rules="values=royal", start_button="Play Royal Casino against the computer")
    box.children[-1].press()
    assert box.children[-1].closed_variants == {}
