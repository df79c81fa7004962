# An exception raised inside a @par loop body stops the loop's remaining work and is
# raised again after the loop, where an enclosing `try` catches it (as in Codon).

def checked_total(xs: List[int]) -> int:
    total = 0
    @par(schedule='dynamic', chunk_size=2)
    for i in range(len(xs)):
        if xs[i] < 0:
            raise ValueError("negative item at " + str(i))
        total += xs[i]
    return total

print(checked_total([1, 2, 3, 4, 5]))
try:
    print(checked_total([1, 2, 3, -4, 5, 6, 7, 8]))
except ValueError as e:
    print("caught:", e)

def lookup(d: Dict[str, int], keys: List[str]) -> int:
    found = 0
    @par
    for k in keys:
        found += d[k]
    return found

d = {"a": 1, "b": 2}
print(lookup(d, ["a", "b", "a"]))
try:
    lookup(d, ["a", "zz", "b"])
except KeyError as e:
    print("missing key:", e)
print("done")
