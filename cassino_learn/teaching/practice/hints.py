"""The hint shown with each rule's practice: the rule in a sentence or two, never the answer."""

from __future__ import annotations

__all__ = ["HINTS"]

HINTS: dict[str, str] = {
    "C1": "Big Casino, the ten of diamonds, is worth 2; Little Casino, the two of spades, and "
          "every ace 1.",
    "T2": "You may only use a card from your own hand and cards lying on the table.",
    "P1": "A numeral card takes every loose card of its own rank.",
    "P2": "A face card takes one face card of the same rank, never more, never in a sum.",
    "S1": "A numeral card takes loose cards that add up to its value, e.g. a 7 takes 3+4.",
    "S2": "One card may take several groups at once, as long as no table card is used twice.",
    "S3": "A build is taken whole, and only by a card equal to its announced value.",
    "S4": "You may take fewer groups than you could: each choice of groups is its own capture.",
    "K1": "Most cards 3, most spades 1, Big Casino 2, Little Casino 1, each ace 1.",
    "K2": "When the most cards (or spades) is shared, nobody scores that item.",
    "R1": "You may always trail a card, even when it could capture. A capture is allowed only "
          "when it pairs a rank or adds up to your card's value.",
    "R2": "When nothing else is possible, you trail a card.",
    "B2": "To build a value you must keep another card of that value in your hand.",
    "B4": "Put your card on table cards so that they add up to a value you also hold.",
    "B5": "Adding a card from hand to a single build gives it a new, higher value.",
    "B6": "Only the card from your hand may change a build's value, never a loose table card.",
    "B7": "A multiple build can never be raised.",
    "B8": "A card (or card plus table cards) equal to a build's value may be put on it: it "
          "becomes multiple.",
    "B9": "In partnerships you may build a value your partner is building, without holding it.",
    "B10": "Adding a second set of the same value makes your build multiple, so it can't be "
           "raised.",
    "O1": "An owner of a build may not trail.",
    "O2": "Keep a card of your build's value until you capture it.",
    "W1": "Take every card on the table with one play: that is a sweep.",
    "V1": "With three-take-all, a face card takes one, or all three, of its rank.",
    "W2": "After the very last card, whatever is still on the table goes to whoever captured "
          "last. Any capture with that last card makes it you.",
    "V2": "With sweeps off, count everything as usual but give no point for sweeps.",
    "V3": "With sweeps cancelling, each side's sweeps cancel the other side's one for one; only "
          "the difference scores.",
    "D1": "In a four-player partnership, partners sit opposite each other.",
    "D2": "Every deal gives 4 cards to each player; only the first deal of a round puts 4 on the "
          "table. Count the cards: 52 in the pack.",
    "D3": "The player to the dealer's left (the next seat number) plays first, and the deal "
          "passes to the left after each round.",
    "K3": "Add the round to the scores; the first side to reach 21 wins. If both reach it in "
          "the same round, the higher total wins; equal totals play on.",
    "V4": "Playing to 11, only the difference of the round points counts. Reaching 11 while the "
          "other side has fewer than 6 is a lurch, a double game.",
    "V5": "Each round is a game of its own: the higher round score wins, equal scores draw.",
    "V7": "Royal Casino: J counts 11, Q 12, K 13, and face cards add up and build like numbers. "
          "Played from the hand an ace counts 1 or 14 (one value per play); on the table and "
          "inside a build it counts 1. A build of 14 needs an ace to take it.",
    "V8": "Spade Casino: no Little Casino point, but every spade you take scores: the ace, jack "
          "and two of spades 2 each, every other spade 1 (the ace of spades also scores as an ace). 26 points a "
          "round plus sweeps.",
    "V9": "Draw Casino: after the first deal the rest of the pack is a stock; the player who "
          "played draws one card after each play, so hands stay at four until the stock is "
          "empty. Then the hands are played out (48 plays a round).",
}
