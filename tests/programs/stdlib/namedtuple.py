# collections.namedtuple: classes made at compile time, generic over their field types.
import collections
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(3, 4)
q = Point(y=2, x=1)
r = Point(5, y=6)
print(p, q, r, str(p), repr(q), f"{p}")
print(p.x, p.y, p[0], p[1], p[-1], p[-2], len(p), p[0:1], p[::-1])
a, b = p
print(a, b, a * b)
print(p == (3, 4), (3, 4) == p, p == Point(3, 4), p != q, p == q, p < q, q < p, p <= p)
print(hash(p) == hash((3, 4)), {p: "p", q: "q"}[Point(1, 2)], Point(3, 4) in {p, q})
print(list(p), tuple(q), [c * 2 for c in p], sum(q), max(p), 4 in p, p.count(3), p.index(4))
print(p + q, p * 2)
for i in range(len(p)):
    print("item", i, p[i])
print(Point._fields, p._fields, Point._make([7, 8]), Point._make((9, 10)))
print(p._replace(x=30), p._replace(), p._replace(y=0, x=0), p._asdict())

# Field types come from construction: each instantiation is its own tuple type.
Pair = collections.namedtuple("Pair", "key, value")
mixed = Pair("pi", 3.14159)
print(mixed, mixed.key.upper(), round(mixed.value, 2))
for part in mixed:
    print("part", part)
k, v = mixed
print(k, v, mixed == ("pi", 3.14159), mixed._replace(value=2.71828))

def show(key, value):
    print("show", key, value)

show(*mixed)

# Bare namedtuple names in annotations take any field types.
Vec = namedtuple("Vec", "dx dy")
def add(a: Vec, b: Vec) -> Vec:
    return Vec(a.dx + b.dx, a.dy + b.dy)
def scale(v: Vec, k: float) -> Vec:
    return Vec(v.dx * k, v.dy * k)
print(add(Vec(1, 2), Vec(3, 4)), scale(add(Vec(0.5, 0.25), Vec(1.0, 1.0)), 2.0))

# Sorting, grouping and keys.
Emp = namedtuple("Emp", "name dept salary")
staff = [Emp("ann", "eng", 120), Emp("bob", "ops", 90), Emp("cy", "eng", 110)]
print(sorted(staff, key=lambda e: (e.dept, -e.salary)))
print(min(staff, key=lambda e: e.salary).name, sorted(staff)[0])
by_dept: dict[str, list[str]] = {}
for e in staff:
    by_dept.setdefault(e.dept, []).append(e.name)
print(by_dept)
seen = {Emp("ann", "eng", 120), Emp("ann", "eng", 120)}
print(len(seen))

# A namedtuple made inside a function, and a type name other than the variable's.
def corners(w: int, h: int):
    Corner = namedtuple("Corner", "col row")
    return [Corner(0, 0), Corner(w, 0), Corner(w, h), Corner(0, h)]
print(corners(2, 3))
P3 = namedtuple("Point3", "x y z")
print(P3(1, 2, 3), P3._fields)
Odd = namedtuple("Odd", ["ok", "def", "_hidden", "ok"], rename=True)
print(Odd._fields, Odd(1, 2, 3, 4))

try:
    Point._make([1, 2, 3])
except TypeError as ex:
    print("TypeError", ex)
