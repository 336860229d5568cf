"""The learner's own storage: what this learner has done, kept between sessions.

`progress` (the progress file: stars, tries, settings, saved under `filelock` and merged with
the file), `learner_context` (whose lessons run in this process: their progress file, record
and listeners) and `deck` (a package: the learner's own deck of cards, see docs/deck.md). It
reads lesson content from `teaching` (a stage, a practice task, a position's observation);
the class (`classroom`) reads it, and nothing below it does.
"""
