# no __new__ overload of a @tuple class takes these arguments
@tuple
class Pair:
    a: int
    b: int

    def __new__(v: int) -> Pair:
        return Pair(v, v)

print(Pair(1), Pair(1, 2))
print(Pair(1.5, "x", 3))
