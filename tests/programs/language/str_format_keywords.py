# str.format with keyword arguments of different types, beside positional ones.
print("{name} is {age} years".format(name="Ann", age=31))
print("{0}-{1} {x:>5}|{y!r}".format(1, "b", x=2.5, y="q"))
print("{} {}".format("a", 3))
try:
    print("{missing}".format(other=1))
except KeyError as e:
    print("KeyError", e)
print("[{:{}}] [{:{w}.{p}f}] [{:>{}}]".format("ab", 6, 2.5, "z", 3, w=8, p=2))
