# A subclass object held as its base class runs the subclass's overrides: objects of a class
# hierarchy record their class, and calls of overridden methods dispatch on it.
class Shape:
    def __init__(self, name: str) -> None:
        self.name = name

    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return f"{self.name}: {self.area()}"

class Square(Shape):
    def __init__(self, side: float) -> None:
        super().__init__("square")
        self.side = side

    def area(self) -> float:
        return self.side * self.side

class Cube(Square):
    def area(self) -> float:
        return 6 * super().area()

class AppError(Exception):
    def __init__(self, msg: str, code: int) -> None:
        super().__init__(msg)
        self.code = code

class Fatal(AppError):
    def __str__(self) -> str:
        return f"FATAL({self.code})"

shapes: list[Shape] = [Shape("blob"), Square(2.0), Cube(1.0)]
for s in shapes:
    print(s.describe(), s.area())
for err in [AppError("plain", 1), Fatal("hidden", 2)]:
    try:
        raise err
    except AppError as e:
        print(str(e), e.code)
