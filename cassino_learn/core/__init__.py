"""The rules core: cards, positions and their notation, the legal-move generator, explanations
of illegal moves, and card drawings. Imports nothing outside the standard library."""
