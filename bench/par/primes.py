# Parallel prime counting: trial division below n, dynamic schedule (later candidates cost
# more). Size: n.
import sys

def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    count = 0
    total = 0
    @par(schedule='dynamic', chunk_size=100)
    for k in range(n):
        if is_prime(k):
            count += 1
            total += k
    print(f"{count} primes below {n}, summing to {total}")

main()
