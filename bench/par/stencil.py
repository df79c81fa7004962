# A 5-point stencil over an n x n grid with collapse=2: `steps` Jacobi sweeps between two
# grids (flat lists), then a checksum. Size: n (steps = 20).
import sys

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    steps = 20
    a = [0.0] * (n * n)
    b = [0.0] * (n * n)
    for i in range(n):
        a[i * n] = 100.0
        b[i * n] = 100.0
    for s in range(steps):
        @par(collapse=2)
        for i in range(1, n - 1):
            for j in range(1, n - 1):
                b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1])
        a, b = b, a
    total = 0.0
    for v in a:
        total += v
    print(f"checksum {total:.6f}")

main()
