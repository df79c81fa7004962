/* Spectral norm in C, the same algorithm as bench/spectral_norm.py. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double a(long i, long j) { return 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1); }

static void times_a(const double *u, double *out, long n) {
    for (long i = 0; i < n; i++) {
        double s = 0.0;
        for (long j = 0; j < n; j++) s += a(i, j) * u[j];
        out[i] = s;
    }
}

static void times_at(const double *u, double *out, long n) {
    for (long i = 0; i < n; i++) {
        double s = 0.0;
        for (long j = 0; j < n; j++) s += a(j, i) * u[j];
        out[i] = s;
    }
}

static void times_ata(const double *u, double *out, double *tmp, long n) {
    times_a(u, tmp, n);
    times_at(tmp, out, n);
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 100;
    double *u = malloc(n * sizeof *u), *v = malloc(n * sizeof *v), *tmp = malloc(n * sizeof *tmp);
    for (long i = 0; i < n; i++) u[i] = 1.0;
    for (int k = 0; k < 10; k++) {
        times_ata(u, v, tmp, n);
        times_ata(v, u, tmp, n);
    }
    double vbv = 0.0, vv = 0.0;
    for (long i = 0; i < n; i++) {
        vbv += u[i] * v[i];
        vv += v[i] * v[i];
    }
    printf("%.9f\n", sqrt(vbv / vv));
    free(u);
    free(v);
    free(tmp);
    return 0;
}
