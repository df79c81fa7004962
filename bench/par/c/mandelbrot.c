/* Parallel Mandelbrot by rows, as bench/par/mandelbrot.py. */
#include <stdio.h>
#include <stdlib.h>

static long row(long y, long n) {
    double ci = 2.0 * y / n - 1.0;
    long inside = 0;
    for (long x = 0; x < n; x++) {
        double cr = 2.0 * x / n - 1.5, zr = 0.0, zi = 0.0;
        int escaped = 0;
        for (int k = 0; k < 200; k++) {
            double tr = zr * zr - zi * zi + cr;
            zi = 2.0 * zr * zi + ci;
            zr = tr;
            if (zr * zr + zi * zi > 4.0) {
                escaped = 1;
                break;
            }
        }
        if (!escaped) inside++;
    }
    return inside;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200;
    long inside = 0, weighted = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : inside, weighted)
    for (long y = 0; y < n; y++) {
        long r = row(y, n);
        inside += r;
        weighted += r * y;
    }
    printf("%ld of %ld points inside, weighted %ld\n", inside, n * n, weighted);
    return 0;
}
