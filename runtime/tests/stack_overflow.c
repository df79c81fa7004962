/* expect-exit: 1
 * Unbounded recursion: pending stdout, then RecursionError instead of a segfault. */
#include "codon_rt.h"

/* Not a tail call, and a frame the optimizer cannot drop. */
static __attribute__((noinline)) int64_t depth(int64_t n) {
  volatile char frame[256];
  frame[0] = (char)n;
  if (n < 0) /* never: keeps the recursion unbounded without a warning */
    return 0;
  return depth(n + 1) + frame[0];
}

int main(int argc, char **argv) {
  seq_init(argc, argv);
  seq_write(1, 7, "before\n");
  return (int)depth(0);
}
