# After `if x is None: return/continue`, the rest of the block reads the Optional local as its value.
from typing import Optional
def f(n: int) -> int:
    return n * 2
def g(x: Optional[int]) -> int:
    if x is None:
        return 0
    return f(x) + x
print(g(None), g(5))
def h(xs: list[Optional[int]]) -> int:
    t = 0
    for x in xs:
        if x is None:
            continue
        t += f(x)
    return t
print(h([1, None, 3]))


def k(x: Optional[int]) -> int:
    if x is not None:
        return f(x) + 1
    return -1


print(k(None), k(4))
