# @extend adds methods to existing classes, builtin or user-defined: new methods, new
# overloads of existing ones, and replacements of a method with the same signature.

@extend
class int:
    def is_even(self) -> bool:
        return self % 2 == 0

    def times(self, s: str) -> str:
        return s * self

@extend
class List:
    def total(self) -> T:
        acc = T()
        for x in self:
            acc += x
        return acc

@extend
class Dict:
    def inverted(self) -> Dict[V, K]:
        return {v: k for k, v in self.items()}

class Counter:
    n: int

    def bump(self) -> int:
        self.n += 1
        return self.n

    def describe(self) -> str:
        return "old"

c = Counter(0)

@extend
class Counter:
    def bump(self, by: int) -> int:
        self.n += by
        return self.n

    def describe(self) -> str:
        return f"counter at {self.n}"

    def __len__(self) -> int:
        return self.n

print((4).is_even(), (7).is_even(), (3).times("ab"))
print([1, 2, 3].total(), [0.5, 0.25].total(), ["x", "y"].total())
print({"a": 1, "b": 2}.inverted())
print(c.bump(), c.bump(10), c.describe(), len(c))
