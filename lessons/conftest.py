"""When nbval runs the lesson notebooks, keep the learner's real progress file out of it."""

import os
import tempfile

os.environ["CASSINO_LEARN_DATA"] = tempfile.mkdtemp(prefix="cassino-learn-nbval-")
