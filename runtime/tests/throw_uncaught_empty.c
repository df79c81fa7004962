/* expect-exit: 1
 * An uncaught exception with an empty message prints just its type, like CPython. */
#include "codon_rt.h"

void check_positive(int64_t n);

void check_positive(int64_t n) {
  if (n <= 0) {
    seq_str_t *obj = seq_alloc(sizeof *obj);
    seq_throw(obj, 4, "AssertionError", "lib/check.py", 12, "check_positive");
  }
}

int main(int argc, char **argv) {
  seq_init(argc, argv);
  check_positive(-1);
  seq_exit(0);
}
