# Allocation inside a parallel loop: every thread allocates lists, strings and objects
# while the garbage collector runs (libomp's threads are registered with it), and the
# totals match the serial loop's.

from threading import Lock

class Node:
    def __init__(self, v: int, next: Optional[Node]):
        self.v = v
        self.next = next

def chain(n: int) -> int:
    head: Optional[Node] = None
    for k in range(n):
        head = Node(k, head)
    s = 0
    while head is not None:
        s += head.v
        head = head.next
    return s

lock = Lock()
kept = List[str]()
total = 0
chars = 0
@par(schedule='dynamic', chunk_size=5, num_threads=2)
for i in range(20000):
    xs = [j * i for j in range(16)]
    s = ",".join([str(x) for x in xs[:4]])
    chars += len(s)
    total += sum(xs) + chain(i % 30)
    if i % 2500 == 0:
        with lock:
            kept.append(s)

serial_total = 0
serial_chars = 0
for i in range(20000):
    xs = [j * i for j in range(16)]
    serial_chars += len(",".join([str(x) for x in xs[:4]]))
    serial_total += sum(xs) + chain(i % 30)
print(total == serial_total, chars == serial_chars, total, chars)
print(sorted(kept))
