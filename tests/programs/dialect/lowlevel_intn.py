# Int[N] and UInt[N] (Codon's fixed-width integers) for several widths: arithmetic wraps at
# N bits, // and % truncate toward zero, comparisons follow the signedness, casts truncate or
# extend, and the i8…u64 shorthands are the same types.

a = Int[16](-7)
b = Int[16](2)
print(a + b, a - b, a * b, a // b, a % b, a / b)
print(-a, ~a, abs(a), a >> Int[16](1), a << Int[16](3), a & b, a | b, a ^ b)
print(a < b, a <= b, a > b, a >= b, a == Int[16](-7), a != b)

c = UInt[8](250)
print(c + UInt[8](10), c * UInt[8](2), UInt[8](3) - UInt[8](5), c // UInt[8](3), c % UInt[8](7))
print(UInt[8](200) > UInt[8](100), c >> UInt[8](4), ~UInt[8](0))
print(u8(3) ** u8(5), i32(-2) ** i32(31), i64(7) ** i64(2))

# casts between widths and signedness
v = 0x1234ABCD
print(i32(v), u16(v), i16(v), u8(v), i8(v))
print(u8(-2), u16(-2), u32(-2), u64(-2))
print(i8(u8(250)), u32(i32(-5)), i16(u16(65000)), int(u8(i8(-1))), int(i8(-1)))
print(Int[24](0xFFFFFF), UInt[24](-1), UInt[3](11), Int[3](5), Int[1](1), UInt[1](3))
print(i32(3.99), i32(-3.99), u8(7.5), float(u32(4000000000)), float(i8(-128)))
print(i16("-1234"), u8("200"), u32("255"), bool(i8(0)), bool(u8(256)), bool(i16(-1)))

# the shorthands are the types themselves
print(i32(5).__class__.__name__, u64(1).__class__.__name__, Int[32](1) == i32(1))
print(repr(i32(5)), repr(u64(-1)), str(Int[7](100)), f"{i32(42):5}|{u16(7):03}")
print(hash(i32(-3)), hash(u8(255)), len(str(u64(-1))))

# wide integers
f = UInt[128](1)
for i in range(1, 31):
    f = f * UInt[128](i)
print(f)
g = Int[256](1)
for i in range(1, 41):
    g = g * Int[256](-i)
print(g, -g)
top = UInt[128](0) - UInt[128](1)
print(top, top + UInt[128](1), top // UInt[128](3), top % UInt[128](1000))
x = Int[128](9223372036854775807)
print(x + Int[128](1), x * x, Int[128](-5) // Int[128](2), Int[128](-5) % Int[128](2))
print(int(Int[128](12345)) + 1, Int[128](1) << Int[128](100), UInt[128](2) ** UInt[128](127))

# popcnt, and a hash that relies on wrapping multiplication
print(u64(0xF0F0).popcnt(), i32(-1).popcnt(), UInt[128](top).popcnt())
def fnv1a32(s: str) -> u32:
    h = u32(2166136261)
    for ch in s:
        h = (h ^ u32(ord(ch))) * u32(16777619)
    return h
print([int(fnv1a32(w)) for w in ["", "a", "low level"]])
