/* Raising exceptions over the platform unwinder (libgcc_s on Linux, libunwind on macOS).
 *
 * seq_throw unwinds with _Unwind_ForcedUnwind rather than the two-phase
 * _Unwind_RaiseException. Catch clauses in codon code are catch-alls whose landing pads test
 * the type and `resume` when it does not match, so a search phase cannot know whether anything
 * catches; with two phases, resuming past the last frame aborts inside the unwinder, and
 * `finally` blocks would not run before the traceback of an uncaught exception. Forced
 * unwinding runs every landing pad on the way out (seq_personality installs catch pads too)
 * and calls the stop function at the end of the stack, including after a `resume`, which is
 * where the traceback is printed, as CPython does after unwinding. */
#include "exceptions.h"

/* Called by whoever disposes of the exception (a foreign runtime that caught it); the
 * collector owns the memory, so there is nothing to do. */
static void drop_exception(_Unwind_Reason_Code reason, struct _Unwind_Exception *ue) {
  (void)reason;
  (void)ue;
}

/* A frame shown the same way as the previous one is counted instead of repeated beyond this
 * many times (as CPython does for deep recursion). */
#define SEQRT_REPEATS_SHOWN 3

/* Source files larger than this are not read for traceback lines. */
#define SEQRT_SOURCE_MAX (4 << 20)

/* The text of the source file last read for a traceback (frames mostly share a file). */
static const char *source_name;
static seqrt_buf source_text;
static int source_ok;

/* Reads `file` into source_text unless it is the one read last; whether it could be read. */
static int load_source(const char *file) {
  if (source_name == file)
    return source_ok;
  source_name = file;
  source_ok = 0;
  int fd = open(file, SEQRT_O_RDONLY);
  if (fd < 0)
    return 0;
  seqrt_buf_init(&source_text, 4096);
  char chunk[4096];
  long n;
  while ((n = read(fd, chunk, sizeof chunk)) > 0 && source_text.len < SEQRT_SOURCE_MAX)
    seqrt_buf_put(&source_text, chunk, n);
  close(fd);
  source_ok = n == 0;
  return source_ok;
}

/* Writes line `line` of `file`, without its indentation, as CPython shows it under a frame;
 * nothing when the file cannot be read (the program may run far from its sources). */
