/* Output: stdout is buffered here (one write(2) per 64 KiB, or per line on a terminal, like
 * CPython); stderr is written at once, after flushing stdout so that the two interleave in
 * the order the program wrote them. */
#include "rt_internal.h"

#define OUT_CAP 65536

static char out_buf[OUT_CAP];
static size_t out_len;
static int out_line_buffered;

/* write(2) until everything is out; gives up silently when the descriptor fails (closed pipe),
 * as there is nowhere left to report it. */
static void write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    long w = write(fd, p, n);
    if (w <= 0)
      return;
    p += w;
    n -= (size_t)w;
  }
}

/* Called by seq_init: a terminal gets each line as soon as it is complete. */
void seqrt_io_init(void) { out_line_buffered = isatty(1); }

/* Pushes buffered stdout data to the descriptor; used before exiting, reading input and
 * writing to stderr. */
void seqrt_flush_stdout(void) {
  write_all(1, out_buf, out_len);
  out_len = 0;
}

/* print() and sys.stdout/stderr writes. */
void seq_write(int32_t fd, int64_t len, const char *p) {
  if (len <= 0)
    return;
  size_t n = (size_t)len;
  if (fd != 1) {
    if (fd == 2)
      seqrt_flush_stdout();
    write_all(fd, p, n);
    return;
  }
  if (n > OUT_CAP - out_len) {
    seqrt_flush_stdout();
    if (n >= OUT_CAP) {
      write_all(1, p, n);
      return;
    }
  }
  memcpy(out_buf + out_len, p, n);
  out_len += n;
  if (out_line_buffered && memchr(p, '\n', n))
    seqrt_flush_stdout();
}

/* sys.stdout.flush() / print(flush=True); stderr is never buffered. */
void seq_flush(int32_t fd) {
  if (fd == 1)
    seqrt_flush_stdout();
}
