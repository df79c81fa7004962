# Set partitions: enumerates every partition of {0, ..., n-1} into non-empty blocks with a
# recursive generator (their number is the Bell number B(n)), and summarizes them. Size: n.
import sys


def partitions(items: list[int], i: int, blocks: list[list[int]]):
    if i == len(items):
        yield blocks
        return
    x = items[i]
    for b in blocks:
        b.append(x)
        yield from partitions(items, i + 1, blocks)
        b.pop()
    blocks.append([x])
    yield from partitions(items, i + 1, blocks)
    blocks.pop()


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    items = list(range(n))
    count = 0
    by_blocks = [0] * (n + 1)
    weight = 0
    for p in partitions(items, 0, []):
        count += 1
        by_blocks[len(p)] += 1
        for b in p:
            weight = (weight * 7 + len(b) * b[0]) % 1000003
    print(f"B({n}) = {count}")
    print("by number of blocks:", by_blocks[1:])
    print(f"weight {weight}")


main()
