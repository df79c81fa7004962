/* input(): reads standard input through its own buffer with read(2). */
#include "rt_internal.h"

#define IN_CAP 65536

static char in_buf[IN_CAP];
static size_t in_pos, in_len;
static int in_eof;

/* Refills the buffer once it is used up; returns 0 at end of input (or on a read error). */
static int fill(void) {
  if (in_pos < in_len)
    return 1;
  if (in_eof)
    return 0;
  long n = read(0, in_buf, IN_CAP);
  if (n <= 0) {
    in_eof = 1;
    return 0;
  }
  in_pos = 0;
  in_len = (size_t)n;
  return 1;
}

/* One line without its terminator. Like CPython's text-mode stdin, "\n", "\r\n" and a lone
 * "\r" all end a line. The prompt the program printed is flushed first. Returns 0 (and an
 * empty string) when input ended before any character. */
int32_t seq_read_line(seq_str_t *out) {
  seqrt_flush_stdout();
  seqrt_buf line;
  seqrt_buf_init(&line, 80);
  int got_any = 0;
  while (fill()) {
    got_any = 1;
    size_t start = in_pos, i = in_pos;
    while (i < in_len && in_buf[i] != '\n' && in_buf[i] != '\r')
      i++;
    seqrt_buf_put(&line, in_buf + start, (int64_t)(i - start));
    if (i == in_len) {
      in_pos = in_len;
      continue;
    }
    in_pos = i + 1;
    if (in_buf[i] == '\r' && fill() && in_buf[in_pos] == '\n')
      in_pos++;
    break;
  }
  seqrt_buf_finish(&line, out);
  return got_any;
}
