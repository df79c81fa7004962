/* repr(float) and the text of every float format: CPython's format_float_short, which lays
 * out dtoa digits with zero padding, a decimal point and maybe an exponent. */
#include "float_text.h"

/* Appends n '0' characters. */
static void zeros(seqrt_buf *out, int64_t n) { seqrt_buf_repeat(out, "0", 1, n); }

/* Fills in dg per the style's dtoa mode; returns the precision the layout works with. */
static int digits_for_style(double ax, const seqrt_float_style *st, seqrt_digits *dg) {
  int precision = st->precision;
  switch (st->code) {
  case 'e':
    precision++;
    seqrt_digits_significant(ax, precision, dg);
    break;
  case 'f':
    seqrt_digits_fixed(ax, precision, dg);
    break;
  case 'g':
    if (precision == 0)
      precision = 1;
    seqrt_digits_significant(ax, precision, dg);
    break;
  default:
    seqrt_digits_shortest(ax, dg);
    break;
  }
  return precision;
}

/* Shared by repr and format(): see float_text.h. */
int seqrt_float_text(double x, const seqrt_float_style *st, seqrt_buf *out) {
  if (__builtin_isnan(x)) {
    seqrt_buf_puts(out, st->upper ? "NAN" : "nan");
    return 0;
  }
  int neg = __builtin_signbit(x) != 0;
  if (__builtin_isinf(x)) {
    seqrt_buf_puts(out, st->upper ? "INF" : "inf");
    return neg;
  }
  seqrt_digits dg;
  int precision = digits_for_style(neg ? -x : x, st, &dg);
  if (st->no_neg_0 && dg.n == 1 && dg.d[0] == '0')
    neg = 0;

  /* Output a window [vstart, vend) of the digits padded with zeros on both sides; the point
   * goes after position decpt. */
  int64_t ndig = dg.n, decpt = dg.decpt, vend = ndig, exp = 0;
  int use_exp = 0;
  switch (st->code) {
  case 'e':
    use_exp = 1;
    vend = precision;
    break;
  case 'f':
    vend = decpt + precision;
    break;
  case 'g':
    use_exp = decpt <= -4 || decpt > (st->add_dot_0 ? precision - 1 : precision);
    if (st->alternate)
      vend = precision;
    break;
  default: /* repr switches to exponents at 1e16 */
    use_exp = decpt <= -4 || decpt > 16;
    break;
  }
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  int64_t vstart = decpt <= 0 ? decpt - 1 : 0;
  int64_t min_end = !use_exp && st->add_dot_0 ? decpt + 1 : decpt;
  if (vend < min_end)
    vend = min_end;

  int64_t body = out->len;
  if (decpt <= 0) {
    zeros(out, decpt - vstart);
    seqrt_buf_putc(out, '.');
    zeros(out, -decpt);
  }
  if (0 < decpt && decpt <= ndig) {
    seqrt_buf_put(out, dg.d, decpt);
    seqrt_buf_putc(out, '.');
    seqrt_buf_put(out, dg.d + decpt, ndig - decpt);
  } else {
    seqrt_buf_put(out, dg.d, ndig);
  }
  if (ndig < decpt) {
    zeros(out, decpt - ndig);
    seqrt_buf_putc(out, '.');
    zeros(out, vend - decpt);
  } else {
    zeros(out, vend - ndig);
  }
  if (out->len > body && out->p[out->len - 1] == '.' && !st->alternate)
    out->len--;
  if (use_exp) {
    seqrt_buf_putc(out, st->upper ? 'E' : 'e');
    seqrt_buf_putc(out, exp < 0 ? '-' : '+');
    if (exp < 0)
      exp = -exp;
    if (exp < 10)
      seqrt_buf_putc(out, '0');
    seqrt_buf_put_int(out, exp);
  }
  return neg;
}

/* repr(float) == str(float): shortest round-trip digits, ".0" on integral values. */
void seq_str_float(double v, seq_str_t *out) {
  static const seqrt_float_style repr = {.code = 'r', .add_dot_0 = 1};
  seqrt_buf b;
  seqrt_buf_init(&b, 32);
  if (__builtin_signbit(v) && !__builtin_isnan(v))
    seqrt_buf_putc(&b, '-');
  seqrt_float_text(v, &repr, &b);
  seqrt_buf_finish(&b, out);
}
