# Found by the differential fuzzer (tests/fuzz, seed 2001): `a in b` evaluated `b` before
# `a` (it is `b.__contains__(a)`); Python evaluates the left operand first.
G = 0


def f(tag: str, v: int) -> int:
    global G
    G = G * 2 + v
    print("eval", tag)
    return v


print(f("left", 1) in (f("t0", 1), 3))
print(f("left", 1) in [f("l0", 1)])
print(f("left", 1) not in [f("l0", 1)])
print(f("key", 1) in {f("dict", 1): 2})
print(f("elem", 2) in {f("set", 2)})
print(f("a", 1) < f("b", 2) in [f("c", 2)])
s = "xyz"
print("y" in s, "w" not in s, G)
