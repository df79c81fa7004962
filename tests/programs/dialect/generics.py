# Generic functions and classes with explicit type parameters (Codon's Generics page).

def identity[T](x: T) -> T:
    return x

def pair[A, B](a: A, b: B) -> Tuple[A, B]:
    return (a, b)

def zeros(n: int, T: type = int) -> List[T]:
    return [T() for _ in range(n)]

def parse_as(text: str, T: type):
    return T(text)

def name_of[T](x: T) -> str:
    return T.__name__

class Box[T]:
    item: T

    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item

    def map[U](self, f: Callable[[T], U]) -> Box[U]:
        return Box[U](f(self.item))

def repeat(s: str, N: Static[int]) -> str:
    out = ""
    for _ in range(N):
        out += s
    return out

print(identity(5), identity("five"), identity[float](2.5))
print(pair(1, "a"), pair[str, int]("b", 2))
print(zeros(3), zeros(2, float), zeros(1, T=str))
print(parse_as("42", int) + 1, parse_as("2.5", float) * 2)
print(name_of(1), name_of([1.5]), name_of((1, "x")), name_of({"k": [1]}))
b = Box(21)
print(b.get() * 2, b.map(lambda v: str(v) + "!").get())
f = Box[float](1.0)
print(f.get(), type(f.item).__name__, f.__class__.__name__)
print(repeat("ab", 3))
