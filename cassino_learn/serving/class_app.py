"""Voila for a class (`cassino-learn serve --class NAME`): Voila with the class's pages added
(the name page, the learner code, the teacher's page, the class demonstration of
serving/class_demo.py) and every lesson page opened only by a browser the class knows.

Run as `python -m cassino_learn.serving.class_app` with Voila's own arguments; the class comes
from the environment (CLASS_ENV: its folder; TOKEN_ENV: the teacher's token, taken out of the
environment at start so that no kernel inherits it).
"""

from __future__ import annotations

import os
import sys
from urllib.parse import quote

from voila.app import Voila
from voila.handler import VoilaHandler

from ..pages.learner import CLASS_ENV
from .class_demo import demo_handlers, for_class
from .class_web import ClassState, class_handlers, join_url, learner_from_cookie
from .voila import CLASS_NAME_ENV as NAME_ENV
from .voila import (LEARNER_CODE_HEADER, LEARNER_HEADER, LEARNER_HEADERS, LEARNER_NAME_HEADER,
                    TOKEN_ENV)

__all__ = ["ClassVoila", "TOKEN_ENV", "NAME_ENV", "main"]



class ClassLessonHandler(VoilaHandler):
    """A lesson page, only for a learner of the class: the learner's id goes to the kernel in
    the request headers X-Cassino-Learner, -Name and -Code (set here from the roster, never
    taken from the browser): the kernel learns its own learner and nobody else."""

    def initialize(self, **kwargs) -> None:
        self.class_state: ClassState = kwargs.pop("class_state")
        super().initialize(**kwargs)

    async def prepare(self) -> None:  # type: ignore[override]
        await super().prepare()
        for header in LEARNER_HEADERS:  # a browser's own are never believed
            self.request.headers.pop(header, None)
        learner = learner_from_cookie(self, self.class_state)
        if learner is None:
            self.redirect(join_url(self.class_state.base_url, self.request.uri or ""))
            return
        self.request.headers[LEARNER_HEADER] = learner.id
        self.request.headers[LEARNER_NAME_HEADER] = quote(learner.name, safe="")
        self.request.headers[LEARNER_CODE_HEADER] = learner.code


class ClassVoila(Voila):
    """Voila with the class's handlers first."""

    def init_handlers(self) -> list:
        state = ClassState.from_environment(os.environ[CLASS_ENV], os.environ.get(NAME_ENV),
                                            os.environ.pop(TOKEN_ENV), self.base_url)
        handlers = []
        for handler in super().init_handlers():
            pattern, cls, *rest = handler
            if isinstance(cls, type) and issubclass(cls, VoilaHandler) \
                    and not issubclass(cls, ClassLessonHandler):
                options = dict(rest[0]) if rest else {}
                handlers.append((pattern, _lesson_handler_for(cls),
                                 {**options, "class_state": state}))
            else:
                handlers.append(handler)
        return class_handlers(state) + demo_handlers(for_class(state)) + handlers


def _lesson_handler_for(cls: type) -> type:
    """`cls` (Voila's page handler, or the tree's) with the class's check in front."""
    return type(f"Class{cls.__name__}", (ClassLessonHandler, cls), {})


def main() -> None:
    # The token is read by init_handlers; the kernels are started later, without it.
    if not os.environ.get(CLASS_ENV) or not os.environ.get(TOKEN_ENV):
        sys.exit("cassino-learn: the class app needs its class folder and teacher token")
    ClassVoila.launch_instance()


if __name__ == "__main__":
    main()
