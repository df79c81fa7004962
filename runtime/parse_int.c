/* int(str, base), following CPython's PyLong_FromString. */
#include "rt_internal.h"

/* A digit's value in bases up to 36, or 99 for anything else. */
static int digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

/* The base a "0x"/"0o"/"0b" prefix (either case) at s[i] announces, or 0 when none does. */
static int64_t prefix_base(const char *s, int64_t n, int64_t i) {
  if (i + 1 >= n || s[i] != '0')
    return 0;
  char c = (char)(s[i + 1] | 0x20);
  return c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
}

/* Parses the ASCII form of the literal; same results as seq_parse_int. */
static int32_t parse_ascii(const char *s, int64_t n, int64_t base, int64_t *out) {
  int64_t i = 0;
  while (i < n && seqrt_is_space(s[i]))
    i++;
  int negative = 0;
  if (i < n && (s[i] == '+' || s[i] == '-'))
    negative = s[i++] == '-';

  /* Base 0 follows the prefix; without one, a leading zero only allows the value zero. */
  int zero_only = 0;
  if (base == 0) {
    base = prefix_base(s, n, i);
    if (!base) {
      base = 10;
      zero_only = i < n && s[i] == '0';
    }
  }
  if (prefix_base(s, n, i) == base) {
    i += 2;
    if (i < n && s[i] == '_') /* one underscore may follow the prefix */
      i++;
  }

  /* Digits with single underscores between them. */
  uint64_t value = 0;
  int overflow = 0, digits = 0;
  char prev = 0;
  for (; i < n && (digit_value(s[i]) < base || s[i] == '_'); prev = s[i++]) {
    if (s[i] == '_') {
      if (prev == '_' || digits == 0)
        return 1;
      continue;
    }
    uint64_t d = (uint64_t)digit_value(s[i]);
    if (value > (UINT64_MAX - d) / (uint64_t)base)
      overflow = 1;
    value = value * (uint64_t)base + d;
    digits++;
  }
  if (digits == 0 || prev == '_')
    return 1;
  while (i < n && seqrt_is_space(s[i]))
    i++;
  if (i != n || (zero_only && (value != 0 || overflow)))
    return 1;
  if (overflow || value > (uint64_t)INT64_MAX + (uint64_t)negative)
    return 2;
  *out = negative ? (int64_t)(0 - value) : (int64_t)value;
  return 0;
}

/* See codon_rt.h: 0 ok, 1 invalid literal, 2 outside int64, 3 base not 0 or 2..36. */
int32_t seq_parse_int(int64_t len, const char *p, int64_t base, int64_t *out) {
  if ((base != 0 && base < 2) || base > 36)
    return 3;
  char small[128];
  char *s = len <= (int64_t)sizeof small ? small : seqrt_alloc_bytes(len);
  return parse_ascii(s, seqrt_number_ascii(p, len, s), base, out);
}
