# What an @par loop can run over besides range(): lists, strings, tuples of one item type,
# and iterables without positions (generators, sets, dict keys), which are gathered into a
# list before the loop starts.

def evens(n: int):
    for i in range(n):
        if i % 2 == 0:
            yield i

g = 0
@par
for x in evens(100):
    g += x
print("generator", g)

prices = {"apple": 3, "pear": 5, "fig": 7}
cost = 0
@par
for name in prices:
    cost += prices[name] * len(name)
print("dict keys", cost)

keys = {10: 1, 20: 2, 30: 3}
weighted = 0
@par
for k in keys:
    weighted += k * keys[k]
print("int keys", weighted)

flags = {1, 4, 16, 64}
mask = 0
@par
for f in flags:
    mask |= f
print("set", mask)

t = (3, 1, 4, 1, 5, 9, 2, 6)
big = 0
@par
for v in t:
    big = max(big, v)
print("tuple", big)

word = "parallelism"
ls = 0
@par
for ch in word:
    if ch == "l":
        ls += 1
print("string", ls)
