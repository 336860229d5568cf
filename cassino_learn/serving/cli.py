"""The `cassino-learn` command: `serve` the lessons as a web app, `jupyter-setup` for a
JupyterHub or Binder server, `build-static` for the static edition (runs in the browser)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import secrets
import signal
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from ..teaching import catalog
from .voila import (DEFAULT_CULL_IDLE, DEFAULT_PORT, UNENCRYPTED_NOTE, VoilaServer, check_port,
                    index_path, install_jupyter_files, kernel_encryption)

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cassino-learn",
        description="Learn the card game Cassino: lessons, quizzes and a card table in your "
                    "browser.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    serve = commands.add_parser(
        "serve", help="serve the lessons as a web app (Voila)",
        description="Serve the lessons as a web app with Voila, starting at the index page. "
                    "Stop with Ctrl-C.")
    # Checked after parsing (see `serve`), so a bad port is one line, not a usage message.
    serve.add_argument("--port", default=str(DEFAULT_PORT),
                       help=f"port to listen on (default {DEFAULT_PORT})")
    serve.add_argument("--ip", default="localhost",
                       help="address to listen on (default localhost: this computer only; "
                            "0.0.0.0 lets other computers on the network in)")
    serve.add_argument("--no-browser", action="store_true",
                       help="do not open a web browser (never opened without a display)")
    serve.add_argument("--no-preheat", dest="preheat", action="store_false",
                       help="start a lesson's kernel when it is opened, not in advance "
                            "(saves memory, pages open more slowly)")
    serve.add_argument("--cull-idle", type=_seconds, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
                       help="shut down a kernel no page is using after this many idle seconds "
                            f"(default {DEFAULT_CULL_IDLE}); a closed page's kernel goes "
                            "10 seconds after the page")
    serve.add_argument("--lessons", type=Path, default=None,
                       help="folder of lesson notebooks (default: the installed lessons)")
    serve.add_argument("--class", dest="class_name", default=None, metavar="NAME",
                       help="serve a class: the lessons run in each learner's browser, every "
                            "browser is a learner of its own (a name, no password), and a "
                            "teacher's page shows the class; prints the learners' address and "
                            "the teacher's (no Voila, no kernels: a small machine serves a class)")
    serve.add_argument("--site", type=Path, default=None, metavar="DIR",
                       help="with --class: the in-browser edition to hand out, built with "
                            "build-static (default: built once into the cache)")

    setup = commands.add_parser(
        "jupyter-setup", help="install the app's Voila template and settings into a Jupyter "
                              "environment (for JupyterHub and Binder)",
        description="Install the Voila template and voila.json of cassino-learn under a "
                    "Jupyter prefix, so that Voila inside Jupyter Server shows the lessons "
                    "with the app's look.")
    setup.add_argument("--prefix", type=Path, default=Path(sys.prefix),
                       help="Jupyter prefix to install into (default: this Python's, "
                            f"{sys.prefix})")
    setup.add_argument("--cull-idle", type=_seconds, default=DEFAULT_CULL_IDLE, metavar="SECONDS",
                       help="Jupyter Server shuts down a kernel no page is using after this "
                            f"many idle seconds (default {DEFAULT_CULL_IDLE})")
    static = commands.add_parser(
        "build-static", help="build the whole course as static files that run in the "
                             "learner's browser (no server, no internet)",
        description="Build the index, every lesson and the sandbox into OUTDIR: static files "
                    "that run in the browser (Pyodide and Voici). Publish the folder on any "
                    "web server (GitHub Pages, a school's web space, python -m http.server). "
                    "Downloads what it needs once from the package registries (PyPI, npm) "
                    "into ~/.cache/cassino-learn.")
    static.add_argument("outdir", type=Path, metavar="OUTDIR",
                        help="folder to build into (new, empty, or an earlier build)")
    static.add_argument("--lessons", type=Path, default=None,
                        help="folder of lesson notebooks (default: the project's lessons/)")
    return parser


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"needs a number of seconds, not {text!r}") from None
    if seconds < 10:
        raise argparse.ArgumentTypeError(f"needs at least 10 seconds, not {text}")
    return seconds


def has_display() -> bool:
    """Whether a browser window could be shown (a desktop session, not a server or CI)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _lessons_folder(given: Path | None) -> Path:
    if given is not None:
        folder = given.expanduser().resolve()
    else:
        try:
            folder = catalog.lessons_dir()
        except FileNotFoundError:
            raise SystemExit("cassino-learn: the lessons are not installed with this copy of "
                             "cassino-learn; give a folder of lessons with --lessons")
    if not folder.is_dir():
        raise SystemExit(f"cassino-learn: {folder} is not a folder of lessons")
    if not index_path(folder).exists():
        raise SystemExit(f"cassino-learn: the lessons are missing: {folder} has no "
                         f"{catalog.INDEX.notebook} (the index page the app opens first)")
    return folder


# Longest wait for Voila to answer: a few seconds on a quiet machine, over a minute on a
# loaded one (a school's shared server at the start of a lesson).
START_TIMEOUT = 240


def _interrupt(signum: int, _frame: object) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def stop_cleanly_on(names: tuple[str, ...]) -> None:
    """Being told to stop (kill, a closed terminal, a service manager) stops Voila and its
    kernels the same clean way as Ctrl-C, instead of leaving them running. A signal the caller
    ignores stays ignored: `nohup cassino-learn serve` outlives its terminal."""
    for name in names:
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, _interrupt)


VOILA_MISSING = ("cassino-learn: serving needs Voila, which is not installed here; install it "
                 "with: pip install 'cassino-learn[serve]'")


def _voila_installed() -> bool:
    return importlib.util.find_spec("voila") is not None


