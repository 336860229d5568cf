"""A class server small enough for tests: today's class pages (serving/class_web.py: joining,
the teacher's page) and the demonstration's handlers, on one Tornado app.

    python tests/app/demo_app.py --port 8899 --folder /tmp/class --token T

prints "ready" once it listens (the browser tests and the benchmark start it so).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from tornado.web import Application

from cassino_learn.serving.class_demo import DemoState, demo_handlers, for_class
from cassino_learn.serving.class_web import ClassState, class_handlers
from cassino_learn.teaching.classroom import Classroom


def make_app(folder: Path, token: str, name: str = "4B") -> tuple[Application, DemoState]:
    state = ClassState(Classroom(folder, name=name), token, "/")
    demo = for_class(state)
    return Application(demo_handlers(demo) + class_handlers(state)), demo


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--token", required=True)
    options = parser.parse_args()
    app, _ = make_app(options.folder, options.token)
    app.listen(options.port, "127.0.0.1")
    print("ready", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
