"""The class's server of `serve --class` measured (parts server, faults and browsers of
bench_classroom.py; see its text)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from cassino_learn.serving.class_process import ClassServerProcess
from cassino_learn.serving.class_site import class_site
from cassino_learn.classroom.class_store import ClassStore
from cassino_learn.teaching.stages import load_stages
from chromium import READY  # noqa: E402  (this folder)
from class_load import FIRST, run_learners

PATIENCE_MS = 300_000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def summary(server: ClassServerProcess) -> dict:
    with urllib.request.urlopen(server.url(f"class/teacher/summary.json?token={server.token}"),
                                timeout=60) as answer:
        return json.loads(answer.read())


def stored_event_count(folder: Path) -> int:
    store = ClassStore.open(folder)
    try:
        return store.event_count()
    finally:
        store.close()


async def sample_memory(server: ClassServerProcess, peaks: list[float],
                        stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            peaks.append(server.memory_mb())
        except psutil.Error:
            pass  # killed and not yet back
        try:
            await asyncio.wait_for(stop.wait(), timeout=0.5)
        except asyncio.TimeoutError:
            pass


def gap(args: argparse.Namespace) -> tuple[float, float]:
    return 20 / args.speedup, 60 / args.speedup


async def simulated_class(site: Path, learners: int, args: argparse.Namespace, *,
                          kill_after: float | None = None) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cassino-bench-class-")) / "bench-class"
    server = ClassServerProcess(folder, "Bench class", site).start()
    try:
        await asyncio.sleep(3)
        idle = server.memory_mb()
        peaks: list[float] = []
        stop = asyncio.Event()
        sampler = asyncio.create_task(sample_memory(server, peaks, stop))
        load = [os.getloadavg()[0]]
        cpu_before = cpu_seconds(server)
        started = time.perf_counter()
        arrive = min(60.0, max(10.0, learners / 20))
        work = asyncio.create_task(learners_in_processes(
            server, learners, args.client_processes,
            dict(stages=args.stages, gap=gap(args), arrive_within=arrive),
            niceness=args.browser_nice))
        killed_at = None
        if kill_after is not None:
            await asyncio.sleep(kill_after)
            server.kill()
            killed_at = time.perf_counter() - started
            await asyncio.sleep(3)
            server.start()
        while not work.done():
            load.append(os.getloadavg()[0])
            await asyncio.wait([work], timeout=2)
        tally = work.result()
        took = time.perf_counter() - started
        cpu = cpu_seconds(server) - cpu_before if kill_after is None else float("nan")
        stop.set()
        await sampler
        stored = stored_event_count(folder)
        rows = {row["name"]: row for row in summary(server)["learners"]}
        teacher_right = sum(1 for row in rows.values()
                            if row["stars"].get(FIRST, 0) == _stars_of(tally, row))
        api = tally.latencies
        label = f"{learners} simulated learners" + (" (killed mid-class)" if kill_after else "")
        print(f"\n{label}: {args.stages} stages each, one every {gap(args)[0]:.0f}-"
              f"{gap(args)[1]:.0f} s (a real class's 20-60 s / {args.speedup:g}), arriving "
              f"over {arrive:.0f} s; done in {took:.0f} s")
        print(f"  server memory: idle {idle:.0f} MiB, peak {max(peaks or [idle]):.0f} MiB "
              f"(one process: {len(server.processes())})")
        print(f"  server CPU: {cpu:.0f} s in {took:.0f} s ({100 * cpu / took:.0f}% of one core); "
              f"the simulated learners in {args.client_processes} processes of their own")
        print(f"  API requests: {len(api)}, {len(api) / took:.0f}/s; latency median "
              f"{1000 * statistics.median(api):.1f} ms, p99 {1000 * percentile(api, 0.99):.1f} ms,"
              f" max {1000 * max(api):.0f} ms")
        for endpoint, times in sorted(tally.by_endpoint.items()):
            print(f"    {endpoint:16} {len(times):6} requests: p50 "
                  f"{1000 * statistics.median(times):6.1f} ms, p99 "
                  f"{1000 * percentile(times, 0.99):7.1f} ms, max {1000 * max(times):7.0f} ms")
        print(f"  streams: one a page, {tally.stream_events} events read")
        print(f"  events made {tally.made}, acknowledged {tally.acknowledged}, in the database "
              f"{stored}: lost {tally.made - stored}")
        print(f"  teacher's summary: {len(rows)} learners listed, {teacher_right} with the "
              f"stars they earned")
        if killed_at is not None:
            print(f"  killed at {killed_at:.0f} s, started again 3 s later; requests sent "
                  f"again after no answer: {tally.retries}")
        print(f"  load (1 min) up to {max(load):.1f}; refusals and errors: "
              f"{tally.errors or 'none'}")
    finally:
        server.stop()


def stand_in_site() -> Path:
    """A folder laid out as the in-browser edition is, with its pages of the size of the real
    ones' first bytes (the simulated learners load pages; they run no lesson)."""
    root = Path(tempfile.mkdtemp(prefix="cassino-bench-site-"))
    render = root / "voici" / "render"
    render.mkdir(parents=True)
    for name in ("00_index", FIRST):
        (render / f"{name}.html").write_text(
            f"<!DOCTYPE html><html><head><title>{name}</title></head><body>"
            + "<p>lesson text</p>" * 2000 + "</body></html>", encoding="utf-8")
    (root / "index.html").write_text("<!DOCTYPE html><title>home</title>", encoding="utf-8")
    (root / ".complete").write_text("built\n")
    return root


