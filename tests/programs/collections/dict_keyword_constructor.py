# dict() from keywords, from items plus keywords, and the usual forms beside them.
print(dict(a=1, b=2), dict([("a", 1)], b=2), dict({"x": 1.5}), dict(), dict(zip("ab", range(2))))
d = dict(one="1")
d.update(two="2")
print(d, len(dict(k=[1, 2])["k"]))
