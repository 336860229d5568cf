"""The class's server (serving/class_server.py) for the demonstration's browser tests and
benchmark: the real application, on a class in `--folder`, handing out the small stand-in for
the in-browser edition of tests/serving/class_case.py (its pages carry the class client and the
demonstration's banner as the real site's do).

    python tests/serving/demo_app.py --port 8899 --folder /tmp/class --token T

prints "ready PORT" once it listens (without --port, on a free port it chose itself: the browser
tests and the benchmark start it so).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_case import small_site  # noqa: E402  (this folder)

from cassino_learn.serving.class_server import make_app as class_app  # noqa: E402
from cassino_learn.serving.class_server import open_state  # noqa: E402


def make_app(folder: Path, token: str, name: str = "4B") -> Application:
    site = small_site(Path(tempfile.mkdtemp(prefix="demo-site-")) / "site")
    return class_app(open_state(folder, name, token), site)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0, help="0 (the default): any free port")
    parser.add_argument("--folder", type=Path, required=True)
    parser.add_argument("--token", required=True)
    options = parser.parse_args()
    # Bound here and then reported, so no other process can take the port in between.
    sockets = bind_sockets(options.port, "127.0.0.1")
    HTTPServer(make_app(options.folder, options.token)).add_sockets(sockets)
    print(f"ready {sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main())
