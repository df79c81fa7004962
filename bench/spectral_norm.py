# Spectral norm: the largest singular value of the infinite matrix A(i, j) = 1 / ((i + j)(i +
# j + 1) / 2 + i + 1), by ten rounds of power iteration on A^T A. Size: the matrix order.
import sys


def a(i: int, j: int) -> float:
    return 1.0 / ((i + j) * (i + j + 1) // 2 + i + 1)


def times_a(u: list[float], out: list[float]):
    n = len(u)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(i, j) * u[j]
        out[i] = s


def times_at(u: list[float], out: list[float]):
    n = len(u)
    for i in range(n):
        s = 0.0
        for j in range(n):
            s += a(j, i) * u[j]
        out[i] = s


def times_ata(u: list[float], out: list[float], tmp: list[float]):
    times_a(u, tmp)
    times_at(tmp, out)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    u = [1.0] * n
    v = [0.0] * n
    tmp = [0.0] * n
    for _ in range(10):
        times_ata(u, v, tmp)
        times_ata(v, u, tmp)
    vbv = 0.0
    vv = 0.0
    for i in range(n):
        vbv += u[i] * v[i]
        vv += v[i] * v[i]
    print(f"{(vbv / vv) ** 0.5:.9f}")


main()
