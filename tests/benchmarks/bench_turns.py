"""Benchmark: the search's and the strong player's CPU time on 12 fixed positions of real games
(a third under Draw Casino, V9), and a digest of what they chose and valued, for comparing two
checkouts (issue 48: their playouts end every turn through game/turns.py). Run it alternately
against each tree, several times (the machine is shared; compare medians), e.g.

    PYTHONPATH=/tmp/old-tree .venv-test/bin/python tests/benchmarks/bench_turns.py
    .venv-test/bin/python tests/benchmarks/bench_turns.py

The digests must be equal: the same moves, values and visits. Measured for issue 48 (6 runs
each, interleaved, load 4-14 on 2 cores): the search 1.04-1.05 times the old tree's median CPU
time (paired runs' median ratio 0.99-1.03), the strong player 1.00-1.09; digests equal.
"""
import hashlib, sys, time
from cassino_learn import Game
from cassino_learn.game.bots import GreedyPlayer, StrongPlayer
from cassino_learn.game.search import search
import cassino_learn
obs = []
greedy = GreedyPlayer()
i = 0
while len(obs) < 12:
    g = Game(players=2, seed=f"profile-{i}", rules=None if i % 3 else "deal=draw")
    i += 1
    while not g.over and len(obs) < 12:
        o = g.observation()
        if g.turn == 1 and o.stock_size > 0 and len(g.legal_moves()) > 1:
            obs.append(o)
        g.play(greedy.choose(o))
digest = hashlib.sha256()
t = time.process_time()
for o in obs:
    for mv in search(o, iterations=300):
        digest.update(f"{mv.move}{mv.value:.9f}{mv.visits}".encode())
search_cpu = time.process_time() - t
strong = StrongPlayer(samples=24, horizon="round")
t = time.process_time()
for o in obs:
    digest.update(str(strong.choose(o)).encode())
strong_cpu = time.process_time() - t
print(cassino_learn.__file__.rsplit("/", 2)[0], f"search {search_cpu:.3f}s strong {strong_cpu:.3f}s digest {digest.hexdigest()[:16]}")