def serve(args: argparse.Namespace) -> int:
    try:
        port = check_port(args.port)
    except ValueError as error:
        raise SystemExit(f"cassino-learn: {error}") from None
    if args.class_name is not None:
        return serve_class_command(args, port)
    if args.site is not None:
        raise SystemExit("cassino-learn: --site goes with --class (one learner's lessons are "
                         "served by Voila)")
    if not _voila_installed():
        raise SystemExit(VOILA_MISSING)
    folder = _lessons_folder(args.lessons)
    server = VoilaServer(folder, port=port, ip=args.ip, preheat=args.preheat,
                         cull_idle=args.cull_idle, quiet=False)
    stop_cleanly_on(("SIGTERM", "SIGHUP"))
    try:
        try:
            server.start(timeout=START_TIMEOUT)
        except (OSError, RuntimeError, TimeoutError) as error:
            print(f"cassino-learn: could not start the server: {error}", file=sys.stderr)
            return 1
        url = server.url(catalog.INDEX.notebook)
        print(f"\nThe lessons are at {url}\nPress Ctrl-C to stop.\n", flush=True)
        if not args.no_browser and has_display():
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        assert server.process is not None
        server.process.wait()
        return 0 if server.process is None else server.process.returncode or 0
    except KeyboardInterrupt:
        print("\ncassino-learn: stopping the server...", file=sys.stderr, flush=True)
        return 0
    finally:
        _stop_quietly(server)


def _classroom(name: str | None):
    """The class of `serve --class NAME` (None without it); its folder is made now, so that
    a name that cannot be a class stops the command before the server starts."""
    if name is None:
        return None
    from ..classroom.roster import Classroom

    try:
        classroom = Classroom.for_name(name)
        classroom.folder.mkdir(parents=True, exist_ok=True)
    except (ValueError, TypeError) as error:
        raise SystemExit(f"cassino-learn: --class: {error}") from None
    except OSError as error:
        raise SystemExit(f"cassino-learn: --class: cannot make the class's folder: {error}") \
            from None
    return classroom


def network_address() -> str | None:
    """This computer's address on its network (what other computers reach it at), if any.
    Nothing is sent: connecting a UDP socket only picks the interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.255.255.255", 1))
            address = sock.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def class_banner(name: str, ip: str, port: int, token: str, folder: Path) -> str:
    """What `serve --class` prints: the learners' address, the teacher's (with its token),
    and where the class is kept."""
    host = "localhost" if ip in ("localhost", "127.0.0.1", "::1") else ip
    learners = f"http://{host}:{port}/"
    if ip in ("0.0.0.0", "::", ""):
        here = network_address()
        learners = f"http://{here or 'localhost'}:{port}/"
    lines = ["", f"Class {name!r} is open.", "", f"Learners open:      {learners}"]
    if ip in ("localhost", "127.0.0.1", "::1"):
        lines.append("  (this computer only; add --ip 0.0.0.0 to let the class's computers in)")
    teacher = f"{learners}class/teacher?token={token}"
    lines += [f"Teacher's page:     {teacher}",
              "  (keep this address to yourself: it opens the class's progress; a new one is "
              "made at every start)",
              f"The class is kept in {folder}", "Press Ctrl-C to stop.", ""]
    return "\n".join(lines)


def serve_class_command(args: argparse.Namespace, port: int) -> int:
    """`serve --class NAME`: the class's server (serving/class_server.py) in this process."""
    import asyncio

    from .class_server import TOKEN_ENV, open_state, serve_class
    from .class_site import SiteError, class_site

    classroom = _classroom(args.class_name)

    def say(message: str) -> None:
        print(f"cassino-learn: {message}", file=sys.stderr, flush=True)

    try:
        site = class_site(args.site, report=say, lessons=args.lessons)
    except SiteError as error:
        raise SystemExit(f"cassino-learn: {error}") from None
    except KeyboardInterrupt:
        print("\ncassino-learn: stopped", file=sys.stderr)
        return 130
    token = os.environ.pop(TOKEN_ENV, "") or secrets.token_urlsafe(24)
    state = open_state(classroom.folder, classroom.name, token)

    def ready(bound: int) -> None:
        print(class_banner(classroom.name, args.ip, bound, token, classroom.folder), flush=True)
        if not args.no_browser and has_display():
            url = f"http://localhost:{bound}/class/teacher?token={token}"
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

    try:
        asyncio.run(serve_class(state, site, port=port, ip=args.ip, ready=ready))
    except OSError as error:
        print(f"cassino-learn: could not start the class's server: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    print("\ncassino-learn: the class's server stopped; the class is kept.", file=sys.stderr)
    return 0


def _stop_quietly(server: VoilaServer) -> None:
    while True:
        try:
            server.stop()
            server.cleanup()
            return
        except KeyboardInterrupt:  # a second Ctrl-C while stopping: stop harder, still quietly
            continue


def jupyter_setup(args: argparse.Namespace) -> int:
    try:
        paths = install_jupyter_files(args.prefix, cull_idle=args.cull_idle)
    except ValueError as error:
        raise SystemExit(f"cassino-learn: {error}") from None
    for path in paths:
        print(f"installed {path}")
    if not kernel_encryption():
        print(UNENCRYPTED_NOTE)
    return 0


def build_static(args: argparse.Namespace) -> int:
    from .static import BuildError, build_site

    try:
        build_site(args.outdir, lessons=args.lessons)
    except BuildError as error:
        print(f"cassino-learn build-static: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ncassino-learn build-static: stopped", file=sys.stderr)
        return 130
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve(args)
    if args.command == "jupyter-setup":
        return jupyter_setup(args)
    if args.command == "build-static":
        return build_static(args)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
