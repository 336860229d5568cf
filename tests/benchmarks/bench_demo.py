"""Benchmark of a class demonstration: N followers (Server-Sent Events clients) on loopback.

The class server here is the small one of the tests (today's class pages and the
demonstration's handlers on one Tornado process, tests/serving/demo_app.py), started as its own
process so that its memory is its own. The followers and the teacher are one asyncio process
beside it (Tornado's HTTP client, one connection each).

1. follow: N learners of the class open the stream; the teacher shows a position and then
   plays and takes back moves (`--moves`). For each move, the time from the teacher sending it
   to each follower receiving the new table (target: 99th percentile within 1 s).
2. ask: the teacher asks; all N learners answer at once, each a legal move chosen at random
   (a few are first sent an illegal one, refused); then the count the teacher sees (target:
   N, none lost) and the time the reveal takes from the teacher's click to its answer
   (target: within 2 s).
3. memory: the server's resident memory idle, with the N streams open, and at its peak
   (sampled every 50 ms; budget of the class-server issue: 300 MB).

Run: .venv-test/bin/python tests/benchmarks/bench_demo.py [--followers 300] [--moves 20]
Quote the figures with the machine's load (printed: `uptime` before and after).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cassino_learn.core.position import Position  # noqa: E402
from cassino_learn.serving.class_server import cookie_secret, open_state  # noqa: E402

APP = ROOT / "tests" / "serving" / "demo_app.py"
POSITION = "table: 5D 3C 6H 2S KC 7H; hand: 8S 4D 9C 7S; hand 2: 9H KD 2D AC; turn: 1"
MOVES = ["9C take 3C 6H", "trail 4D", "8S take 2S 6H"]
TEACHER_XSRF = secrets.token_hex(8)  # the class's server checks XSRF on every POST


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


class Memory(threading.Thread):
    """The server's resident memory (MiB), sampled every 50 ms."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.process = psutil.Process(pid)
        self.peak = 0.0
        self.running = True

    def now(self) -> float:
        return self.process.memory_info().rss / 2**20

    def run(self) -> None:
        while self.running:
            self.peak = max(self.peak, self.now())
            time.sleep(0.05)


class Follower:
    """One learner's open stream: when each version arrived."""

    def __init__(self, root: str, cookie: str) -> None:
        self.root = root
        self.cookie = cookie
        self.arrived: dict[int, float] = {}
        self.buffer = ""
        self.connected = asyncio.Event()

    def chunk(self, data: bytes) -> None:
        now = time.perf_counter()
        self.connected.set()
        self.buffer += data.decode("utf-8")
        while "\n\n" in self.buffer:
            event, self.buffer = self.buffer.split("\n\n", 1)
            kind = next((line[7:] for line in event.split("\n") if line.startswith("event: ")),
                        None)
            ident = next((line[4:] for line in event.split("\n") if line.startswith("id: ")),
                         None)
            if kind == "table" and ident is not None:
                self.arrived.setdefault(int(ident), now)

    async def run(self, client: AsyncHTTPClient) -> None:
        request = HTTPRequest(f"{self.root}/class/demo/stream",
                              headers={"Cookie": self.cookie}, streaming_callback=self.chunk,
                              request_timeout=3600, connect_timeout=60)
        await client.fetch(request, raise_error=False)


async def teacher(client: AsyncHTTPClient, root: str, token: str, payload: dict) -> dict:
    response = await client.fetch(f"{root}/class/demo/teacher/do", method="POST",
                                  headers={"X-Teacher-Token": token,
                                           "Content-Type": "application/json",
                                           "Cookie": f"_xsrf={TEACHER_XSRF}",
                                           "X-XSRFToken": TEACHER_XSRF},
                                  body=json.dumps(payload), request_timeout=120,
                                  raise_error=False)
    if response.code != 200:
        raise RuntimeError(f"{payload}: {response.code} {response.body[:300]!r}")
    return json.loads(response.body)


