/* The codon runtime's interface: what compiled programs (codegen and the stdlib's
 * `@extern` declarations) call. Compiled to LLVM bitcode per target and merged into every
 * program. No struct is ever passed or returned by value (ABIs differ per target): strings
 * come in as (len, ptr) pairs and go out through a `seq_str_t *out`.
 */
#ifndef CODON_RT_H
#define CODON_RT_H

#include <stdint.h>
#include <stddef.h>

/* The layout of the stdlib's `str`: a length in bytes and a pointer to UTF-8 bytes. */
typedef struct {
  int64_t len;
  char *ptr;
} seq_str_t;

/* ---- program lifetime ---- */
void seq_init(int32_t argc, char **argv);  /* GC init, remember argv; first thing main() does */
void seq_exit(int32_t code);               /* flush stdout/stderr and exit */
int64_t seq_argc(void);
void seq_argv(int64_t i, seq_str_t *out);  /* i-th program argument (argv[0] is the program) */

/* ---- memory (Boehm GC) ---- */
void *seq_alloc(int64_t size);        /* zeroed, may contain pointers */
void *seq_alloc_atomic(int64_t size); /* zeroed, holds no pointers */
void *seq_realloc(void *p, int64_t new_size, int64_t old_size);
void seq_free(void *p);               /* optional early release */

/* ---- I/O ---- */
void seq_write(int32_t fd, int64_t len, const char *p); /* fd 1 buffered (by line on a tty);
                                                           fd 2 flushes fd 1, then writes */
void seq_flush(int32_t fd);
int32_t seq_read_line(seq_str_t *out);  /* input(): line from stdin without newline; 0 at EOF */

/* ---- conversions and formatting (CPython-exact) ---- */
void seq_str_int(int64_t v, seq_str_t *out);          /* str(int) */
void seq_str_uint(uint64_t v, seq_str_t *out);
void seq_str_float(double v, seq_str_t *out);         /* repr(float): shortest round trip */
void seq_str_ptr(void *p, seq_str_t *out);            /* 0x… */
/* format(v, spec): return 0 on success; otherwise 1 and *out holds the ValueError message
 * (2 and an OverflowError message for format(n, 'c') with n outside range(0x110000)) */
int32_t seq_format_int(int64_t v, int64_t spec_len, const char *spec, seq_str_t *out);
int32_t seq_format_float(double v, int64_t spec_len, const char *spec, seq_str_t *out);
int32_t seq_format_str(int64_t len, const char *p, int64_t spec_len, const char *spec, seq_str_t *out);
/* int(s, base) / float(s): return 0 on success, 1 when invalid (caller raises ValueError);
 * seq_parse_int also returns 2 when the value does not fit in 64 bits and 3 when base is
 * not 0 or 2..36 */
int32_t seq_parse_int(int64_t len, const char *p, int64_t base, int64_t *out);
int32_t seq_parse_float(int64_t len, const char *p, double *out);
double seq_int_truediv(int64_t a, int64_t b);        /* a / b correctly rounded (b != 0) */
double seq_float_round(double x, int64_t ndigits);    /* round(x, n), correctly rounded like CPython
                                                         (inf where CPython raises OverflowError) */

/* ---- text files (open()) ---- */
void *seq_file_open(int64_t plen, const char *path, int64_t mlen, const char *mode, int32_t *err);
int32_t seq_file_read_line(void *f, seq_str_t *out); /* with its "\n"; 0 at end of file */
void seq_file_read_all(void *f, seq_str_t *out);
int32_t seq_file_write(void *f, int64_t len, const char *p); /* 0, or the OS error number */
void seq_file_close(void *f);
void seq_errno_text(int32_t err, seq_str_t *out);     /* strerror(err) */

/* ---- exceptions (Itanium zero-cost EH) ---- */
/* Raise `obj` (a heap object whose first field is the `str` message) of class `type_id`
 * named `type_name`. Never returns. An uncaught exception prints
 * "Traceback (most recent call last):\n" then "  File \"FILE\", line N, in FUNC\n" for each
 * calling frame recorded by seq_exc_add_frame and for the raise, then "TYPE: MSG" to
 * stderr, flushes stdout, and exits with status 1. */
void seq_throw(void *obj, int64_t type_id, const char *type_name, const char *file, int64_t line,
               const char *func);
void *seq_exc_object(void *unwind_exception);   /* the thrown object, from a landing pad's ptr */
int64_t seq_exc_type_id(void *unwind_exception);
/* Records a calling frame (file, line of the call, function) for the traceback; generated
 * code calls it from a cleanup pad on each call outside `try`, then resumes unwinding. */
void seq_exc_add_frame(void *unwind_exception, const char *file, int64_t line, const char *func);
/* The personality routine named in every function that has landing pads. A landing pad with a
 * catch clause (any type info, usually null) catches every codon exception; the code after
 * the pad checks seq_exc_type_id and resumes unwinding (`resume`) when no clause matches.
 * Such a pad must also carry the `cleanup` clause (`landingpad {ptr, i32} cleanup catch ptr
 * null`): LLVM deletes a `resume` that only catch-only pads reach. seq_throw unwinds in a
 * single (forced) phase, so every pad on the way runs, and finally blocks run before the
 * traceback of an uncaught exception, as in CPython. */
/* int seq_personality(int version, int actions, uint64_t klass, void *exc, void *ctx); */
void seq_terminate(void);                       /* abort with a message */
#endif
