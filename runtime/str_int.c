/* str() of integers and pointers. */
#include "rt_internal.h"

/* The digit loop behind str(int), format(int) and every other integer-to-text conversion. */
char *seqrt_u64_digits(uint64_t v, unsigned base, int upper, char *end) {
  const char *alphabet = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char *p = end;
  do {
    *--p = alphabet[v % base];
    v /= base;
  } while (v);
  return p;
}

/* Copies a short result into a fresh GC string. */
static void set_str(seq_str_t *out, const char *s, int64_t n) {
  char *p = seqrt_alloc_bytes(n + 1);
  memcpy(p, s, (size_t)n);
  p[n] = 0;
  out->len = n;
  out->ptr = p;
}

/* str(int) for the 64-bit int. */
void seq_str_int(int64_t v, seq_str_t *out) {
  char tmp[32];
  char *end = tmp + sizeof tmp;
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char *s = seqrt_u64_digits(mag, 10, 0, end);
  if (v < 0)
    *--s = '-';
  set_str(out, s, end - s);
}

/* str() of unsigned integers (UInt[64], u64). */
void seq_str_uint(uint64_t v, seq_str_t *out) {
  char tmp[32];
  char *end = tmp + sizeof tmp;
  char *s = seqrt_u64_digits(v, 10, 0, end);
  set_str(out, s, end - s);
}

/* str(Ptr[T]): "0x" and lower-case hex, "0x0" for null. */
void seq_str_ptr(void *p, seq_str_t *out) {
  char tmp[32];
  char *end = tmp + sizeof tmp;
  char *s = seqrt_u64_digits((uint64_t)(uintptr_t)p, 16, 0, end);
  *--s = 'x';
  *--s = '0';
  set_str(out, s, end - s);
}
