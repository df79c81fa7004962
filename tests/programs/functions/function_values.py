# Callable[[...], R] is a function value: plain functions, closures and bound methods of one
# signature share a dict, a list or a variable; calls go through the value; `is` and `==`
# compare the functions.
from typing import Callable

def add(a: int, b: int) -> int:
    return a + b

def sub(a: int, b: int) -> int:
    return a - b

def scaled(k: int) -> Callable[[int, int], int]:
    def f(a: int, b: int) -> int:
        return k * (a + b)
    return f

class Counter:
    def __init__(self) -> None:
        self.n = 0

    def bump(self, a: int, b: int) -> int:
        self.n += a * b
        return self.n

ops: dict[str, Callable[[int, int], int]] = {"+": add, "-": sub, "3x": scaled(3)}
c = Counter()
ops["bump"] = c.bump
for k in sorted(ops):
    print(k, ops[k](4, 2))
op: Callable[[int, int], int] = add
print(op(1, 2), op is add, op == sub)
op = sub
print(op(1, 2), op is add, op is sub, c.n)

def pick(big: bool) -> Callable[[int], int]:
    def hi(x: int) -> int:
        return x * 100

    def lo(x: int) -> int:
        return x
    return hi if big else lo

def run(fs: list[Callable[[int], int]], x: int) -> int:
    for f in fs:
        x = f(x)
    return x

print(pick(True)(2), pick(False)(2), run([pick(True), pick(False)] * 2, 1), run([], 5))
