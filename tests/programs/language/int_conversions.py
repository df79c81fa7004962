# Integer division, modulo, shifts and float-to-int conversions never hit undefined
# behaviour: ints are 64-bit and wrap; floats without a 64-bit int raise.
import math

lo = -9223372036854775807 - 1
print(lo // -1 == lo, lo % -1, divmod(lo, -1) == (lo, 0))
print(7 // -1, -7 % -1, 7 // 2, -7 // 2, 7 % -3, -7 % 3)
for bad in [float("nan"), float("inf"), -float("inf"), 1e19, -1e19, 9223372036854775808.0]:
    try:
        print(int(bad))
    except ValueError as e:
        print("ValueError:", e)
    except OverflowError as e:
        print("OverflowError")
print(int(-9223372036854775808.0), int(9.2e18), int(-2.5), int(2.9))
try:
    print(math.floor(1e300))
except OverflowError:
    print("floor overflow")
try:
    print(round(float("inf")))
except OverflowError:
    print("round overflow")
try:
    print(1 << -1)
except ValueError as e:
    print("ValueError:", e)
try:
    print(8 >> -2)
except ValueError as e:
    print("ValueError:", e)
print(1 << 62, 5 >> 70, -5 >> 70, -1 >> 1)
