/* seq_float_round against CPython 3.11's round(x, n) (inf where CPython overflows). */
#include "common.h"

static const struct {
  double x;
  int64_t ndigits;
  double want;
} cases[] = {
    {2.675, 2, 2.67},
    {0.125, 2, 0.12},
    {0.375, 2, 0.38},
    {1.005, 2, 1.0},
    {1234.5678, -2, 1200.0},
    {1234.5678, 1, 1234.6},
    {149.9, -2, 100.0},
    {150.0, -2, 200.0},
    {250.0, -2, 200.0},
    {-0.4, 0, -0.0},
    {-4.0, -1, -0.0},
    {1.5, 400, 1.5},
    {1e+308, -308, 1e+308},
    {5e-324, 400, 5e-324},
    {0.5, 0, 0.0},
    {1.5, 0, 2.0},
    {2.5, 0, 2.0},
    {1e+300, -309, 0.0},
    {99999.0, -1, 100000.0},
    {95.4, -1, 100.0},
    {9.5, -1, 10.0},
    {1e+22, -21, 1e+22},
    {123456789.98765433, 5, 123456789.98765},
    {0.285, 2, 0.28},
    {1.0000000000000002, 15, 1.0},
    {5e-324, 323, 0.0},
    {5e-324, 324, 5e-324},
    {__builtin_inf(), 2, __builtin_inf()},
    {__builtin_nan(""), 2, __builtin_nan("")},
    {-0.0, 3, -0.0},
    {0.1, 20, 0.1},
    {1.0000000000000002e+16, -1, 1e+16},
    {4500000000000000.5, 0, 4500000000000000.0},
    {-1234567.0, -3, -1235000.0},
    {5e-05, 4, 0.0001},
    {5.5e-05, 4, 0.0001},
};

int main(int argc, char **argv) {
  seq_init(argc, argv);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    double got = seq_float_round(cases[i].x, cases[i].ndigits);
    int same = (got != got && cases[i].want != cases[i].want) ||
               memcmp(&got, &cases[i].want, sizeof got) == 0;
    char what[128];
    snprintf(what, sizeof what, "round(%.17g, %lld) gave %.17g", cases[i].x,
             (long long)cases[i].ndigits, got);
    check(same, what);
  }
  return finish();
}
