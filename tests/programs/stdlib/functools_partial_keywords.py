# functools.partial with positional and keyword arguments: stored at creation, extended and
# overridden at each call, nested, on classes, and in map.
from functools import partial
import operator

def power(base: int, exp: int) -> int:
    return base ** exp

square = partial(power, exp=2)
print(square(5), square(4, exp=3), square(base=9), square(base=2, exp=10))
print(partial(power, 3)(4), partial(power, 2, 5)(), partial(power, exp=0, base=7)())

# arguments are evaluated once, when the partial is made
n = 5
add_n = partial(operator.add, n)
n = 100
print(add_n(1), n)

# classes: keywords reach the constructor
parse_bin = partial(int, base=2)
print(parse_bin("1010"), partial(int, base=16)("-1A"), partial(int, "777", base=8)())

def greet(greeting: str, name: str, punct: str) -> str:
    return greeting + ", " + name + punct

hello = partial(greet, "Hello", punct="!")
print(hello("Ann"), hello("Bob", punct="?"), hello(name="Di"))
# a partial of a partial adds to the stored arguments
print(partial(hello, "Cy")(), partial(hello, punct=".")("Ed"), partial(partial(greet, "Hi"), "Flo")("~"))

# mixed keyword value types, and the stored parts
def describe(name: str, age: int, score: float, tags: list[str]) -> str:
    return f"{name} {age} {score} {tags}"

p = partial(describe, "Gus", score=1.5, tags=["x"])
print(p(age=3), p(7, tags=["y", "z"]))
print(p.args, p.keywords, partial(power).keywords)

# in map, and stored in a list
print(list(map(partial(operator.mul, 3), [1, 2, 3])), list(map(partial(power, exp=3), [1, 2, 3])))
fs = [partial(power, exp=2), partial(power, exp=3)]
print([f(2) for f in fs])

# keyword-only parameters and **kwargs of the wrapped function
def tag(text: str, *, open: str = "<", close: str = ">") -> str:
    return open + text + close

print(partial(tag, close="]")("a", open="["), partial(tag, open="(", close=")")("b"))
print(partial("{a}-{b}".format, a=1)(b="two"), partial(dict, x=1)(y=2))
