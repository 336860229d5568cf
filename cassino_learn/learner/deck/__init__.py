"""The learner's own deck: the moves the review marked in their games and the stages they got
wrong on the first try, each coming back as a puzzle, spaced by a scheduler (`fsrs`) until it
is learnt. See docs/deck.md.

- `cards`: a card and the deck as data, read from and written to the progress file (no
  scheduler needed to read them), merged without loss, a corrupt card set aside with a note.
- `schedule`: a card's answer rated and scheduled by `fsrs`; when a card is learnt.
- `making`: cards made from the review's marks and from stages missed on the first try.
- `judging`: a move card's answer judged by the expert's search, as the review judges.
- `today`: the day's queue, a card answered and saved, the streak of days.

This package's `__init__` imports nothing: `progress` imports `cards` alone.
"""
