"""A school's JupyterHub, for real: JupyterHub with configurable-http-proxy, the dummy
authenticator and local processes (SimpleLocalProcessSpawner), on loopback, three learners.

The single-user servers run in a fresh virtual environment set up the README's way
(`pip install` of this checkout, then `cassino-learn jupyter-setup`); the packages it needs are
offered from the test environment (no downloads), with their front-end files on JUPYTER_PATH
as an ordinary install would have them. Each learner opens the index through
/hub/user-redirect/, plays in the pairing lesson and finds their own progress, and only theirs.
A lesson's kernel goes soon after its page is closed, while a notebook kernel (started through
the REST API, its tab closed) stays. Idle servers are then culled by jupyterhub-idle-culler.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import time
import urllib.request
from pathlib import Path

import psutil
import pytest
import websocket

from cassino_learn import Position
from cassino_learn.serving.voila import free_port
from cassino_learn.teaching import catalog

ROOT = Path(__file__).resolve().parents[2]
PROXY = Path(sys.prefix) / "node_modules" / ".bin" / "configurable-http-proxy"
LEARNERS = ("alice", "bob", "carol")
SLUG = "02_pairing"

pytestmark = pytest.mark.slow


def _single_user_env(tmp_path: Path) -> Path:
    """A new virtual environment with cassino-learn installed and set up as the README says."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    (Path(site) / "offered_packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTHONPATH", None)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-build-isolation",
                    f"{ROOT}[serve]"], check=True, env=env, cwd=tmp_path)
    subprocess.run([str(venv / "bin" / "cassino-learn"), "jupyter-setup"], check=True, env=env,
                   cwd=tmp_path, capture_output=True)
    # What installing Voila there would have written: the file enabling its server extension.
    enable = Path("etc", "jupyter", "jupyter_server_config.d", "voila.json")
    (venv / enable).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(sys.prefix) / enable, venv / enable)
    return venv


def _hub_config(tmp_path: Path, venv: Path, port: int, culler_token: str,
                tester_token: str) -> Path:
    config = tmp_path / "jupyterhub_config.py"
    config.write_text(textwrap.dedent(f"""\
        c.JupyterHub.ip = "127.0.0.1"
        c.JupyterHub.port = {port}
        c.JupyterHub.hub_ip = "127.0.0.1"
        c.JupyterHub.hub_port = {free_port()}
        c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
        c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
        c.JupyterHub.db_url = "sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
        c.JupyterHub.cookie_secret_file = {str(tmp_path / 'cookie_secret')!r}
        c.JupyterHub.authenticator_class = "dummy"
        c.Authenticator.allowed_users = {set(LEARNERS)!r}
        c.JupyterHub.spawner_class = "simple"
        c.SimpleLocalProcessSpawner.home_dir_template = {str(tmp_path / 'home' / '{username}')!r}
        c.Spawner.cmd = [{str(venv / 'bin' / 'python')!r}, "-m", "jupyterhub.singleuser"]
        c.Spawner.environment = {{"JUPYTER_PATH": {str(Path(sys.prefix) / 'share' / 'jupyter')!r}}}
        c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}
        c.Spawner.start_timeout = 180
        c.Spawner.http_timeout = 180
        # jupyterhub-idle-culler, run by the test at the end with this token
        c.JupyterHub.services = [{{"name": "idle-culler", "api_token": {culler_token!r}}},
                                 {{"name": "tester", "api_token": {tester_token!r}}}]
        c.JupyterHub.load_roles = [{{
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }}, {{
            # the test, as a teacher's notebook would: kernels through the REST API
            "name": "tester", "scopes": ["access:servers"], "services": ["tester"],
        }}]
        """))
    return config


