/* Program lifetime: start-up, the command line, and the ways out. */
#include "rt_internal.h"

static int32_t saved_argc;
static char **saved_argv;

/* First call of main(): the collector must be initialised before any allocation (on macOS
 * GC_init is mandatory), sys.argv is read lazily from the saved vector, and a stack overflow
 * will report itself (after GC_init, which probes memory with handlers of its own). */
void seq_init(int32_t argc, char **argv) {
  GC_init();
  saved_argc = argc;
  saved_argv = argv;
  seqrt_io_init();
  seqrt_stack_overflow_init();
}

/* sys.exit() and the end of main(): buffered output must reach its descriptor first. */
void seq_exit(int32_t code) {
  seqrt_flush_stdout();
  exit(code);
}

/* len(sys.argv). */
int64_t seq_argc(void) { return saved_argc; }

/* sys.argv[i]; the strings stay valid for the whole run, so they are not copied. Out of
 * range yields "". */
void seq_argv(int64_t i, seq_str_t *out) {
  if (i < 0 || i >= saved_argc || !saved_argv[i]) {
    out->len = 0;
    out->ptr = (char *)"";
    return;
  }
  out->ptr = saved_argv[i];
  out->len = (int64_t)strlen(saved_argv[i]);
}

/* Unrecoverable states (e.g. a failed unwind): say so and abort, keeping what was printed. */
void seq_terminate(void) {
  static const char msg[] = "codon: fatal error: terminate called\n";
  seqrt_flush_stdout();
  write(2, msg, sizeof msg - 1);
  abort();
}
