import math
from typing import Optional
class A:
    x: int
    def unused(self, k: int) -> int:
        squares = [i * i for i in range(k)]
        f = lambda q: q + self.x
        match k:
            case [a, *rest]:
                return a
            case {"k": v, **others}:
                return v
            case Point(x=px) if px > 0:
                return px
        try:
            pass
        except ValueError as err:
            print(err)
        with open("f") as fh:
            print(fh)
        total = sum(squares) + f(1) + math.floor(2.5) + len(str(isinstance(k, int)))
        for j, (b, c) in enumerate([(1, 2)]):
            total += j + b + c
        if (w := k) > 0:
            total += w
        return total
def helper():
    global G
    G = 1
def other():
    def inner(z):
        return z + G
    return inner(1)
print("ok")
