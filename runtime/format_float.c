/* format(float, spec). */
#include "float_text.h"
#include "format_spec.h"

/* CPython's format_float_internal: picks the dtoa style for the presentation type, then
 * lays the text out like any number. */
int32_t seqrt_format_double(double v, const seqrt_spec *s, seq_str_t *out) {
  if (s->precision > 0x7FFFFFFF)
    return seqrt_spec_error(out, "precision too big");
  seqrt_float_style st = {.alternate = s->alternate, .no_neg_0 = s->no_neg_0};
  uint32_t type = s->type;
  int default_precision = 6, percent = 0;
  if (type == 0) {
    /* No type: repr, or 'g' that keeps a ".0" when a precision is given. */
    st.add_dot_0 = 1;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n')
    type = 'g';
  if (type == '%') {
    type = 'f';
    v *= 100;
    percent = 1;
  }
  st.precision = s->precision < 0 ? default_precision : (int)s->precision;
  if (s->precision >= 0 && type == 'r')
    type = 'g';
  st.upper = type == 'E' || type == 'F' || type == 'G';
  st.code = (char)(st.upper ? type - 'A' + 'a' : type);

  seqrt_buf text;
  seqrt_buf_init(&text, 32);
  seqrt_number num = {.negative = seqrt_float_text(v, &st, &text)};
  if (percent)
    seqrt_buf_putc(&text, '%');
  int64_t i = 0;
  while (i < text.len && text.p[i] >= '0' && text.p[i] <= '9')
    i++;
  num.digits = text.p;
  num.n_digits = i;
  num.has_point = i < text.len && text.p[i] == '.';
  num.rest = text.p + i + num.has_point;
  num.n_rest = num.rest_chars = text.len - i - num.has_point;
  seqrt_layout_number(s, &num, out);
  return 0;
}

/* format(float, spec): see codon_rt.h. */
int32_t seq_format_float(double v, int64_t spec_len, const char *spec, seq_str_t *out) {
  if (spec_len == 0) {
    seq_str_float(v, out);
    return 0;
  }
  seqrt_spec s;
  if (seqrt_parse_spec(spec_len, spec, 0, '>', "float", &s, out))
    return 1;
  switch (s.type) {
  case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
    return seqrt_format_double(v, &s, out);
  default:
    return seqrt_unknown_code(s.type, "float", out);
  }
}
