/* A growable byte buffer in GC memory: how the runtime builds the strings it returns. */
#include "rt_internal.h"

/* Starts an empty buffer with room for `cap` bytes. */
void seqrt_buf_init(seqrt_buf *b, int64_t cap) {
  if (cap < 16)
    cap = 16;
  b->p = seqrt_alloc_bytes(cap);
  b->len = 0;
  b->cap = cap;
}

/* Makes room for `extra` more bytes, at least doubling so appends stay amortised O(1). */
static void reserve(seqrt_buf *b, int64_t extra) {
  if (b->len + extra <= b->cap)
    return;
  int64_t cap = b->cap * 2;
  if (cap < b->len + extra)
    cap = b->len + extra;
  char *p = seqrt_alloc_bytes(cap);
  memcpy(p, b->p, (size_t)b->len);
  b->p = p;
  b->cap = cap;
}

/* Appends n bytes. */
void seqrt_buf_put(seqrt_buf *b, const char *s, int64_t n) {
  if (n <= 0)
    return;
  reserve(b, n);
  memcpy(b->p + b->len, s, (size_t)n);
  b->len += n;
}

/* Appends a NUL-terminated C string (messages, literals). */
void seqrt_buf_puts(seqrt_buf *b, const char *s) { seqrt_buf_put(b, s, (int64_t)strlen(s)); }

/* Appends one byte. */
void seqrt_buf_putc(seqrt_buf *b, char c) { seqrt_buf_put(b, &c, 1); }

/* Appends `count` copies of a unit (padding with a fill character of any UTF-8 length). */
void seqrt_buf_repeat(seqrt_buf *b, const char *unit, int64_t unit_len, int64_t count) {
  if (count <= 0)
    return;
  reserve(b, unit_len * count);
  for (int64_t i = 0; i < count; i++) {
    memcpy(b->p + b->len, unit, (size_t)unit_len);
    b->len += unit_len;
  }
}

/* Appends a decimal integer (line numbers, exponents). */
void seqrt_buf_put_int(seqrt_buf *b, int64_t v) {
  char tmp[64];
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char *s = seqrt_u64_digits(mag, 10, 0, tmp + sizeof tmp);
  if (v < 0)
    *--s = '-';
  seqrt_buf_put(b, s, tmp + sizeof tmp - s);
}

/* Hands the bytes over as a str; the buffer must not be used afterwards. */
void seqrt_buf_finish(seqrt_buf *b, seq_str_t *out) {
  out->len = b->len;
  out->ptr = b->p;
}
