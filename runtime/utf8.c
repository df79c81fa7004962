/* UTF-8 helpers: str is UTF-8, while format widths, precisions and fill characters count code
 * points, as in CPython. */
#include "rt_internal.h"

/* Decodes one code point; malformed input yields its first byte unchanged so that callers
 * never stall. */
uint32_t seqrt_utf8_next(const char *p, int64_t len, int64_t *i) {
  const unsigned char *s = (const unsigned char *)p + *i;
  int64_t left = len - *i;
  uint32_t c = s[0];
  int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  if (n == 1 || n > left) {
    *i += 1;
    return c;
  }
  uint32_t cp = c & (0x7F >> n);
  for (int k = 1; k < n; k++) {
    if ((s[k] & 0xC0) != 0x80) {
      *i += 1;
      return c;
    }
    cp = (cp << 6) | (s[k] & 0x3F);
  }
  *i += n;
  return cp;
}

/* Encodes a code point (format's fill character, 'c' presentation). */
int seqrt_utf8_encode(uint32_t cp, char *out) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | (cp >> 18));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
  out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* len(s) in code points: every byte that is not a continuation byte starts one. */
int64_t seqrt_utf8_count(const char *p, int64_t len) {
  int64_t n = 0;
  for (int64_t i = 0; i < len; i++)
    n += ((unsigned char)p[i] & 0xC0) != 0x80;
  return n;
}

/* Where the (n+1)-th code point starts: the byte length of s[:n]. */
int64_t seqrt_utf8_prefix(const char *p, int64_t len, int64_t n) {
  int64_t i = 0;
  while (i < len && n > 0) {
    seqrt_utf8_next(p, len, &i);
    n--;
  }
  return i;
}
