# functools.lru_cache / cache memoise recursive functions (decorated by a call or a name);
# a bounded cache evicts the least recently used entry.
from functools import lru_cache, cache

calls = [0]


@lru_cache(maxsize=None)
def fib(n: int) -> int:
    calls[0] += 1
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@cache
def paths(r: int, c: int) -> int:
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)


print(fib(60), calls[0], fib.cache_info().hits, paths(12, 12))
seen: list[int] = []


@lru_cache(maxsize=2)
def square(x: int) -> int:
    seen.append(x)
    return x * x


print([square(v) for v in [1, 2, 1, 3, 2]], seen, square.cache_info().currsize)
fib.cache_clear()
print(fib.cache_info().misses, fib(5))
