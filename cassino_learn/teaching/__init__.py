"""Teaching: lesson content. The lesson catalogue, the stages and quizzes and their goals, the
feedback a wrong try gets, practice tasks, what the lesson sheets say, and the teacher's
demonstration. No learner's storage (`learner`), no class (`classroom`) and no widget: those
read this."""
