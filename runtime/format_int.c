/* format(int, spec). */
#include "format_spec.h"

/* The integer presentation types b c d o x X n (CPython's format_long_internal). Returns 0,
 * 1 with a ValueError message, or 2 with an OverflowError message ('c' out of range). */
static int32_t format_integer(int64_t v, const seqrt_spec *s, seq_str_t *out) {
  if (s->precision != -1)
    return seqrt_spec_error(out, "Precision not allowed in integer format specifier");
  if (s->no_neg_0)
    return seqrt_spec_error(out, "Negative zero coercion (z) not allowed in integer format "
                                 "specifier");
  seqrt_number num = {.negative = v < 0};
  char tmp[72];
  if (s->type == 'c') {
    if (s->sign)
      return seqrt_spec_error(out, "Sign not allowed with integer format specifier 'c'");
    if (s->alternate)
      return seqrt_spec_error(out, "Alternate form (#) not allowed with integer format "
                                   "specifier 'c'");
    if (v < 0 || v > 0x10FFFF) {
      seqrt_spec_error(out, "%c arg not in range(0x110000)");
      return 2;
    }
    num.negative = 0;
    num.rest = tmp;
    num.n_rest = seqrt_utf8_encode((uint32_t)v, tmp);
    num.rest_chars = 1;
    seqrt_layout_number(s, &num, out);
    return 0;
  }
  unsigned base = 10;
  const char *prefix = "";
  switch (s->type) {
  case 'b': base = 2; prefix = "0b"; break;
  case 'o': base = 8; prefix = "0o"; break;
  case 'x': base = 16; prefix = "0x"; break;
  case 'X': base = 16; prefix = "0X"; break;
  default: break;
  }
  if (s->alternate) {
    num.prefix = prefix;
    num.n_prefix = (int64_t)strlen(prefix);
  }
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char *end = tmp + sizeof tmp;
  num.digits = seqrt_u64_digits(mag, base, s->type == 'X', end);
  num.n_digits = end - num.digits;
  seqrt_layout_number(s, &num, out);
  return 0;
}

/* format(int, spec): see codon_rt.h. */
int32_t seq_format_int(int64_t v, int64_t spec_len, const char *spec, seq_str_t *out) {
  if (spec_len == 0) {
    seq_str_int(v, out);
    return 0;
  }
  seqrt_spec s;
  if (seqrt_parse_spec(spec_len, spec, 'd', '>', "int", &s, out))
    return 1;
  switch (s.type) {
  case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
    return format_integer(v, &s, out);
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
    return seqrt_format_double((double)v, &s, out);
  default:
    return seqrt_unknown_code(s.type, "int", out);
  }
}
