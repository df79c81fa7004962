# collections: deque (both ends, maxlen, rotate), Counter (counting, most_common, arithmetic),
# OrderedDict (move_to_end, popitem both ways) and defaultdict (factories).
from collections import deque, Counter, OrderedDict, defaultdict

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, d.pop(), d.popleft(), len(d), d[0], d[-1])
d.rotate(1)
print(d, list(reversed(d)))
d.rotate(-2)
print(d, 2 in d, d.count(2))
last3 = deque(maxlen=3)
for i in range(6):
    last3.append(i)
print(last3, last3.maxlen)
d.extend([7, 8])
d.extendleft([9])
print(d, d.index(7))
d.clear()
print(d, len(d))
try:
    d.pop()
except IndexError as e:
    print("IndexError:", e)
c = Counter("mississippi")
print(c.most_common(2), c["s"], c["z"], len(c), sorted(c.elements())[:5])
c.update("sip")
print(c["s"], c["i"], c.total())
a = Counter([1, 1, 2])
b = Counter([1, 2, 2, 3])
print(sorted((a + b).items()), sorted((b - a).items()), sorted((a & b).items()), sorted((a | b).items()))
od: OrderedDict[str, int] = OrderedDict()
for k in "dbca":
    od[k] = ord(k)
od.move_to_end("d")
od.move_to_end("a", last=False)
print(list(od.keys()), od.popitem(), od.popitem(last=False), list(od.items()))
dd: defaultdict[str, list[int]] = defaultdict(list)
for word, n in [("a", 1), ("b", 2), ("a", 3)]:
    dd[word].append(n)
print(sorted(dd.items()), dd["zz"], len(dd))
