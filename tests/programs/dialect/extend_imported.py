# @extend on a class imported from another module, and a class defined inside a method.
from extend_geometry import Vec

@extend
class Vec:
    def __add__(self, o: Vec) -> Vec:
        return Vec(self.x + o.x, self.y + o.y)

    def __str__(self) -> str:
        return f"<{self.x},{self.y}>"

class Shape:
    def area(self) -> int:
        class Side:
            n: int
        return Side(3).n * Side(2).n

print(Vec(1, 2) + Vec(3, 4), Shape().area())
