# @staticmethod (through the class or an instance), @classmethod (cls is the class it was
# called on, so subclasses construct themselves and see their own constants), and @property
# with a setter (used by assignments, augmented assignments and __init__).

class Shape:
    SIDES = 0

    def __init__(self, size: int) -> None:
        self._size = 0
        self.size = size

    @classmethod
    def unit(cls):
        return cls(1)

    @classmethod
    def describe(cls) -> str:
        return f"{cls.__name__()} with {cls.SIDES} sides"

    @staticmethod
    def __name__() -> str:
        return "shape"

    @staticmethod
    def plural(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    @property
    def size(self) -> int:
        return self._size

    @size.setter
    def size(self, v: int) -> None:
        self._size = v if v > 0 else 1

    @property
    def perimeter(self) -> int:
        return self.SIDES * self.size

class Square(Shape):
    SIDES = 4

s = Square.unit()
print(s.size, s.perimeter, Square.describe(), s.describe(), Shape.describe())
s.size += 4
print(s.size, s.perimeter, s.plural(2, "side"), Shape.plural(1, "side"))
s.size = -3
print(s.size, Square(7).perimeter)