async def answer(client: AsyncHTTPClient, root: str, cookie: str, question: str,
                 move: str) -> int:
    xsrf = secrets.token_hex(8)
    response = await client.fetch(
        f"{root}/class/demo/answer", method="POST", raise_error=False, request_timeout=120,
        headers={"Cookie": f"{cookie}; _xsrf={xsrf}", "X-XSRFToken": xsrf,
                 "Content-Type": "application/json"},
        body=json.dumps({"question": question, "move": move}))
    return response.code


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def bench(args: argparse.Namespace) -> dict:
    folder = Path(tempfile.mkdtemp(prefix="bench-demo-")) / "class"
    from tornado.web import create_signed_value

    state = open_state(folder, "Bench", "unused")
    learners = state.store.run(lambda store: [store.join(f"Learner {i + 1}")
                                              for i in range(args.followers)])
    state.store.close()
    secret = cookie_secret(folder)
    token = secrets.token_urlsafe(16)
    cookie_name = state.cookie_name
    cookies = [f"{cookie_name}={create_signed_value(secret, cookie_name, x.id).decode()}"
               for x in learners]
    server = subprocess.Popen([sys.executable, str(APP), "--folder", str(folder), "--token",
                               token], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    ready, port = server.stdout.readline().split()
    assert ready == "ready"
    root = f"http://127.0.0.1:{port}"
    memory = Memory(server.pid)
    figures: dict = {"followers": args.followers, "load_before": uptime()}
    streams: list[asyncio.Future] = []
    AsyncHTTPClient.configure(None, max_clients=args.followers * 2 + 20)
    client = AsyncHTTPClient()
    try:
        await teacher(client, root, token, {"action": "position", "text": POSITION})
        figures["idle_mib"] = round(memory.now(), 1)
        memory.start()
        followers = [Follower(root, c) for c in cookies]
        streams = [asyncio.ensure_future(f.run(client)) for f in followers]
        started = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(f.connected.wait() for f in followers)), 120)
        figures["connect_all_s"] = round(time.perf_counter() - started, 2)
        figures["streams_mib"] = round(memory.now(), 1)

        # 1. moves
        latencies: list[float] = []
        missing = 0
        for i in range(args.moves):
            payload = ({"action": "play", "move": MOVES[(i // 2) % len(MOVES)]} if i % 2 == 0
                       else {"action": "back"})
            sent = time.perf_counter()
            version = (await teacher(client, root, token, payload))["version"]
            deadline = time.perf_counter() + 10
            while any(version not in f.arrived for f in followers) \
                    and time.perf_counter() < deadline:
                await asyncio.sleep(0.005)
            for f in followers:
                if version in f.arrived:
                    latencies.append(f.arrived[version] - sent)
                else:
                    missing += 1
        figures["moves"] = args.moves
        figures["deliveries"] = len(latencies)
        figures["missing"] = missing
        figures["latency_ms"] = {"p50": round(1000 * statistics.median(latencies), 1),
                                 "p99": round(1000 * percentile(latencies, 0.99), 1),
                                 "max": round(1000 * max(latencies), 1)}

        # 2. a question
        asked = await teacher(client, root, token, {"action": "ask"})
        question = asked["question"]["id"]
        legal = [str(m) for m in Position.parse(asked["full_position"]).legal_moves()]
        rng = random.Random(7)
        illegal = await asyncio.gather(*(answer(client, root, c, question, "8S take 5D")
                                         for c in cookies[:args.followers // 10]))
        started = time.perf_counter()
        codes = await asyncio.gather(*(answer(client, root, c, question, rng.choice(legal))
                                       for c in cookies))
        figures["answers_s"] = round(time.perf_counter() - started, 2)
        figures["answers_ok"] = sum(1 for c in codes if c == 200)
        figures["illegal_refused"] = sum(1 for c in illegal if c == 422)
        state = json.loads((await client.fetch(f"{root}/class/demo/teacher/state.json",
                                               headers={"X-Teacher-Token": token})).body)
        figures["answers_counted"] = state["progress"]["answered"]
        started = time.perf_counter()
        revealed = await teacher(client, root, token, {"action": "reveal"})
        figures["reveal_s"] = round(time.perf_counter() - started, 2)
        reveal = revealed["question"]["reveal"]
        figures["distinct_moves"] = sum(1 for m in reveal["moves"] if m["count"])
        figures["reveal_counted"] = sum(m["count"] for m in reveal["moves"])
        deadline = time.perf_counter() + 10
        version = revealed["version"]
        while any(version not in f.arrived for f in followers) and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        figures["reveal_reached"] = sum(1 for f in followers if version in f.arrived)
        figures["peak_mib"] = round(memory.peak, 1)
        figures["load_after"] = uptime()
    finally:
        memory.running = False
        server.terminate()  # the streams end with it
        server.wait(timeout=10)
        await asyncio.gather(*streams, return_exceptions=True)
        client.close()
        shutil.rmtree(folder.parent, ignore_errors=True)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=300)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    figures = asyncio.run(bench(args))
    print(json.dumps(figures, indent=1))
    ok = (figures["missing"] == 0 and figures["latency_ms"]["p99"] <= 1000
          and figures["answers_counted"] == args.followers == figures["reveal_counted"]
          and figures["reveal_s"] <= 2 and figures["peak_mib"] <= 300)
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
