# str() and repr() of exceptions follow the arguments they were made with.
print(repr(ValueError("bad")), str(ValueError("bad")), repr(RuntimeError()), str(RuntimeError()) == "")
print(repr(KeyError("k")), str(KeyError("k")), repr(IndexError(3)), str(IndexError(3)))
d = {"a": 1}
try:
    d["zz"]
except KeyError as e:
    print("missing", e, repr(e))