def _wait_for_url(url: str, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            assert process.poll() is None, "JupyterHub stopped at start"
            assert time.monotonic() < deadline, f"JupyterHub did not answer within {timeout} s"
            time.sleep(0.3)


def _single_user_servers(hub: subprocess.Popen) -> list[psutil.Process]:
    return [p for p in psutil.Process(hub.pid).children(recursive=True)
            if "jupyterhub.singleuser" in " ".join(_cmdline(p))]  # a zombie child has none


def _log_in(browser, base: str, name: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(180_000)
    page = context.new_page()
    page.goto(f"{base}/hub/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any password")
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(re.compile(r".*/(hub/home|hub/spawn.*|user/.*)"))
    return context, page


def _play_pairing_quiz(page, wait_for_voila, first_right: bool) -> int:
    """Answer the pairing quiz: the first item is a move (played right or wrong), the others
    right. Returns the score shown at the end."""
    from test_app import _answer_right, open_quiz  # the learner of the app's browser test

    bank = json.loads((ROOT / "lessons" / catalog.lesson(SLUG).quiz_bank).read_text())["items"]
    quiz = open_quiz(page)
    position = Position.parse(bank[0]["position"])
    right = position.parse_move(bank[0]["answers"][0])
    move = right if first_right else next(
        m for m in position.legal_moves() if m != right and m.kind == "trail")
    box = quiz.locator(".cl-move-input")
    box.fill(str(move))
    box.press("Enter")
    quiz.locator(".cl-feedback").filter(has_text="✔" if first_right else "✘").wait_for()
    for item in bank[1:]:
        quiz.locator("button.jupyter-button").filter(has_text=re.compile(r"^\s*Next\s*$")).click()
        quiz.locator(".cl-quiz-status").filter(
            has_text=f"Question {bank.index(item) + 1} of {len(bank)}").wait_for()
        _answer_right(quiz, item)
        quiz.locator(".cl-feedback").filter(has_text="✔").wait_for()
    score = len(bank) - (0 if first_right else 1)
    quiz.locator(".cl-quiz-status").filter(has_text=f"finished: {score}/{len(bank)}").wait_for()
    return score


def test_three_learners_on_a_jupyterhub_each_keep_their_own_progress(
        tmp_path, browser, wait_for_voila, error_outputs, screenshot):
    if not PROXY.exists():
        pytest.fail(f"{PROXY} is missing: ./run test installs configurable-http-proxy")
    venv = _single_user_env(tmp_path)
    for name in LEARNERS:  # the lessons, copied into each home folder
        shutil.copytree(ROOT / "lessons", tmp_path / "home" / name / "lessons")
    port, token, tester = free_port(), os.urandom(16).hex(), os.urandom(16).hex()
    config = _hub_config(tmp_path, venv, port, token, tester)
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "jupyterhub.log"
    env = {k: v for k, v in os.environ.items() if k != "CASSINO_LEARN_DATA"}
    with open(log, "wb") as output:
        hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)],
                               cwd=tmp_path, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:
        _wait_for_url(f"{base}/hub/api", hub)
        index_path = f"voila/render/lessons/{catalog.INDEX.notebook}"
        scores = {"alice": True, "bob": False}  # carol only looks at the index
        shown = {}
        for name in LEARNERS:
            context, page = _log_in(browser, base, name)
            page.goto(f"{base}/hub/user-redirect/{index_path}")
            page.wait_for_url(f"**/user/{name}/{index_path}")
            wait_for_voila(page, timeout=180_000)
            assert page.title() == catalog.INDEX.title
            if name in scores:
                page.goto(f"{base}/user/{name}/voila/render/lessons/{SLUG}.ipynb")
                wait_for_voila(page, timeout=180_000)
                shown[name] = _play_pairing_quiz(page, wait_for_voila, scores[name])
                assert error_outputs(page) == []
                page.goto(f"{base}/user/{name}/{index_path}")
                wait_for_voila(page, timeout=180_000)
            row = page.locator(f'.cl-tile[data-lesson="{SLUG}"]').inner_text()
            total = len(json.loads((ROOT / "lessons" / catalog.lesson(SLUG).quiz_bank)
                                   .read_text())["items"])
            for other, score in shown.items():
                if other == name:
                    assert f"{score}/{total}" in row, (name, row)
                elif shown.get(name) != score:
                    assert f"{score}/{total}" not in row, f"{name} sees {other}'s score: {row}"
            if name == "carol":
                assert not re.search(rf"\d+/{total}", row), f"carol has a score: {row}"
            screenshot(page, f"jupyterhub_{name}_index")
            if name == "carol":
                _a_lesson_kernel_goes_with_its_page_a_notebook_kernel_stays(
                    page, f"{base}/user/{name}", tester, wait_for_voila)
            context.close()
        for name in LEARNERS:
            stored = tmp_path / "home" / name / ".local" / "share" / "cassino-learn" / "progress.json"
            lessons = json.loads(stored.read_text())["lessons"] if stored.exists() else {}
            best = lessons.get(SLUG, {}).get("best", 0)
            assert best == shown.get(name, 0), f"{name}'s own progress file holds {best}"
        hub_log = log.read_text(errors="replace")
        assert "Culling kernels with idle durations > 180 seconds" in hub_log, \
            "the single-user servers do not cull idle kernels"
        # jupyter-setup has the kernels' traffic encrypted (CurveZMQ): no ipykernel warning.
        assert "without encryption" not in hub_log

        # Everyone has left: jupyterhub-idle-culler stops the idle servers.
        servers = _single_user_servers(hub)
        assert len(servers) == len(LEARNERS)
        culler = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub_idle_culler", f"--url={base}/hub/api",
             "--timeout=1", "--cull-every=5", "--concurrency=3"],
            env=dict(env, JUPYTERHUB_API_TOKEN=token), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT)
        try:
            gone, alive = psutil.wait_procs(servers, timeout=90)
        finally:
            culler.terminate()
            culler_log = culler.communicate(timeout=30)[0].decode(errors="replace")
        assert not alive, "jupyterhub-idle-culler left servers running:\n" + culler_log
    finally:
        hub.terminate()
        try:
            hub.wait(timeout=60)
        except subprocess.TimeoutExpired:
            hub.kill()
        for process in psutil.process_iter():
            if str(tmp_path) in " ".join(_cmdline(process)):
                process.kill()


