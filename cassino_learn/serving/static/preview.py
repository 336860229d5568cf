"""A plain static web server for a built site on this computer, as any web host would serve it
(used to try a build, and by the static edition's browser test and benchmark)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

__all__ = ["StaticServer"]


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json",
                      ".whl": "application/zip", ".woff2": "font/woff2"}

    def end_headers(self) -> None:
        # What GitHub Pages sends: browsers may reuse a file for 10 minutes, then ask again.
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self.server.bytes_sent += source.tell() - start  # type: ignore[attr-defined]


class StaticServer:
    """Serves `root` on 127.0.0.1 (a free port unless one is given) in a background thread.

        with StaticServer(Path("site")) as server:
            print(server.url("index.html"))
    """

    def __init__(self, root: Path, port: int = 0) -> None:
        if not (Path(root) / "index.html").exists():
            raise FileNotFoundError(f"{root} is not a built site (no index.html)")
        handler = functools.partial(_Handler, directory=str(root))
        self._server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._server.daemon_threads = True
        self._server.bytes_sent = 0  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    @property
    def bytes_sent(self) -> int:
        """Bytes of file contents served so far (what browsers did not have cached)."""
        return self._server.bytes_sent  # type: ignore[attr-defined]

    def url(self, path: str = "") -> str:
        return self.base_url + path.lstrip("/")

    def start(self) -> "StaticServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "StaticServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
