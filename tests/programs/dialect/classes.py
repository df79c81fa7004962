# Codon's class features: an automatic __init__ from declared fields, @dataclass options,
# @tuple classes with __new__ overloads, __init__ overloads chosen by argument type,
# classes defined inside functions.

class Config:
    name: str
    retries: int = 3
    tags: List[str]

c = Config("svc")
print(c.name, c.retries, c.tags)
d = Config("db", 5, ["a"])
print(d.name, d.retries, d.tags)

@dataclass(order=True, hash=True)
class Version:
    major: int
    minor: int

vs = [Version(1, 2), Version(0, 9), Version(1, 0)]
print(sorted(vs))
print(Version(1, 2) == Version(1, 2), Version(1, 2) != Version(1, 3), Version(0, 1) < Version(0, 2))
print(len({Version(1, 0), Version(1, 0), Version(2, 0)}))

@dataclass(repr=False, eq=False)
class Handle:
    fd: int

h1 = Handle(3)
h2 = Handle(3)
print(h1.fd == h2.fd, h1 is h2)

@tuple
class Point:
    x: int
    y: int

    def __new__(v: int) -> Point:
        return Point(v, v)

    def __new__(text: str) -> Point:
        a, b = text.split(",")
        return Point(int(a), int(b))

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)

p = Point(1, 2)
print(p, Point(4), Point("3,-5"), Point("3,-5").norm1())
print(p == Point(1, 2), p < Point(1, 3), max([Point(0, 9), Point(2, 0), Point(1, 5)]))

class Temperature:
    kelvin: float

    def __init__(self, kelvin: float):
        self.kelvin = kelvin

    def __init__(self, celsius: int):
        self.kelvin = celsius + 273.15

    def __init__(self, text: str):
        self.__init__(float(text[:-1]))

print(Temperature(1.5).kelvin, Temperature(10).kelvin, Temperature("300.0K").kelvin)

def histogram(words: List[str]) -> str:
    class Bin:
        word: str
        count: int

        def __str__(self) -> str:
            return f"{self.word}={self.count}"

    bins = List[Bin]()
    for w in sorted(set(words)):
        bins.append(Bin(w, words.count(w)))
    return " ".join(str(b) for b in bins)

print(histogram(["b", "a", "b", "c", "b"]))