async def learners_in_processes(server: ClassServerProcess, learners: int, processes: int,
                                options: dict, niceness: int = 0):
    """The simulated learners split over `processes` processes (one process's clients would
    wait on themselves at 1,000 learners), the teacher's page in the first; run `niceness`
    steps below the server, as the learners' browsers are (on their own computers in a
    class, they take no CPU from the server)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from class_load import merged, run_slice

    loop = asyncio.get_running_loop()
    slices = [range(n, learners, processes) for n in range(processes)]
    with ProcessPoolExecutor(max_workers=processes,
                             mp_context=multiprocessing.get_context("spawn"),
                             initializer=os.nice, initargs=(max(0, niceness),)) as pool:
        tallies = await asyncio.gather(*(
            loop.run_in_executor(pool, run_slice, server.base_url, learners, numbers,
                                 server.token if n == 0 else "", options)
            for n, numbers in enumerate(slices)))
    return merged(list(tallies))


def cpu_seconds(server: ClassServerProcess) -> float:
    total = 0.0
    for process in server.processes():
        times = process.cpu_times()
        total += times.user + times.system
    return total


async def idle_streams(site: Path, streams: int = 100, changes: int = 400) -> None:
    """One learner's cookie opens `streams` streams that never read (as many as the server
    lets it: the rest are refused), `streams` learners one each, and the teacher changes the
    table `changes` times: the server's memory."""
    import socket

    import requests

    folder = Path(tempfile.mkdtemp(prefix="cassino-bench-streams-")) / "class"
    server = ClassServerProcess(folder, "Streams", site).start()
    sockets: list = []
    try:
        before = server.memory_mb()
        refused = 0

        def cookies_of(name: str) -> str:
            browser = requests.Session()
            browser.get(server.url("class/join"), timeout=30)
            browser.post(server.url("class/join"), data={
                "name": name, "_xsrf": browser.cookies["_xsrf"]}, allow_redirects=False,
                timeout=30)
            return "; ".join(f"{k}={v}" for k, v in browser.cookies.items())

        def open_one(cookie: str) -> bool:
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(f"GET /class/demo/stream HTTP/1.1\r\nHost: x\r\nCookie: {cookie}"
                         f"\r\n\r\n".encode())
            sockets.append(sock)
            return b" 200 " in sock.recv(64)

        one = cookies_of("one cookie")
        refused += sum(not open_one(one) for _ in range(streams))
        for n in range(streams):
            open_one(cookies_of(f"L{n}"))
        teacher = requests.Session()
        state = teacher.get(server.url(f"class/demo/teacher/state.json?token={server.token}"),
                            timeout=30).json()
        headers = {"X-Teacher-Token": server.token, "X-XSRFToken": state["xsrf"],
                   "Content-Type": "application/json"}
        for seed in range(changes):
            teacher.post(server.url("class/demo/teacher/do"), headers=headers, timeout=60,
                         data=json.dumps({"action": "deal", "players": 4, "seed": seed}))
        during = server.memory_mb()
        for sock in sockets:
            sock.close()
        await asyncio.sleep(3)
        after = server.memory_mb()
        print(f"\nstreams that never read: one cookie asked for {streams} ({refused} refused), "
              f"{streams} learners one each, {changes} table changes: memory {before:.0f} MiB "
              f"before, {during:.0f} MiB with them, {after:.0f} MiB after they closed")
    finally:
        for sock in sockets:
            sock.close()
        server.stop()


def _stars_of(tally, row: dict) -> int:
    """The stars the simulated learner of `row` earned on lesson 1."""
    return tally.stars.get(row["name"], -1)


async def until_first_stage(page, url: str) -> float:
    started = time.perf_counter()
    await page.goto(url, timeout=PATIENCE_MS)
    await page.wait_for_function(READY, timeout=PATIENCE_MS)
    await page.locator(".cl-stage-runner .cl-stage-task").wait_for(timeout=PATIENCE_MS)
    return time.perf_counter() - started


async def join(page, server: ClassServerProcess, name: str) -> None:
    await page.goto(server.base_url, timeout=PATIENCE_MS)
    await page.wait_for_url("**/class/join**", timeout=PATIENCE_MS)
    await page.get_by_label("Your name").fill(name)
    await page.get_by_role("button", name="Start").click()
    await page.wait_for_url("**/00_index.html", timeout=PATIENCE_MS)
    await page.wait_for_function(READY, timeout=PATIENCE_MS)


