"""Simulated learners of a class's server (serving/class_server.py), for bench_classroom.py.

Each simulated learner does over HTTP what a learner's browser does in a class:

- joins: GET the learners' address, the name page (its XSRF cookie), POST a name;
- opens a page: GET the contents page (gzip) and GET class/api/me (the page's Python and the
  class client both ask);
- plays lesson 1's stages, one every `gap` seconds (20 to 60 s in a real class, divided by the
  run's speed-up): a visit, sometimes a wrong try and a refused move with its rule, then the
  solved try and the progress JSON, sent as the class client sends them (a few records a
  request, every event with an id of its own);
- reloads the contents page now and then.

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

from cassino_learn.teaching.stages import load_stages

FIRST = "01_cards_and_points"
STAGES = [stage.id for stage in load_stages(FIRST).stages]
RULES = ("C1", "C2", "C3", "K1")
INDEX = "voici/render/00_index.html"


@dataclass
class Tally:
    """What the run saw: API latencies, events made and acknowledged, errors."""

    latencies: list[float] = field(default_factory=list)
    made: int = 0
    acknowledged: int = 0
    retries: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)  # learner's name -> lesson 1's stars

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


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

    # ------------------------------------------------------------------ HTTP

    def _cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    async def _fetch(self, path: str, *, method: str = "GET", body: bytes | None = None,
                     headers: dict | None = None, api: bool = False):
        request = HTTPRequest(self.base + path, method=method, body=body,
                              headers={"Cookie": self._cookie_header(),
                                       "Accept-Encoding": "gzip", **(headers or {})},
                              follow_redirects=False, request_timeout=30,
                              decompress_response=True)
        started = time.perf_counter()
        try:
            response = await self.client.fetch(request, raise_error=False)
        finally:
            if api:
                self.tally.latencies.append(time.perf_counter() - started)
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
        page = await self._until_answered(lambda: self._fetch(path))
        if page.code != 200:
            self.tally.error(f"page {page.code}")
        for _ in range(2):  # the page's Python and the class client
            me = await self._until_answered(lambda: self._fetch("class/api/me", api=True))
            if me.code == 200:
                data = json.loads(me.body)
                self.id, self.xsrf = data["learner"]["id"], data["xsrf"]
            else:
                self.tally.error(f"me {me.code}")

    def _event(self, kind: str, stage: str, **fields) -> None:
        event = {"id": secrets.token_urlsafe(16), "kind": kind, "lesson": FIRST, "stage": stage,
                 "at": time.strftime("%Y-%m-%dT%H:%M:%S.000+00:00", time.gmtime())}
        if kind == "try":
            event["solved"] = fields.get("solved", False)
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
                       arrive_within: float, reload_every: int = 4, seed: int = 1) -> Tally:
    """`count` simulated learners arriving over `arrive_within` seconds, each playing `stages`
    stages of lesson 1; returns the tally once every one is done."""
    AsyncHTTPClient.configure(None, max_clients=max(10, count))
    client = AsyncHTTPClient(force_instance=True)
    tally = Tally()
    rng = random.Random(seed)

    async def one(number: int) -> None:
        learner = SimulatedLearner(base, number, client, tally, random.Random(rng.random()))
        await asyncio.sleep(rng.uniform(0, arrive_within))
        await learner.join()
        await learner.play(stages, gap, reload_every)

    try:
        await asyncio.gather(*(one(n) for n in range(count)))
    finally:
        client.close()
    return tally
