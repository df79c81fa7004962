# int / int is correctly rounded; int-float comparisons are exact.
a = 9007199254740993
print(a / 1, a / 3, float(a) / 3.0, a / 3 == float(a) / 3.0)
print(9223372036854775807 / 2, 1 / 9223372036854775807, -7 / 2, 1 / 3)
b = 2 ** 53
print(b == float(b), b + 1 == float(b + 1), b + 1 == float(b), b + 1 > float(b))
print(float(b) < b + 1, 1 == 1.0, 1 < 1.0000000000000002, -3 == -3.0, 0 == -0.0)
print(9223372036854775807 == 9.223372036854775807e18, 9223372036854775807 < 9.223372036854775807e18)
nan = float("nan")
print(1 < nan, 1 == nan, 1 != nan, nan >= 1)
try:
    print(5 % 0)
except ZeroDivisionError as e:
    print(e)
try:
    print(5 // 0)
except ZeroDivisionError as e:
    print(e)
