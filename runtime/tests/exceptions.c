/* Raising and catching through the landing pads of exceptions.ll. */
#include "common.h"

void *catch_direct(int64_t type, int32_t *sel);
void *catch_after_cleanup(int64_t type, int64_t *counts);
void *catch_after_mismatch(int64_t type, int64_t *counts);
void *raise_in_handler(int64_t first, int64_t second);

int main(int argc, char **argv) {
  seq_init(argc, argv);

  int32_t sel = -1;
  check(catch_direct(0, &sel) == NULL, "no exception: the normal path");
  void *e = catch_direct(7, &sel);
  check(e != NULL, "direct catch");
  check(seq_exc_type_id(e) == 7, "type id of caught exception");
  check(sel > 0, "selector of a catch clause is positive");
  seq_str_t *msg = seq_exc_object(e);
  check(msg && msg->len == 4 && memcmp(msg->ptr, "boom", 4) == 0, "object of caught exception");

  int64_t counts[2] = {0, -1};
  e = catch_after_cleanup(8, counts);
  check(e && seq_exc_type_id(e) == 8, "catch after a cleanup pad resumed");
  check(counts[0] == 1, "cleanup pad ran once");
  check(counts[1] == 0, "selector of a cleanup pad is 0");

  counts[0] = 0;
  e = catch_after_mismatch(9, counts);
  check(e && seq_exc_type_id(e) == 9, "catch after a non-matching clause resumed");
  check(counts[0] == 1, "non-matching pad ran once");

  e = raise_in_handler(10, 11);
  check(e && seq_exc_type_id(e) == 11, "exception raised inside a handler");

  for (int i = 0; i < 1000; i++)
    check(catch_direct(20 + i, &sel) && seq_exc_type_id(catch_direct(20 + i, &sel)) == 20 + i,
          "repeated raising");

  return finish();
}
