# Generic @tuple and reference classes, explicit type parameters used only in the body, and
# Function[[A], R] as a type name.
@tuple
class Pair[T]:
    a: T
    b: T
    def swap(self) -> Pair[T]:
        return Pair[T](self.b, self.a)
p = Pair(1, 2)
print(p, p.swap(), Pair[str]("x", "y").swap())

class Stack[T]:
    items: List[T]
    def push(self, x: T):
        self.items.append(x)
    def peek(self) -> Optional[T]:
        return self.items[-1] if self.items else None
s = Stack[int]()
print(s.peek())
s.push(3)
print(s.peek(), s.items)

def check[T](x) -> bool:
    return isinstance(x, T)
print(check[int](3), check[str](3))

def apply_all(fs: List[Function[[int], int]], x: int) -> List[int]:
    return [f(x) for f in fs]
def inc(x: int) -> int:
    return x + 1
def dbl(x: int) -> int:
    return x * 2
print(apply_all([inc, dbl], 5))
