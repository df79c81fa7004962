/* Fannkuch-redux in C, the same permutation order and checksum as bench/fannkuch.py. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 7;
    int *perm1 = malloc(n * sizeof(int)), *count = malloc(n * sizeof(int)),
        *perm = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) perm1[i] = i;
    long max_flips = 0, checksum = 0;
    int sign = 1, r = n;
    for (;;) {
        while (r != 1) {
            count[r - 1] = r;
            r--;
        }
        for (int i = 0; i < n; i++) perm[i] = perm1[i];
        long flips = 0;
        int k = perm[0];
        while (k != 0) {
            for (int lo = 0, hi = k; lo < hi; lo++, hi--) {
                int t = perm[lo];
                perm[lo] = perm[hi];
                perm[hi] = t;
            }
            flips++;
            k = perm[0];
        }
        if (flips > max_flips) max_flips = flips;
        checksum += sign * flips;
        sign = -sign;
        for (;;) {
            if (r == n) {
                printf("%ld\nPfannkuchen(%d) = %ld\n", checksum, n, max_flips);
                free(perm1);
                free(count);
                free(perm);
                return 0;
            }
            int first = perm1[0];
            for (int i = 0; i < r; i++) perm1[i] = perm1[i + 1];
            perm1[r] = first;
            if (--count[r] > 0) break;
            r++;
        }
    }
}
