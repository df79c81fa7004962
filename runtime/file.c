/* Text files for open(): a POSIX descriptor with its own read buffer. Reading translates
 * "\r\n" and a lone "\r" to "\n" (CPython's universal newlines); writes go straight to the
 * descriptor, so nothing is lost when a program never closes a file. */
#include "rt_internal.h"

#ifdef __APPLE__
#define FILE_O_CREAT 0x200
#define FILE_O_TRUNC 0x400
#define FILE_O_APPEND 0x8
#else
#define FILE_O_CREAT 0100
#define FILE_O_TRUNC 01000
#define FILE_O_APPEND 02000
#endif
#define FILE_O_WRONLY 1
#define FILE_CAP 65536

typedef struct {
  int fd;
  int eof;
  int64_t pos, len;
  char *buf;
} seqrt_file;

static int last_errno(void) {
#ifdef __APPLE__
  return *__error();
#else
  return *__errno_location();
#endif
}

/* Opens `path` with `mode` "r", "w" or "a" (a trailing "t" allowed); NULL on failure, with
 * the OS error number in *err (-1 for a mode this runtime does not know). */
void *seq_file_open(int64_t plen, const char *path, int64_t mlen, const char *mode, int32_t *err) {
  int flags;
  if (mlen >= 1 && mode[0] == 'r' && (mlen == 1 || (mlen == 2 && mode[1] == 't')))
    flags = SEQRT_O_RDONLY;
  else if (mlen >= 1 && mode[0] == 'w' && (mlen == 1 || (mlen == 2 && mode[1] == 't')))
    flags = FILE_O_WRONLY | FILE_O_CREAT | FILE_O_TRUNC;
  else if (mlen >= 1 && mode[0] == 'a' && (mlen == 1 || (mlen == 2 && mode[1] == 't')))
    flags = FILE_O_WRONLY | FILE_O_CREAT | FILE_O_APPEND;
  else {
    *err = -1;
    return 0;
  }
  char *cpath = seqrt_alloc_bytes(plen + 1);
  memcpy(cpath, path, (size_t)plen);
  cpath[plen] = 0;
  int fd = open(cpath, flags, 0666);
  if (fd < 0) {
    *err = last_errno();
    return 0;
  }
  seqrt_file *f = seq_alloc((int64_t)sizeof(seqrt_file));
  f->fd = fd;
  f->buf = seqrt_alloc_bytes(FILE_CAP);
  return f;
}

/* Refills the read buffer once it is used up; 0 at end of file (or on a read error). */
static int refill(seqrt_file *f) {
  if (f->pos < f->len)
    return 1;
  if (f->eof)
    return 0;
  long n = read(f->fd, f->buf, FILE_CAP);
  if (n <= 0) {
    f->eof = 1;
    return 0;
  }
  f->pos = 0;
  f->len = n;
  return 1;
}

/* The next line with its "\n" (none on a last line without one); 0 at end of file. */
int32_t seq_file_read_line(void *handle, seq_str_t *out) {
  seqrt_file *f = handle;
  seqrt_buf line;
  seqrt_buf_init(&line, 80);
  int got_any = 0;
  while (refill(f)) {
    got_any = 1;
    int64_t start = f->pos, i = f->pos;
    while (i < f->len && f->buf[i] != '\n' && f->buf[i] != '\r')
      i++;
    seqrt_buf_put(&line, f->buf + start, i - start);
    if (i == f->len) {
      f->pos = f->len;
      continue;
    }
    f->pos = i + 1;
    if (f->buf[i] == '\r' && refill(f) && f->buf[f->pos] == '\n')
      f->pos++;
    seqrt_buf_putc(&line, '\n');
    break;
  }
  seqrt_buf_finish(&line, out);
  return got_any;
}

/* Everything left in the file. */
void seq_file_read_all(void *handle, seq_str_t *out) {
  seqrt_buf all;
  seqrt_buf_init(&all, 4096);
  seq_str_t line;
  while (seq_file_read_line(handle, &line))
    seqrt_buf_put(&all, line.ptr, line.len);
  seqrt_buf_finish(&all, out);
}

/* Writes all of (len, p); 0 on success, else the OS error number. */
int32_t seq_file_write(void *handle, int64_t len, const char *p) {
  seqrt_file *f = handle;
  while (len > 0) {
    long n = write(f->fd, p, (size_t)len);
    if (n < 0)
      return last_errno();
    p += n;
    len -= n;
  }
  return 0;
}

void seq_file_close(void *handle) {
  seqrt_file *f = handle;
  if (f->fd >= 0)
    close(f->fd);
  f->fd = -1;
}

/* The OS's text for error number `err`, as strerror gives it. */
void seq_errno_text(int32_t err, seq_str_t *out) {
  const char *text = strerror(err);
  int64_t n = (int64_t)strlen(text);
  char *p = seqrt_alloc_bytes(n);
  memcpy(p, text, (size_t)n);
  out->len = n;
  out->ptr = p;
}
