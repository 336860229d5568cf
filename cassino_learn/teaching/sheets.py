"""Score sheets, piles, last-card cases, match results and deal facts for the lesson page:
what each says.

Every number comes from the game modules (the scorer, the dealer, the match rules); this module
decides what a sheet shows (the cards, their marks, the rows, the sentences) and its plain
text, which is what nbval compares; `drawing/sheets.py` draws it as cards, small tables and
sentences, so a learner never reads a program's printout.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..core.cards import BIG_CASINO, LITTLE_CASINO, Card
from ..core.position import Position
from ..core.rules import Rules
from ..core.telling import in_words
from ..core.words import count, listing
from ..drawing import sheets as draw
from ..drawing.sheets import Drawn, MarkedCard

__all__ = ["Drawn", "score_sheet", "piles_sheet", "last_card_case", "match_results",
           "round_outcome", "deal_facts", "variant_points", "dealing_order", "hint_list",
           "position_errors"]


def _position(position: str | Position) -> Position:
    return Position.parse(position) if isinstance(position, str) else position


# ---------------------------------------------------------------------- cards with marks

def _mark(card: Card) -> str:
    """What a card scores by itself, in words (K1), or ""."""
    if card is BIG_CASINO:
        return "Big Casino 2"
    if card is LITTLE_CASINO:
        return "Little Casino 1"
    return "ace 1" if card.rank == 1 else ""


def _marked(card: Card, *, marked: bool = True) -> MarkedCard:
    """A card as a sheet shows it: with what it scores by itself and its spade tag, or bare."""
    return (card, _mark(card), card.suit == "S") if marked else (card, "", False)


def _cards(cards: Sequence[Card], *, marked: bool = True, wrap: bool = True) -> str:
    return draw.cards([_marked(c, marked=marked) for c in cards], wrap=wrap)


def _pile_line(pile: Sequence[Card], sweeps: int) -> str:
    spades = sum(1 for c in pile if c.suit == "S")
    # sweeps (lesson 9) are named only when the pile holds one
    made = f", {count(sweeps, 'sweep')}" if sweeps else ""
    return f"{count(len(pile), 'card')}, {count(spades, 'spade')}{made}"


# ---------------------------------------------------------------------- score sheet (K1, K2)

def _item_cell(item: str, side: int, score: "object") -> str:
    points = score.items[side][item]  # type: ignore[attr-defined]
    if item == "cards":
        return draw.with_note(points, count(score.cards[side], 'card'))  # type: ignore[attr-defined]
    if item == "spades":
        return draw.with_note(points, count(score.spades[side], 'spade'))  # type: ignore[attr-defined]
    if item == "sweeps":
        return draw.with_note(points, f"{count(score.sweeps[side], 'sweep')} made")  # type: ignore[attr-defined]
    if item == "aces":
        return f"{points}"
    return f"{points}"


def _tie_notes(score: "object") -> list[str]:
    notes = []
    for item, counts, word in (("cards", score.cards, "card"),  # type: ignore[attr-defined]
                               ("spades", score.spades, "spade")):  # type: ignore[attr-defined]
        if not any(score.items[s][item] for s in counts):  # type: ignore[attr-defined]
            top = max(counts.values())
            tied = [s for s, n in counts.items() if n == top]
            sides = _sides(tied, len(counts))
            notes.append(f"Most {word}s is tied ({sides}: {count(top, word)} each), so nobody "
                         f"scores it (K2).")
    return notes


def score_text(position: str | Position) -> str:
    """The score of a position's piles in plain words, one line per side."""
    from ..game.scoring import score_round

    here = _position(position)
    score = score_round(here.piles, here.sweeps, rules=here.rules)
    names = {item.key: item.name.lower() for item in here.rules.scorer.items}
    lines = []
    for side, total in score.points.items():
        parts = ", ".join(f"{names[item]} {n}" for item, n in score.items[side].items() if n)
        lines.append(f"Side {side}: {count(total, 'point')} ({parts or 'nothing'}); "
                     f"{_pile_line(here.piles[side - 1], here.sweeps[side - 1])}")
    return "\n".join(lines + _tie_notes(score))


