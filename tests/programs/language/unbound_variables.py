# Reads of variables that may be unbound raise Python's errors on the unbound path only.
def maybe(flag: bool) -> int:
    if flag:
        x = 10
    return x + 1

print(maybe(True))
try:
    print(maybe(False))
except UnboundLocalError as e:
    print("UnboundLocalError:", e)

def loop_var(n: int) -> int:
    for i in range(n):
        pass
    return i

print(loop_var(3))
try:
    loop_var(0)
except NameError as e:
    print("NameError (base class):", e)

def last_positive(items: list[int]) -> int:
    for v in items:
        if v > 0:
            found = v
    return found

print(last_positive([1, -2, 3, -4]))
try:
    last_positive([-1])
except UnboundLocalError as e:
    print("no positive:", e)

def after_try(s: str) -> int:
    try:
        n = int(s)
    except ValueError:
        print("bad", repr(s))
    return n

print(after_try("42"))
try:
    after_try("x")
except UnboundLocalError as e:
    print("caught:", e)

def while_else(n: int) -> str:
    k = 0
    while k < n:
        found = "yes"
        k += 1
    return found

print(while_else(2))
try:
    while_else(0)
except UnboundLocalError:
    print("while body never ran")

def in_finally(fail: bool) -> str:
    try:
        if fail:
            raise ValueError("stop")
        msg = "done"
    except ValueError:
        pass
    finally:
        pass
    return msg

print(in_finally(False))
try:
    in_finally(True)
except UnboundLocalError as e:
    print("finally path:", e)

def always_bound(c: bool) -> int:
    if c:
        y = 1
    else:
        y = 2
    return y

print(always_bound(False))

import sys
if len(sys.argv) > 10:
    g = 1
try:
    print(g)
except NameError as e:
    print("module level:", e)
g = 5
print(g)
