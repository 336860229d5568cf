"""Simulated learners of a class's server (serving/class_server.py), for bench_classroom.py.

Each simulated learner does over HTTP what a learner's browser does in a class:

- joins: GET the learners' address, the name page (its XSRF cookie), POST a name;
- opens a page: GET the contents page (gzip) and GET class/api/me (the page's Python and the
  class client both ask);
- plays lesson 1's stages, one every `gap` seconds (20 to 60 s in a real class, divided by the
  run's speed-up): a visit, sometimes a wrong try and a refused move with its rule, then the
  solved try and the progress JSON, sent as the class client sends them (a few records a
  request, every event with an id of its own);
- reloads the contents page now and then;
- keeps one Server-Sent Events stream open per page (the class's table), reading it;
- the solved try carries its answer (a right one, worked out by the stage's judge), which the
  server judges before it counts the solve.

A teacher's page polls the summary every 3 seconds for what changed since (as teacher.js).
Learners come from addresses 127.0.1.N, 50 a classroom (traffic still goes to 127.0.0.1 only):
the server limits joins per address as it would a school's classrooms.

Like the client it keeps an outbox: a request that fails (the server down, a timeout) is sent
again until the server answers, so "events lost" counts what never reached the database.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from cassino_learn.classroom.class_events import answer_json
from cassino_learn.teaching.stages import load_stages

FIRST = "01_cards_and_points"
STAGES = [stage.id for stage in load_stages(FIRST).stages]
ANSWERS = {stage.id: answer_json(stage.solutions()[0]) for stage in load_stages(FIRST).stages}
CLASSROOM = 50  # learners behind one address
TEACHER_POLL = 3.0
RULES = ("C1", "C2", "C3", "K1")
INDEX = "voici/render/00_index.html"


@dataclass
class Tally:
    """What the run saw: API latencies, events made and acknowledged, errors."""

    latencies: list[float] = field(default_factory=list)
    by_endpoint: dict[str, list[float]] = field(default_factory=dict)
    streams_open: int = 0
    stream_events: int = 0
    made: int = 0
    acknowledged: int = 0
    retries: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)  # learner's name -> lesson 1's stars

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def took(self, endpoint: str, seconds: float) -> None:
        self.by_endpoint.setdefault(endpoint, []).append(seconds)


class SimulatedLearner:
    def __init__(self, base: str, number: int, client: AsyncHTTPClient, tally: Tally,
                 rng: random.Random) -> None:
        self.base, self.number, self.client, self.tally, self.rng = base, number, client, \
            tally, rng
        self.cookies: dict[str, str] = {}
        self.id = ""
        self.xsrf = ""
        self.outbox: list[dict] = []
        self.progress = {"version": 1, "lessons": {}, "preferences": {}}
        self.name = f"Sim {number:04d} <é>"
        self.address = f"127.0.1.{number // CLASSROOM + 1}"
        self.stream: asyncio.Task | None = None

    # ------------------------------------------------------------------ HTTP

    def _cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def _fetch(self, path: str, *, method: str = "GET", body: bytes | None = None,
                     headers: dict | None = None, api: bool = False):
        request = HTTPRequest(self.base + path, method=method, body=body,
                              headers={"Cookie": self._cookie_header(),
                                       "Accept-Encoding": "gzip", **(headers or {})},
                              follow_redirects=False, request_timeout=30,
                              decompress_response=True, network_interface=self.address)
        started = time.perf_counter()
        try:
            response = await self.client.fetch(request, raise_error=False)
        finally:
            took = time.perf_counter() - started
            if api:
                self.tally.latencies.append(took)
            self.tally.took(_endpoint(path, method), took)
        for header in response.headers.get_list("Set-Cookie"):
            jar = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                self.cookies[name] = morsel.value
        return response

    async def _until_answered(self, attempt):
        """`attempt()` again (a second apart) until the server answers at all."""
        while True:
            try:
                response = await attempt()
            except (OSError, HTTPClientError, asyncio.TimeoutError):
                response = None
            if response is not None and response.code != 599:
                return response
            self.tally.retries += 1
            await asyncio.sleep(1)

    # ------------------------------------------------------------------ a learner's day

    async def join(self) -> None:
        await self._until_answered(lambda: self._fetch(""))
        await self._until_answered(lambda: self._fetch("class/join"))
        form = urlencode({"name": self.name, "_xsrf": self.cookies["_xsrf"]})
        response = await self._until_answered(lambda: self._fetch(
            "class/join", method="POST", body=form.encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"}))
        if response.code != 302:
            self.tally.error(f"join {response.code}")
        await self.open_page(INDEX)

    async def open_page(self, path: str) -> None:
        if self.stream is not None:  # the page before is left: its stream closes
            self.stream.cancel()
        page = await self._until_answered(lambda: self._fetch(path))
        if page.code != 200:
            self.tally.error(f"page {page.code}")
        self.stream = asyncio.create_task(self.follow())
        for _ in range(2):  # the page's Python and the class client
            me = await self._until_answered(lambda: self._fetch("class/api/me", api=True))
            if me.code == 200:
                data = json.loads(me.body)
                self.id, self.xsrf = data["learner"]["id"], data["xsrf"]
            else:
                self.tally.error(f"me {me.code}")

    async def follow(self) -> None:
        """The page's stream, read as a browser reads it, until the page is left."""
        host, port = self.base.split("//")[1].rstrip("/").split(":")
        try:
            reader, writer = await asyncio.open_connection(
                host, int(port), local_addr=(self.address, 0))
        except OSError:
            self.tally.error("stream connect")
            return
        try:
            writer.write(f"GET /class/demo/stream HTTP/1.1\r\nHost: {host}\r\n"
                         f"Cookie: {self._cookie_header()}\r\n\r\n".encode())
            head = await reader.readline()
            if b" 200 " not in head:
                self.tally.error(f"stream {head[9:12].decode(errors='replace')}")
                return
            self.tally.streams_open += 1
            try:
                while line := await reader.readline():
                    if line.startswith(b"event: "):
                        self.tally.stream_events += 1
            finally:
                self.tally.streams_open -= 1
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    def leave(self) -> None:
        if self.stream is not None:
            self.stream.cancel()

    def _event(self, kind: str, stage: str, **fields) -> None:
        event = {"id": secrets.token_urlsafe(16), "kind": kind, "lesson": FIRST, "stage": stage,
                 "at": time.strftime("%Y-%m-%dT%H:%M:%S.000+00:00", time.gmtime())}
        if kind == "try":
            event["solved"] = fields.get("solved", False)
            if event["solved"]:
                event["answer"] = ANSWERS[stage]
        if kind == "refusal":
            event["rule"] = fields["rule"]
        self.outbox.append(event)
        self.tally.made += 1

    async def flush(self, with_progress: bool) -> None:
        """Send the outbox (and the progress) until the server has it, as the client does."""
        while self.outbox or with_progress:
            batch = self.outbox[:200]
            body = {"learner": self.id, "events": batch}
            if with_progress:
                body["progress"] = self.progress
            data = json.dumps(body).encode()
            response = await self._until_answered(lambda: self._fetch(
                "class/api/sync", method="POST", body=data, api=True,
                headers={"Content-Type": "application/json", "X-XSRFToken": self.xsrf}))
            if response.code == 200:
                self.outbox = self.outbox[len(batch):]
                self.tally.acknowledged += len(batch)
                with_progress = False
            elif response.code == 429:
                self.tally.error("429")
                await asyncio.sleep(float(response.headers.get("Retry-After", "1")))
            else:
                self.tally.error(f"sync {response.code}")
                await asyncio.sleep(1)

    async def play(self, stages: int, gap: tuple[float, float], reload_every: int) -> None:
        lesson = self.progress["lessons"].setdefault(
            FIRST, {"done": False, "best": 0, "last": None, "total": 0, "practised": 0,
                    "stages": {}})
        await self.open_page(f"voici/render/{FIRST}.html")
        for number, stage in enumerate(STAGES[:stages]):
            await asyncio.sleep(self.rng.uniform(*gap))
            self._event("visit", stage)
            tries = 1
            if self.rng.random() < 0.4:  # a wrong answer first, sometimes a refused move
                self._event("try", stage, solved=False)
                tries += 1
                if self.rng.random() < 0.5:
                    self._event("refusal", stage, rule=self.rng.choice(RULES))
                await self.flush(with_progress=False)
                await asyncio.sleep(self.rng.uniform(0.5, 2.0))
            self._event("try", stage, solved=True)
            stars = 3 if tries == 1 else 2
            lesson["stages"][stage] = {"solved": True, "stars": stars, "tries": tries,
                                       "hint": False}
            await self.flush(with_progress=True)
            self.tally.stars[self.name] = sum(s["stars"] for s in lesson["stages"].values())
            if reload_every and (number + 1) % reload_every == 0:
                await self.open_page(INDEX)


