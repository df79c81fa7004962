# attrgetter's names are used as attribute names when compiling: they must be literals.
from operator import attrgetter

class Item:
    def __init__(self, price: float) -> None:
        self.price = price

field = "price"
get = attrgetter(field)
print(get(Item(1.5)))