def score_sheet(position: str | Position) -> Drawn:
    """Each side's pile drawn as cards with the scoring cards marked, then the items as a table
    with the round totals, all worked out by the scorer (K1, K2, W1 and variants V2, V3)."""
    from ..game.scoring import score_round

    here = _position(position)
    score = score_round(here.piles, here.sweeps, rules=here.rules)
    sides = list(score.points)
    piles = "".join(draw.side(f"Side {side}", _cards(here.piles[side - 1]),
                              _pile_line(here.piles[side - 1], here.sweeps[side - 1]))
                    for side in sides)
    rows = [[item.said] + [_item_cell(item.key, side, score) for side in sides]
            for item in here.rules.scorer.items]
    rows.append([draw.bold("Round total")] + [draw.bold(score.points[side]) for side in sides])
    table = draw.table(["Item"] + [f"Side {s}" for s in sides], rows, "cl-sheet-items")
    notes = "".join(draw.line(n) for n in _tie_notes(score))
    shared = sum(score.points.values())
    total = draw.line(f"Points shared this round: {shared}.")
    return Drawn(draw.box(draw.legend() + piles + table + notes + total, "cl-sheet-score"),
                 score_text(here))


def piles_sheet(position: str | Position, *, title: str = "") -> Drawn:
    """Each side's pile as cards (scoring cards marked) with its sweeps, and what is left on
    the table: the state of play, not yet a score."""
    here = _position(position)
    parts, lines = [], []
    for side, pile in enumerate(here.piles, 1):
        sweeps = here.sweeps[side - 1]
        parts.append(draw.side(f"Side {side}", _cards(pile), _pile_line(pile, sweeps)))
        lines.append(f"Side {side}: {' '.join(map(str, pile)) or 'no cards'}; "
                     f"{count(sweeps, 'sweep')}")
    left = here.table_cards
    parts.append(draw.side("Left on the table",
                           _cards(tuple(sorted(left, key=lambda c: c.index)), marked=False)))
    lines.append(f"Table: {' '.join(str(c) for c in sorted(left, key=lambda c: c.index)) or 'empty'}")
    head = draw.line(title, strong=True) if title else ""
    return Drawn(draw.box(head + draw.legend() + "".join(parts), "cl-sheet-piles"),
                 "\n".join(([title] if title else []) + lines))


# ---------------------------------------------------------------------- the last cards (W2)

def _move(move: "object") -> str:
    """A play drawn inline: the card, what it does, the table cards; said in words for a
    screen reader (no notation: a learner reads cards and words)."""
    verb = {"trail": "trails", "capture": "takes"}.get(move.kind, f"builds {move.value}")  # type: ignore[attr-defined]
    taken = tuple(sorted(move.table_cards, key=lambda c: c.index))  # type: ignore[attr-defined]
    return draw.play(in_words(move), _marked(move.card, marked=False), verb,  # type: ignore[arg-type, attr-defined]
                     [_marked(c, marked=False) for c in taken])


def last_card_case(position: str, move: str, dealer: int = 1) -> Drawn:
    """The round's last card played in `position`, then W2 done by the dealing module: what is
    left goes to the last capturer (the dealer if nobody captured). Drawn as cards: the table
    before, the play, and every side's pile after, with its sweeps."""
    from ..game.dealing import close_round

    before = _position(position)
    played = before.parse_move(move)
    after_play = before.play(played)
    after = close_round(after_play, dealer=dealer)
    left = sorted(after_play.table_cards, key=lambda c: c.index)
    taker = after_play.last_capture if after_play.last_capture is not None else dealer
    swept = after.sweeps != before.sweeps
    if not left:
        outcome = ("Nothing is left on the table: the last card took it all, and that is a "
                   "sweep, worth 1 point (W1)." if swept else
                   "Nothing is left on the table.")
    else:
        names = listing([f"the {card.name}" for card in left])
        who = ("you, who made the last capture" if taker == before.turn else
               f"seat {taker}, who made the last capture") if after_play.last_capture \
            else f"the dealer, seat {dealer}, since nobody captured"
        outcome = (f"Left on the table: {names}. They go to {who} (W2). That pick-up is not a "
                   f"sweep.")
    markup = (draw.line("The table before the last card", strong=True)
              + _cards(tuple(sorted(before.table_cards, key=lambda c: c.index)), marked=False)
              + draw.line("The last card", strong=True, css_class="cl-sheet-subhead")
              + _move(played) + draw.para(outcome)
              + piles_sheet(after, title="After the round: the piles").markup)
    text = f"{in_words(played)} {outcome}\n" + piles_sheet(after).text
    return Drawn(draw.box(markup, "cl-sheet-last-cards"), text)


