"""Questions about the deal and the match whose answers come from the game modules.

A quiz item of kind ``number`` or ``choice`` names a fact (``ask``) and what is given
(``given``); the answer is worked out here by the dealing, game and scoring modules each time it
is asked, never stored. For example::

    >>> from cassino_learn.teaching.facts import answer
    >>> answer("deals per round", {"players": 3}).value
    4

Facts (`FACTS`): ``deals per round`` and ``stock after first deal`` (D2, given players),
``first to play`` (D3, players and dealer), ``dealer of round`` (D3, players and round),
``partner`` (D1, seat in a four-player partnership), ``draw stock`` and ``draw hand`` (V9 Draw
Casino: the stock, or a seat's hand, after some plays; given players, plays and seat),
``match score`` (K3/V4: game, before, round, side) and ``match result`` (K3/V4/V5: game,
before, round).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core.words import count

__all__ = ["FACTS", "Fact", "Answer", "FactError", "answer", "fact"]


class FactError(ValueError):
    """A fact question that names an unknown fact or gives what it needs wrongly."""


@dataclass(frozen=True)
class Answer:
    """The right answer, the choices offered (choice facts only), why, and the rule; for a
    wrong try, what to look at again (`look`) and the step that leads to the answer (`step`),
    neither of which says the answer."""

    value: int | str
    choices: tuple[str, ...]
    why: str
    rule: str
    look: str = ""
    step: str = ""
    mistakes: tuple[int | str, ...] = ()  # what the lesson's typical errors give, worked out
                                          # the same way (offered among the choices)


@dataclass(frozen=True)
class Fact:
    name: str
    kind: str                    # "number" or "choice"
    needs: tuple[str, ...]
    optional: tuple[str, ...]
    question: Callable[[dict], str]
    work_out: Callable[[dict], Answer]


# ---------------------------------------------------------------------- reading what is given

def _whole(given: Mapping[str, Any], key: str) -> int:
    value = given[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise FactError(f"{key} must be a whole number, not {value!r}")
    return value


def _players(given: Mapping[str, Any]) -> int:
    from ..game.dealing import DEALS_PER_ROUND

    players = _whole(given, "players")
    if players not in DEALS_PER_ROUND:
        raise FactError(f"players must be 2, 3 or 4, not {players}")
    return players


def _seat(given: Mapping[str, Any], key: str, players: int) -> int:
    seat = _whole(given, key)
    if not 1 <= seat <= players:
        raise FactError(f"{key} must be a seat from 1 to {players}, not {seat}")
    return seat


def _rules(given: Mapping[str, Any]) -> Any:
    from ..core.errors import RulesError
    from ..core.rules import Rules

    try:
        return Rules(game=str(given.get("game", "21")))
    except RulesError as error:
        raise FactError(error.what) from None


def _scores(given: Mapping[str, Any], key: str, sides: int | None = None) -> dict[int, int]:
    value = given.get(key)
    if not isinstance(value, Mapping) or len(value) < 2:
        raise FactError(f"{key} must give each side's points, e.g. {{\"1\": 5, \"2\": 3}}")
    scores: dict[int, int] = {}
    for side, points in value.items():
        if not str(side).isdigit() or isinstance(points, bool) or not isinstance(points, int) \
                or points < 0:
            raise FactError(f"{key}: side {side!r} needs a whole number of points, not {points!r}")
        scores[int(side)] = points
    if sorted(scores) != list(range(1, len(scores) + 1)):
        raise FactError(f"{key}: the sides must be numbered 1 to {len(scores)}")
    if sides is not None and len(scores) != sides:
        raise FactError(f"{key} gives {len(scores)} sides, the other scores {sides}")
    return dict(sorted(scores.items()))


def _other(truth: int | str, *mistakes: int | str) -> tuple[int | str, ...]:
    """The natural mistakes that differ from the truth, each once."""
    return tuple(dict.fromkeys(m for m in mistakes if m != truth))


def _seats(players: int) -> tuple[str, ...]:
    return tuple(f"seat {seat}" for seat in range(1, players + 1))


def _side_scores(scores: Mapping[int, int]) -> str:
    return ", ".join(f"side {side}: {points}" for side, points in scores.items())


# ---------------------------------------------------------------------- the deal (D1-D3)

def _first_deal(players: int, dealer: int = 1, partners: bool = False) -> tuple[Any, list]:
    from ..core.cards import FULL_DECK
    from ..core.rules import Rules
    from ..game.dealing import start_round

    return start_round(list(FULL_DECK), players, partners, dealer, Rules())


def _deals(given: dict) -> Answer:
    from ..game.dealing import next_deal

    players = _players(given)
    state, stock = _first_deal(players)
    table, hand = len(state.loose), len(state.hands[0])
    deals = 1
    while stock:  # deal the whole pack as the game does
        state, stock = next_deal(state, stock, 1)
        deals += 1
    later = hand * players
    # the table's four forgotten (52 dealt 4 a player), or counted as a deal of its own
    mistakes = _other(deals, -(-52 // later), deals + 1)
    return Answer(deals, (), f"The first deal uses {hand * players + table} cards ({hand} to each "
                             f"of the {players} players and {table} to the table); each later deal "
                             f"uses {later}. The 52 cards last {count(deals, 'deal')}.", "D2",
                  "Count the cards one deal uses: the first deal also puts cards on the table "
                  "(D2). How many deals use up all 52?",
                  f"The first deal uses {hand * players + table} cards; each later deal uses "
                  f"{later}. Take the first deal from 52, then count the later deals.",
                  mistakes)


def _stock(given: dict) -> Answer:
    players = _players(given)
    state, stock = _first_deal(players)
    table, hand = len(state.loose), len(state.hands[0])
    return Answer(len(stock), (), f"{hand} cards to each of the {players} players and {table} to "
                                  f"the table: {52 - len(stock)} dealt, {len(stock)} left.", "D2",
                  "Count the cards the first deal gives out: every player's hand and the "
                  "table (D2). The rest of the 52 wait for the next deal.",
                  f"{hand} cards to each of the {players} players and {table} to the table "
                  f"are dealt first. Take them from 52.",
                  _other(len(stock), 52 - hand * players))  # the table forgotten


def _first(given: dict) -> Answer:
    players = _players(given)
    dealer = _seat(given, "dealer", players)
    state, _ = _first_deal(players, dealer)
    return Answer(f"seat {state.turn}", _seats(players),
                  f"Seat {state.turn} sits to the left of the dealer (seat {dealer}) and plays "
                  f"first; the dealer plays last.", "D3",
                  "Who plays first sits next to the dealer: on which side (D3)?",
                  "Play goes round to the left and the dealer plays last. Start from the "
                  "dealer's seat and go one seat to the left.",
                  _other(f"seat {state.turn}", f"seat {dealer}",  # the dealer, or the right
                         f"seat {(dealer - 2) % players + 1}"))


def _dealer_of_round(given: dict) -> Answer:
    # the rule a game deals by (game.match takes its dealers from the same functions)
    from ..game.dealing import dealer_of_round

    players = _players(given)
    wanted = _whole(given, "round")
    if not 2 <= wanted <= players + 1:
        raise FactError(f"round must be from 2 to {players + 1}, not {wanted}")
    dealers = {number: dealer_of_round(number, players) for number in range(1, wanted + 1)}
    chain = ", ".join(f"round {r}: seat {s}" for r, s in sorted(dealers.items()))
    return Answer(f"seat {dealers[wanted]}", _seats(players),
                  f"Seat 1 deals the first round and the deal passes to the left ({chain}).",
                  "D3", "The deal moves on one seat each round: in which direction (D3)?",
                  "Seat 1 deals round 1, and each new round the deal passes one seat to the "
                  "left. Count round by round.",
                  _other(f"seat {dealers[wanted]}", f"seat {dealers[wanted - 1]}",  # no pass
                         f"seat {(dealers[wanted - 1] - 2) % players + 1}"))  # to the right


def _partner(given: dict) -> Answer:
    seat = _seat(given, "seat", 4)
    state, _ = _first_deal(4, partners=True)
    partner = state.partner_of(seat)
    others = tuple(f"seat {s}" for s in range(1, 5) if s != seat)
    return Answer(f"seat {partner}", others,
                  f"Partners sit opposite: seat {seat} and seat {partner} are side "
                  f"{state.side_of(seat)}.", "D1",
                  "Partners do not sit side by side (D1).",
                  "Partners sit opposite each other: two seats on from each other around "
                  "the table.", _other(f"seat {partner}", f"seat {seat % 4 + 1}"))  # beside


# ---------------------------------------------------------------------- Draw Casino (V9)

def _draw_game(given: dict) -> Any:
    """A V9 round played `plays` plays into its first deal (first legal moves: the counts of
    cards do not depend on which)."""
    from ..core.variants import variant
    from ..game.match import Game

    players = _players(given)
    plays = _whole(given, "plays")
    if not 0 <= plays < 52 - 4:  # the 48 cards not dealt to the table make 48 plays a round
        raise FactError(f"plays must be from 0 to 47, not {plays}")
    game = Game(players=players, seed=0, rules=variant("V9").rules)
    for _ in range(plays):
        game.play(game.legal_moves()[0])
    return game


def _draw_stock(given: dict) -> Answer:
    game = _draw_game(given)
    players, plays = given["players"], given["plays"]
    first = len(_draw_game({"players": players, "plays": 0}).stock)
    left = len(game.stock)
    return Answer(left, (),
                  f"The first deal leaves {first} cards in the stock ({players} hands of 4 and 4 "
                  f"on the table); each of the {plays} plays draws one while it lasts: {first} - "
                  f"{first - left} = {left}.", "V9",
                  "Count the stock after the deal, then what each play takes from it (V9).",
                  f"The first deal leaves {first} cards in the stock, and each play draws one "
                  f"while it lasts.",
                  # the draws forgotten, or the table's four
                  _other(left, first, max(0, first + 4 - plays)))


def _draw_hand(given: dict) -> Answer:
    game = _draw_game(given)
    seat = _seat(given, "seat", given["players"])
    held = len(game.state.hands[seat - 1] or ())
    why = ("The player who played draws one card, so hands stay at 4 while the stock lasts."
           if game.stock else "The stock is empty: no more draws, so the hands are played out.")
    if game.stock:
        step = f"{why} The stock still holds {count(len(game.stock), 'card')}."
    else:
        ran_out = 52 - 4 - 4 * given["players"]  # plays until the stock is empty
        step = (f"The stock ran out after {count(ran_out, 'play')}: from then on the hand "
                f"shrinks by one card at each of its own plays.")
    return Answer(held, (), f"{why} {len(game.stock)} left in the stock; seat {seat} holds "
                            f"{count(held, 'card')}.", "V9",
                  "After each play, does the player draw a card? And is there still a stock "
                  "to draw from (V9)?", step,
                  _other(held, 4))  # drawing on from an empty stock


# ---------------------------------------------------------------------- the match (K3, V4, V5)

def _after_round(given: dict) -> tuple[Any, dict[int, int], dict[int, int], dict[int, int]]:
    from ..game.scoring import match_points

    rules = _rules(given)
    points = _scores(given, "round")
    before = _scores(given, "before", len(points)) if "before" in given \
        else {side: 0 for side in points}
    return rules, before, points, match_points(before, points, rules)


def _score_rule(rules: Any) -> str:
    return str(rules.match_rule)


def _match_score(given: dict) -> Answer:
    rules, before, points, after = _after_round(given)
    side = _whole(given, "side")
    if side not in after:
        raise FactError(f"side must be one of {', '.join(map(str, after))}, not {side}")
    how = ""
    if rules.lurch:
        low = min(points.values())
        how = f" Playing to 11, only the margin counts: the lower round score ({low}) is taken off each side's round points."
    rule = _score_rule(rules)
    other = next(s for s in points if s != side)
    mistakes = _other(after[side], points[side],             # the score before forgotten
                      before[side] + points[other],          # the other side's round added
                      before[side] + points[side])           # (V4) the lower score not taken off
    return Answer(after[side], (),
                  f"Before the round: {_side_scores(before)}; "
                  f"round points: {_side_scores(points)}.{how} "
                  f"After the round: {_side_scores(after)}.", rule,
                  f"Start from the score before the round and add what the round gave ({rule})."
                  + (" Here only the margin counts." if how else ""),
                  f"Side {side} had {before[side]} before the round and the round gave it "
                  f"{points[side]}." + (f" Take the lower round score ({min(points.values())}) "
                                       f"off first." if how else ""), mistakes)


def _result_words(result: Any) -> str:
    if not result.over:
        return "nobody yet: play another round"
    if result.winner is None:
        return "a drawn game"
    return f"side {result.winner} wins" + (" with a lurch" if result.lurch else "")


def _match_result(given: dict) -> Answer:
    from ..game.scoring import LURCH_LIMIT, MatchResult, match_result

    rules, before, points, after = _after_round(given)
    result = match_result(after, 1, rules)
    sides = list(after)
    outcomes = [MatchResult(True, side) for side in sides]
    if rules.lurch:
        outcomes += [MatchResult(True, side, True) for side in sides]
    outcomes.append(MatchResult(True, None) if rules.round_is_game else MatchResult(False, None))
    choices = tuple(dict.fromkeys(_result_words(o) for o in outcomes))
    said = _result_words(result)
    if rules.round_is_game:
        why = f"Each round is a game of its own: round points {_side_scores(points)}."
    else:
        target = rules.target
        why = (f"Playing to {target}: before the round {_side_scores(before)}, after it "
               f"{_side_scores(after)}.")
        if result.lurch:
            why += (f" Side {result.winner} reached {target} while every other side had fewer "
                    f"than {LURCH_LIMIT}: a lurch, a double game.")
        elif result.over and rules.lurch:
            why += f" Another side had {LURCH_LIMIT} or more, so it is not a lurch."
    rule = _score_rule(rules)
    if rules.round_is_game:
        look, step = ("Each round is a game of its own (V5): who scored more this round?",
                      f"The round points: {_side_scores(points)}.")
    else:
        target = rules.target
        look = (f"Add the round to the score before it: has a side reached {target} ({rule})?"
                + (f" And did the others have fewer than {LURCH_LIMIT}?"
                   if rules.lurch else ""))
        step = f"The scores after the round: {_side_scores(after)}. The target is {target}."
    return Answer(said, choices, f"{why} So: {said}.", rule, look, step,
                  tuple(c for c in choices if c != said))  # every other outcome is offered


FACTS: dict[str, Fact] = {fact.name: fact for fact in (
    Fact("deals per round", "number", ("players",), (),
         lambda g: f"With {g['players']} players, how many deals are there in a round?", _deals),
    Fact("stock after first deal", "number", ("players",), (),
         lambda g: f"With {g['players']} players, how many cards are left to deal after the "
                   f"first deal of a round?", _stock),
    Fact("first to play", "choice", ("players", "dealer"), (),
         lambda g: f"{g['players']} players; seat {g['dealer']} deals. Who plays first?", _first),
    Fact("dealer of round", "choice", ("players", "round"), (),
         lambda g: f"{g['players']} players; seat 1 dealt the first round. Who deals round "
                   f"{g['round']}?", _dealer_of_round),
    Fact("partner", "choice", ("seat",), (),
         lambda g: f"Four players in partnerships: who is seat {g['seat']}'s partner?", _partner),
    Fact("draw stock", "number", ("players", "plays"), (),
         lambda g: f"Draw Casino, {g['players']} players: after {count(g['plays'], 'play')} "
                   f"since the deal, how many cards are left in the stock?", _draw_stock),
    Fact("draw hand", "number", ("players", "plays", "seat"), (),
         lambda g: f"Draw Casino, {g['players']} players: after {count(g['plays'], 'play')} "
                   f"since the deal, how many cards does seat {g['seat']} hold?", _draw_hand),
    Fact("match score", "number", ("round", "side"), ("game", "before"),
         lambda g: _match_question(g, f"What is side {g['side']}'s score after the round?"),
         _match_score),
    Fact("match result", "choice", ("round",), ("game", "before"),
         lambda g: _match_question(g, "Who has won?"), _match_result),
)}


def _match_question(given: dict, ask: str) -> str:
    game = str(given.get("game", "21"))
    try:
        rules = _rules(given)
        round_game = rules.round_is_game
        playing = ("Playing to 11 with lurches" if rules.lurch else
                   "Each round a game of its own" if round_game else
                   f"Playing to {rules.target}")
    except FactError:
        round_game, playing = False, f"Playing to {game}"
    before = given.get("before")
    start = f" the scores were {_side_scores({int(k): v for k, v in before.items()})} and" \
        if isinstance(before, Mapping) and not round_game else ""
    points = given.get("round", {})
    return (f"{playing}:{start} the round just scored "
            f"{_side_scores({int(k): v for k, v in points.items()})}. {ask}")


def fact(name: str) -> Fact:
    """The fact called `name`; FactError listing the known ones otherwise."""
    if name not in FACTS:
        raise FactError(f"unknown fact {name!r}; known: {', '.join(FACTS)}")
    return FACTS[name]


def check_given(name: str, given: Any) -> dict:
    """`given` as a dict holding what the fact needs and nothing else."""
    found = fact(name)
    if not isinstance(given, Mapping):
        raise FactError(f"given must be an object, e.g. {{\"players\": 3}}, not {given!r}")
    missing = [key for key in found.needs if key not in given]
    if missing:
        raise FactError(f"{name!r} needs {', '.join(missing)} in given")
    unknown = sorted(set(given) - set(found.needs) - set(found.optional))
    if unknown:
        raise FactError(f"{name!r} does not use {', '.join(unknown)}")
    return dict(given)


def answer(name: str, given: Any) -> Answer:
    """Work out the answer to fact `name` with `given` (FactError if they do not fit)."""
    values = check_given(name, given)
    try:
        return fact(name).work_out(values)
    except (KeyError, TypeError) as error:  # a value of the wrong shape deep in `given`
        raise FactError(f"{name!r}: cannot use {given!r} ({error})") from None


def question(name: str, given: Any) -> str:
    values = check_given(name, given)
    try:
        return fact(name).question(values)
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise FactError(f"{name!r}: cannot word the question for {given!r} ({error})") from None
