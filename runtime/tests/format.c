/* seq_format_int/float/str against CPython 3.11's format(), error messages included. */
#include "common.h"

static const struct {
  char kind; /* 'i', 'f' or 's' */
  union {
    int64_t i;
    double f;
    const char *s;
  } value;
  const char *spec;
  int32_t status; /* 0 ok, 1 ValueError, 2 OverflowError */
  const char *want; /* the result, or the exception's message */
} cases[] = {
    {'i', {.i = 5}, "08b", 0, "00000101"},
    {'i', {.i = -5}, "b", 0, "-101"},
    {'i', {.i = 1234567}, ",", 0, "1,234,567"},
    {'i', {.i = 1234567}, "_", 0, "1_234_567"},
    {'i', {.i = -1234567}, "+,", 0, "-1,234,567"},
    {'i', {.i = 255}, "#x", 0, "0xff"},
    {'i', {.i = 255}, "#X", 0, "0XFF"},
    {'i', {.i = 255}, "#o", 0, "0o377"},
    {'i', {.i = 255}, "#_b", 0, "0b1111_1111"},
    {'i', {.i = 3735928559}, "_x", 0, "dead_beef"},
    {'i', {.i = 42}, "^9", 0, "   42    "},
    {'i', {.i = 42}, "*<6", 0, "42****"},
    {'i', {.i = -42}, "=8", 0, "-     42"},
    {'i', {.i = -42}, "08", 0, "-0000042"},
    {'i', {.i = 42}, " ", 0, " 42"},
    {'i', {.i = 42}, "+", 0, "+42"},
    {'i', {.i = 1234}, "010,", 0, "00,001,234"},
    {'i', {.i = 65}, "c", 0, "A"},
    {'i', {.i = 128512}, "^5c", 0, "  \xf0""\x9f""\x98""\x80""  "},
    {'i', {.i = 0}, "n", 0, "0"},
    {'i', {.i = INT64_MIN}, "", 0, "-9223372036854775808"},
    {'i', {.i = INT64_MIN}, "x", 0, "-8000000000000000"},
    {'i', {.i = 9223372036854775807}, ",d", 0, "9,223,372,036,854,775,807"},
    {'i', {.i = 7}, "e", 0, "7.000000e+00"},
    {'i', {.i = 7}, ".2%", 0, "700.00%"},
    {'i', {.i = 100000000000000001}, "f", 0, "100000000000000000.000000"},
    {'i', {.i = 5}, "\xc3""\xa9"">4", 0, "\xc3""\xa9""\xc3""\xa9""\xc3""\xa9""5"},
    {'i', {.i = 5}, ".2", 1, "Precision not allowed in integer format specifier"},
    {'i', {.i = 5}, "z", 1, "Negative zero coercion (z) not allowed in integer format specifier"},
    {'i', {.i = 5}, "+c", 1, "Sign not allowed with integer format specifier 'c'"},
    {'i', {.i = 5}, "#c", 1, "Alternate form (#) not allowed with integer format specifier 'c'"},
    {'i', {.i = -1}, "c", 2, "%c arg not in range(0x110000)"},
    {'i', {.i = 1114112}, "c", 2, "%c arg not in range(0x110000)"},
    {'i', {.i = 5}, "s", 1, "Unknown format code 's' for object of type 'int'"},
    {'i', {.i = 5}, ",x", 1, "Cannot specify ',' with 'x'."},
    {'i', {.i = 5}, ",_", 1, "Cannot specify both ',' and '_'."},
    {'i', {.i = 5}, "abc", 1, "Invalid format specifier 'abc' for object of type 'int'"},
    {'i', {.i = 5}, "99999999999999999999999", 1, "Too many decimal digits in format string"},
    {'i', {.i = 5}, ".", 1, "Format specifier missing precision"},
    {'i', {.i = 5}, "\x01""", 1, "Unknown format code '\\x1' for object of type 'int'"},
    {'i', {.i = 5}, "\xc3""\xa9""", 1, "Unknown format code '\\xe9' for object of type 'int'"},
    {'f', {.f = 3.14159}, ".2f", 0, "3.14"},
    {'f', {.f = 3.14159}, "", 0, "3.14159"},
    {'f', {.f = 3.14159}, "10.3", 0, "      3.14"},
    {'f', {.f = 1234567.891}, ",.2f", 0, "1,234,567.89"},
    {'f', {.f = 1234567.891}, "_", 0, "1_234_567.891"},
    {'f', {.f = 0.5}, "%", 0, "50.000000%"},
    {'f', {.f = 0.125}, ".1%", 0, "12.5%"},
    {'f', {.f = 1e+16}, "", 0, "1e+16"},
    {'f', {.f = 1e+16}, ".3", 0, "1e+16"},
    {'f', {.f = 123.0}, ".4", 0, "123.0"},
    {'f', {.f = 1234.5}, ".4", 0, "1.234e+03"},
    {'f', {.f = 1.5}, "e", 0, "1.500000e+00"},
    {'f', {.f = 1.5}, ".0e", 0, "2e+00"},
    {'f', {.f = 1.5}, "E", 0, "1.500000E+00"},
    {'f', {.f = 1e-10}, "g", 0, "1e-10"},
    {'f', {.f = 1e-10}, "G", 0, "1E-10"},
    {'f', {.f = 123456789.0}, "g", 0, "1.23457e+08"},
    {'f', {.f = 100.0}, "#g", 0, "100.000"},
    {'f', {.f = 100.0}, "#.0f", 0, "100."},
    {'f', {.f = 0.001}, "#.0f", 0, "0."},
    {'f', {.f = -0.0}, "z.1f", 0, "0.0"},
    {'f', {.f = -0.0001}, "z.2f", 0, "0.00"},
    {'f', {.f = -0.0}, "", 0, "-0.0"},
    {'f', {.f = -0.0}, "+", 0, "-0.0"},
    {'f', {.f = __builtin_inf()}, "", 0, "inf"},
    {'f', {.f = __builtin_inf()}, "010", 0, "0000000inf"},
    {'f', {.f = -__builtin_inf()}, "F", 0, "-INF"},
    {'f', {.f = __builtin_nan("")}, "+.2f", 0, "+nan"},
    {'f', {.f = __builtin_nan("")}, "E", 0, "NAN"},
    {'f', {.f = 2.5}, ".0f", 0, "2"},
    {'f', {.f = 3.5}, ".0f", 0, "4"},
    {'f', {.f = 2.675}, ".2f", 0, "2.67"},
    {'f', {.f = 1e+300}, ".2e", 0, "1.00e+300"},
    {'f', {.f = 5e-324}, "g", 0, "4.94066e-324"},
    {'f', {.f = 5e-324}, ".20g", 0, "4.9406564584124654418e-324"},
    {'f', {.f = 1.7976931348623157e+308}, "f", 0, "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000"},
    {'f', {.f = 0.1}, ".30f", 0, "0.100000000000000005551115123126"},
    {'f', {.f = 12345.678}, "=+15,.2f", 0, "+     12,345.68"},
    {'f', {.f = -12345.678}, "0=15,.1f", 0, "-0,000,012,345.7"},
    {'f', {.f = 12345.678}, "^15.1f", 0, "    12345.7    "},
    {'f', {.f = 1.5}, "n", 0, "1.5"},
    {'f', {.f = 1234567.0}, "n", 0, "1.23457e+06"},
    {'f', {.f = 1.0}, ".0%", 0, "100%"},
    {'f', {.f = 1.5}, "d", 1, "Unknown format code 'd' for object of type 'float'"},
    {'f', {.f = 1.5}, "c", 1, "Unknown format code 'c' for object of type 'float'"},
    {'f', {.f = 1.5}, ".3000000000", 1, "precision too big"},
    {'f', {.f = 1.5}, ",n", 1, "Cannot specify ',' with 'n'."},
    {'f', {.f = 1.5}, "#,.2x", 1, "Cannot specify ',' with 'x'."},
    {'f', {.f = 0.0001}, "", 0, "0.0001"},
    {'f', {.f = 1e-05}, "", 0, "1e-05"},
    {'f', {.f = 1e-05}, ".2", 0, "1e-05"},
    {'f', {.f = 9.9999}, ".3g", 0, "10"},
    {'f', {.f = 9.9999}, "#.3g", 0, "10.0"},
    {'f', {.f = 99.99}, ".1f", 0, "100.0"},
    {'s', {.s = "abc"}, "", 0, "abc"},
    {'s', {.s = "abc"}, ">5", 0, "  abc"},
    {'s', {.s = "abc"}, "^6", 0, " abc  "},
    {'s', {.s = "abc"}, "*^7", 0, "**abc**"},
    {'s', {.s = "abc"}, ".1", 0, "a"},
    {'s', {.s = "h\xc3""\xa9""llo"}, ".2", 0, "h\xc3""\xa9"""},
    {'s', {.s = "\xc3""\xa9"""}, ">3", 0, "  \xc3""\xa9"""},
    {'s', {.s = "ab"}, "05", 0, "ab000"},
    {'s', {.s = "abc"}, "s", 0, "abc"},
    {'s', {.s = "x"}, "\xf0""\x9f""\x98""\x80""<3", 0, "x\xf0""\x9f""\x98""\x80""\xf0""\x9f""\x98""\x80"""},
    {'s', {.s = "x"}, "+", 1, "Sign not allowed in string format specifier"},
    {'s', {.s = "x"}, " ", 1, "Space not allowed in string format specifier"},
    {'s', {.s = "x"}, "#", 1, "Alternate form (#) not allowed in string format specifier"},
    {'s', {.s = "x"}, "z", 1, "Negative zero coercion (z) not allowed in string format specifier"},
    {'s', {.s = "x"}, "=", 1, "'=' alignment not allowed in string format specifier"},
    {'s', {.s = "x"}, ",", 1, "Cannot specify ',' with 's'."},
    {'s', {.s = "x"}, "d", 1, "Unknown format code 'd' for object of type 'str'"},
    {'s', {.s = "x"}, "5\xc3""\xa9""", 1, "Unknown format code '\\xe9' for object of type 'str'"},
};

int main(int argc, char **argv) {
  seq_init(argc, argv);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    seq_str_t out = {0, 0};
    int64_t n = (int64_t)strlen(cases[i].spec);
    int32_t status;
    switch (cases[i].kind) {
    case 'i':
      status = seq_format_int(cases[i].value.i, n, cases[i].spec, &out);
      break;
    case 'f':
      status = seq_format_float(cases[i].value.f, n, cases[i].spec, &out);
      break;
    default:
      status = seq_format_str((int64_t)strlen(cases[i].value.s), cases[i].value.s, n,
                              cases[i].spec, &out);
      break;
    }
    char what[160];
    snprintf(what, sizeof what, "case %zu: format(%c, '%s')", i, cases[i].kind, cases[i].spec);
    check(status == cases[i].status, what);
    check_str(out, cases[i].want, what);
  }
  return finish();
}
