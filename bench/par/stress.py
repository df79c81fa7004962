# Stress: parallel loops that allocate objects, lists and strings on 2 threads, with a lock-
# protected shared list, repeated for SECONDS (argument, default 10); every round's totals are
# checked against the closed forms. Prints whether all rounds were right.
import sys
import time
from threading import Lock
lock = Lock()
class Obj:
    def __init__(self, k: int):
        self.k = k
        self.tag = "o" + str(k)
rounds = 0
t0 = time.time()
ok = True
seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
while time.time() - t0 < seconds:
    total = 0
    strs = 0
    shared = List[int]()
    @par(schedule='dynamic', chunk_size=16, num_threads=2)
    for i in range(50000):
        xs = [Obj(j) for j in range(i % 20)]
        s = "".join([o.tag for o in xs])
        total += sum([o.k for o in xs])
        strs += len(s)
        if i % 97 == 0:
            with lock:
                shared.append(i)
    exp_total = 0
    exp_strs = 0
    for i in range(50000):
        m = i % 20
        exp_total += m * (m - 1) // 2
        exp_strs += sum([len("o" + str(j)) for j in range(m)])
    if total != exp_total or strs != exp_strs or len(shared) != len(range(0, 50000, 97)) or sum(shared) != sum(range(0, 50000, 97)):
        ok = False
    rounds += 1
print("rounds", rounds > 0, "ok", ok)