# ---------------------------------------------------------------------- the match (K3, V4)

def _sides(sides: Sequence[int], total: int) -> str:
    if len(sides) == total == 2:
        return "both sides"
    return " and ".join(f"side {s}" for s in sides)


def _result_sentence(scores: Mapping[int, int], result: "object", target: int) -> str:
    """The scores and what the match rules make of them: "side 1 23, side 2 15: only ..."."""
    listing = ", ".join(f"side {s} {n}" for s, n in scores.items())
    return f"{listing}: {_result_said(scores, result, target)}"


def _result_said(scores: Mapping[int, int], result: "object", target: int) -> str:
    """What the match rules make of `scores`, as the second half of `_result_sentence`."""
    reached = [s for s, n in scores.items() if n >= target]
    if result.over and result.winner is not None:  # type: ignore[attr-defined]
        how = (f"only side {result.winner} has reached {target}" if len(reached) == 1  # type: ignore[attr-defined]
               else f"{_sides(reached, len(scores))} have reached {target}, and "
                    f"side {result.winner} has the higher total")  # type: ignore[attr-defined]
        lurch = " with a lurch, a double game" if result.lurch else ""  # type: ignore[attr-defined]
        return f"{how}. Side {result.winner} wins{lurch}."  # type: ignore[attr-defined]
    if not reached:
        return f"nobody has reached {target} yet. Play another round."
    return (f"{_sides(reached, len(scores))} have reached {target} "
            f"with the same total. Another round decides.")


def match_results(score_sets: Sequence[Mapping[int, int]], rules: Rules | None = None) -> Drawn:
    """A table of match scores and what the match rules (K3) make of each."""
    from ..game.scoring import TARGET_21, match_result

    rules = rules or Rules()
    target = rules.target or TARGET_21
    rows, lines = [], []
    for scores in score_sets:
        result = match_result(dict(scores), 1, rules)
        sentence = _result_sentence(scores, result, target)
        shown = " to ".join(str(n) for n in scores.values())
        said = _result_said(scores, result, target)
        rows.append([shown, draw.text(said[0].upper() + said[1:])])
        lines.append(sentence)
    return Drawn(draw.table(["Scores (side 1 to side 2)", "Result"], rows, "cl-sheet-match"),
                 "\n".join(lines))


def round_outcome(before: Mapping[int, int], points: Mapping[int, int], rules: Rules) -> Drawn:
    """A round added to the match scores under `rules` (K3, V4), and the result, in sentences."""
    from ..game.scoring import TARGET_21, match_points, match_result

    after = match_points(dict(before), dict(points), rules)
    result = match_result(after, 1, rules)
    target = rules.target or TARGET_21
    listing = lambda scores: " to ".join(str(n) for n in scores.values())  # noqa: E731
    how = ""
    if rules.lurch:
        low = min(points.values())
        how = f" Playing to 11, the lower round score ({low}) is taken off both sides' round points."
    said = _result_said(after, result, target)
    text = (f"Before the round: {listing(before)}. The round: {listing(points)}.{how} "
            f"After it: {listing(after)}. {said[0].upper()}{said[1:]}")
    return Drawn(draw.para(text, "cl-sheet-para cl-sheet-round"), text)


# ---------------------------------------------------------------------- the deal (D2, D3, V6)

