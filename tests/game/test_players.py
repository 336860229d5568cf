"""Observations, computer players and hints."""

import random

import pytest

from cassino_learn import Game, Position, legal_moves
from cassino_learn.game.bots import GreedyPlayer, RandomPlayer, StrongPlayer, make_player, play_game
from cassino_learn.core.cards import FULL_DECK, parse_cards
from cassino_learn.game.match import _replace_snapshot
from cassino_learn.game.hints import hints


def advance(game: Game, moves: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))


# ---------------------------------------------------------------- observation

def test_observation_shows_own_hand_and_public_facts_only():
    g = Game(players=3, seed=8)
    advance(g, 14)
    seat = g.turn
    obs = g.observation()
    assert obs.seat == seat and obs.my_turn and obs.hand == g.state.hands[seat - 1]
    hidden = {c for s, h in enumerate(g.state.hands, 1) if s != seat for c in h} | set(g.stock)
    assert hidden and not hidden & set(obs.position.all_cards())
    assert not hidden & obs.seen and hidden == obs.unseen
    assert obs.seen | obs.unseen == set(FULL_DECK)
    assert obs.hand_sizes == tuple(len(h) for h in g.state.hands)
    assert obs.stock_size == len(g.stock) and obs.deal_number == g.deal_number
    assert obs.last_deal == g.last_deal and obs.dealer == g.dealer
    assert obs.pile_sizes == {s: len(p) for s, p in enumerate(g.state.piles, 1)}
    assert obs.legal_moves() == g.legal_moves()
    data = obs.to_dict()
    shown = " ".join(data["hand"] + data["table"]).replace("[", " ").replace("]", " ").split()
    assert not {str(c) for c in hidden} & set(shown)
    other = g.observation(seat % 3 + 1)
    assert not other.my_turn and other.legal_moves() == []
    with pytest.raises(ValueError, match="no seat 4"):
        g.observation(4)


# ---------------------------------------------------------------- players

@pytest.mark.parametrize("players,partners", [(2, False), (3, False), (4, True)])
def test_every_player_plays_only_legal_moves_through_a_round(players, partners):
    from cassino_learn import Rules

    g = Game(players=players, partners=partners, seed=5, rules=Rules(game="round"))
    kinds = ["random", "greedy", "strong", "greedy"]
    bots = {seat: make_player(kinds[seat - 1], **({"samples": 3} if kinds[seat - 1] == "strong"
                                                   else {}))
            for seat in range(1, players + 1)}
    while not g.over:
        seat = g.turn
        move = bots[seat].choose(g.observation(seat))
        assert move in g.legal_moves()
        g.play(move)
    assert len(g.rounds) == 1


def test_players_refuse_to_move_out_of_turn_and_unknown_names():
    g = Game(seed=1)
    with pytest.raises(ValueError, match="turn"):
        GreedyPlayer().choose(g.observation(1))
    with pytest.raises(ValueError, match="unknown player"):
        make_player("genius")


def test_greedy_takes_a_sweep_and_the_big_casino():
    g = Game(seed=1)
    pos = Position.create(table=list(parse_cards("5D 3C 6H 2S")), hand=parse_cards("8S 4D"),
                          hands={1: parse_cards("9C 9D 9H 9S")}, turn=2)
    g._now = _replace_snapshot(g._now, state=pos)
    assert GreedyPlayer().choose(g.observation()).is_sweep
    pos = Position.create(table=list(parse_cards("10D 10C 4H")), hand=parse_cards("10S 4S 7C"),
                          turn=2, hands={1: parse_cards("KC KD KH KS")})
    g._now = _replace_snapshot(g._now, state=pos)
    move = GreedyPlayer().choose(g.observation())
    assert move.kind == "capture" and parse_cards("10D")[0] in move.table_cards


def test_strong_player_never_peeks():
    """Changing the hidden cards consistently with the seat's view leaves its choice alone."""
    g = Game(seed=17)
    advance(g, 5, seed=3)
    seat = g.turn
    other = seat % 2 + 1
    state = g.state
    hidden_hand = list(state.hands[other - 1])
    stock = list(g.stock)
    # swap the opponent's whole hand with cards from the stock
    new_hand, new_stock = stock[:len(hidden_hand)], hidden_hand + stock[len(hidden_hand):]
    hands = list(state.hands)
    hands[other - 1] = tuple(sorted(new_hand))
    twin = Game(seed=17)
    twin._now = _replace_snapshot(g._now, state=Position(**{**state.__dict__, "hands": tuple(hands)}),
                                  stock=tuple(new_stock))
    assert twin.state != g.state
    assert twin.observation() == g.observation()
    bot = StrongPlayer(samples=6)
    assert bot.choose(twin.observation()) == bot.choose(g.observation())
    # and the hidden cards were really different
    assert set(twin.state.hands[other - 1]) != set(g.state.hands[other - 1])


def test_play_game_finishes_a_match():
    g = Game(seed=2)
    play_game(g, {1: RandomPlayer(1), 2: GreedyPlayer()})
    assert g.over and g.winner in (1, 2)


# ---------------------------------------------------------------- hints

def test_hints_explain_the_best_moves():
    pos = Position.parse("table: 5D 3C 6H 2S; hand: 8S 4D")
    found = hints(pos)
    best = found[0]
    assert best.sweep and best.cards_taken == 5 and best.points_taken == 1  # the 2S
    assert best.move in legal_moves(pos) and best.reply is None
    assert best.text == f"{best.move_text}: {best.words}"
    assert best.words.startswith("This move uses your 8 of spades to take 4 cards. Among them "
                                 "is Little Casino (the 2 of spades).")
    assert "It clears the table: a sweep" in best.words and best.words.endswith(".")
    assert "ahead" not in best.words  # no search from a bare position: no points ahead
    assert [h.score for h in found] == sorted((h.score for h in found), reverse=True)
    assert len(found) == 4


def test_hints_tell_whether_a_build_is_safe_and_what_a_trail_leaves():
    pos = Position.parse("table: 5D; hand: 3S 8D 10C")
    by_text = {h.move_text: h for h in hints(pos, limit=10)}
    build = by_text["3S build 8: 3S+5D"]
    assert build.build_value == 8 and build.build_safe is False  # 8C, 8H, 8S are unseen
    assert "8" in build.reply and 0 < build.reply_chance < 1
    trail = by_text["trail 10C"]
    assert trail.kind == "trail" and "10C" in trail.text
    # with every other 8 seen, the build is safe
    safe = Position.create(table=list(parse_cards("5D")), hand=parse_cards("3S 8D 10C"),
                           piles={1: parse_cards("8C 8H 8S")})
    build = next(h for h in hints(safe, limit=10) if h.kind == "build")
    assert build.build_safe is True


def test_hints_from_an_observation_and_errors():
    g = Game(seed=4)
    found = hints(g.observation(), limit=2)
    assert len(found) == 2 and all(h.move in g.legal_moves() for h in found)
    with pytest.raises(ValueError, match="seat to move"):
        hints(g.observation(1))
    with pytest.raises(ValueError, match="hand"):
        hints(Position.parse("table: 5D"))
