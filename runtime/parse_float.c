/* float(str), following CPython's float_from_string_inner: its syntax is checked here and
 * strtod (correctly rounded) converts the cleaned-up text. */
#include "rt_internal.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Case-insensitive match of the whole of s[0..n) against a lower-case word. */
static int is_word(const char *s, int64_t n, const char *word) {
  if (n != (int64_t)strlen(word))
    return 0;
  for (int64_t i = 0; i < n; i++)
    if ((s[i] | 0x20) != word[i])
      return 0;
  return 1;
}

/* A decimal literal: digits, optional point and digits (at least one digit in all), then an
 * optional exponent with at least one digit. */
static int is_decimal(const char *s, int64_t n) {
  int64_t i = 0, mantissa = 0;
  while (i < n && is_digit(s[i]))
    i++, mantissa++;
  if (i < n && s[i] == '.')
    for (i++; i < n && is_digit(s[i]); i++)
      mantissa++;
  if (!mantissa)
    return 0;
  if (i < n && (s[i] | 0x20) == 'e') {
    i++;
    if (i < n && (s[i] == '+' || s[i] == '-'))
      i++;
    if (i == n || !is_digit(s[i]))
      return 0;
    while (i < n && is_digit(s[i]))
      i++;
  }
  return i == n;
}

/* Drops the underscores of s[0..n) in place; returns the new length, or -1 when one is not
 * between two digits (CPython checks this before stripping whitespace). */
static int64_t drop_underscores(char *s, int64_t n) {
  int64_t k = 0;
  for (int64_t i = 0; i < n; i++) {
    if (s[i] != '_') {
      s[k++] = s[i];
      continue;
    }
    if (i == 0 || !is_digit(s[i - 1]) || i + 1 == n || !is_digit(s[i + 1]))
      return -1;
  }
  return k;
}

/* See codon_rt.h. Accepts surrounding whitespace, "inf", "infinity" and "nan" in any case
 * with a sign, and decimal literals; not hex floats (neither does CPython's float()). */
int32_t seq_parse_float(int64_t len, const char *p, double *out) {
  char small[128];
  char *s = len < (int64_t)sizeof small ? small : seqrt_alloc_bytes(len + 1);
  int64_t n = drop_underscores(s, seqrt_number_ascii(p, len, s));
  if (n < 0)
    return 1;
  int64_t start = 0;
  while (start < n && seqrt_is_space(s[start]))
    start++;
  while (n > start && seqrt_is_space(s[n - 1]))
    n--;
  const char *t = s + start;
  int64_t tn = n - start;
  int negative = tn > 0 && t[0] == '-';
  int64_t sign = tn > 0 && (t[0] == '-' || t[0] == '+');
  if (is_word(t + sign, tn - sign, "inf") || is_word(t + sign, tn - sign, "infinity")) {
    *out = negative ? -__builtin_inf() : __builtin_inf();
    return 0;
  }
  if (is_word(t + sign, tn - sign, "nan")) {
    *out = negative ? -__builtin_nan("") : __builtin_nan("");
    return 0;
  }
  if (!is_decimal(t + sign, tn - sign))
    return 1;
  s[n] = 0; /* strtod reads up to the NUL; the text is known to be a valid literal */
  *out = strtod(t, 0);
  return 0;
}
