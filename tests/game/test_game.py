"""The Game API: deal, play, undo, history, replay, save/load and errors."""

import json
import random

import pytest

from cassino_learn import Game, IllegalMove, MoveSyntaxError, Rules, legal_moves
from cassino_learn.game.dealing import deal
from cassino_learn.core.cards import FULL_DECK
from cassino_learn.core.movegen import apply_move
from cassino_learn.game.match import GameOver


def play_random(game: Game, moves: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            return
        game.play(rng.choice(game.legal_moves()))


def test_first_deal_and_what_the_mover_sees():
    g = Game(players=2, partners=False, seed=7, rules=Rules())
    assert g.dealer == 1 and g.turn == 2  # D3: left of the dealer plays first
    assert len(g.state.loose) == 4 and [len(h) for h in g.state.hands] == [4, 4]
    assert len(g.stock) == 52 - 12
    assert g.position.hands[0] is None and g.position.hand == g.state.hands[1]
    assert g.legal_moves() == legal_moves(g.position)
    assert g.scores == {1: 0, 2: 0} and g.rounds == [] and not g.over and g.winner is None


def test_same_seed_same_deal_other_seed_other_deal():
    assert Game(seed=7).state == Game(seed=7).state
    assert Game(seed=7).state != Game(seed=8).state
    assert Game(seed="lesson").state == Game(seed="lesson").state


def test_deal_in_twos_and_singles_order():
    stock = list(FULL_DECK)
    hands, table, rest = deal(stock, 2, dealer=1, to_table=True)
    # twos: seat 2 gets cards 0-1, table 2-3, dealer 4-5, then seat 2 6-7, table 8-9, dealer 10-11
    assert hands[1] == [stock[0], stock[1], stock[6], stock[7]]
    assert table == [stock[2], stock[3], stock[8], stock[9]]
    assert hands[0] == [stock[4], stock[5], stock[10], stock[11]]
    assert rest == stock[12:]
    hands, table, rest = deal(stock, 3, dealer=2, to_table=False, singles=True)
    assert hands[2] == stock[0:12:3] and hands[0] == stock[1:12:3] and hands[1] == stock[2:12:3]
    assert table == []


def test_play_text_and_moves_and_history_in_notation():
    g = Game(seed=3)
    move = g.legal_moves()[-1]
    g.play(str(move))
    assert g.history == [str(move)]
    other = g.legal_moves()[0]
    g.play(other)
    assert g.history[-1] == str(other)
    # a Move made for the seat's own view (not the full state) is accepted too
    view_move = legal_moves(g.position)[0]
    g.play(view_move)
    assert len(g.history) == 3


def test_illegal_and_unreadable_moves_change_nothing():
    g = Game(seed=3)
    before = (g.state, list(g.history))
    foreign = next(c for c in FULL_DECK if c not in g.state.hand)
    with pytest.raises(IllegalMove) as info:
        g.play(f"trail {foreign}")
    assert info.value.rule
    with pytest.raises(MoveSyntaxError):
        g.play("hello there")
    assert (g.state, g.history) == before


def test_undo_one_move_and_across_deal_and_round_boundaries():
    g = Game(seed=5)
    start = g.state
    play_random(g, 1)
    assert g.undo() is not None and g.state == start and g.history == []
    with pytest.raises(ValueError, match="no move to undo"):
        g.undo()
    play_random(g, 8)  # 2 players x 4 cards: the next deal has just been dealt
    assert g.deal_number == 2
    before_last = g.history[:-1]
    g.undo()
    assert g.deal_number == 1 and sum(len(h) for h in g.state.hands) == 1
    assert g.history == before_last
    play_random(g, 1)
    play_random(g, 40, seed=1)
    assert len(g.rounds) == 1 and g.dealer == 2
    g.undo()
    assert g.rounds == [] and g.dealer == 1 and g.deal_number == 6
    assert g.scores == {1: 0, 2: 0}


def test_replay_from_seed_and_moves_is_exact_and_json_round_trip_mid_game():
    g = Game(players=3, seed=21)
    play_random(g, 70, seed=4)
    text = g.to_json()
    again = Game.from_json(text)
    assert again.state == g.state and again.stock == g.stock and again.scores == g.scores
    assert again.history == g.history and again.dealer == g.dealer
    assert [r.points for r in again.rounds] == [r.points for r in g.rounds]
    # both go on identically
    for game in (g, again):
        play_random(game, 30, seed=9)
    assert again.state == g.state and again.history == g.history
    replay = Game(players=3, seed=21)
    for move in g.history:
        replay.play(move)
    assert replay.state == g.state


def test_json_keeps_rules_and_partnerships():
    g = Game(players=4, partners=True, seed=2, rules=Rules(sweeps=False, deal="singles"))
    play_random(g, 10)
    again = Game.from_json(g.to_json())
    assert again.rules == g.rules and again.partners and again.state == g.state


@pytest.mark.parametrize("text,message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"format": "chess"}', "'format'"),
    ('{"format": "cassino-learn game", "version": 1, "players": 2, "partners": false,'
     ' "seed": 1, "rules": ""}', "missing 'moves'"),
    ('{"format": "cassino-learn game", "version": 1, "players": 5, "partners": false,'
     ' "seed": 1, "rules": "", "moves": []}', "players must be 2, 3 or 4"),
    ('{"format": "cassino-learn game", "version": 1, "players": 2, "partners": false,'
     ' "seed": 1, "rules": "sweeps=maybe", "moves": []}', "sweeps must be on or off"),
    ('{"format": "cassino-learn game", "version": 1, "players": 2, "partners": false,'
     ' "seed": 1, "rules": "", "moves": [3]}', "list of moves"),
])
def test_corrupt_json_says_what(text, message):
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


