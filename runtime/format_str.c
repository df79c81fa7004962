/* format(str, spec). */
#include "format_spec.h"

/* CPython's format_string_internal: only fill, alignment, width and precision (which
 * truncates) apply; widths count code points. */
int32_t seq_format_str(int64_t len, const char *p, int64_t spec_len, const char *spec,
                       seq_str_t *out) {
  if (spec_len == 0) {
    out->len = len;
    out->ptr = (char *)p;
    return 0;
  }
  seqrt_spec s;
  if (seqrt_parse_spec(spec_len, spec, 's', '<', "str", &s, out))
    return 1;
  if (s.type != 's')
    return seqrt_unknown_code(s.type, "str", out);
  if (s.sign)
    return seqrt_spec_error(out, s.sign == ' ' ? "Space not allowed in string format specifier"
                                               : "Sign not allowed in string format specifier");
  if (s.no_neg_0)
    return seqrt_spec_error(out, "Negative zero coercion (z) not allowed in string format "
                                 "specifier");
  if (s.alternate)
    return seqrt_spec_error(out, "Alternate form (#) not allowed in string format specifier");
  if (s.align == '=')
    return seqrt_spec_error(out, "'=' alignment not allowed in string format specifier");

  int64_t chars = seqrt_utf8_count(p, len), bytes = len;
  if (s.precision >= 0 && chars > s.precision) {
    bytes = seqrt_utf8_prefix(p, len, s.precision);
    chars = s.precision;
  }
  int64_t pad = s.width > chars ? s.width - chars : 0;
  if (pad == 0 && bytes == len) {
    out->len = len;
    out->ptr = (char *)p;
    return 0;
  }
  int64_t lpad = s.align == '>' ? pad : s.align == '^' ? pad / 2 : 0;
  seqrt_buf b;
  seqrt_buf_init(&b, bytes + pad * s.fill_len);
  seqrt_buf_repeat(&b, s.fill_utf8, s.fill_len, lpad);
  seqrt_buf_put(&b, p, bytes);
  seqrt_buf_repeat(&b, s.fill_utf8, s.fill_len, pad - lpad);
  seqrt_buf_finish(&b, out);
  return 0;
}
