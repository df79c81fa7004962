# Objects iterate through __iter__ returning a generator or an iterator object with
# __next__ (ending with StopIteration); a field whose element type is learnt from a later
# method call (`self.items = []`, then `add`) works; iterables unpack into names.

class Countdown:
    def __init__(self, start):
        self.cur = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.cur <= 0:
            raise StopIteration
        self.cur -= 1
        return self.cur + 1

class Bag:
    def __init__(self):
        self.items = []

    def add(self, v):
        self.items.append(v)
        return self

    def __iter__(self):
        for v in self.items:
            yield v

for n in Countdown(3):
    print("countdown", n)
c = Countdown(4)
print(next(c), list(c), list(c), next(c, -1))
b = Bag().add("x").add("y")
first, second = b
print(first, second, list(b), "y" in b)
