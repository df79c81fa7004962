# Closures capture variables, not values: a variable changed after a closure captured it
# (rebound, a loop variable, a comprehension variable, `nonlocal`) is shared; defaults of
# nested functions and lambdas are evaluated once, when the def runs.
from typing import Callable

def late() -> Callable[[], int]:
    x = 1

    def get() -> int:
        return x
    x = 2
    return get

def counter() -> tuple[Callable[[], int], Callable[[int], None]]:
    value = 0

    def get() -> int:
        return value

    def add(v: int) -> None:
        nonlocal value
        value += v
    return get, add

def loop_lambdas() -> list[int]:
    fs = []
    for i in range(3):
        fs.append(lambda: i * 10)
    return [f() for f in fs]

def make_acc():
    def acc(x: int, store: list[int] = []) -> list[int]:
        store.append(x)
        return store
    return acc

get, add = counter()
add(5)
add(-2)
a1 = make_acc()
a2 = make_acc()
a1(1)
print(late()(), get(), loop_lambdas(), a1(2), a2(9))
print([f() for f in [lambda: j for j in range(3)]], [f() for f in [lambda k=j: k for j in range(3)]])
