/* expect-exit: 1
 * Output buffered before the exception, the pads' output, then the traceback. */
#include "codon_rt.h"

void run(void);

int main(int argc, char **argv) {
  seq_init(argc, argv);
  seq_write(1, 7, "before\n");
  run();
  seq_write(1, 6, "after\n");
  seq_exit(0);
}
