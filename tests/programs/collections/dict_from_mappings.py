# dict() copies dicts, dict-like collections (defaultdict, Counter, OrderedDict) and any
# iterable of key-value pairs, taking its key and value types from what it is given.
from collections import Counter, OrderedDict, defaultdict

print(dict([("a", 1), ("b", 2)]), dict((("x", 1.5),)), dict(zip("ab", [1, 2])))
d = {"k": [1]}
copy = dict(d)
copy["k2"] = [2]
print(dict(d.items()), d, copy, dict(Counter("hello")))
print(dict([("a", 1)], b=2), dict(a=1, b=2), dict(d, extra=[3]))
groups: defaultdict[int, list[str]] = defaultdict(list)
for w in ["fig", "kiwi", "yam", "pear"]:
    groups[len(w)].append(w)
plain = dict(groups)
print(plain, isinstance(plain, dict), dict(OrderedDict([(1, 2), (0, 3)])))
counts: defaultdict[str, int] = defaultdict(int)
for ch in "banana":
    counts[ch] += 1
frozen = dict(counts)
counts["z"] += 1
print(frozen, len(counts), "z" in frozen)
print(dict(enumerate("ab")), dict([[1, 2], [3, 4]]), dict(["xy", "zw"]))
print(dict((k, k * k) for k in range(4)))
