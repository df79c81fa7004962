# copy.copy of objects: a new object with the same fields (a shallow copy), __copy__ when the
# class defines it, and the collections' own copies.
import copy
from collections import deque, Counter
class P:
    def __init__(self, xs: list[int], name: str) -> None:
        self.xs = xs
        self.name = name
p = P([1], "a")
q = copy.copy(p)
q.name = "b"
p.xs.append(2)
print(p.name, q.name, q.xs, q is p)
d = deque([1, 2])
e = copy.copy(d)
e.append(3)
print(d, e)
c = Counter("ab")
c2 = copy.copy(c)
c2["a"] += 5
print(c["a"], c2["a"])
print(copy.copy(5), copy.copy("s"), copy.copy((1, [2])))
class V:
    def __init__(self) -> None:
        self.n = 0
    def __copy__(self):
        w = V()
        w.n = self.n + 100
        return w
print(copy.copy(V()).n)
