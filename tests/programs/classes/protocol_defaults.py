# Magic methods a class does not define get CPython's defaults: str() uses __repr__, truth
# uses __len__ (else True), `in` iterates __iter__, != negates __eq__, comparisons are
# mirrored (a > b is b < a), and objects without __eq__/__hash__ compare by identity.

class Version:
    def __init__(self, text: str) -> None:
        self.parts = [int(p) for p in text.split(".")]

    def __lt__(self, other: "Version") -> bool:
        return self.parts < other.parts

    def __eq__(self, other: "Version") -> bool:
        return self.parts == other.parts

    def __repr__(self) -> str:
        return "v" + ".".join(str(p) for p in self.parts)

class Bag:
    def __init__(self) -> None:
        self.items: list[int] = []

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        for x in self.items:
            yield x

class Plain:
    def __init__(self, n: int) -> None:
        self.n = n

vs = [Version("1.10"), Version("1.2"), Version("0.9")]
print(vs, sorted(vs), str(vs[0]), f"{vs[1]}")
print(Version("2.0") > Version("1.0"), Version("1.0") != Version("1.0"), max(vs))
b = Bag()
print(bool(b), 3 in b, "empty" if not b else "full")
b.items.append(3)
print(bool(b), 3 in b, 4 in b, 4 not in b)
p = Plain(1)
q = p
print(bool(p), p == q, p == Plain(1), p != Plain(1), hash(p) == hash(q), len({p, q}))
print(str(p).startswith("<__main__.Plain object at 0x"))
