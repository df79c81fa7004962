# Binary trees: allocates many short-lived complete binary trees while one long-lived tree stays
# alive, the classic test of allocation and collection. Size: the maximum depth.
from __future__ import annotations
import sys
from typing import Optional


class Node:
    left: Optional[Node]
    right: Optional[Node]

    def __init__(self, left: Optional[Node], right: Optional[Node]):
        self.left = left
        self.right = right


def make(depth: int) -> Node:
    if depth == 0:
        return Node(None, None)
    return Node(make(depth - 1), make(depth - 1))


def check(node: Optional[Node]) -> int:
    if node is None:
        return 0
    return 1 + check(node.left) + check(node.right)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    min_depth = 4
    max_depth = max(min_depth + 2, n)
    stretch = max_depth + 1
    print(f"stretch tree of depth {stretch}\t check: {check(make(stretch))}")
    long_lived = make(max_depth)
    for depth in range(min_depth, max_depth + 1, 2):
        iterations = 1 << (max_depth - depth + min_depth)
        total = 0
        for _ in range(iterations):
            total += check(make(depth))
        print(f"{iterations}\t trees of depth {depth}\t check: {total}")
    print(f"long lived tree of depth {max_depth}\t check: {check(long_lived)}")


main()
