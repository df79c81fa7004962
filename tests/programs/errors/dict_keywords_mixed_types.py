# A dict made from keywords holds one value type.
scores = {"a": 1}
d = dict(a=1, b="x")
print(d)
