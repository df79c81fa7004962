/* seq_read_line: "\n", "\r\n" and "\r" end lines, a last line needs no terminator, lines may
 * be longer than the input buffer, and the end of input is reported once the data is gone. */
#include <stdlib.h>
#include <unistd.h>
#include "common.h"

int main(int argc, char **argv) {
  seq_init(argc, argv);
  static char longline[100001];
  memset(longline, 'x', 100000);

  char path[] = "/tmp/codon-rt-input-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return 2;
  unlink(path);
  const char *head = "first\nsecond\r\nthird\r\n\n\r";
  write(fd, head, strlen(head));
  write(fd, longline, 100000);
  write(fd, "\nlast", 5);
  lseek(fd, 0, SEEK_SET);
  dup2(fd, 0);

  const char *want[] = {"first", "second", "third", "", "", NULL, "last"};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    seq_str_t line;
    check(seq_read_line(&line) == 1, "a line is read");
    if (want[i])
      check_str(line, want[i], "line content");
    else
      check(str_is(line, longline), "a line longer than the input buffer");
  }
  seq_str_t line;
  check(seq_read_line(&line) == 0 && line.len == 0, "end of input");
  check(seq_read_line(&line) == 0, "end of input again");
  return finish();
}
