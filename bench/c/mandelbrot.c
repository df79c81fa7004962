/* Mandelbrot in C, the same grid, iteration limit and checksum as bench/mandelbrot.py. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200;
    long inside = 0, checksum = 0;
    for (long y = 0; y < n; y++) {
        double ci = 2.0 * y / n - 1.0;
        for (long x = 0; x < n; x++) {
            double cr = 2.0 * x / n - 1.5, zr = 0.0, zi = 0.0;
            int escaped = 0;
            for (int k = 0; k < 50; k++) {
                double tr = zr * zr - zi * zi + cr;
                zi = 2.0 * zr * zi + ci;
                zr = tr;
                if (zr * zr + zi * zi > 4.0) {
                    escaped = 1;
                    break;
                }
            }
            if (!escaped) {
                inside++;
                checksum = (checksum * 31 + y * n + x) % 1000000007;
            }
        }
    }
    printf("%ld of %ld points inside\nchecksum %ld\n", inside, n * n, checksum);
    return 0;
}
