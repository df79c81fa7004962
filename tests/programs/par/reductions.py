# Reductions found automatically in @par loops (Codon docs, Parallel Programming ->
# Multithreading): `+=`, `*=`, `|=`, `&=`, `^=` and `x = min(x, e)` / `max` on shared
# variables, for every schedule and for the OpenMP pragma form of the clauses. Every result
# is exact, so it does not depend on how the iterations were split among threads.

def cost(i: int) -> int:
    return (i * 37) % 101

n = 20000
total = 0
@par
for i in range(n):
    total += cost(i)
serial = 0
for i in range(n):
    serial += cost(i)
print("sum", total, total == serial)

s1 = 0
@par(schedule='static', chunk_size=7)
for i in range(1000):
    s1 += i
s2 = 0
@par(schedule='dynamic')
for i in range(1000):
    s2 += i
s3 = 0
@par(schedule='guided', chunk_size=16)
for i in range(1000):
    s3 += i
s4 = 0
@par(schedule='auto')
for i in range(1000):
    s4 += i
s5 = 0
@par(schedule='runtime')
for i in range(1000):
    s5 += i
s6 = 0
@par('schedule(dynamic, 10) num_threads(2)')
for i in range(1000):
    s6 += i
print("schedules", s1, s2, s3, s4, s5, s6)

fact = 1
@par
for i in range(1, 16):
    fact *= i
print("product", fact)

bits = 0
@par
for i in range(0, 60, 4):
    bits |= 1 << i
keep = -1
@par
for i in range(32):
    keep &= ~(1 << (2 * i))
parity = 0
@par
for i in range(1, 5001):
    parity ^= i * i
print("bits", bits, keep == -1 - sum([1 << (2 * i) for i in range(32)]), parity)

lo = 1 << 40
hi = -(1 << 40)
@par(schedule='dynamic', chunk_size=33)
for i in range(-500, 1500, 3):
    v = (i * i * 7) % 1009 - 300
    lo = min(lo, v)
    hi = max(hi, v)
print("min/max", lo, hi)

# Quarter steps are exact in binary, so the float sum does not depend on the order.
f = 0.0
@par
for i in range(4000):
    f += 0.25 * (i % 8)
print("float", f)

@tuple
class Pair:
    a: int
    b: int

    def __new__() -> Pair:
        return Pair(0, 0)

    def __add__(self, o: Pair) -> Pair:
        return Pair(self.a + o.a, self.b + o.b)

acc = Pair()
@par(num_threads=2)
for i in range(300):
    acc += Pair(i, 1)
print("custom", acc)

empty = 42
@par
for i in range(5, 5):
    empty += 1
print("empty", empty)

# Items of another type (an int added to a float) and subtraction reduce too.
fsum = 0.5
@par
for i in range(2000):
    fsum += i
left = 1000000
@par(schedule='guided')
for i in range(1000):
    left -= i * 2
print("mixed", fsum, left)
