/* The in-flight form of a codon exception, shared by exceptions.c and personality.c. */
#ifndef CODON_EXCEPTIONS_H
#define CODON_EXCEPTIONS_H

#include <unwind.h>
#include "rt_internal.h"

/* exception_class of codon exceptions: "CODONSEQ" as big-endian bytes. Anything else is a
 * foreign exception (C++, forced unwinding by pthread_cancel, ...). */
#define SEQRT_EXCEPTION_CLASS 0x434F444F4E534551ULL

/* A frame the exception unwound through: where its function called the next one. */
typedef struct seqrt_frame {
  const char *file;
  const char *func;
  int64_t line;
  struct seqrt_frame *next; /* the frame that called this one */
} seqrt_frame;

/* The header comes first, so the pointer a landing pad receives is the wrapper itself. */
typedef struct {
  struct _Unwind_Exception unwind;
  void *obj;             /* the raised object; its first field is the message str */
  int64_t type_id;
  const char *type_name; /* for the traceback of an uncaught exception */
  const char *file;
  const char *func;
  int64_t line;
  seqrt_frame *callers; /* outermost first: the frames above the raise, as unwinding met them */
} seqrt_exception;

#endif
