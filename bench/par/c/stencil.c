/* A 5-point stencil with collapse(2), as bench/par/stencil.py. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100;
    int steps = 20;
    double *a = calloc(n * n, sizeof *a), *b = calloc(n * n, sizeof *b);
    for (long i = 0; i < n; i++) a[i * n] = b[i * n] = 100.0;
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for collapse(2)
        for (long i = 1; i < n - 1; i++)
            for (long j = 1; j < n - 1; j++)
                b[i * n + j] = 0.25 * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
        double *t = a;
        a = b;
        b = t;
    }
    double total = 0.0;
    for (long i = 0; i < n * n; i++) total += a[i];
    printf("checksum %.6f\n", total);
    return 0;
}
