/* The few libc and Boehm GC functions the runtime calls, declared here instead of including
 * system headers so that the runtime compiles to bitcode for every target triple without that
 * target's sysroot. Programs are linked against libc, libm and libgc, which define them.
 * Everything here is `nothrow` so that the optimizer can mark the runtime's own functions
 * nounwind; only seq_throw really unwinds. */
#ifndef CODON_LIBC_DECLS_H
#define CODON_LIBC_DECLS_H

#include <stddef.h>

#define SEQRT_LIBC __attribute__((nothrow))

/* POSIX I/O; ssize_t is `long` on every supported (LP64) target. */
SEQRT_LIBC long write(int fd, const void *buf, size_t n);
SEQRT_LIBC long read(int fd, void *buf, size_t n);
SEQRT_LIBC int isatty(int fd);
SEQRT_LIBC int open(const char *path, int flags, ...);
SEQRT_LIBC int close(int fd);
/* open() flag, the same on Linux and macOS. */
#define SEQRT_O_RDONLY 0

/* Process control. */
SEQRT_LIBC __attribute__((noreturn)) void exit(int status);
SEQRT_LIBC __attribute__((noreturn)) void abort(void);

/* Memory and strings. */
SEQRT_LIBC void *memcpy(void *dst, const void *src, size_t n);
SEQRT_LIBC void *memset(void *dst, int c, size_t n);
SEQRT_LIBC void *memchr(const void *s, int c, size_t n);
SEQRT_LIBC size_t strlen(const char *s);
SEQRT_LIBC char *strerror(int err);

/* errno: a function returning its address, named per C library. */
#ifdef __APPLE__
SEQRT_LIBC int *__error(void);
#else
SEQRT_LIBC int *__errno_location(void);
#endif

/* Correctly rounded decimal <-> binary conversion (glibc and Apple's libc both are exact). */
SEQRT_LIBC double strtod(const char *s, char **end);
SEQRT_LIBC int snprintf(char *buf, size_t n, const char *fmt, ...);

/* Boehm GC. */
SEQRT_LIBC void GC_init(void);
SEQRT_LIBC void *GC_malloc(size_t n);
SEQRT_LIBC void *GC_malloc_atomic(size_t n);
SEQRT_LIBC void *GC_realloc(void *p, size_t n);
SEQRT_LIBC void GC_free(void *p);

#endif
