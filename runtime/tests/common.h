/* Shared by the runtime's C tests: failure counting and str comparison. Each test prints one
 * line per failed check and exits with status 1 if there was any. */
#ifndef CODON_RT_TEST_COMMON_H
#define CODON_RT_TEST_COMMON_H

#include <stdio.h>
#include <string.h>
#include "codon_rt.h"

static int failures;

/* Records a failure of `what` unless ok. */
static inline void check(int ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

/* Whether a runtime str holds exactly the C string `want`. */
static inline int str_is(seq_str_t s, const char *want) {
  return s.len == (int64_t)strlen(want) && memcmp(s.ptr, want, (size_t)s.len) == 0;
}

/* Reports a str that differs from what CPython gives. */
static inline void check_str(seq_str_t got, const char *want, const char *what) {
  if (!str_is(got, want)) {
    printf("FAIL: %s: got \"%.*s\", want \"%s\"\n", what, (int)got.len, got.ptr, want);
    failures++;
  }
}

/* The exit status for the test's result. */
static inline int finish(void) {
  if (failures)
    return 1;
  return 0;
}

#endif
