/* expect-exit: 1
 * An exception with no handler anywhere: pending stdout, then CPython's traceback. */
#include "codon_rt.h"

int main(int argc, char **argv) {
  seq_init(argc, argv);
  seq_write(1, 7, "before\n");
  seq_str_t *obj = seq_alloc(sizeof *obj);
  obj->len = 5;
  obj->ptr = "boom!";
  seq_throw(obj, 3, "RuntimeError", "main.py", 7, "<module>");
}
