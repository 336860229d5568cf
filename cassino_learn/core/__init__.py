"""The rules core: cards, rules, positions and their notation, moves and the legal-move
generator, and the explanation of an illegal move (docs/rules.md, docs/notation.md). Imports
nothing outside the standard library; `cassino_learn.drawing` draws its objects.

Modules, each importing only those before it (docs/layout.md):
errors, numbers, words; cards; rules; build; loosesets; structure; notation; move; movegen;
explain; position; listing.
"""
