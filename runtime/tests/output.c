/* seq_write/seq_flush: stdout is buffered (also past the buffer's size), stderr is not, and
 * writing to stderr first flushes stdout, so both arrive in program order. */
#include <stdlib.h>
#include <unistd.h>
#include "common.h"

int main(int argc, char **argv) {
  seq_init(argc, argv);
  char path[] = "/tmp/codon-rt-output-XXXXXX";
  int fd = mkstemp(path);
  int saved_stdout = dup(1);
  if (fd < 0 || saved_stdout < 0)
    return 2;
  unlink(path);
  dup2(fd, 1);
  dup2(fd, 2);

  static char big[200000], want[400000];
  size_t n = 0;
#define EMIT(f, s, len)                                                                          \
  do {                                                                                           \
    seq_write(f, (int64_t)(len), s);                                                             \
    memcpy(want + n, s, (size_t)(len));                                                          \
    n += (size_t)(len);                                                                          \
  } while (0)
  EMIT(1, "out 1\n", 6);
  EMIT(2, "err 1\n", 6);
  EMIT(1, "out 2 ", 6);
  EMIT(1, "continued\n", 10);
  for (size_t i = 0; i < sizeof big; i++)
    big[i] = (char)('a' + i % 26);
  for (size_t at = 0, len = 1; at + len <= 150000; at += len, len = len * 3 % 9973 + 1)
    EMIT(1, big + at, len);
  EMIT(1, big, 100000); /* more than the buffer holds */
  EMIT(2, "err 2\n", 6);
  EMIT(1, "tail", 4);
  seq_flush(1);

  static char got[400000];
  ssize_t len = pread(fd, got, sizeof got, 0);
  dup2(saved_stdout, 1);
  check(len == (ssize_t)n, "everything written arrives");
  check(len == (ssize_t)n && memcmp(got, want, n) == 0, "in program order");
  return finish();
}
