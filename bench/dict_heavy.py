# Dict-heavy: fills, probes, updates and empties dicts keyed by ints and by strings, and groups
# values into lists under computed keys. Size: the number of keys.
import sys


def int_keys(n: int) -> int:
    d: dict[int, int] = {}
    for i in range(n):
        d[(i * 7919) % (2 * n)] = i
    hits = 0
    for i in range(2 * n):
        if i in d:
            hits += d[i] % 13
    for i in range(0, 2 * n, 3):
        if i in d:
            del d[i]
    return hits + len(d)


def str_keys(n: int) -> int:
    d: dict[str, int] = {}
    for i in range(n):
        key = "k" + str(i % (n // 2 + 1))
        d[key] = d.get(key, 0) + i
    total = 0
    for key, value in d.items():
        total = (total + len(key) * value) % 1000000007
    return total + len(d)


def grouping(n: int) -> int:
    groups: dict[int, list[int]] = {}
    for i in range(n):
        key = (i * i) % 97
        if key not in groups:
            groups[key] = []
        groups[key].append(i)
    checksum = 0
    for key in sorted(groups):
        checksum = (checksum * 31 + key * len(groups[key]) + groups[key][-1]) % 1000000007
    return checksum


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    print(f"int keys: {int_keys(n)}")
    print(f"str keys: {str_keys(n)}")
    print(f"grouping: {grouping(n)}")


main()
