# Ptr[T]: allocation with Ptr[T](n), indexing, pointer arithmetic and difference, the null
# pointer, casts between pointer types, as_byte; __ptr__ of locals and globals; Array[T].

def fill(p: Ptr[int], n: int):
    for i in range(n):
        p[i] = i * i

buf = Ptr[int](6)
fill(buf, 6)
print([buf[i] for i in range(6)], (buf + 2)[1], (buf + 5) - buf, (buf + 5 - 2)[0])
null = Ptr[int]()
print(bool(null), bool(buf), null == Ptr[int](), buf != null, buf < buf + 1)

grid = Ptr[Ptr[float]](2)
for r in range(2):
    grid[r] = Ptr[float](3)
    for c in range(3):
        grid[r][c] = r + c / 2
print([[grid[r][c] for c in range(3)] for r in range(2)])

# the same memory through another pointer type
words = Ptr[u32](2)
words[0] = u32(0x64636261)
words[1] = u32(0)
raw = words.as_byte()
print(str(raw, 4), int(raw[0]), Ptr[u16](raw)[1], Ptr[u32](raw) == words)
bs = Ptr[byte](3)
for i in range(3):
    bs[i] = byte(65 + i)
print(str(bs, 3), bs[1], cobj(bs).__class__.__name__)

# addresses of variables
def swap(a: Ptr[int], b: Ptr[int]):
    a[0], b[0] = b[0], a[0]

x, y = 1, 2
swap(__ptr__(x), __ptr__(y))
print(x, y)
total = 0
pt = __ptr__(total)
for i in range(5):
    pt[0] += i
print(total)

def local_counter() -> int:
    n = 0
    pn = __ptr__(n)
    for _ in range(3):
        pn[0] = pn[0] + 10
    return n
print(local_counter())

@tuple
class Pair:
    a: int
    b: int

pair = Pair(3, 4)
fields = Ptr[int](__ptr__(pair).as_byte())
fields[1] = 40
print(pair.a, pair.b)

# static arrays
arr = __array__[int](4)
for i in range(len(arr)):
    arr[i] = 10 * i
print(arr[0], arr[3], len(arr), arr.__class__.__name__, [arr[i] for i in range(4)])

# addresses of fields: of an object, and of a record variable
class Account:
    balance: float
    n: int
    def __init__(self, balance: float):
        self.balance = balance
        self.n = 0

acct = Account(10.0)
pb = __ptr__(acct.balance)
pb[0] += 2.5
pn = __ptr__(acct.n)
pn[0] = 3
print(acct.balance, acct.n)
pa = __ptr__(pair.a)
pa[0] = -1
print(pair.a, pair.b)
