/* int / int as CPython computes it: the exact quotient rounded once to the nearest double
 * (ties to even). Dividing two converted doubles rounds twice when an operand is above 2**53. */
#include "rt_internal.h"

#define EXACT_LIMIT (((uint64_t)1) << 53)

static uint64_t magnitude(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

static int bit_length(unsigned __int128 v) {
  int n = 0;
  while (v) {
    v >>= 1;
    n++;
  }
  return n;
}

double seq_int_truediv(int64_t a, int64_t b) {
  uint64_t ua = magnitude(a), ub = magnitude(b);
  if (ua <= EXACT_LIMIT && ub <= EXACT_LIMIT)
    return (double)a / (double)b;
  int negative = (a < 0) != (b < 0);
  /* Scale the dividend so that the quotient has at least 55 significant bits (it then fits:
   * bit_length(ua) + s = 56 + bit_length(ub) <= 120). */
  int s = 56 + bit_length(ub) - bit_length(ua);
  if (s < 0)
    s = 0;
  unsigned __int128 n = (unsigned __int128)ua << s;
  unsigned __int128 q = n / ub;
  int sticky = (n % ub) != 0;
  int shift = bit_length(q) - 55;
  if (shift > 0) {
    sticky |= (q & ((((unsigned __int128)1) << shift) - 1)) != 0;
    q >>= shift;
  } else {
    shift = 0;
  }
  /* 55 bits: 53 kept, a guard bit, and the sticky bit, so one rounding gives ties-to-even. */
  uint64_t m = (uint64_t)q | (uint64_t)sticky;
  double r = __builtin_ldexp((double)m, shift - s);
  return negative ? -r : r;
}
