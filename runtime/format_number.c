/* The layout of a formatted number: sign, prefix, padding and digit grouping, as CPython's
 * calc_number_widths, fill_number and _PyUnicode_InsertThousandsGrouping do it. */
#include "format_spec.h"

/* Writes the digits backwards ending at `end`, with a separator between groups (group 0:
 * none) and leading zeros until at least min_width characters are written; returns the count.
 * Zero padding fills whole groups, separators included, as CPython's does. */
static int64_t group_backwards(const char *digits, int64_t n, int64_t min_width, int group,
                               char sep, char *end) {
  char *p = end;
  int64_t left = n;
  if (!group) {
    int64_t len = left > min_width ? left : min_width;
    if (len < 1)
      len = 1;
    p -= left;
    memcpy(p, digits, (size_t)left);
    p -= len - left;
    memset(p, '0', (size_t)(len - left));
    return end - p;
  }
  for (int first = 1;; first = 0) {
    int64_t want = left > min_width ? left : min_width;
    int64_t len = want < 1 ? 1 : want > group ? group : want;
    int64_t chars = left < len ? left : len;
    if (!first)
      *--p = sep;
    p -= chars;
    memcpy(p, digits + left - chars, (size_t)chars);
    p -= len - chars;
    memset(p, '0', (size_t)(len - chars));
    left -= chars;
    min_width -= len;
    if (left <= 0 && min_width <= 0)
      return end - p;
    min_width -= 1;
  }
}

/* See format_spec.h. */
void seqrt_layout_number(const seqrt_spec *s, const seqrt_number *num, seq_str_t *out) {
  char sign = num->negative ? '-' : (s->sign == '+' || s->sign == ' ') ? (char)s->sign : 0;
  int64_t fixed = (sign != 0) + num->n_prefix + num->has_point + num->rest_chars;
  int64_t min_width = s->fill == '0' && s->align == '=' ? s->width - fixed : 0;

  /* Grouped digits go into scratch memory first; this bounds their length. */
  int64_t most = (num->n_digits > min_width ? num->n_digits : min_width) * 2 + 2;
  char small[160];
  char *scratch = most <= (int64_t)sizeof small ? small : seqrt_alloc_bytes(most);
  char *end = scratch + most;
  int64_t n_grouped = num->n_digits == 0 ? 0
                      : group_backwards(num->digits, num->n_digits, min_width,
                                        s->thousands ? s->group : 0, s->thousands, end);

  int64_t pad = s->width - (fixed + n_grouped), lpad = 0, spad = 0, rpad = 0;
  if (pad > 0) {
    switch (s->align) {
    case '<': rpad = pad; break;
    case '^': lpad = pad / 2; rpad = pad - lpad; break;
    case '=': spad = pad; break;
    default: lpad = pad; break;
    }
  }
  seqrt_buf b;
  seqrt_buf_init(&b, fixed + n_grouped + (pad > 0 ? pad * s->fill_len : 0) + num->n_rest);
  seqrt_buf_repeat(&b, s->fill_utf8, s->fill_len, lpad);
  if (sign)
    seqrt_buf_putc(&b, sign);
  seqrt_buf_put(&b, num->prefix, num->n_prefix);
  seqrt_buf_repeat(&b, s->fill_utf8, s->fill_len, spad);
  seqrt_buf_put(&b, end - n_grouped, n_grouped);
  if (num->has_point)
    seqrt_buf_putc(&b, '.');
  seqrt_buf_put(&b, num->rest, num->n_rest);
  seqrt_buf_repeat(&b, s->fill_utf8, s->fill_len, rpad);
  seqrt_buf_finish(&b, out);
}
