/* Memory: every object of a compiled program lives in Boehm GC memory. */
#include "rt_internal.h"

/* Allocation failure: there is no exception object to raise from here, so report like an
 * uncaught MemoryError and stop. */
static __attribute__((noreturn, cold)) void out_of_memory(void) {
  static const char msg[] = "MemoryError\n";
  seqrt_flush_stdout();
  write(2, msg, sizeof msg - 1);
  exit(1);
}

/* Objects that may hold pointers: the collector scans them; GC_malloc returns zeroed memory. */
void *seq_alloc(int64_t size) {
  void *p = GC_malloc((size_t)size);
  if (!p)
    out_of_memory();
  return p;
}

/* Shared by every pointer-free allocation in the runtime (strings, digit buffers). */
void *seqrt_alloc_bytes(int64_t size) {
  void *p = GC_malloc_atomic((size_t)size);
  if (!p)
    out_of_memory();
  return p;
}

/* Pointer-free objects (str data, arrays of numbers): never scanned. GC_malloc_atomic does not
 * clear memory, but the interface promises zeroed memory. */
void *seq_alloc_atomic(int64_t size) {
  void *p = seqrt_alloc_bytes(size);
  memset(p, 0, (size_t)size);
  return p;
}

/* Growing lists and buffers. The collector keeps the object's kind (atomic or not); the new
 * tail is cleared so that growth behaves like seq_alloc whatever the kind. */
void *seq_realloc(void *p, int64_t new_size, int64_t old_size) {
  /* GC_realloc to size 0 frees and returns NULL; arrays of empty records have size 0 */
  char *q = GC_realloc(p, (size_t)(new_size > 0 ? new_size : 1));
  if (!q)
    out_of_memory();
  if (new_size > old_size && old_size >= 0)
    memset(q + old_size, 0, (size_t)(new_size - old_size));
  return q;
}

/* Early release of an object the program knows to be dead (optional; the GC would find it). */
void seq_free(void *p) { GC_free(p); }
