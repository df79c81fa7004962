/* seq_personality: the personality routine of codon functions, which tells the unwinder
 * where each frame's landing pads are by reading the LSDA (GCC's exception table format, as
 * LLVM emits it) of the function being unwound. */
#include "exceptions.h"

/* DWARF pointer encodings used in the LSDA. */
enum {
  PE_ABSPTR = 0x00,
  PE_ULEB128 = 0x01,
  PE_UDATA2 = 0x02,
  PE_UDATA4 = 0x03,
  PE_UDATA8 = 0x04,
  PE_SLEB128 = 0x09,
  PE_SDATA2 = 0x0A,
  PE_SDATA4 = 0x0B,
  PE_SDATA8 = 0x0C,
  PE_PCREL = 0x10,
  PE_FUNCREL = 0x40,
  PE_INDIRECT = 0x80,
  PE_OMIT = 0xFF,
};

/* The bits of a LEB128 number at *p (advancing past it), its bit count in *bits and its last
 * byte in *last (whose 0x40 bit is the sign of a signed one). */
static uintptr_t read_leb128_bits(const uint8_t **p, unsigned *bits, uint8_t *last) {
  uintptr_t v = 0;
  unsigned shift = 0;
  uint8_t byte;
  do {
    byte = *(*p)++;
    v |= (uintptr_t)(byte & 0x7F) << shift;
    shift += 7;
  } while (byte & 0x80);
  *bits = shift;
  *last = byte;
  return v;
}

static uintptr_t read_uleb128(const uint8_t **p) {
  unsigned bits;
  uint8_t last;
  return read_leb128_bits(p, &bits, &last);
}

static intptr_t read_sleb128(const uint8_t **p) {
  unsigned bits;
  uint8_t last;
  uintptr_t v = read_leb128_bits(p, &bits, &last);
  if ((last & 0x40) && bits < 8 * sizeof v)
    v |= ~(uintptr_t)0 << bits;
  return (intptr_t)v;
}

/* Reads a value of the given encoding; returns 0 for encodings LLVM never uses in an LSDA
 * (text-, data- and aligned-relative). */
static int read_encoded(const uint8_t **p, uint8_t enc, uintptr_t func_start, uintptr_t *out) {
  const uint8_t *at = *p;
  uintptr_t v;
  switch (enc & 0x0F) {
  case PE_ABSPTR: memcpy(&v, at, sizeof v); *p += sizeof v; break;
  case PE_ULEB128: v = read_uleb128(p); break;
  case PE_SLEB128: v = (uintptr_t)read_sleb128(p); break;
  case PE_UDATA2: { uint16_t x; memcpy(&x, at, 2); v = x; *p += 2; break; }
  case PE_UDATA4: { uint32_t x; memcpy(&x, at, 4); v = x; *p += 4; break; }
  case PE_UDATA8: { uint64_t x; memcpy(&x, at, 8); v = (uintptr_t)x; *p += 8; break; }
  case PE_SDATA2: { int16_t x; memcpy(&x, at, 2); v = (uintptr_t)(intptr_t)x; *p += 2; break; }
  case PE_SDATA4: { int32_t x; memcpy(&x, at, 4); v = (uintptr_t)(intptr_t)x; *p += 4; break; }
  case PE_SDATA8: { int64_t x; memcpy(&x, at, 8); v = (uintptr_t)x; *p += 8; break; }
  default: return 0;
  }
  if (v != 0) {
    switch (enc & 0x70) {
    case PE_ABSPTR: break;
    case PE_PCREL: v += (uintptr_t)at; break;
    case PE_FUNCREL: v += func_start; break;
    default: return 0;
    }
    if (enc & PE_INDIRECT)
      memcpy(&v, (const void *)v, sizeof v);
  }
  *out = v;
  return 1;
}

/* What the LSDA says about the call that is unwinding. */
typedef struct {
  uintptr_t pad;     /* landing pad address */
  int64_t selector;  /* first catch clause's type index, or 0 for a cleanup */
} landing;

/* Follows a chain of action records: a positive type filter is a catch clause, zero a
 * cleanup; negative filters (C++ exception specifications) are never emitted for codon. */
static int64_t first_catch(const uint8_t *record) {
  for (;;) {
    intptr_t filter = read_sleb128(&record);
    const uint8_t *next_at = record;
    intptr_t next = read_sleb128(&record);
    if (filter > 0)
      return filter;
    if (next == 0)
      return 0;
    record = next_at + next;
  }
}

/* Finds the call site containing the frame's IP; returns 0 when the frame has no landing pad
 * for it (no LSDA, no entry, or an entry without a pad). */
static int find_landing(struct _Unwind_Context *ctx, landing *out) {
  const uint8_t *p = _Unwind_GetLanguageSpecificData(ctx);
  if (!p)
    return 0;
  int before_insn = 0;
  uintptr_t ip = _Unwind_GetIPInfo(ctx, &before_insn);
  if (!before_insn)
    ip--; /* the return address may already belong to the next call site */
  uintptr_t func = _Unwind_GetRegionStart(ctx);

  uintptr_t lp_start = func;
  uint8_t lp_start_enc = *p++;
  if (lp_start_enc != PE_OMIT && !read_encoded(&p, lp_start_enc, func, &lp_start))
    return 0;
  if (*p++ != PE_OMIT)
    read_uleb128(&p); /* type table offset: catch clauses are not told apart by type here */
  uint8_t site_enc = *p++;
  uintptr_t sites_len = read_uleb128(&p);
  const uint8_t *end = p + sites_len, *actions = end;

  while (p < end) {
    uintptr_t start, len, pad;
    if (!read_encoded(&p, site_enc, func, &start) || !read_encoded(&p, site_enc, func, &len) ||
        !read_encoded(&p, site_enc, func, &pad))
      return 0;
    uintptr_t action = read_uleb128(&p);
    if (ip < func + start)
      return 0; /* sites are sorted: no entry covers ip */
    if (ip < func + start + len) {
      if (!pad)
        return 0;
      out->pad = lp_start + pad;
      out->selector = action ? first_catch(actions + action - 1) : 0;
      return 1;
    }
  }
  return 0;
}

/* The Itanium personality routine. Search phase: a frame handles a codon exception when its
 * landing pad has a catch clause. Cleanup phase (which seq_throw's forced unwinding always
 * is): every landing pad runs, catch pads included, since they check the exception's type
 * themselves and resume when it does not match; foreign exceptions are treated the same way. */
_Unwind_Reason_Code seq_personality(int version, _Unwind_Action actions, uint64_t klass,
                                    struct _Unwind_Exception *ue, struct _Unwind_Context *ctx) {
  if (version != 1 || !ue || !ctx)
    return _URC_FATAL_PHASE1_ERROR;
  landing lp;
  if (!find_landing(ctx, &lp))
    return _URC_CONTINUE_UNWIND;
  if (actions & _UA_SEARCH_PHASE)
    return klass == SEQRT_EXCEPTION_CLASS && lp.selector > 0 ? _URC_HANDLER_FOUND
                                                             : _URC_CONTINUE_UNWIND;
  _Unwind_SetGR(ctx, __builtin_eh_return_data_regno(0), (uintptr_t)ue);
  _Unwind_SetGR(ctx, __builtin_eh_return_data_regno(1), (uintptr_t)lp.selector);
  _Unwind_SetIP(ctx, lp.pad);
  return _URC_INSTALL_CONTEXT;
}
