# @extend on a class imported from another module (collections.deque, generic over T), and
# a class defined inside a method.
from collections import deque

@extend
class deque:
    def rotated(self, n: int) -> List[T]:
        items = list(self)
        k = n % len(items)
        return items[-k:] + items[:-k]

    def __str__(self) -> str:
        return "deque<" + ", ".join(str(x) for x in self) + ">"

class Shape:
    def area(self) -> int:
        class Side:
            n: int
        return Side(3).n * Side(2).n

d = deque([1, 2, 3, 4])
print(d.rotated(1), str(d), Shape().area())
