# Chaos game: a point jumps a fixed fraction of the way towards a randomly chosen corner of a
# pentagon, over and over; the visited points, counted on a grid, draw a fractal. Uses its own
# linear congruential generator so every implementation sees the same sequence. Size: the
# number of jumps.
import sys
import math

WIDTH = 64
HEIGHT = 32


class Rng:
    state: int

    def __init__(self, seed: int):
        self.state = seed

    def next(self, n: int) -> int:
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % n


class Game:
    corners_x: list[float]
    corners_y: list[float]
    ratio: float

    def __init__(self, sides: int, ratio: float):
        self.corners_x = []
        self.corners_y = []
        for k in range(sides):
            angle = 2.0 * math.pi * k / sides - math.pi / 2.0
            self.corners_x.append(0.5 + 0.5 * math.cos(angle))
            self.corners_y.append(0.5 + 0.5 * math.sin(angle))
        self.ratio = ratio

    def run(self, jumps: int, rng: Rng, grid: list[list[int]]):
        x = 0.5
        y = 0.5
        sides = len(self.corners_x)
        last = -1
        for _ in range(jumps):
            k = rng.next(sides)
            if k == last:
                continue
            last = k
            x += (self.corners_x[k] - x) * self.ratio
            y += (self.corners_y[k] - y) * self.ratio
            col = int(x * WIDTH)
            row = int(y * HEIGHT)
            if 0 <= col < WIDTH and 0 <= row < HEIGHT:
                grid[row][col] += 1


def main():
    jumps = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    grid = [[0] * WIDTH for _ in range(HEIGHT)]
    Game(5, 0.6).run(jumps, Rng(42), grid)
    shades = " .:-=+*#%@"
    peak = max(max(row) for row in grid)
    for row in grid:
        line = ""
        for c in row:
            line += shades[c * (len(shades) - 1) // peak] if peak > 0 else " "
        print(line.rstrip())
    filled = sum(1 for row in grid for c in row if c > 0)
    print(f"{filled} cells hit, busiest {peak}")


main()
