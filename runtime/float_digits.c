/* Decimal digits of a double, as CPython gets them from David Gay's dtoa. The correctly
 * rounded conversions of the C library (printf's %e/%f and strtod, exact on glibc and macOS)
 * do the arithmetic; this file picks and normalises their digits. */
#include "float_text.h"

/* Reads printf output ("1.2340e+05", "0.00120", "7e-01") of a non-negative number into
 * dtoa's normal form: leading and trailing zeros dropped, decimal point position in decpt.
 * Digits past SEQRT_MAX_DIGITS can only be zeros of a huge precision and are dropped too. */
static void parse_printed(const char *s, seqrt_digits *out) {
  int n = 0, decpt = 0, after_point = 0;
  for (; *s && *s != 'e'; s++) {
    if (*s == '.') {
      after_point = 1;
      continue;
    }
    if (n == 0 && *s == '0') {
      decpt -= after_point;
      continue;
    }
    decpt += !after_point;
    if (n < SEQRT_MAX_DIGITS)
      out->d[n++] = *s;
  }
  if (*s == 'e') {
    int neg = *++s == '-', e = 0;
    if (*s == '-' || *s == '+')
      s++;
    for (; *s >= '0' && *s <= '9'; s++)
      e = e * 10 + (*s - '0');
    decpt += neg ? -e : e;
  }
  while (n > 0 && out->d[n - 1] == '0')
    n--;
  if (n == 0) {
    out->d[0] = '0';
    n = 1;
    decpt = 1;
  }
  out->n = n;
  out->decpt = decpt;
}

/* The p-digit decimal one unit (in its last place) above or below printf's "%.{p-1}e" text:
 * the only other p-digit candidate worth trying when the nearest one does not read back as x,
 * which happens at powers of two, where the gap below x is half the gap above. */
static int neighbour_round_trips(double x, const char *printed, int p, int up, seqrt_digits *out) {
  char cand[48];
  int n = 0;
  cand[n++] = '0'; /* room for a carry */
  const char *s = printed;
  for (; *s != 'e'; s++)
    if (*s != '.')
      cand[n++] = *s;
  int i = n - 1;
  if (up) {
    while (cand[i] == '9')
      cand[i--] = '0';
    cand[i]++;
  } else {
    while (cand[i] == '0')
      cand[i--] = '9';
    cand[i]--;
  }
  int e = 0, neg = s[1] == '-';
  for (s += 2; *s; s++)
    e = e * 10 + (*s - '0');
  snprintf(cand + n, sizeof cand - (size_t)n, "e%d", (neg ? -e : e) - (p - 1));
  if (strtod(cand, 0) != x)
    return 0;
  parse_printed(cand, out);
  return 1;
}

/* Whether some p-digit decimal reads back as x; if so *out gets the one closest to x. */
static int shortest_of_length(double x, int p, int try_neighbour, seqrt_digits *out) {
  char buf[48];
  snprintf(buf, sizeof buf, "%.*e", p - 1, x);
  double back = strtod(buf, 0);
  if (back == x) {
    parse_printed(buf, out);
    return 1;
  }
  return try_neighbour && neighbour_round_trips(x, buf, p, back < x, out);
}

/* repr(). Integers below 2^53 are exact and their neighbours are at least 1 away, so their
 * own digits are the answer. For other normal doubles the rounding interval is narrower than
 * the spacing of 15-digit decimals, so if anything of at most 15 digits reads back it is the
 * nearest 15-digit decimal (with zeros stripped); otherwise the answer has 16 or 17 digits,
 * and 17 always suffice. Subnormals have wider intervals and are searched from one digit up. */
void seqrt_digits_shortest(double x, seqrt_digits *out) {
  if (x < 0x1p53 && x == (double)(uint64_t)x) {
    char tmp[24];
    char *end = tmp + sizeof tmp - 1, *s = seqrt_u64_digits((uint64_t)x, 10, 0, end);
    *end = 0;
    parse_printed(s, out);
    return;
  }
  if (x >= 0x1p-1022) {
    if (shortest_of_length(x, 15, 0, out) || shortest_of_length(x, 16, 1, out))
      return;
  } else {
    for (int p = 1; p < 17; p++)
      if (shortest_of_length(x, p, 1, out))
        return;
  }
  shortest_of_length(x, 17, 0, out);
}

/* printf into a stack buffer when it fits, else into GC memory (huge precisions). */
static void print_digits(const char *fmt, double x, int ndigits, int64_t size, seqrt_digits *out) {
  char small[400];
  char *buf = size <= (int64_t)sizeof small ? small : seqrt_alloc_bytes(size);
  snprintf(buf, (size_t)size, fmt, ndigits, x);
  parse_printed(buf, out);
}

/* 'e' and 'g' formats: "%.*e" rounds correctly, ties to even like dtoa. */
void seqrt_digits_significant(double x, int ndigits, seqrt_digits *out) {
  print_digits("%.*e", x, ndigits - 1, (int64_t)ndigits + 16, out);
}

/* 'f' format and round(): "%.*f" has at most 309 digits before the point. */
void seqrt_digits_fixed(double x, int ndigits, seqrt_digits *out) {
  print_digits("%.*f", x, ndigits, (int64_t)ndigits + 320, out);
}
