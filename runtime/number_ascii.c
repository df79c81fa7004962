/* The first step of int(str) and float(str): CPython accepts any Unicode whitespace and
 * decimal digits (e.g. "\u0663" is 3) by mapping them to ASCII before parsing. */
#include "rt_internal.h"

/* The zero of every run of ten Unicode decimal digits (general category Nd, Unicode 14.0 as
 * in CPython 3.11); each run holds the digits 0..9 in order. */
static const uint32_t digit_zeros[] = {
    0x660,   0x6F0,   0x7C0,   0x966,   0x9E6,   0xA66,   0xAE6,   0xB66,   0xBE6,   0xC66,
    0xCE6,   0xD66,   0xDE6,   0xE50,   0xED0,   0xF20,   0x1040,  0x1090,  0x17E0,  0x1810,
    0x1946,  0x19D0,  0x1A80,  0x1A90,  0x1B50,  0x1BB0,  0x1C40,  0x1C50,  0xA620,  0xA8D0,
    0xA900,  0xA9D0,  0xA9F0,  0xAA50,  0xABF0,  0xFF10,  0x104A0, 0x10D30, 0x11066, 0x110F0,
    0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950,
    0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC,
    0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
};

/* The value of a non-ASCII decimal digit, or -1. */
static int unicode_digit(uint32_t cp) {
  for (size_t i = 0; i < sizeof digit_zeros / sizeof *digit_zeros; i++)
    if (cp >= digit_zeros[i] && cp < digit_zeros[i] + 10)
      return (int)(cp - digit_zeros[i]);
  return -1;
}

/* Non-ASCII characters with the Unicode White_Space property. */
static int unicode_space(uint32_t cp) {
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
         cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

/* See rt_internal.h. Like CPython, code 127 counts as non-ASCII. */
int64_t seqrt_number_ascii(const char *p, int64_t len, char *out) {
  int64_t n = 0;
  for (int64_t i = 0; i < len;) {
    if ((unsigned char)p[i] < 127) {
      out[n++] = p[i++];
      continue;
    }
    uint32_t cp = seqrt_utf8_next(p, len, &i);
    int d = unicode_digit(cp);
    if (unicode_space(cp)) {
      out[n++] = ' ';
    } else if (d >= 0) {
      out[n++] = (char)('0' + d);
    } else {
      out[n++] = '?';
      break;
    }
  }
  return n;
}
