"""A pytest plugin for nbval's run of the lesson notebooks (tests/lessons/test_notebooks.py
loads it with -p; it lives here, not beside the lessons, so the wheel ships no test code): keep the learner's real progress file out of it, and
have the kernels talk over local sockets rather than TCP ports.

jupyter_client picks a kernel's five TCP ports as free ones, then the kernel binds them a moment
later; on a busy machine another program can take one in between, and the kernel dies before it
answers ("Kernel died before replying to kernel_info"; seen once in twelve full runs with two
test runs side by side). Local sockets are files in a private folder: nothing can take them.
The app's own server does the same (serving/voila.py: KernelManager.transport).
"""

import functools
import os
import shutil
import tempfile

_DATA = tempfile.mkdtemp(prefix="cassino-learn-nbval-")
_SOCKETS = tempfile.mkdtemp(prefix="cassino-nbval-kernels-")
os.environ["CASSINO_LEARN_DATA"] = _DATA


def pytest_unconfigure(config) -> None:
    """The run's folders go with it (they would otherwise pile up in the temporary folder)."""
    for folder in (_DATA, _SOCKETS):
        shutil.rmtree(folder, ignore_errors=True)


try:
    import nbval.kernel
except ImportError:  # nbval not installed: nothing of it to configure
    pass
else:
    nbval.kernel.KernelManager = functools.partial(
        nbval.kernel.KernelManager, transport="ipc", ip=os.path.join(_SOCKETS, "kernel"))
