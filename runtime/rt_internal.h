/* Helpers shared between the runtime's own files; not part of the interface (codon_rt.h).
 * Names carry the `seqrt_` prefix so they cannot clash with symbols of compiled programs. */
#ifndef CODON_RT_INTERNAL_H
#define CODON_RT_INTERNAL_H

#include "codon_rt.h"
#include "libc_decls.h"

/* ---- memory (alloc.c) ---- */
/* Uninitialised pointer-free GC memory; exits with "MemoryError" when none is left. */
void *seqrt_alloc_bytes(int64_t size);

/* ---- growable byte buffer in GC memory (buf.c), used to build result strings ---- */
typedef struct {
  char *p;
  int64_t len, cap;
} seqrt_buf;

void seqrt_buf_init(seqrt_buf *b, int64_t cap);
void seqrt_buf_put(seqrt_buf *b, const char *s, int64_t n);
void seqrt_buf_puts(seqrt_buf *b, const char *s);
void seqrt_buf_putc(seqrt_buf *b, char c);
void seqrt_buf_repeat(seqrt_buf *b, const char *unit, int64_t unit_len, int64_t count);
void seqrt_buf_put_int(seqrt_buf *b, int64_t v);
void seqrt_buf_finish(seqrt_buf *b, seq_str_t *out);

/* ---- deep recursion (stack_overflow.c) ---- */
/* Reports a stack overflow of the main thread as RecursionError; called once by seq_init. */
void seqrt_stack_overflow_init(void);

/* ---- output (io.c) ---- */
void seqrt_io_init(void);
void seqrt_flush_stdout(void);

/* ---- integers as text (str_int.c) ---- */
/* Writes the digits of v in `base` (2..16) backwards so that they end just before `end`;
 * returns where they start. `end` needs 64 bytes of room before it. */
char *seqrt_u64_digits(uint64_t v, unsigned base, int upper, char *end);

/* ---- UTF-8 (utf8.c) ---- */
/* Decodes the code point at p[*i] (len bytes in all) and advances *i. Invalid bytes decode
 * as themselves, one byte each. */
uint32_t seqrt_utf8_next(const char *p, int64_t len, int64_t *i);
/* Encodes cp into out (4 bytes of room); returns the byte count. */
int seqrt_utf8_encode(uint32_t cp, char *out);
/* Number of code points in p[0..len). */
int64_t seqrt_utf8_count(const char *p, int64_t len);
/* Bytes taken by the first n code points of p[0..len) (len when it has fewer). */
int64_t seqrt_utf8_prefix(const char *p, int64_t len, int64_t n);

/* ---- number literals (number_ascii.c) ---- */
/* CPython's _PyUnicode_TransformDecimalAndSpaceToASCII, which int() and float() apply first:
 * ASCII stays, Unicode whitespace becomes ' ', Unicode decimal digits become '0'..'9', and
 * anything else ends the text with '?'. Writes at most len bytes; returns how many. */
int64_t seqrt_number_ascii(const char *p, int64_t len, char *out);

/* Python's ASCII whitespace (Py_ISSPACE): " \t\n\v\f\r". */
static inline int seqrt_is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

#endif