async def run_learners(base: str, count: int, *, stages: int, gap: tuple[float, float],
                       arrive_within: float, reload_every: int = 4, seed: int = 1,
                       token: str = "", numbers: range | None = None) -> Tally:
    """`count` simulated learners arriving over `arrive_within` seconds, each playing `stages`
    stages of lesson 1; returns the tally once every one is done."""
    AsyncHTTPClient.configure(None, max_clients=max(10, count))
    client = AsyncHTTPClient(force_instance=True)
    tally = Tally()
    rng = random.Random(seed)

    async def one(number: int) -> None:
        learner = SimulatedLearner(base, number, client, tally, random.Random(seed * 7919 + number))
        await asyncio.sleep(rng.uniform(0, arrive_within))
        try:
            await learner.join()
            await learner.play(stages, gap, reload_every)
        finally:
            learner.leave()

    done = asyncio.Event()
    teacher = asyncio.create_task(teacher_page(base, token, client, tally, done)) \
        if token else None
    try:
        await asyncio.gather(*(one(n) for n in (numbers or range(count))))
    finally:
        done.set()
        if teacher is not None:
            await teacher
        client.close()
    return tally


async def teacher_page(base: str, token: str, client: AsyncHTTPClient, tally: Tally,
                       done: asyncio.Event) -> None:
    """The teacher's page open all along: the summary every TEACHER_POLL seconds, asking for
    what changed since the version it has (as teacher.js)."""
    since = epoch = None
    while not done.is_set():
        query = f"?token={token}" + (f"&since={since}&epoch={epoch}" if since else "")
        started = time.perf_counter()
        try:
            response = await client.fetch(base + "class/teacher/summary.json" + query,
                                          raise_error=False, request_timeout=60)
            tally.took("teacher refresh", time.perf_counter() - started)
            if response.code == 200:
                data = json.loads(response.body)
                since, epoch = data["version"], data["epoch"]
        except (OSError, HTTPClientError, asyncio.TimeoutError):
            tally.error("teacher refresh")
        try:
            await asyncio.wait_for(done.wait(), TEACHER_POLL)
        except asyncio.TimeoutError:
            pass


def run_slice(base: str, count: int, numbers: range, token: str, options: dict) -> Tally:
    """`run_learners` for the learners `numbers` of `count`, in a process of its own (the
    teacher's page in the slice given the token)."""
    return asyncio.run(run_learners(base, count, numbers=numbers, token=token, **options))


def merged(tallies: list[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total.latencies += tally.latencies
        for endpoint, times in tally.by_endpoint.items():
            total.by_endpoint.setdefault(endpoint, []).extend(times)
        total.made += tally.made
        total.acknowledged += tally.acknowledged
        total.retries += tally.retries
        total.stream_events += tally.stream_events
        for kind, n in tally.errors.items():
            total.errors[kind] = total.errors.get(kind, 0) + n
        total.stars.update(tally.stars)
    return total


def _endpoint(path: str, method: str) -> str:
    if path.startswith("class/api/"):
        return path.removeprefix("class/api/")
    if path.startswith("class/join"):
        return "join " + method
    return "page" if path.startswith("voici/") or not path else path
