/* A minimal stand-in for the codon runtime (runtime/codon_rt.h), used by the code generator's
 * tests when the toolchain has no runtime bitcode for the host. It implements only what the
 * tests call: program lifetime, allocation, output, int formatting and exceptions (raising,
 * the personality routine with a small LSDA reader, and the uncaught-exception report). */
#include <gc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unwind.h>

typedef struct {
  int64_t len;
  char *ptr;
} seq_str_t;

void seq_init(int32_t argc, char **argv) {
  (void)argc;
  (void)argv;
  GC_INIT();
}

void seq_exit(int32_t code) {
  fflush(stdout);
  fflush(stderr);
  exit(code);
}

void *seq_alloc(int64_t size) { return GC_MALLOC((size_t)size); }

void seq_write(int32_t fd, int64_t len, const char *p) {
  fwrite(p, 1, (size_t)len, fd == 2 ? stderr : stdout);
}

void seq_str_int(int64_t v, seq_str_t *out) {
  char *buf = GC_MALLOC_ATOMIC(24);
  out->len = snprintf(buf, 24, "%lld", (long long)v);
  out->ptr = buf;
}

/* ---- exceptions ---- */

typedef struct {
  struct _Unwind_Exception header; /* first: landing pads receive its address */
  void *obj;
  int64_t type_id;
  const char *type_name, *file, *func;
  int64_t line;
} seq_exc_t;

static const uint64_t SEQ_EXC_CLASS = 0x434f444f4e534551ULL; /* "CODONSEQ" */

/* No landing pad caught the exception: report it like CPython and exit with status 1. */
static void uncaught(seq_exc_t *e) {
  seq_str_t *msg = (seq_str_t *)e->obj;
  fflush(stdout);
  fprintf(stderr, "Traceback (most recent call last):\n  File \"%s\", line %lld, in %s\n%s", e->file,
          (long long)e->line, e->func, e->type_name);
  if (msg && msg->len)
    fprintf(stderr, ": %.*s", (int)msg->len, msg->ptr);
  fprintf(stderr, "\n");
  exit(1);
}

static _Unwind_Reason_Code stop(int version, _Unwind_Action actions, _Unwind_Exception_Class klass,
                                struct _Unwind_Exception *ue, struct _Unwind_Context *ctx,
                                void *param) {
  (void)version;
  (void)klass;
  (void)ctx;
  (void)param;
  if (actions & _UA_END_OF_STACK)
    uncaught((seq_exc_t *)ue);
  return _URC_NO_REASON;
}

/* Exceptions unwind as forced unwinds: every landing pad runs (the code after it matches the
 * type and `resume`s when nothing matches), and the stop function reports what reaches the end
 * of the stack. */
void seq_throw(void *obj, int64_t type_id, const char *type_name, const char *file, int64_t line,
               const char *func) {
  seq_exc_t *e = calloc(1, sizeof(seq_exc_t));
  e->header.exception_class = SEQ_EXC_CLASS;
  e->obj = obj;
  e->type_id = type_id;
  e->type_name = type_name;
  e->file = file;
  e->func = func;
  e->line = line;
  _Unwind_ForcedUnwind(&e->header, stop, NULL);
  uncaught(e);
}

void *seq_exc_object(void *unwind_exception) { return ((seq_exc_t *)unwind_exception)->obj; }

int64_t seq_exc_type_id(void *unwind_exception) { return ((seq_exc_t *)unwind_exception)->type_id; }

static uint64_t read_uleb(const uint8_t **p) {
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    b = *(*p)++;
    v |= (uint64_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return v;
}

static int64_t read_sleb(const uint8_t **p) {
  int64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    b = *(*p)++;
    v |= (int64_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= -((int64_t)1 << shift);
  return v;
}

/* Reads a DW_EH_PE-encoded value (only the formats LLVM emits in LSDAs). */
static uintptr_t read_encoded(const uint8_t **p, uint8_t enc) {
  const uint8_t *start = *p;
  uintptr_t v;
  switch (enc & 0x0f) {
  case 0x00: memcpy(&v, *p, sizeof v); *p += sizeof v; break;
  case 0x01: v = (uintptr_t)read_uleb(p); break;
  case 0x02: { uint16_t x; memcpy(&x, *p, 2); *p += 2; v = x; break; }
  case 0x03: { uint32_t x; memcpy(&x, *p, 4); *p += 4; v = x; break; }
  case 0x04: { uint64_t x; memcpy(&x, *p, 8); *p += 8; v = (uintptr_t)x; break; }
  case 0x09: v = (uintptr_t)read_sleb(p); break;
  case 0x0b: { int32_t x; memcpy(&x, *p, 4); *p += 4; v = (uintptr_t)(intptr_t)x; break; }
  case 0x0c: { int64_t x; memcpy(&x, *p, 8); *p += 8; v = (uintptr_t)x; break; }
  default: abort();
  }
  if (v && (enc & 0x70) == 0x10)
    v += (uintptr_t)start;
  return v;
}

/* Installs the landing pad of the throwing call, if any (every pad catches everything). */
_Unwind_Reason_Code seq_personality(int version, _Unwind_Action actions, uint64_t klass,
                                    struct _Unwind_Exception *ue, struct _Unwind_Context *ctx) {
  (void)version;
  (void)klass;
  const uint8_t *lsda = (const uint8_t *)_Unwind_GetLanguageSpecificData(ctx);
  if (!lsda)
    return _URC_CONTINUE_UNWIND;
  uintptr_t func_start = _Unwind_GetRegionStart(ctx);
  uintptr_t ip = _Unwind_GetIP(ctx) - 1;
  uint8_t lpstart_enc = *lsda++;
  uintptr_t lpstart = lpstart_enc == 0xff ? func_start : read_encoded(&lsda, lpstart_enc);
  uint8_t ttype_enc = *lsda++;
  if (ttype_enc != 0xff)
    read_uleb(&lsda);
  uint8_t cs_enc = *lsda++;
  uint64_t cs_len = read_uleb(&lsda);
  const uint8_t *cs_end = lsda + cs_len;
  while (lsda < cs_end) {
    uintptr_t start = read_encoded(&lsda, cs_enc);
    uintptr_t len = read_encoded(&lsda, cs_enc);
    uintptr_t lp = read_encoded(&lsda, cs_enc);
    uint64_t action = read_uleb(&lsda);
    if (ip < func_start + start)
      break;
    if (ip >= func_start + start + len)
      continue;
    if (!lp)
      return _URC_CONTINUE_UNWIND;
    if (actions & _UA_SEARCH_PHASE)
      return action ? _URC_HANDLER_FOUND : _URC_CONTINUE_UNWIND;
    _Unwind_SetGR(ctx, __builtin_eh_return_data_regno(0), (uintptr_t)ue);
    _Unwind_SetGR(ctx, __builtin_eh_return_data_regno(1), action ? 1 : 0);
    _Unwind_SetIP(ctx, lpstart + lp);
    return _URC_INSTALL_CONTEXT;
  }
  return _URC_CONTINUE_UNWIND;
}
