"""The class: a teacher's class of learners and what the teacher sees of it.

`roster` (the file-based class of the Voila server: its learners, their ids, codes and names),
`class_store` (a class in one SQLite database, for the class server), `class_events` (what a
learner did), `class_progress` (the strict check of the progress a page sends),
`class_summary` and `class_tally` (the teacher's tables, kept up to date as the store writes),
`class_decks` (the teacher's view of the learners' decks), `homework` and `homework_positions`
(homework the teacher sets and its positions judged), `demo_store` (the demonstration's
questions kept). It reads lesson content from `teaching` and each learner's storage from
`learner`; nothing below it imports it.
"""
