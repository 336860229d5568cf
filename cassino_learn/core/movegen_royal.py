"""The legal moves of Royal Casino (RULES.md V7): face cards count 11-13 and take part in sums
and builds, an ace played from the hand counts 1 or 14 (one value per play) and 1 on the table,
builds run 1..14 and a build of 1 or 14 is kept and taken by an ace.

The rules core's entry points (`legal_moves`, `iter_moves`, `count_moves`, `find_move`, ...) hand
Royal positions to `royal_legal_moves`; the standard game never comes here. Same enumeration as
the standard generator, with the values asked of `Rules`.
"""

from __future__ import annotations

from .movegen import BUILD, CAPTURE, TRAIL, Move, _new
from .position import Position
from .rules import ACE_HIGH

__all__ = ["royal_legal_moves"]


def royal_legal_moves(position: Position) -> list[Move]:
    """Every legal move under Royal Casino (V7), each once, in the generator's order."""
    hand = position.hand
    if not hand:
        return []
    loose = position.loose
    builds = position.builds
    turn = position.turn
    rules = position.rules
    royal = rules.royal  # V7: every card has a value (the rank) and the ace plays as 1 or 14
    top = rules.top_value
    values = [c.rank for c in loose] if royal else [c.value for c in loose]
    # subsets[s]: masks of loose numeral cards adding up to s (1..top); loose is sorted by rank,
    # so values rise along it and face cards (None) come last.
    subsets: list[list[int]] = [[] for _ in range(top + 1)]
    numeral_count = sum(1 for v in values if v is not None)
    # V7: an ace played as 14 also takes loose aces by rank (they lead the sorted table)
    ace_singles = [1 << i for i, c in enumerate(loose) if c.rank == 1] if royal else []
    ace_mask = sum(ace_singles)
    stack = [(0, 0, 0)]
    while stack:
        start, mask, total = stack.pop()
        for i in range(start, numeral_count):
            t = total + values[i]  # type: ignore[operator]
            if t > top:
                break
            m = mask | (1 << i)
            subsets[t].append(m)
            stack.append((i + 1, m, t))

    unions_cache: dict[int, list[int]] = {}

    def unions(v: int, pair_aces: bool = False) -> list[int]:
        """Masks of loose cards that split into disjoint groups each adding up to v (0 too);
        with `pair_aces` a lone loose ace is a group as well (V7, an ace played as 14)."""
        key = -v if pair_aces else v
        cached = unions_cache.get(key)
        if cached is not None:
            return cached
        by_low: dict[int, list[int]] = {}
        for g in (subsets[v] + ace_singles if pair_aces else subsets[v]):
            by_low.setdefault(g & -g, []).append(g)
        order = [0]
        seen = {0}
        for low in sorted(by_low):
            groups = by_low[low]
            fresh = []
            for m in order:
                if m & low:
                    continue
                for g in groups:
                    if not m & g:
                        u = m | g
                        if u not in seen:
                            seen.add(u)
                            fresh.append(u)
            order.extend(fresh)
        order.sort()
        unions_cache[key] = order
        return order

    build_values = [b.value for b in builds]
    build_subsets_cache: dict[int, list[int]] = {}

    def build_subsets(v: int) -> list[int]:
        """All masks of builds whose value is v (0 included)."""
        cached = build_subsets_cache.get(v)
        if cached is None:
            cached = [0]
            for i, bv in enumerate(build_values):
                if bv == v:
                    bit = 1 << i
                    cached = cached + [m | bit for m in cached]
            cached.sort()
            build_subsets_cache[v] = cached
        return cached

    # hand_count[v]: cards in hand that can capture a build of v (B2, O2)
    hand_count = [0] * (top + 1)
    for card in hand:
        if royal:
            for v in rules.play_values(card):
                hand_count[v] += 1
        elif card.value is not None:
            hand_count[card.value] += 1

    # O2: builds the mover owns that stay protected only by the last card of their value.
    owned = [(i, b.value) for i, b in enumerate(builds) if b.owner == turn]
    # B9: values the mover may build without holding them, thanks to the partner.
    partner_values: set[int] = set()
    if position.partners:
        partner = position.partner_of(turn)
        partner_values.update(b.value for b in builds if b.owner == partner)
        declared = position.declared_map.get(partner)  # type: ignore[arg-type]
        if declared is not None:
            partner_values.add(declared)

    face_rule_three = position.rules.face_cards == "three-take-all"
    moves: list[Move] = []
    append = moves.append
    trails: list[Move] = []
    for card in hand:
        # cv: what the card counts inside a build; keeps: the build values it can capture
        if royal:
            cv = card.rank
            keeps = rules.play_values(card)
        else:
            cv = card.value
            keeps = (cv,)
        # builds that must be taken along if this card is played (O2)
        must = 0
        if cv is not None and hand_count[keeps[0]] == 1:
            for i, bv in owned:
                if bv in keeps:
                    must |= 1 << i
        if cv is None:
            same = [i for i, c in enumerate(loose) if c.rank == card.rank]
            for i in same:
                append(_new(Move, (CAPTURE, card, None, 1 << i, 0, -1, position, None)))
            if face_rule_three and len(same) == 3:
                m = (1 << same[0]) | (1 << same[1]) | (1 << same[2])
                append(_new(Move, (CAPTURE, card, None, m, 0, -1, position, None)))
            trails.append(_new(Move, (TRAIL, card, None, 0, 0, -1, position, None)))
            continue
        # captures (P1, S1-S3); under V7 an ace captures as 1 or as 14, one value per play
        # (as 14 taking only loose aces it does what it does as 1: listed once, as 1)
        for pv in keeps:
            high = pv == ACE_HIGH
            bsubs = build_subsets(pv)
            if len(bsubs) == 1 and not must:  # the common case: no build of this value around
                moves.extend([_new(Move, (CAPTURE, card, pv, lm, 0, -1, position, None))
                              for lm in unions(pv, high) if lm and not (high and lm | ace_mask
                                                                        == ace_mask)])
            else:
                for lm in unions(pv, high):
                    for bm in bsubs:
                        if (lm or bm) and bm & must == must and \
                                not (high and not bm and lm | ace_mask == ace_mask):
                            append(_new(Move, (CAPTURE, card, pv, lm, bm, -1, position, None)))
        # builds (B1-B9)
        for v in range(cv, top + 1):
            if hand_count[v] - (v in keeps) < 1 and v not in partner_values:
                continue  # B2 / B9
            bsubs = build_subsets(v)
            gathered = unions(v)
            if v == cv:
                played_sets: list[int] = [0]
            else:
                played_sets = subsets[v - cv]
            if len(played_sets) == 1:
                masks = [played_sets[0] | u for u in gathered if not played_sets[0] & u]
            else:
                found = {p | u for p in played_sets for u in gathered if not p & u}
                masks = sorted(found)
            if len(bsubs) == 1 and not must:
                moves.extend([_new(Move, (BUILD, card, v, lm, 0, -1, position, None))
                              for lm in masks if lm])
            else:
                for lm in masks:
                    for bm in bsubs:
                        if (lm or bm) and bm & must == must:
                            append(_new(Move, (BUILD, card, v, lm, bm, -1, position, None)))
            # raising a single build of value v - cv (B5, B6, B7)
            w = v - cv
            for r, build in enumerate(builds):
                if build.value == w and len(build.sets) == 1:
                    rbit = 1 << r
                    for lm in gathered:
                        for bm in bsubs:
                            bm |= rbit
                            if bm & must == must:
                                append(_new(Move, (BUILD, card, v, lm, bm, r, position, None)))
        if not must:
            trails.append(_new(Move, (TRAIL, card, None, 0, 0, -1, position, None)))
    if owned and moves:
        return moves  # O1: an owner may not trail while anything else is legal
    if not moves and not trails:
        # R2: there is always a legal play; only O2 could have removed every trail
        trails = [_new(Move, (TRAIL, c, None, 0, 0, -1, position, None)) for c in hand]
    moves.extend(trails)
    return moves
