# Float points: builds n points from sines and cosines, normalizes each, and folds them into
# the component-wise maximum, over and over; exercises small objects and float arithmetic.
# Size: the number of points.
from __future__ import annotations
import sys
import math


class Point:
    x: float
    y: float
    z: float

    def __init__(self, i: float):
        self.x = math.sin(i)
        self.y = math.cos(i) * 3.0
        self.z = (self.x * self.x) / 2.0

    def normalize(self):
        norm = math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= norm
        self.y /= norm
        self.z /= norm

    def maximize(self, other: Point) -> Point:
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def benchmark(n: int) -> Point:
    points = [Point(float(i)) for i in range(n)]
    for p in points:
        p.normalize()
    best = points[0]
    for p in points[1:]:
        best = best.maximize(p)
    return best


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rounds = 10
    best = benchmark(n)
    for _ in range(rounds - 1):
        best = benchmark(n)
    print(f"Point({best.x:.9f}, {best.y:.9f}, {best.z:.9f})")


main()
