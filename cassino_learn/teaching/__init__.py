"""Teaching: the lesson catalogue, quizzes and their goals, practice tasks, the learner's progress,
and the helpers lesson notebooks call. Imports widgets only when a lesson shows one."""
