/* Parallel prime counting, as bench/par/primes.py. */
#include <stdio.h>
#include <stdlib.h>

static int is_prime(long n) {
    if (n < 2) return 0;
    if (n % 2 == 0) return n == 2;
    for (long d = 3; d * d <= n; d += 2)
        if (n % d == 0) return 0;
    return 1;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000;
    long count = 0, total = 0;
#pragma omp parallel for schedule(dynamic, 100) reduction(+ : count, total)
    for (long k = 0; k < n; k++)
        if (is_prime(k)) {
            count++;
            total += k;
        }
    printf("%ld primes below %ld, summing to %ld\n", count, n, total);
    return 0;
}
