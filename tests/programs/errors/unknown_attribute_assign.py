# Only methods of a class create its fields: assigning an unknown attribute elsewhere is an error.
class Point:
    def __init__(self, x: int) -> None:
        self.x = x

p = Point(1)
p.y = 2
