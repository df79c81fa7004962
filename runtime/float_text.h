/* Decimal digits of doubles, and CPython's layout of them (float_digits.c, float_repr.c). */
#ifndef CODON_FLOAT_TEXT_H
#define CODON_FLOAT_TEXT_H

#include "rt_internal.h"

/* Enough for any double: its exact decimal expansion has at most 767 significant digits. */
#define SEQRT_MAX_DIGITS 800

/* A decimal digit string as David Gay's dtoa returns it, which CPython's formatting is built
 * on: value = 0.DIGITS x 10^decpt, no leading or trailing zeros; zero is "0" with decpt 1. */
typedef struct {
  char d[SEQRT_MAX_DIGITS];
  int n;
  int decpt;
} seqrt_digits;

/* All three take a finite x >= 0. */
/* dtoa mode 0: the shortest digits that read back as x (closest to x among equally short). */
void seqrt_digits_shortest(double x, seqrt_digits *out);
/* dtoa mode 2: x correctly rounded to `ndigits` (>= 1) significant digits. */
void seqrt_digits_significant(double x, int ndigits, seqrt_digits *out);
/* dtoa mode 3: x correctly rounded to `ndigits` (>= 0) digits after the point. */
void seqrt_digits_fixed(double x, int ndigits, seqrt_digits *out);

/* How CPython's float formatter lays out digits (format_float_short). */
typedef struct {
  char code;       /* 'e', 'f', 'g' or 'r' (repr) */
  int precision;   /* as given in the format spec; ignored for 'r' */
  int upper;       /* 'E', 'F', 'G': "E", "INF", "NAN" */
  int add_dot_0;   /* no type code: keep a ".0" on integral values */
  int alternate;   /* '#': keep the point and trailing zeros */
  int no_neg_0;    /* 'z': a result that rounds to zero loses its sign */
} seqrt_float_style;

/* Appends the text of |x| per style (no sign) and returns whether a '-' belongs in front. */
int seqrt_float_text(double x, const seqrt_float_style *style, seqrt_buf *out);

#endif
