/* seq_parse_int and seq_parse_float against CPython 3.11's int(s, base) and float(s). */
#include "common.h"

static const struct {
  const char *text;
  int64_t len; /* texts may hold NUL */
  int64_t base;
  int32_t status; /* 0 ok, 1 invalid, 2 outside int64, 3 bad base */
  int64_t value;
} ints[] = {
    {"42", 2, 10, 0, 42},
    {"  -42  ", 7, 10, 0, -42},
    {"+7", 2, 10, 0, 7},
    {"1_000_000", 9, 10, 0, 1000000},
    {"1__0", 4, 10, 1, 0},
    {"_1", 2, 10, 1, 0},
    {"1_", 2, 10, 1, 0},
    {"0x_1f", 5, 0, 0, 31},
    {"0x1F", 4, 16, 0, 31},
    {"1f", 2, 16, 0, 31},
    {"0o17", 4, 0, 0, 15},
    {"0o17", 4, 8, 0, 15},
    {"0o17", 4, 10, 1, 0},
    {"0b101", 5, 0, 0, 5},
    {" -0b101 ", 8, 0, 0, -5},
    {"0b", 2, 2, 1, 0},
    {"010", 3, 0, 1, 0},
    {"00", 2, 0, 0, 0},
    {"0_0", 3, 0, 0, 0},
    {"0_7", 3, 0, 1, 0},
    {"z", 1, 36, 0, 35},
    {"Z", 1, 36, 0, 35},
    {"9223372036854775807", 19, 10, 0, 9223372036854775807},
    {"-9223372036854775808", 20, 10, 0, INT64_MIN},
    {"9223372036854775808", 19, 10, 2, 0},
    {"-9223372036854775809", 20, 10, 2, 0},
    {"99999999999999999999x", 21, 10, 1, 0},
    {"", 0, 10, 1, 0},
    {"   ", 3, 10, 1, 0},
    {"- 5", 3, 10, 1, 0},
    {"+-5", 3, 10, 1, 0},
    {"12", 2, 2, 1, 0},
    {"5", 1, 1, 3, 0},
    {"5", 1, 37, 3, 0},
    {"\xc2""\xa0""12\xe3""\x80""\x80""", 7, 10, 0, 12},
    {"\xd9""\xa3""\xd9""\xa4""", 4, 10, 0, 34},
    {"\x1c""5", 2, 10, 1, 0},
    {"1\x00""5", 3, 10, 1, 0},
    {"0x", 2, 16, 1, 0},
    {"0x8000000000000000", 18, 0, 2, 0},
    {"-0x8000000000000000", 19, 0, 0, INT64_MIN},
    {"\x09""\x0a""12\x0d""\x0b""\x0c""", 7, 10, 0, 12},
};

static const struct {
  const char *text;
  int64_t len;
  int32_t status;
  double value;
} floats[] = {
    {"1.5", 3, 0, 1.5},
    {" -1.5 ", 6, 0, -1.5},
    {"1_000.5", 7, 0, 1000.5},
    {"1__0", 4, 1, 0.0},
    {"_1", 2, 1, 0.0},
    {"1_", 2, 1, 0.0},
    {"1_.5", 4, 1, 0.0},
    {"1._5", 4, 1, 0.0},
    {"1e1_0", 5, 0, 10000000000.0},
    {"1e_5", 4, 1, 0.0},
    {"0x1p3", 5, 1, 0.0},
    {"in_f", 4, 1, 0.0},
    {" -InFiNiTy ", 11, 0, -__builtin_inf()},
    {"inf", 3, 0, __builtin_inf()},
    {"+inf", 4, 0, __builtin_inf()},
    {"nan", 3, 0, __builtin_nan("")},
    {"-nan", 4, 0, __builtin_nan("")},
    {"NaN", 3, 0, __builtin_nan("")},
    {"nanx", 4, 1, 0.0},
    {"1.", 2, 0, 1.0},
    {".5", 2, 0, 0.5},
    {".", 1, 1, 0.0},
    {"e5", 2, 1, 0.0},
    {"1e", 2, 1, 0.0},
    {"1e+", 3, 1, 0.0},
    {"1e-5", 4, 0, 1e-05},
    {"1E5", 3, 0, 100000.0},
    {"+.5e-3", 6, 0, 0.0005},
    {"1e400", 5, 0, __builtin_inf()},
    {"-1e400", 6, 0, -__builtin_inf()},
    {"1e-400", 6, 0, 0.0},
    {"2.5e-324", 8, 0, 5e-324},
    {"0.1", 3, 0, 0.1},
    {"123456789012345678901234567890", 30, 0, 1.2345678901234568e+29},
    {"4.9406564584124654e-324", 23, 0, 5e-324},
    {"\xc2""\xa0""1.5\xe3""\x80""\x80""", 8, 0, 1.5},
    {"\x1c""1.5", 4, 1, 0.0},
    {"", 0, 1, 0.0},
    {"  ", 2, 1, 0.0},
    {"1 5", 3, 1, 0.0},
    {"1.5\x00""", 4, 1, 0.0},
    {"\xd9""\xa1"".\xd9""\xa5""", 5, 0, 1.5},
    {"0.30000000000000004", 19, 0, 0.30000000000000004},
    {"9007199254740993", 16, 0, 9007199254740992.0},
    {"00001", 5, 0, 1.0},
    {"-0", 2, 0, -0.0},
    {"-0.0", 4, 0, -0.0},
};

/* Same double, NaN included (the sign of a NaN is not compared). */
static int same_double(double a, double b) {
  if (a != a || b != b)
    return a != a && b != b;
  return memcmp(&a, &b, sizeof a) == 0;
}

int main(int argc, char **argv) {
  seq_init(argc, argv);
  char what[160];
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
    int64_t v = 0;
    int32_t status = seq_parse_int(ints[i].len, ints[i].text, ints[i].base, &v);
    snprintf(what, sizeof what, "int case %zu (\"%s\", %lld): status %d", i, ints[i].text,
             (long long)ints[i].base, status);
    check(status == ints[i].status && (status != 0 || v == ints[i].value), what);
  }
  for (size_t i = 0; i < sizeof floats / sizeof *floats; i++) {
    double v = 0;
    int32_t status = seq_parse_float(floats[i].len, floats[i].text, &v);
    snprintf(what, sizeof what, "float case %zu (\"%s\"): status %d, %.17g", i, floats[i].text,
             status, v);
    check(status == floats[i].status && (status != 0 || same_double(v, floats[i].value)), what);
  }
  return finish();
}
