# Mandelbrot: decides for each point of an n x n grid over [-1.5, 0.5] x [-1, 1] whether it
# stays bounded for 50 iterations; prints how many do and a checksum of their positions.
# Size: n.
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    inside = 0
    checksum = 0
    for y in range(n):
        ci = 2.0 * y / n - 1.0
        for x in range(n):
            cr = 2.0 * x / n - 1.5
            zr = 0.0
            zi = 0.0
            escaped = False
            for _ in range(50):
                tr = zr * zr - zi * zi + cr
                zi = 2.0 * zr * zi + ci
                zr = tr
                if zr * zr + zi * zi > 4.0:
                    escaped = True
                    break
            if not escaped:
                inside += 1
                checksum = (checksum * 31 + y * n + x) % 1000000007
    print(f"{inside} of {n * n} points inside")
    print(f"checksum {checksum}")


main()
