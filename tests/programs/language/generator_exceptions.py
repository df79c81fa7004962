# An exception raised inside a generator reaches the consumer and ends the generator;
# StopIteration escaping a generator's body becomes RuntimeError (PEP 479).
def parse_ints(items):
    for s in items:
        yield int(s)


g = parse_ints(["10", "x", "30"])
print(next(g))
try:
    next(g)
except ValueError as e:
    print("next() raised:", e)
print("finished afterwards:", next(g, -1), list(g))
try:
    next(g)
except StopIteration:
    print("StopIteration again")


def leaky(it):
    yield next(it)
    yield next(it)


try:
    print(list(leaky(iter([1]))))
except RuntimeError as e:
    print("RuntimeError:", e)
