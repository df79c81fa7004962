# Synchronising shared data inside @par loops (Codon docs, Multithreading): a
# threading.Lock or RLock as a `with` context, an @omp.critical function, and the openmp
# module's API where its answers are deterministic. Collected data is sorted before it is
# printed, since threads finish in any order.

from threading import Lock, RLock
import openmp as omp

lock = Lock()
found = List[int]()
@par(schedule='dynamic', chunk_size=8)
for i in range(1, 500):
    if i % 37 == 0:
        with lock:
            found.append(i)
print(sorted(found))

counts = Dict[int, int]()
@par(num_threads=2)
for i in range(3000):
    with lock:
        counts[i % 4] = counts.get(i % 4, 0) + 1
print(sorted(counts.items()))

rl = RLock()
depth = [0]
@par
for i in range(200):
    with rl:
        with rl:
            depth[0] += 1
print("rlock", depth[0])

names = List[str]()

@omp.critical
def record(s: str):
    names.append(s)

@par
for i in range(6):
    record("item" + str(i))
print(sorted(names))

print("outside:", omp.get_num_threads(), omp.get_thread_num(), omp.in_parallel())
omp.set_num_threads(3)
print("max threads:", omp.get_max_threads())

ids = [0] * 40
@par(num_threads=1)
for i in range(40):
    ids[i] = omp.get_thread_num()
print("one thread:", sum(ids))

top = 0
@par(num_threads=2)
for i in range(1000):
    top = max(top, omp.get_thread_num())
print("thread ids below 2:", top < 2)

t0 = omp.get_wtime()
print("wtime:", omp.get_wtime() >= t0, omp.get_wtick() > 0.0)

l2 = Lock()
print(l2.acquire(), l2.locked(), l2.acquire(False))
l2.release()
print(l2.locked())
