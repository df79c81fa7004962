# Parallel Mandelbrot by rows: how many points of an n x n grid stay bounded for 200
# iterations, and a per-row checksum. Size: n.
import sys

def row(y: int, n: int) -> int:
    ci = 2.0 * y / n - 1.0
    inside = 0
    for x in range(n):
        cr = 2.0 * x / n - 1.5
        zr = 0.0
        zi = 0.0
        escaped = False
        for _ in range(200):
            tr = zr * zr - zi * zi + cr
            zi = 2.0 * zr * zi + ci
            zr = tr
            if zr * zr + zi * zi > 4.0:
                escaped = True
                break
        if not escaped:
            inside += 1
    return inside

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    inside = 0
    weighted = 0
    @par(schedule='dynamic')
    for y in range(n):
        r = row(y, n)
        inside += r
        weighted += r * y
    print(f"{inside} of {n * n} points inside, weighted {weighted}")

main()