static void put_source_line(seqrt_buf *b, const char *file, int64_t line) {
  if (!file || line <= 0 || !load_source(file))
    return;
  const char *p = source_text.p, *end = p + source_text.len;
  for (int64_t at = 1; at < line && p < end; at++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  const char *nl = p < end ? memchr(p, '\n', (size_t)(end - p)) : 0;
  const char *stop = nl ? nl : end;
  while (p < stop && (*p == ' ' || *p == '\t'))
    p++;
  while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
    stop--;
  if (p == stop)
    return;
  seqrt_buf_puts(b, "    ");
  seqrt_buf_put(b, p, stop - p);
  seqrt_buf_putc(b, '\n');
}

static void put_frame(seqrt_buf *b, const char *file, int64_t line, const char *func) {
  seqrt_buf_puts(b, "  File \"");
  seqrt_buf_puts(b, file ? file : "<unknown>");
  seqrt_buf_puts(b, "\", line ");
  seqrt_buf_put_int(b, line);
  seqrt_buf_puts(b, ", in ");
  seqrt_buf_puts(b, func ? func : "<unknown>");
  seqrt_buf_putc(b, '\n');
  put_source_line(b, file, line);
}

static int same_frame(const seqrt_frame *a, const char *file, int64_t line, const char *func) {
  return a && a->line == line && a->file == file && a->func == func;
}

static void put_repeats(seqrt_buf *b, int64_t hidden) {
  if (hidden <= 0)
    return;
  seqrt_buf_puts(b, "  [Previous line repeated ");
  seqrt_buf_put_int(b, hidden);
  seqrt_buf_puts(b, hidden == 1 ? " more time]\n" : " more times]\n");
}

/* Prints CPython's traceback for an exception nothing caught (the calling frames recorded
 * while unwinding, outermost first, then the raise), after the program's pending output,
 * and exits with status 1. */
static __attribute__((noreturn)) void report_uncaught(const seqrt_exception *e) {
  seqrt_buf b;
  seqrt_buf_init(&b, 256);
  seqrt_buf_puts(&b, "Traceback (most recent call last):\n");
  const seqrt_frame *prev = 0;
  int64_t repeats = 0;
  for (const seqrt_frame *f = e->callers; f; f = f->next) {
    if (same_frame(prev, f->file, f->line, f->func)) {
      if (++repeats >= SEQRT_REPEATS_SHOWN)
        continue;
    } else {
      put_repeats(&b, repeats - (SEQRT_REPEATS_SHOWN - 1));
      repeats = 0;
    }
    put_frame(&b, f->file, f->line, f->func);
    prev = f;
  }
  put_repeats(&b, repeats - (SEQRT_REPEATS_SHOWN - 1));
  /* A raise without a file comes from a helper hidden from tracebacks (`@__hidden__`): its
   * caller's frame, recorded above, is the traceback's last line. */
  if (e->file)
    put_frame(&b, e->file, e->line, e->func);
  seqrt_buf_puts(&b, e->type_name ? e->type_name : "Exception");
  const seq_str_t *msg = e->obj;
  if (msg && msg->len > 0) {
    seqrt_buf_puts(&b, ": ");
    seqrt_buf_put(&b, msg->ptr, msg->len);
  }
  seqrt_buf_putc(&b, '\n');
  seq_write(2, b.len, b.p); /* flushes stdout first */
  exit(1);
}

/* `seq_exc_add_frame`: see codon_rt.h. Frames arrive innermost first, so each new one goes to
 * the front. Foreign exceptions carry no frame list. */
void seq_exc_add_frame(void *unwind_exception, const char *file, int64_t line,
                       const char *func) {
  seqrt_exception *e = unwind_exception;
  if (!e || e->unwind.exception_class != SEQRT_EXCEPTION_CLASS)
    return;
  seqrt_frame *f = seq_alloc((int64_t)sizeof *f);
  f->file = file;
  f->func = func;
  f->line = line;
  f->next = e->callers;
  e->callers = f;
}

/* The forced unwind's stop function: lets every frame unwind, and reports the exception once
 * the stack is exhausted. */
static _Unwind_Reason_Code stop_at_end_of_stack(int version, _Unwind_Action actions,
                                                _Unwind_Exception_Class klass,
                                                struct _Unwind_Exception *ue,
                                                struct _Unwind_Context *ctx, void *arg) {
  (void)version, (void)klass, (void)ctx, (void)arg;
  if (actions & _UA_END_OF_STACK)
    report_uncaught((const seqrt_exception *)ue);
  return _URC_NO_REASON;
}

/* `raise`: see codon_rt.h. Kept out of line so that the unwinder always starts from a frame
 * of its own. */
__attribute__((noinline, noreturn, cold)) void seq_throw(void *obj, int64_t type_id,
                                                         const char *type_name, const char *file,
                                                         int64_t line, const char *func) {
  seqrt_exception *e = seq_alloc((int64_t)sizeof *e);
  e->unwind.exception_class = SEQRT_EXCEPTION_CLASS;
  e->unwind.exception_cleanup = drop_exception;
  e->obj = obj;
  e->type_id = type_id;
  e->type_name = type_name;
  e->file = file;
  e->func = func;
  e->line = line;
  e->callers = 0;
  _Unwind_ForcedUnwind(&e->unwind, stop_at_end_of_stack, 0);
  /* Only reached when the unwinder cannot walk the stack at all. */
  report_uncaught(e);
}

/* The raised object, for `except E as e` (null for foreign exceptions). */
void *seq_exc_object(void *unwind_exception) {
  const seqrt_exception *e = unwind_exception;
  return e->unwind.exception_class == SEQRT_EXCEPTION_CLASS ? e->obj : 0;
}

/* The raised object's class, which landing pads compare against their clauses; foreign
 * exceptions answer -1 so that no clause matches and the pad resumes unwinding. */
int64_t seq_exc_type_id(void *unwind_exception) {
  const seqrt_exception *e = unwind_exception;
  return e->unwind.exception_class == SEQRT_EXCEPTION_CLASS ? e->type_id : -1;
}
