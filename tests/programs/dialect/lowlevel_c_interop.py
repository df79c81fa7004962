# C interop: `from C import NAME(ARGTYPES) -> RET` (with `as` renames, `cobj` for void*,
# no result type for void), `@C` declarations, str.c_str() and str(ptr, n), out-parameters
# through __ptr__, and an @export function (C linkage) called back through its C name.

from C import strlen(cobj) -> int
from C import atoi(cobj) -> i32
from C import abs(i32) -> i32 as c_abs
from C import labs(int) -> int
from C import malloc(int) -> cobj
from C import free(cobj)
from C import memset(cobj, i32, int) -> cobj
from C import memcmp(cobj, cobj, int) -> i32
from C import frexp(float, Ptr[i32]) -> float
from C import strtol(cobj, Ptr[cobj], i32) -> int

@C
def ldexp(m: float, e: i32) -> float:
    pass

print(strlen("hello".c_str()), strlen("".c_str()), atoi("-123abc".c_str()), atoi("7".c_str()).__class__.__name__)
print(c_abs(i32(-7)), labs(-9000000000), memcmp("abc".c_str(), "abd".c_str(), 3) < i32(0))

buf = malloc(8)
memset(buf, i32(ord("z")), 8)
print(str(buf, 5), str(Ptr[byte](buf) + 6, 2))
free(buf)

e = i32(0)
m = frexp(48.0, __ptr__(e))
print(m, e, ldexp(m, e))

end = cobj()
v = strtol("0x1F rest".c_str(), __ptr__(end), i32(16))
print(v, str(end, strlen(end)), strtol("777".c_str(), Ptr[cobj](), i32(8)))

@export
def triple(x: int) -> int:
    return 3 * x

from C import triple(int) -> int as c_triple
print(triple(5), c_triple(14))
