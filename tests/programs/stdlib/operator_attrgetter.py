# operator.attrgetter: one name gives the attribute, several give a tuple, dotted names follow
# attributes in turn; as sort and max keys, in map, stored and called later.
from operator import attrgetter
import operator

class Point:
    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y

class Item:
    def __init__(self, name: str, price: float, qty: int, where: Point) -> None:
        self.name = name
        self.price = price
        self.qty = qty
        self.where = where

items = [Item("pen", 1.5, 10, Point(1, 2)), Item("book", 12.0, 2, Point(0, 5)),
         Item("cup", 4.25, 10, Point(3, 0)), Item("bag", 4.25, 1, Point(2, 2))]
print([i.name for i in sorted(items, key=attrgetter("price"))])
print([i.name for i in sorted(items, key=attrgetter("qty", "name"), reverse=True)])
print(max(items, key=attrgetter("price")).name, min(items, key=attrgetter("where.y")).name)

by_name = attrgetter("name")
both = attrgetter("price", "qty")
three = attrgetter("name", "where.x", "where.y")
print(by_name(items[0]), both(items[2]), three(items[1]))
print(list(map(attrgetter("qty"), items)), list(map(operator.attrgetter("where.x"), items)))
print(attrgetter("where")(items[3]).y, attrgetter("x", "x")(Point(7, 8)))

# getattr with a literal name is the same attribute access
print(getattr(items[0], "name"), getattr(Point(4, 9), "y"))
