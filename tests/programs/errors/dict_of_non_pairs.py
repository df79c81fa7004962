# dict() takes an iterable of key-value pairs; ints are not pairs.
ok = dict([("a", 1)])
bad = dict([1, 2])
print(ok, bad)
