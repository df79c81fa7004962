# Compile-time metaprogramming: isinstance, hasattr and staticlen decide branches when
# compiling (the other branch is not type-checked), loops over tuples are unrolled, and
# type names are known statically.

class Duck:
    def quack(self) -> str:
        return "quack"

class Robot:
    def beep(self) -> str:
        return "beep"

def sound(x) -> str:
    if hasattr(x, "quack"):
        return x.quack()
    elif hasattr(x, "beep"):
        return x.beep()
    return "silence"

def describe(v) -> str:
    if isinstance(v, int) or isinstance(v, float):
        return f"number {v + 1}"
    elif isinstance(v, str):
        return f"text {v.upper()}"
    else:
        return f"other {type(v).__name__}"

def last(t):
    if staticlen(t) == 0:
        return "none"
    else:
        return str(t[staticlen(t) - 1])

def kinds(t) -> List[str]:
    out = List[str]()
    for v in t:
        out.append(v.__class__.__name__)
    return out

def squares(t):
    return tuple(t[i] * t[i] for i in staticrange(staticlen(t)))

print(sound(Duck()), sound(Robot()), sound(3))
print(describe(1), describe(2.5), describe("a"), describe([1]))
print(last(()), last((1, "z")), kinds((1, "s", 2.0, [True], (1, 2), None)))
print(squares((1, 2, 3)), (*squares((4,)), *(), "end"))
print(hasattr([1], "append"), hasattr(1, "append"), int.__name__, List[Set[int]].__name__)
