# Functions whose every path returns, raises or never ends are accepted; an Optional one
# may fall off its end and returns None there.
import sys
from typing import Optional

def loop_until(x: int) -> int:
    while True:
        if x > 3:
            return x
        x += 1

def raises_at_end(x: int) -> int:
    if x > 0:
        return x
    raise ValueError("not positive")

def fail(msg: str):
    raise RuntimeError(msg)

def calls_noreturn(x: int) -> int:
    if x == 1:
        return 10
    fail("no")

def finally_returns(x: int) -> str:
    try:
        if x > 0:
            return "positive"
        return "other"
    finally:
        print("finally runs")

def match_all(c: bool) -> str:
    if c:
        return "yes"
    else:
        return "no"

def opt(x: int) -> Optional[int]:
    if x > 0:
        return x

def exits(code: int) -> int:
    if code == 0:
        return 0
    sys.exit(code)

def handler_returns(s: str) -> int:
    try:
        return int(s)
    except ValueError:
        return -1

print(loop_until(1))
print(raises_at_end(2))
try:
    raises_at_end(0)
except ValueError as e:
    print("ValueError:", e)
print(calls_noreturn(1))
try:
    calls_noreturn(2)
except RuntimeError as e:
    print("RuntimeError:", e)
print(finally_returns(1), finally_returns(-1))
print(match_all(True), match_all(False))
print(opt(3), opt(-3))
print(exits(0))
print(handler_returns("7"), handler_returns("x"))

def describe(n: int) -> str:
    match n:
        case 0:
            return "zero"
        case 1 | 2:
            return "small"
        case _:
            return "many"

def on_off(b: bool) -> str:
    match b:
        case True:
            return "on"
        case False:
            return "off"

print(describe(0), describe(2), describe(7), on_off(True), on_off(False))
