# Decorators are functions applied when `def` runs (innermost first); a decorated function's
# own name means the decorated value, so a memoizing decorator sees the recursive calls.
from typing import Callable

def memo(func: Callable[[int], int]) -> Callable[[int], int]:
    print("memo applied")
    cache: dict[int, int] = {}

    def wrapper(n: int) -> int:
        if n not in cache:
            cache[n] = func(n)
        return cache[n]
    return wrapper

def times(n: int):
    def deco(func: Callable[[int], int]) -> Callable[[int], int]:
        def wrapper(x: int) -> int:
            for _ in range(n):
                x = func(x)
            return x
        return wrapper
    return deco

calls = [0]

@memo
def fib(n: int) -> int:
    calls[0] += 1
    return n if n < 2 else fib(n - 1) + fib(n - 2)

@times(2)
@times(3)
def inc(x: int) -> int:
    return x + 1

class CountCalls:
    def __init__(self, func: Callable[[int], int]) -> None:
        self.func = func
        self.calls = 0

    def __call__(self, x: int) -> int:
        self.calls += 1
        return self.func(x)

@CountCalls
def double(x: int) -> int:
    return 2 * x

print(fib(80), calls[0], inc(0), double(4), double(5), double.calls)
