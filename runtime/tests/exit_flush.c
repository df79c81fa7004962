/* expect-exit: 3
 * seq_exit flushes buffered output before exiting with the given status. */
#include "codon_rt.h"

int main(int argc, char **argv) {
  seq_init(argc, argv);
  seq_write(1, 15, "pending output\n");
  seq_exit(3);
}