def deal_facts(players: Sequence[int] = (2, 3, 4)) -> Drawn:
    """Deals per round and who plays first and last, worked out by the dealing module."""
    from .facts import answer

    rows, lines = [], []
    for n in players:
        deals = int(answer("deals per round", {"players": n}).value)
        first = answer("first to play", {"players": n, "dealer": 1}).value
        rows.append([str(n), str(deals), f"4 + {deals} × {4 * n} = {4 + deals * 4 * n}",
                     f"{first}; seat 1 plays last"])
        lines.append(f"{n} players: {count(int(deals), 'deal')} a round; when seat 1 deals, "
                     f"{first} plays first and seat 1 last")
    table = draw.table(["Players", "Deals in a round", "Cards: table + deals × cards per deal",
                    "When seat 1 deals, first to play"], rows, "cl-sheet-deal-facts")
    return Drawn(table, "\n".join(lines))


def dealing_order(cards: Sequence[str], players: int = 2, dealer: int = 1) -> Drawn:
    """The first deal of `cards` (top first) in twos and singly (D2, V6), drawn as cards."""
    from ..core.cards import Card as _Card
    from ..game.dealing import deal

    stock = [_Card.parse(c) for c in cards]
    rows, lines = [], []
    for singles in (False, True):
        hands, table, _ = deal(stock, players, dealer, True, singles)
        way = "one at a time (V6)" if singles else "in twos"
        cells = [draw.bold(way)]
        words = []
        others = [(dealer + k - 1) % players + 1 for k in range(1, players)]
        for seat in others:
            cells.append(_cards(hands[seat - 1], marked=False, wrap=False))
            words.append(f"seat {seat} {' '.join(map(str, hands[seat - 1]))}")
        cells.append(_cards(table, marked=False, wrap=False))
        cells.append(_cards(hands[dealer - 1], marked=False, wrap=False))
        words += [f"table {' '.join(map(str, table))}",
                  f"dealer {' '.join(map(str, hands[dealer - 1]))}"]
        rows.append(cells)
        lines.append(f"{way}: " + "; ".join(words))
    head = (["Dealt"] + [f"Seat {(dealer + k - 1) % players + 1}" for k in range(1, players)]
            + ["Table", f"Dealer (seat {dealer})"])
    return Drawn(draw.table(head, rows, "cl-sheet-dealing"), "\n".join(lines))


# ---------------------------------------------------------------------- variants and hints

def variant_points(position: str, variants: Sequence[tuple[str, str]]) -> Drawn:
    """The points of one set of piles under several rule sets: (label, rules text) pairs."""
    from ..game.scoring import score_round

    rows, lines, sides = [], [], None
    for label, rules in variants:
        here = Position.parse(position + (f"; rules: {rules}" if rules else ""))
        points = score_round(here.piles, here.sweeps, rules=here.rules).points
        sides = list(points)
        rows.append([draw.text(label)] + [str(points[s]) for s in sides])
        lines.append(f"{label}: " + ", ".join(f"side {s} {count(n, 'point')}"
                                              for s, n in points.items()))
    head = ["Rules"] + [f"Side {s}" for s in (sides or [])]
    return Drawn(draw.table(head, rows, "cl-sheet-variants"), "\n".join(lines))


def hint_list(position: str, limit: int = 3) -> Drawn:
    """The hint helper's best moves for a position, each with its reasons."""
    from ..game.hints import hints

    found = hints(Position.parse(position))[:limit]
    said = [(in_words(h.move), h.words) for h in found]  # the move in words, never notation
    return Drawn(draw.numbered(said, "cl-sheet-hints"),
                 "\n".join(f"{move} {why}" for move, why in said))


def position_errors(texts: Sequence[str]) -> Drawn:
    """What the position reader says about each text that cannot be a position (or that it
    reads it), one line each."""
    from ..core.errors import PositionError

    items: list[tuple[str, str]] = []
    lines = []
    for text in texts:
        try:
            Position.parse(text)
            said = "reads as a position"
        except (PositionError, ValueError) as error:
            said = str(error)
        items.append((text, said))
        lines.append(f"{text}: {said}")
    return Drawn(draw.listed(items, "cl-sheet-position-errors"), "\n".join(lines))