class CountingProxy:
    """A TCP proxy in front of the server that counts the bytes the server sends (what a
    school's network carries to the learner)."""

    def __init__(self, target_port: int) -> None:
        self.target_port, self.sent, self.port = target_port, 0, 0
        self.server: asyncio.base_events.Server | None = None

    async def start(self) -> "CountingProxy":
        self.server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _pipe(self, reader, writer, count: bool) -> None:
        try:
            while data := await reader.read(65536):
                if count:
                    self.sent += len(data)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    async def _connection(self, reader, writer) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1",
                                                                         self.target_port)
        await asyncio.gather(self._pipe(reader, upstream_writer, False),
                             self._pipe(upstream_reader, writer, True))

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def real_browsers(browser, site: Path, args: argparse.Namespace, count: int = 10) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cassino-bench-class-")) / "bench-class"
    lesson = f"voici/render/{FIRST}.html"
    with ClassServerProcess(folder, "Bench class", site) as server:
        # One learner alone, through a proxy counting the bytes: a first visit and a later one.
        proxy = await CountingProxy(server.port).start()
        through = ClassServerProcess(folder, "Bench class", site, port=proxy.port)
        context = await browser.new_context()
        context.set_default_timeout(PATIENCE_MS)
        page = await context.new_page()
        await join(page, through, "Bytes")
        await until_first_stage(page, through.url(lesson))
        await page.wait_for_function("() => window.__cassinoClassState().waiting === 0")
        first = proxy.sent
        await page.close()
        page = await context.new_page()
        before = proxy.sent
        await page.goto(through.url("voici/render/00_index.html"))
        await page.wait_for_function(READY, timeout=PATIENCE_MS)
        await until_first_stage(page, through.url(lesson))
        later = proxy.sent - before
        await context.close()
        proxy.close()
        print(f"\none learner's visit (name page, contents, lesson 1 to its first stage), bytes "
              f"the server sent: first visit {first / 2**20:.1f} MiB, a later visit in the same "
              f"browser {later / 2**10:.0f} KiB")

        # Ten at once, cold then warm.
        contexts = [await browser.new_context() for _ in range(count)]
        pages = []
        for number, context in enumerate(contexts):
            context.set_default_timeout(PATIENCE_MS)
            pages.append(await context.new_page())
        peaks: list[float] = []
        stop = asyncio.Event()
        sampler = asyncio.create_task(sample_memory(server, peaks, stop))
        await asyncio.gather(*(join(p, server, f"Browser {n:02d} <b>")
                               for n, p in enumerate(pages)))
        cold = await asyncio.gather(*(until_first_stage(p, server.url(lesson)) for p in pages))
        for p in pages:
            await p.goto("about:blank")
        warm = await asyncio.gather(*(until_first_stage(p, server.url(lesson)) for p in pages))
        stop.set()
        await sampler
        print(f"{count} learners in Chromium at once: lesson 1 to its first stage, cold median "
              f"{statistics.median(cold):.1f} s (slowest {max(cold):.1f} s), warm median "
              f"{statistics.median(warm):.1f} s (slowest {max(warm):.1f} s); all {count} "
              f"interactive; server peak {max(peaks):.0f} MiB, processes "
              f"{len(server.processes())}")

        # One of them offline while solving a stage.
        page, context = pages[0], contexts[0]
        stage = load_stages(FIRST).stages[0]
        await context.set_offline(True)
        runner = page.locator(".cl-stage-runner")
        await runner.locator(f'.cl-stage-choice[data-value="{stage.solutions()[0]}"]').click()
        await runner.locator('.cl-stage-verdict[data-kind="right"]').wait_for()
        await asyncio.sleep(args.offline)  # the measured fault: this long without a network
        waiting = await page.evaluate("window.__cassinoClassState().waiting")
        await context.set_offline(False)
        await page.wait_for_function("() => window.__cassinoClassState().waiting === 0",
                                     timeout=PATIENCE_MS)
        store = ClassStore.open(folder)
        try:
            [learner] = [x for x in store.learners() if x.name == "Browser 00 <b>"]
            solved = [e for e in store.events(learner.id) if e.kind == "try" and e.solved]
        finally:
            store.close()
        print(f"one browser offline {args.offline:.0f} s while solving a stage: {waiting} "
              f"records waiting in it, then sent; the solved try in the database: "
              f"{'yes' if solved else 'NO (lost)'}")
        for context in contexts:
            await context.close()


async def measure_class_server(browser, args: argparse.Namespace) -> None:
    parts = set(args.parts.split(","))
    site = stand_in_site() if args.stand_in_site else \
        class_site(None, report=lambda message: print(f"  site: {message}"))
    if "server" in parts:
        for learners in (int(n) for n in args.sizes.split(",")):
            await simulated_class(site, learners, args)
    if "faults" in parts:
        await simulated_class(site, 30, args, kill_after=20)
    if "streams" in parts:
        await idle_streams(site)
    if "browsers" in parts:
        await real_browsers(browser, site, args)
