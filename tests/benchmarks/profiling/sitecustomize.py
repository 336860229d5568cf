"""Bench-only: a process started with this folder on PYTHONPATH and CASSINO_BENCH_PROFILE=FILE
profiles every thread (cProfile, one profile a thread, started as the thread starts) and writes
the merged statistics to FILE when it exits (the class's server exits on SIGTERM).

Used by bench_class_costs.py --profile; nothing of the product knows of it."""

import os

_target = os.environ.get("CASSINO_BENCH_PROFILE")

if _target:
    import atexit
    import cProfile
    import pstats
    import sys
    import threading

    _profiles: list = []

    def _start_here(*_args) -> None:
        sys.setprofile(None)
        profile = cProfile.Profile()
        _profiles.append(profile)
        profile.enable()

    def _dump() -> None:
        for profile in _profiles:
            profile.disable()
        stats = pstats.Stats(_profiles[0])
        for profile in _profiles[1:]:
            try:
                stats.add(profile)
            except TypeError:  # a thread's profile that saw nothing
                pass
        stats.dump_stats(_target)

    _main = cProfile.Profile()
    _profiles.append(_main)
    _main.enable()
    threading.setprofile(_start_here)
    atexit.register(_dump)
