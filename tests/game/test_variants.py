"""Each variant of docs/rules.md section V, played through Game."""

import random

from cassino_learn import Game, Position, Rules
from cassino_learn.game.bots import GreedyPlayer
from cassino_learn.core.cards import parse_cards
from cassino_learn.game.dealing import shuffled_deck


def finish_rounds(game: Game, rounds: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not game.over and len(game.rounds) < rounds:
        game.play(rng.choice(game.legal_moves()))


def test_v1_three_face_cards_taken_together_in_game_positions():
    g = Game(seed=1, rules=Rules(face_cards="three-take-all"))
    assert g.state.rules.face_cards == "three-take-all"
    pos = Position.create(table=list(parse_cards("QH QD QC")), hand=parse_cards("QS 2C"),
                          rules=g.rules)
    takes = {len(m.table_cards) for m in pos.legal_moves() if m.kind == "capture"}
    assert takes == {1, 3}
    standard = Position.create(table=list(parse_cards("QH QD QC")), hand=parse_cards("QS 2C"))
    assert {len(m.table_cards) for m in standard.legal_moves() if m.kind == "capture"} == {1}


def greedy_rounds(game: Game, rounds: int) -> None:
    """Greedy players sweep whenever they can, so sweeps happen."""
    player = GreedyPlayer()
    while not game.over and len(game.rounds) < rounds:
        game.play(player.choose(game.observation()))


def test_v2_sweeps_score_nothing():
    g = Game(seed=2, rules=Rules(sweeps=False))
    greedy_rounds(g, 4)
    assert sum(sum(r.sweeps.values()) for r in g.rounds) > 0  # sweeps were made ...
    for r in g.rounds:  # ... and scored nothing
        assert all(items["sweeps"] == 0 for items in r.items.values())
        assert sum(r.points.values()) <= 11


def test_v3_sweeps_cancel_one_for_one():
    g = Game(seed=1, rules=Rules(sweeps_cancel=True))
    greedy_rounds(g, 4)
    assert any(r.sweeps[1] and r.sweeps[2] for r in g.rounds)
    for r in g.rounds:
        assert r.items[1]["sweeps"] == max(0, r.sweeps[1] - r.sweeps[2])
        assert r.items[2]["sweeps"] == max(0, r.sweeps[2] - r.sweeps[1])


def test_v4_eleven_lurch():
    for seed in range(6):
        g = Game(seed=seed, rules=Rules(game="11-lurch"))
        finish_rounds(g, 100, seed)
        assert g.over
        running = {1: 0, 2: 0}
        for r in g.rounds:
            low = min(r.points.values())
            running = {s: running[s] + r.points[s] - low for s in running}
        assert running == g.scores
        loser = 3 - g.winner
        assert g.scores[g.winner] >= 11 and g.scores[g.winner] > g.scores[loser]
        assert g.lurch == (g.scores[loser] < 6)


def test_v5_every_round_is_a_game():
    for seed in range(5):
        g = Game(players=3, seed=seed, rules=Rules(game="round"))
        finish_rounds(g, 2, seed)
        assert g.over and len(g.rounds) == 1
        top = max(g.scores.values())
        leaders = [s for s, n in g.scores.items() if n == top]
        assert g.winner == (leaders[0] if len(leaders) == 1 else None)


def test_v6_singles_deal_one_card_at_a_time():
    deck = shuffled_deck(9, 1)
    g = Game(players=2, seed=9, rules=Rules(deal="singles"))
    # one at a time: seat 2, table, dealer (seat 1), four times over
    assert g.state.hands[1] == tuple(sorted(deck[0:12:3]))
    assert g.state.loose == tuple(sorted(deck[1:12:3]))
    assert g.state.hands[0] == tuple(sorted(deck[2:12:3]))
    twos = Game(players=2, seed=9)
    assert twos.state.hands[1] == tuple(sorted(deck[0:2] + deck[6:8]))
    finish_rounds(g, 1)
    assert len(g.rounds) == 1 and sum(g.rounds[0].cards.values()) == 52
