/* Deep recursion: a stack overflow in the main thread is reported as Python's RecursionError
 * (on stderr, after the program's pending output, exit status 1) instead of a bare
 * "Segmentation fault". A SIGSEGV/SIGBUS handler runs on an alternate signal stack (the
 * overflowed one has no room left) and decides from the faulting address: inside the main
 * thread's stack area it is an overflow; anything else is a real memory fault, for which the
 * default action is restored and the fault happens again as it would have.
 *
 * The handful of POSIX declarations are written out per OS (the runtime uses no system
 * headers); clang's predefined __linux__/__APPLE__ follow the target triple. */
#include "rt_internal.h"

#if defined(__linux__) || defined(__APPLE__)

#define SEQRT_SIGBUS_LINUX 7
#define SEQRT_SIGBUS_APPLE 10
#define SEQRT_SIGSEGV 11
#define SEQRT_RLIMIT_STACK 3

#if defined(__linux__)
#define SEQRT_SIGBUS SEQRT_SIGBUS_LINUX
#define SEQRT_SA_SIGINFO 0x4
#define SEQRT_SA_ONSTACK 0x08000000

typedef struct {
  void *ss_sp;
  int ss_flags;
  size_t ss_size;
} seqrt_stack_t;
typedef struct {
  int si_signo, si_errno, si_code, pad;
  void *si_addr;
} seqrt_siginfo;
typedef struct {
  void (*sa_sigaction)(int, seqrt_siginfo *, void *);
  unsigned long sa_mask[16];
  int sa_flags;
  void (*sa_restorer)(void);
} seqrt_sigaction;
#else
#define SEQRT_SIGBUS SEQRT_SIGBUS_APPLE
#define SEQRT_SA_SIGINFO 0x40
#define SEQRT_SA_ONSTACK 0x1

typedef struct {
  void *ss_sp;
  size_t ss_size;
  int ss_flags;
} seqrt_stack_t;
typedef struct {
  int si_signo, si_errno, si_code, si_pid, si_uid, si_status;
  void *si_addr;
} seqrt_siginfo;
typedef struct {
  void (*sa_sigaction)(int, seqrt_siginfo *, void *);
  unsigned int sa_mask;
  int sa_flags;
} seqrt_sigaction;
#endif

typedef struct {
  unsigned long cur, max;
} seqrt_rlimit;

SEQRT_LIBC int sigaltstack(const seqrt_stack_t *ss, seqrt_stack_t *old);
SEQRT_LIBC int sigaction(int sig, const seqrt_sigaction *act, seqrt_sigaction *old);
SEQRT_LIBC int getrlimit(int resource, seqrt_rlimit *rl);
SEQRT_LIBC __attribute__((noreturn)) void _exit(int status);

/* Room for the handler (it only formats a line and writes it). */
static char alt_stack[64 * 1024] __attribute__((aligned(16)));
/* The main thread's stack: its top (near where seq_init ran) and how far it may grow. */
static uintptr_t stack_top;
static uintptr_t stack_limit;

/* The largest stack size taken at face value; an unlimited stack counts as this big. */
#define SEQRT_STACK_CAP ((uintptr_t)1 << 32)
/* Faults this far beyond the limit still count as overflow (guard pages, large frames). */
#define SEQRT_GUARD_SLACK ((uintptr_t)1 << 20)

static void restore_default(int sig) {
  seqrt_sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  sigaction(sig, &dfl, 0);
}

static void on_fault(int sig, seqrt_siginfo *info, void *context) {
  (void)context;
  uintptr_t addr = (uintptr_t)info->si_addr;
  if (addr < stack_top && stack_top - addr <= stack_limit + SEQRT_GUARD_SLACK) {
    static const char msg[] =
        "Traceback (most recent call last):\n"
        "  (the stack overflowed: too many nested calls)\n"
        "RecursionError: maximum recursion depth exceeded\n";
    seqrt_flush_stdout();
    write(2, msg, sizeof msg - 1);
    _exit(1);
  }
  /* Not an overflow: return, and the faulting instruction runs again without the handler. */
  restore_default(sig);
}

void seqrt_stack_overflow_init(void) {
  char here;
  stack_top = (uintptr_t)&here;
  seqrt_rlimit rl;
  stack_limit = SEQRT_STACK_CAP;
  if (getrlimit(SEQRT_RLIMIT_STACK, &rl) == 0 && rl.cur < SEQRT_STACK_CAP)
    stack_limit = (uintptr_t)rl.cur;

  seqrt_stack_t ss = {0};
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  if (sigaltstack(&ss, 0) != 0)
    return;
  seqrt_sigaction act;
  memset(&act, 0, sizeof act);
  act.sa_sigaction = on_fault;
  act.sa_flags = SEQRT_SA_SIGINFO | SEQRT_SA_ONSTACK;
  sigaction(SEQRT_SIGSEGV, &act, 0);
  sigaction(SEQRT_SIGBUS, &act, 0);
}

#else

void seqrt_stack_overflow_init(void) {}

#endif
