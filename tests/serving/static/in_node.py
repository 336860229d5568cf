"""Runs a script in Node.js and returns what it printed as JSON (the tests that run rewritten
site scripts with stand-ins for what they use)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest


def run_in_node(script: str) -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: ./run test installs Debian's nodejs")
    finished = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stderr
    return json.loads(finished.stdout)
