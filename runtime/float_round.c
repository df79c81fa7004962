/* round(float, ndigits), exactly as CPython's double_round: the decimal value correctly
 * rounded (ties to even) at 10^-ndigits, read back with strtod. */
#include "rt_internal.h"

/* Whether the m-digit tail of a decimal integer is above (1), at (0) or below (-1) half a
 * unit of the place it is rounded at, i.e. 5 followed by m-1 zeros. */
static int compare_half(const char *tail, int64_t m) {
  if (tail[0] != '5')
    return tail[0] > '5' ? 1 : -1;
  for (int64_t i = 1; i < m; i++)
    if (tail[i] != '0')
      return 1;
  return 0;
}

/* Rounding to a multiple of 10^m (m >= 1): printf gives the integer nearest |x| exactly;
 * that can only mislead when it lands exactly on a half-way point, which comparing it with
 * |x| settles. */
static double round_to_tens(double ax, int64_t m) {
  char num[400];
  int64_t n = snprintf(num, sizeof num, "%.0f", ax);
  /* Left-pad with zeros so that the kept head is never empty and a carry always has a
   * leading '0' to land on. */
  char padded[720];
  int64_t pad = n < m ? m + 1 - n : 1;
  memset(padded, '0', (size_t)pad);
  memcpy(padded + pad, num, (size_t)n + 1);
  n += pad;
  char *tail = padded + n - m;
  int cmp = compare_half(tail, m);
  int up = cmp > 0;
  if (cmp == 0) {
    double at = strtod(num, 0);
    up = ax > at || (ax == at && ((tail[-1] - '0') & 1));
  }
  if (up) {
    char *d = tail - 1;
    while (*d == '9')
      *d-- = '0';
    (*d)++;
  }
  snprintf(tail, sizeof padded - (size_t)(n - m), "e%d", (int)m);
  return strtod(padded, 0);
}

/* See codon_rt.h. Like CPython, huge ndigits return x unchanged and very negative ones give
 * a signed zero; a result too large for a double (CPython's OverflowError) comes out as inf. */
double seq_float_round(double x, int64_t ndigits) {
  if (!__builtin_isfinite(x) || ndigits > 323)
    return x;
  if (ndigits < -308)
    return 0.0 * x;
  int neg = __builtin_signbit(x) != 0;
  double ax = neg ? -x : x, r;
  if (ndigits >= 0) {
    char buf[720];
    snprintf(buf, sizeof buf, "%.*f", (int)ndigits, ax);
    r = strtod(buf, 0);
  } else {
    r = round_to_tens(ax, -ndigits);
  }
  return neg ? -r : r;
}