def test_json_with_an_impossible_move_or_wrong_scores_is_refused():
    g = Game(seed=4)
    play_random(g, 3)
    data = json.loads(g.to_json())
    data["moves"][1] = "trail 99X"
    with pytest.raises(ValueError, match=r"move 2 \('trail 99X'\) cannot be played"):
        Game.from_json(json.dumps(data))
    data = json.loads(g.to_json())
    data["scores"] = {"1": 5, "2": 0}
    with pytest.raises(ValueError, match="saved scores"):
        Game.from_json(json.dumps(data))


def test_playing_after_the_match_is_over():
    g = Game(seed=1, rules=Rules(game="round"))
    play_random(g, 100)
    assert g.over and len(g.rounds) == 1 and g.legal_moves() == []
    with pytest.raises(GameOver, match="over"):
        g.play("trail 2C")
    assert isinstance(GameOver("x"), ValueError)


def test_bad_settings():
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        Game(players=5)
    with pytest.raises(ValueError, match="partnerships need exactly 4 players"):
        Game(players=2, partners=True)
    with pytest.raises(ValueError, match="seed"):
        Game(seed=1.5)


def test_full_partnership_game():
    g = Game(players=4, partners=True, seed=12)
    rng = random.Random(12)
    while not g.over:
        g.play(rng.choice(g.legal_moves()))
    assert set(g.scores) == {1, 2}
    assert g.winner in (1, 2) and g.scores[g.winner] >= 21
    assert all(set(r.points) == {1, 2} for r in g.rounds)
    assert len(g.history) == 48 * len(g.rounds)
    # the deal passed left every round: the last round's dealer
    assert g.dealer == (len(g.rounds) - 1) % 4 + 1
    again = Game.from_json(g.to_json())
    assert again.over and again.winner == g.winner and again.scores == g.scores


def test_last_cards_go_to_the_last_capturer_not_as_a_sweep():
    g = Game(seed=30)
    rng = random.Random(30)
    while len(g.rounds) == 0:
        g.play(rng.choice(g.legal_moves()))
    # replay the round to its last move to see who captured last
    h = Game(seed=30)
    for move in g.history[:-1]:
        h.play(move)
    last_state = h.state
    last = h.legal_moves()
    final = next(m for m in last if str(m) == g.history[-1])
    after = apply_move(last_state, final)
    taker = after.last_capture if after.last_capture is not None else 1
    round_score = g.rounds[0]
    assert round_score.cards[taker] == len(after.piles[taker - 1]) + len(after.table_cards)
    assert round_score.sweeps == dict(enumerate(after.sweeps, 1))