def _api(url: str, token: str, method: str = "GET", body: dict | None = None):
    request = urllib.request.Request(
        url, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def _a_lesson_kernel_goes_with_its_page_a_notebook_kernel_stays(page, server: str, token: str,
                                                                wait_for_voila) -> None:
    """`jupyter-setup` gives the single-user server the app's early shutdown for Voila's
    kernels only: a lesson's kernel goes soon after its page is closed (ClassroomKernelManager's
    disconnect_grace, 10 s), a notebook kernel whose JupyterLab tab was closed before stays."""
    kernels = f"{server}/api/kernels"
    notebook = _api(kernels, token, "POST", {"name": "python3"})["id"]
    # A JupyterLab tab on that kernel, closed: its connection opened, then closed.
    channels = kernels.replace("http", "ws", 1) + f"/{notebook}/channels"
    tab = websocket.create_connection(channels, header=[f"Authorization: token {token}"],
                                      timeout=60)
    tab.close()
    page.goto(f"{server}/voila/render/lessons/{SLUG}.ipynb")
    wait_for_voila(page, timeout=180_000)
    lesson = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert {k["id"] for k in _api(kernels, token)} >= {notebook, lesson}
    page.goto("about:blank")  # the learner leaves the lesson, after the tab was closed
    deadline = time.monotonic() + 120
    while lesson in {k["id"] for k in _api(kernels, token)}:
        assert time.monotonic() < deadline, "the lesson's kernel outlived its page by 120 s"
        time.sleep(0.5)
    # Gone with the same grace after its page as the notebook's after its tab, which stays.
    assert notebook in {k["id"] for k in _api(kernels, token)}, \
        "the notebook's kernel was shut down when its tab closed"
    _api(f"{kernels}/{notebook}", token, "DELETE")


def _cmdline(process: psutil.Process) -> list[str]:
    try:
        return process.cmdline()
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return []
