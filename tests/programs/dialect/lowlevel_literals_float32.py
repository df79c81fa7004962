# Numeric literal suffixes (5i8, 1u32, any iN/uN, 2.5f32) and float32 (f32): single
# precision arithmetic, conversions, comparisons, printing.

x = 5u32
print(x, x.__class__.__name__, 7i32 * 6i32, (5i8).__class__.__name__, 0xFFu8, 0b101u3)
print(200u8 + 100u8, -1i16, 3u128 * 5u128, 1000000i24 * 10i24)
print(2.5f32, 1e-5f32, (2.5f32).__class__.__name__, 7.0f32 / 2.0f32)

a = float32(0.1)
print(a, float(a) == 0.1, f"{float(a):.12f}", f32(2.5).__class__.__name__)
s = float32(0.0)
for _ in range(1000):
    s += float32(0.1)
print(f"{float(s):.6f}", int(float32(7.9)), int(float32(-7.9)))
big = float32(16777216.0)
print(big + float32(1.0) == big, float32(1.0) / float32(3.0))
h = (float32(3.0) ** float32(2.0) + float32(4.0) * float32(4.0)) ** float32(0.5)
print(h, -h, abs(float32(-2.5)), float32(7) // float32(2), float32(7) % float32(2))
print(float32(3) < float32(4), float32(3) == float32(3.0), float32(2.5) >= float32(2.25))
vals = [float32(v) for v in [2.5, -1.25, 0.75, 8.0]]
print(max(vals), min(vals), sorted(vals), hash(float32(2.0)), bool(float32(0.0)))
eps = float32(1.0)
n = 0
while float32(1.0) + eps / float32(2.0) != float32(1.0):
    eps = eps / float32(2.0)
    n += 1
print(n, eps, float32("1.5"), float32(3).__float__())

# float16 (half precision)
hv = float16(0.1)
print(hv, float16(65504.0) * float16(2.0), float16(1.5) + 2.25f16, float16(1.0) / float16(3.0), int(float16(7.9)))
