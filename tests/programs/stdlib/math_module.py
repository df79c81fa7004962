# math: constants, rounding to ints, exact integer functions, float functions and their
# domain errors.
import math

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.floor(2.7), math.ceil(2.1), math.trunc(-2.7), math.floor(-0.5), math.ceil(-0.5))
print(isinstance(math.floor(2.5), int), math.floor(7), math.ceil(7))
print(math.sqrt(16.0), math.sqrt(2), math.isqrt(99), math.isqrt(10 ** 12))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6), math.lcm(4, 6))
print(math.factorial(0), math.factorial(10), math.comb(10, 3), math.perm(5, 2), math.comb(5, 7))
print(math.pow(2, 10), math.exp(0), math.log(math.e), math.log(8, 2), math.log2(1024), math.log10(1000))
print(math.sin(0.0), math.cos(0.0), round(math.tan(math.pi / 4), 12), math.atan2(1.0, 1.0))
print(math.degrees(math.pi), math.radians(180.0), math.hypot(3.0, 4.0))
print(math.fabs(-3), math.copysign(2.0, -0.0), math.fmod(7.5, 2.0), math.modf(3.25))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isinf(1e308 * 10), math.isfinite(1.0))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([1.5, 2.0]), math.prod([]), math.prod(range(1, 5), start=2))
print(math.asin(1.0), math.acos(1.0), math.sinh(0.0), math.cosh(0.0), math.tanh(0.0))
print(math.expm1(1e-10), math.log1p(1e-10), math.frexp(8.0), math.ldexp(0.5, 4))
for bad in [-1.0, 0.0]:
    try:
        print(math.log(bad))
    except ValueError as e:
        print("ValueError:", e)
try:
    print(math.sqrt(-1.0))
except ValueError as e:
    print("ValueError:", e)
try:
    print(math.factorial(-1))
except ValueError as e:
    print("ValueError:", e)
