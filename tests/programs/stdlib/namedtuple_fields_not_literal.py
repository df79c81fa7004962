# namedtuple's field names must be written in the call: the class is made at compile time.
from collections import namedtuple

names = ["x", "y"]
Point = namedtuple("Point", names)
print(Point(1, 2))
