# In d[k] = v the value is computed first; a loop over a tuple of one item type binds a real
# variable that generator expressions can read; dict.update takes keywords.
order = []


def key(s: str) -> str:
    order.append("k" + s)
    return s


def val(n: int) -> int:
    order.append("v" + str(n))
    return n


d = {key("a"): val(1)}
d[key("b")] = val(2)
print(d, order)

grid = ["ab", "cd", "ef"]
for row in (0, 2):
    print(" ".join(grid[row][c] for c in range(len(grid[row]))))
for mixed in (1, "x", 2.5):
    print(mixed)

d.update(c=3, e=5)
print(d)
