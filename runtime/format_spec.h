/* The format-spec mini-language shared by format(int), format(float) and format(str):
 * parsing (format_spec.c) and the padded, grouped layout of numbers (format_number.c). */
#ifndef CODON_FORMAT_SPEC_H
#define CODON_FORMAT_SPEC_H

#include "rt_internal.h"

/* A parsed [[fill]align][sign][z][#][0][width][grouping][.precision][type]. */
typedef struct {
  uint32_t fill;        /* code point, ' ' by default */
  char fill_utf8[4];
  int fill_len;
  uint32_t align;       /* '<', '>', '^' or '=' */
  uint32_t sign;        /* 0, '+', '-' or ' ' */
  int no_neg_0;         /* 'z' */
  int alternate;        /* '#' */
  int64_t width;        /* -1 when absent */
  char thousands;       /* 0, ',' or '_' */
  int group;            /* digits per group: 3, or 4 for '_' with b/o/x/X */
  int64_t precision;    /* -1 when absent */
  uint32_t type;        /* code point; 0 when absent and there is no default */
} seqrt_spec;

/* Parses spec with CPython's defaults for the object type; returns 0, or 1 with the
 * ValueError message in *err. type_name goes into messages ("int", "float", "str"). */
int seqrt_parse_spec(int64_t len, const char *spec, uint32_t default_type, uint32_t default_align,
                     const char *type_name, seqrt_spec *s, seq_str_t *err);

/* Sets *err to msg and returns 1, for `return seqrt_spec_error(...)`. */
int seqrt_spec_error(seq_str_t *err, const char *msg);

/* "Unknown format code 'X' for object of type 'T'"; returns 1. */
int seqrt_unknown_code(uint32_t type, const char *type_name, seq_str_t *err);

/* The pieces of a formatted number, laid out as CPython does:
 * <lpad><sign><prefix><spad><grouped digits><point><rest><rpad>. */
typedef struct {
  int negative;
  const char *prefix;   /* "0x" etc. with '#' */
  int64_t n_prefix;
  const char *digits;   /* the integer digits, which get grouped and zero padded */
  int64_t n_digits;
  int has_point;
  const char *rest;     /* fraction, exponent, '%', "inf", or the character of 'c' */
  int64_t n_rest;       /* bytes */
  int64_t rest_chars;   /* code points */
} seqrt_number;

/* Pads, signs and groups a number per spec into *out. */
void seqrt_layout_number(const seqrt_spec *s, const seqrt_number *num, seq_str_t *out);

/* format(float) with a parsed spec whose type is one of e E f F g G n % or none; also used
 * for format(int) with a float type. Returns 0, or 1 with the message. */
int32_t seqrt_format_double(double v, const seqrt_spec *s, seq_str_t *out);

#endif
