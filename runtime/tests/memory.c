/* seq_alloc, seq_alloc_atomic, seq_realloc and seq_free, with enough garbage to make the
 * collector run; and the command line. */
#include "common.h"

int main(int argc, char **argv) {
  seq_init(argc, argv);

  unsigned char *p = seq_alloc(1000);
  int zero = 1;
  for (int i = 0; i < 1000; i++)
    zero &= p[i] == 0;
  check(zero, "seq_alloc returns zeroed memory");

  /* Atomic memory is reused after collections, so check zeroing on recycled blocks too. */
  for (int round = 0; round < 2000; round++) {
    unsigned char *a = seq_alloc_atomic(4096);
    int clear = 1;
    for (int i = 0; i < 4096; i++)
      clear &= a[i] == 0;
    memset(a, 0xAB, 4096);
    if (!clear) {
      check(0, "seq_alloc_atomic returns zeroed memory");
      break;
    }
  }

  unsigned char *q = seq_alloc_atomic(16);
  memset(q, 7, 16);
  q = seq_realloc(q, 64, 16);
  int kept = 1, cleared = 1;
  for (int i = 0; i < 16; i++)
    kept &= q[i] == 7;
  for (int i = 16; i < 64; i++)
    cleared &= q[i] == 0;
  check(kept, "seq_realloc keeps the contents");
  check(cleared, "seq_realloc clears the new tail");
  seq_free(q);

  /* A linked list kept alive only through GC memory survives collections. */
  void **head = NULL;
  for (int i = 0; i < 100000; i++) {
    void **node = seq_alloc(2 * sizeof(void *));
    node[0] = head;
    node[1] = (void *)(intptr_t)i;
    head = node;
    seq_alloc_atomic(256); /* garbage */
  }
  int64_t n = 0, sum_ok = 1;
  for (void **node = head; node; node = node[0], n++)
    sum_ok &= (intptr_t)node[1] == 99999 - n;
  check(n == 100000 && sum_ok, "GC-reachable list survives collections");

  check(seq_argc() == argc, "seq_argc");
  seq_str_t s;
  seq_argv(0, &s);
  check(str_is(s, argv[0]), "seq_argv(0) is the program");
  seq_argv(argc, &s);
  check(s.len == 0, "seq_argv out of range is empty");
  return finish();
}
