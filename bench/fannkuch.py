# Fannkuch-redux: for every permutation of 1..n (in a fixed order), count the prefix reversals
# needed to bring 1 to the front; prints a signed checksum and the largest count. Size: n.
import sys


def fannkuch(n: int) -> tuple[int, int]:
    perm1 = list(range(n))
    count = [0] * n
    perm = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    r = n
    while True:
        while r != 1:
            count[r - 1] = r
            r -= 1
        for i in range(n):
            perm[i] = perm1[i]
        flips = 0
        k = perm[0]
        while k != 0:
            lo = 0
            hi = k
            while lo < hi:
                t = perm[lo]
                perm[lo] = perm[hi]
                perm[hi] = t
                lo += 1
                hi -= 1
            flips += 1
            k = perm[0]
        if flips > max_flips:
            max_flips = flips
        checksum += sign * flips
        sign = -sign
        # next permutation: rotate the first r + 1 items until a counter is left
        while True:
            if r == n:
                return checksum, max_flips
            first = perm1[0]
            for i in range(r):
                perm1[i] = perm1[i + 1]
            perm1[r] = first
            count[r] -= 1
            if count[r] > 0:
                break
            r += 1


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    checksum, flips = fannkuch(n)
    print(checksum)
    print(f"Pfannkuchen({n}) = {flips}")


main()
