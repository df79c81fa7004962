# Codon's type names (builtin, and as `typing` spells them), Optional values, and the
# optimisation decorators Codon accepts.
from typing import Callable, Iterator

def index_of(xs: List[str], s: str) -> Optional[int]:
    for i, x in enumerate(xs):
        if x == s:
            return i
    return None

def apply(f: Callable[[int], int], x: int) -> int:
    return f(x)

def evens(n: int) -> Generator[int]:
    for i in range(0, n, 2):
        yield i

def counts(words: List[str]) -> Dict[str, int]:
    d = Dict[str, int]()
    for w in words:
        d[w] = d.get(w, 0) + 1
    return d

@pure
@inline
def square(x: int) -> int:
    return x * x

@nonpure
@noinline
def shout(s: str) -> str:
    return s.upper()

@commutative
@associative
def plus(a: int, b: int) -> int:
    return a + b

words = ["a", "b", "a"]
i = index_of(words, "b")
j = index_of(words, "z")
print(i, j, i is None, j is None)
if i is not None:
    print("found at", i + 1)
print(index_of(words, "a") * 100)
try:
    print(j + 1)
except ValueError as e:
    print("ValueError:", e)
o = Optional[str]()
p = Optional("x")
print(o, p, p + "y", o is None)
print(apply(square, 7), list(evens(7)), counts(words), sorted(Set[int]([3, 3, 1])), Tuple[int, str]((1, "a")))
print(shout("hi"), plus(2, 3))
