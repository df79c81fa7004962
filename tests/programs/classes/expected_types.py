# A declared type shapes the value checked against it: display items and conditional
# branches are fitted to the element type (a subclass to its base, an Optional unwrapped),
# and a generic class takes its parameters from Generic[T] with typing.TypeVar.
from typing import Generic, Optional, TypeVar

T = TypeVar("T")

class Box(Generic[T]):
    def __init__(self, item: T) -> None:
        self.item = item

    def get(self) -> T:
        return self.item

class Base:
    def __init__(self, n: int) -> None:
        self.n = n

class Sub(Base):
    pass

def pick(flag: bool, x: Optional[Base]) -> list[Base]:
    return [] if flag else [Sub(1), Base(2), x]

items: list[Base] = [Sub(3), Base(4)]
names: dict[str, Base] = {"s": Sub(5)}
print([b.n for b in items], names["s"].n, [b.n for b in pick(False, Base(6))], pick(True, None))
print(Box[int](7).get(), Box("s").get(), Box[list[int]]([1]).get())
