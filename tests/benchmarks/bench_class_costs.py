"""What each request of a class costs the class's server in CPU (not wall time: the machine
is shared, and a loaded machine stretches every wall-clock figure, not the CPU a request needs).

The server (`python -m cassino_learn.serving.class_server`, the real one) gets N learners
(joined through the name page, from 127.0.1.x addresses, 50 a classroom), each with an open
Server-Sent Events stream as a lesson page keeps. Then each kind of request is sent in a
round of its own (a few in flight, as a class's pages would) and the server process's CPU
seconds (psutil: user + system) are read before and after the round:

    sync          a stage's records as the page sends them: the visit, the solved try with
                  its answer, and the progress JSON (one POST class/api/sync)
    me            GET class/api/me (each page asks twice)
    page          GET the contents page (gzip), as a page load
    stream        a stream opened (and its first bytes read), as each page load does
    teacher full  GET class/teacher/summary.json (the teacher's page opening)
    teacher since GET summary.json?since=V&epoch=E after 3 s of the class's syncs at a real
                  class's pace (what the open teacher's page asks every 3 s)

and the CPU budget: at N learners' pace (a stage every 20-60 s, 40 s on average: 1.4 syncs
a stage with a wrong try 40% of the time; a page load, its two `me` and its stream every 4
stages; the teacher's refresh every 3 s), the CPU-ms a second the server needs; at
`--speedup` times that pace too (bench_classroom.py's simulated class).

    .venv-test/bin/python tests/benchmarks/bench_class_costs.py [--learners 1000]
        [--profile FILE]   (cProfile of every thread of the server, bench-only: see
                            profiling/sitecustomize.py; read it with `python -m pstats FILE`)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from tornado.httpclient import AsyncHTTPClient, HTTPRequest  # noqa: E402

from cassino_learn.serving.class_process import ClassServerProcess  # noqa: E402
from class_bench import stand_in_site  # noqa: E402
from class_load import ANSWERS, CLASSROOM, FIRST, INDEX, STAGES  # noqa: E402

IN_FLIGHT = 8
#: A real class's pace (class_load.py): a stage every 20-60 s; 1.4 syncs a stage; a page
#: load (its 2 `me`, its stream) every 4 stages; the teacher's page every 3 s.
STAGE_SECONDS = 40.0
SYNCS_A_STAGE = 1.4
LOADS_A_STAGE = 0.25
TEACHER_POLL = 3.0


class Learner:
    def __init__(self, number: int) -> None:
        self.number = number
        self.address = f"127.0.1.{number // CLASSROOM + 1}"
        self.cookies: dict[str, str] = {}
        self.id = self.xsrf = ""
        self.progress = {"version": 1, "lessons": {FIRST: {
            "done": False, "best": 0, "last": None, "total": 0, "practised": 0,
            "stages": {}}}, "preferences": {}}
        self.played = 0

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def sync_body(self) -> bytes:
        stage = STAGES[self.played % len(STAGES)]
        self.played += 1
        at = time.strftime("%Y-%m-%dT%H:%M:%S.000+00:00", time.gmtime())
        events = [{"id": secrets.token_urlsafe(16), "kind": "visit", "lesson": FIRST,
                   "stage": stage, "at": at},
                  {"id": secrets.token_urlsafe(16), "kind": "try", "lesson": FIRST,
                   "stage": stage, "at": at, "solved": True, "answer": ANSWERS[stage]}]
        self.progress["lessons"][FIRST]["stages"][stage] = {
            "solved": True, "stars": 3, "tries": 1, "hint": False}
        return json.dumps({"learner": self.id, "events": events,
                           "progress": self.progress}).encode()


class Client:
    def __init__(self, server: ClassServerProcess) -> None:
        AsyncHTTPClient.configure(None, max_clients=64)
        self.http = AsyncHTTPClient(force_instance=True)
        self.server = server
        self.failed: dict[str, int] = {}

    async def fetch(self, learner: Learner | None, path: str, *, method: str = "GET",
                    body: bytes | None = None, headers: dict | None = None, kind: str = ""):
        request = HTTPRequest(self.server.url(path), method=method, body=body,
                              headers={"Cookie": learner.cookie() if learner else "",
                                       "Accept-Encoding": "gzip", **(headers or {})},
                              follow_redirects=False, request_timeout=120,
                              decompress_response=True,
                              network_interface=learner.address if learner else None)
        response = await self.http.fetch(request, raise_error=False)
        if learner is not None:
            for header in response.headers.get_list("Set-Cookie"):
                jar = SimpleCookie()
                jar.load(header)
                learner.cookies.update({k: m.value for k, m in jar.items()})
        if response.code >= 400 and kind:
            self.failed[f"{kind} {response.code}"] = self.failed.get(
                f"{kind} {response.code}", 0) + 1
        return response

    async def join(self, learner: Learner) -> None:
        await self.fetch(learner, "class/join")
        form = urlencode({"name": f"Sim {learner.number:04d} <é>",
                          "_xsrf": learner.cookies["_xsrf"]})
        await self.fetch(learner, "class/join", method="POST", body=form.encode(),
                         headers={"Content-Type": "application/x-www-form-urlencoded"},
                         kind="join")
        await self.me(learner)

    async def me(self, learner: Learner) -> None:
        response = await self.fetch(learner, "class/api/me", kind="me")
        if response.code == 200:
            data = json.loads(response.body)
            learner.id, learner.xsrf = data["learner"]["id"], data["xsrf"]

    async def sync(self, learner: Learner) -> None:
        await self.fetch(learner, "class/api/sync", method="POST", body=learner.sync_body(),
                         headers={"Content-Type": "application/json",
                                  "X-XSRFToken": learner.xsrf}, kind="sync")

    async def page(self, learner: Learner) -> None:
        await self.fetch(learner, INDEX, kind="page")

    async def summary(self, query: str = "") -> dict:
        response = await self.fetch(None, f"class/teacher/summary.json?token="
                                          f"{self.server.token}{query}", kind="teacher")
        return json.loads(response.body)


async def open_stream(server: ClassServerProcess, learner: Learner) -> asyncio.StreamWriter:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port,
                                                   local_addr=(learner.address, 0))
    writer.write(f"GET /class/demo/stream HTTP/1.1\r\nHost: x\r\nCookie: {learner.cookie()}"
                 f"\r\n\r\n".encode())
    head = await reader.readline()
    if b" 200 " not in head:
        raise RuntimeError(f"stream refused: {head!r}")
    asyncio.get_running_loop().create_task(_drain(reader))
    return writer


async def _drain(reader: asyncio.StreamReader) -> None:
    try:
        while await reader.read(65536):
            pass
    except (OSError, asyncio.CancelledError):
        pass


def cpu_seconds(server: ClassServerProcess) -> float:
    return sum(p.cpu_times().user + p.cpu_times().system for p in server.processes())


async def in_rounds(work, items: list, in_flight: int = IN_FLIGHT) -> None:
    queue = list(items)

    async def worker() -> None:
        while queue:
            await work(queue.pop())

    await asyncio.gather(*(worker() for _ in range(in_flight)))


async def measured(server: ClassServerProcess, label: str, work, items: list,
                   costs: dict[str, float], in_flight: int = IN_FLIGHT) -> None:
    before, started = cpu_seconds(server), time.perf_counter()
    await in_rounds(work, items, in_flight)
    cpu, took = cpu_seconds(server) - before, time.perf_counter() - started
    costs[label] = 1000 * cpu / len(items)
    print(f"  {label:14} {len(items):5} requests: {costs[label]:6.2f} CPU-ms each "
          f"({took:.1f} s wall, load {os.getloadavg()[0]:.1f})")


async def run(args: argparse.Namespace) -> None:
    site = stand_in_site()
    folder = Path(tempfile.mkdtemp(prefix="cassino-bench-costs-")) / "class"
    env = {}
    if args.profile:
        env = {"PYTHONPATH": os.pathsep.join([str(HERE / "profiling"),
                                              os.environ.get("PYTHONPATH", "")]),
               "CASSINO_BENCH_PROFILE": str(args.profile.resolve())}
    server = ClassServerProcess(folder, "Costs", site, env=env).start()
    client = Client(server)
    learners = [Learner(n) for n in range(args.learners)]
    streams: list[asyncio.StreamWriter] = []
    costs: dict[str, float] = {}
    try:
        print(f"{args.learners} learners; server idle {server.memory_mb():.0f} MiB; "
              f"load {os.getloadavg()[0]:.1f}")
        await measured(server, "join", client.join, learners, costs)
        await measured(server, "sync", client.sync, learners, costs)
        await measured(server, "me", client.me, learners, costs)
        await measured(server, "page", client.page, learners, costs)
        opened: list = []

        async def stream(learner: Learner) -> None:
            opened.append(await open_stream(server, learner))

        await measured(server, "stream", stream, learners, costs)
        streams.extend(opened)
        await measured(server, "sync", client.sync, learners, costs)  # with the streams open
        await measured(server, "teacher full", lambda _: client.summary(), list(range(20)),
                       costs, in_flight=1)
        # The teacher's refresh: what changed in 3 s of the class at its real pace.
        pace = args.learners * SYNCS_A_STAGE / STAGE_SECONDS
        data = await client.summary()
        refreshes = []
        for round_ in range(10):
            batch = learners[round_ * int(pace * TEACHER_POLL) % len(learners):][
                :max(1, int(pace * TEACHER_POLL))]
            await in_rounds(client.sync, batch)
            before = cpu_seconds(server)
            data = await client.summary(f"&since={data['version']}&epoch={data['epoch']}")
            refreshes.append(cpu_seconds(server) - before)
        costs["teacher since"] = 1000 * sum(refreshes) / len(refreshes)
        print(f"  teacher since  {len(refreshes):5} requests: {costs['teacher since']:6.2f} "
              f"CPU-ms each (after {int(pace * TEACHER_POLL)} syncs each)")
        budget = {speed: speed * (pace * costs["sync"]
                                  + args.learners * LOADS_A_STAGE / STAGE_SECONDS
                                  * (costs["page"] + 2 * costs["me"] + costs["stream"]))
                  + costs["teacher since"] / TEACHER_POLL
                  for speed in (1, args.speedup)}
        print(f"CPU budget at {args.learners} learners' pace: {budget[1]:.0f} CPU-ms a second "
              f"({budget[1] / 10:.0f}% of one core); at {args.speedup:g} times that pace "
              f"{budget[args.speedup]:.0f} CPU-ms a second ({budget[args.speedup] / 10:.0f}%)")
        print(f"server memory with {len(streams)} streams open: {server.memory_mb():.0f} MiB; "
              f"refusals: {client.failed or 'none'}")
    finally:
        for writer in streams:
            writer.close()
        server.stop()
        if args.profile:
            print(f"profile: {args.profile}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=1000)
    parser.add_argument("--speedup", type=float, default=10.0)
    parser.add_argument("--profile", type=Path, default=None)
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    print(f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    asyncio.run(run(args))
    print(f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
