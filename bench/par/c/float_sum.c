/* A float reduction, as bench/par/float_sum.py. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    double s = 0.0, t = 0.0;
#pragma omp parallel for reduction(+ : s, t)
    for (long k = 1; k <= n; k++) {
        double x = (double)k;
        s += 1.0 / (x * x);
        t += sin(x) / x;
    }
    printf("%.9f %.9f\n", s, t);
    return 0;
}
