/* Parsing the format-spec mini-language, with CPython's checks and error messages. */
#include "format_spec.h"

/* Sets *err to a message and reports failure. */
int seqrt_spec_error(seq_str_t *err, const char *msg) {
  seqrt_buf b;
  seqrt_buf_init(&b, (int64_t)strlen(msg));
  seqrt_buf_puts(&b, msg);
  seqrt_buf_finish(&b, err);
  return 1;
}

/* A type code quoted in a message: itself when printable ASCII, else "\x" and hex. */
static void put_code(seqrt_buf *b, uint32_t c) {
  if (c > 32 && c < 128) {
    seqrt_buf_putc(b, (char)c);
    return;
  }
  char tmp[64];
  char *s = seqrt_u64_digits(c, 16, 0, tmp + sizeof tmp);
  seqrt_buf_puts(b, "\\x");
  seqrt_buf_put(b, s, tmp + sizeof tmp - s);
}

/* The presentation type does not exist for this object type. */
int seqrt_unknown_code(uint32_t type, const char *type_name, seq_str_t *err) {
  seqrt_buf b;
  seqrt_buf_init(&b, 64);
  seqrt_buf_puts(&b, "Unknown format code '");
  put_code(&b, type);
  seqrt_buf_puts(&b, "' for object of type '");
  seqrt_buf_puts(&b, type_name);
  seqrt_buf_putc(&b, '\'');
  seqrt_buf_finish(&b, err);
  return 1;
}

/* ',' or '_' with a presentation type that has no grouping. */
static int bad_separator(char sep, uint32_t type, seq_str_t *err) {
  seqrt_buf b;
  seqrt_buf_init(&b, 32);
  seqrt_buf_puts(&b, "Cannot specify '");
  seqrt_buf_putc(&b, sep);
  seqrt_buf_puts(&b, "' with '");
  put_code(&b, type);
  seqrt_buf_puts(&b, "'.");
  seqrt_buf_finish(&b, err);
  return 1;
}

/* More than one character left where only the type may be. */
static int invalid_spec(int64_t len, const char *spec, const char *type_name, seq_str_t *err) {
  seqrt_buf b;
  seqrt_buf_init(&b, len + 64);
  seqrt_buf_puts(&b, "Invalid format specifier '");
  seqrt_buf_put(&b, spec, len);
  seqrt_buf_puts(&b, "' for object of type '");
  seqrt_buf_puts(&b, type_name);
  seqrt_buf_putc(&b, '\'');
  seqrt_buf_finish(&b, err);
  return 1;
}

static int is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

/* Reads decimal digits at cp[*pos] into *value; returns how many were read, or -1 when the
 * number does not fit in 63 bits. */
static int64_t read_number(const uint32_t *cp, int64_t n, int64_t *pos, int64_t *value) {
  int64_t v = 0, start = *pos;
  for (; *pos < n && cp[*pos] >= '0' && cp[*pos] <= '9'; (*pos)++) {
    int64_t d = cp[*pos] - '0';
    if (v > (INT64_MAX - d) / 10)
      return -1;
    v = v * 10 + d;
  }
  *value = v;
  return *pos - start;
}

/* CPython's parse_internal_render_format_spec, over code points. */
int seqrt_parse_spec(int64_t len, const char *spec, uint32_t default_type, uint32_t default_align,
                     const char *type_name, seqrt_spec *s, seq_str_t *err) {
  uint32_t small[32];
  uint32_t *cp = len <= 32 ? small : seqrt_alloc_bytes(len * (int64_t)sizeof *cp);
  int64_t n = 0, pos = 0;
  for (int64_t i = 0; i < len;)
    cp[n++] = seqrt_utf8_next(spec, len, &i);

  *s = (seqrt_spec){.fill = ' ', .align = default_align, .width = -1, .group = 3,
                    .precision = -1, .type = default_type};
  int fill_given = 0, align_given = 0;
  if (n >= 2 && is_align(cp[1])) {
    s->fill = cp[0];
    s->align = cp[1];
    fill_given = align_given = 1;
    pos = 2;
  } else if (n >= 1 && is_align(cp[0])) {
    s->align = cp[0];
    align_given = 1;
    pos = 1;
  }
  if (pos < n && (cp[pos] == '+' || cp[pos] == '-' || cp[pos] == ' '))
    s->sign = cp[pos++];
  if (pos < n && cp[pos] == 'z') {
    s->no_neg_0 = 1;
    pos++;
  }
  if (pos < n && cp[pos] == '#') {
    s->alternate = 1;
    pos++;
  }
  if (!fill_given && pos < n && cp[pos] == '0') {
    s->fill = '0';
    if (!align_given && default_align == '>')
      s->align = '=';
    pos++;
  }
  int64_t got = read_number(cp, n, &pos, &s->width);
  if (got < 0)
    return seqrt_spec_error(err, "Too many decimal digits in format string");
  if (got == 0)
    s->width = -1;
  if (pos < n && cp[pos] == ',') {
    s->thousands = ',';
    pos++;
  }
  if (pos < n && cp[pos] == '_') {
    if (s->thousands)
      return seqrt_spec_error(err, "Cannot specify both ',' and '_'.");
    s->thousands = '_';
    pos++;
  }
  if (pos < n && cp[pos] == ',' && s->thousands == '_')
    return seqrt_spec_error(err, "Cannot specify both ',' and '_'.");
  if (pos < n && cp[pos] == '.') {
    pos++;
    got = read_number(cp, n, &pos, &s->precision);
    if (got < 0)
      return seqrt_spec_error(err, "Too many decimal digits in format string");
    if (got == 0)
      return seqrt_spec_error(err, "Format specifier missing precision");
  }
  if (n - pos > 1)
    return invalid_spec(len, spec, type_name, err);
  if (n - pos == 1)
    s->type = cp[pos];

  if (s->thousands) {
    switch (s->type) {
    case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
      break;
    case 'b': case 'o': case 'x': case 'X':
      if (s->thousands == '_') {
        s->group = 4;
        break;
      }
      return bad_separator(s->thousands, s->type, err);
    default:
      return bad_separator(s->thousands, s->type, err);
    }
  }
  s->fill_len = seqrt_utf8_encode(s->fill, s->fill_utf8);
  return 0;
}
