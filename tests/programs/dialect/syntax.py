# Codon's syntax extensions: the print statement, pipelines, and match with range patterns
# and `...` in sequence patterns.

print "print statement", 1, 2.5
print "no newline",
print "after"

def double(x: int) -> int:
    return 2 * x

def add(a: int, b: int) -> int:
    return a * 10 + b

def upto(n: int):
    for i in range(n):
        yield i

def odd_only(x: int):
    if x % 2 == 1:
        yield x

print(3 |> double |> double, 4 |> add(1), 4 |> add(1, ...), (5 |> double) + 1)
seen = []
6 |> upto |> odd_only |> double |> seen.append
print(seen)
"a b c" |> str.split |> len |> print
[1, 2] ||> len |> print

def classify(n: int) -> str:
    match n:
        case 0:
            return "zero"
        case 1 ... 9:
            return "digit"
        case 10 | 20 | 30:
            return "round"
        case x if x < 0:
            return "negative"
        case _:
            return "big"

def shape(xs: List[int]) -> str:
    match xs:
        case []:
            return "empty"
        case [only]:
            return f"one {only}"
        case [first, ..., last] if first == last:
            return f"bookends {first}"
        case [1, *rest]:
            return f"one then {rest}"
        case [_, _, ...]:
            return "long"

def where(p: Tuple[int, str]) -> str:
    match p:
        case (0, name):
            return f"origin {name}"
        case (1 ... 5, "a" | "b"):
            return "near ab"
        case (n, s := ("x" | "y")):
            return f"{n} {s}"
        case _:
            return "elsewhere"

print([classify(n) for n in [0, 5, 20, -3, 99]])
print([shape(xs) for xs in [List[int](), [4], [3, 8, 3], [1, 2, 3], [2, 3, 4]]])
print([where(p) for p in [(0, "o"), (3, "b"), (9, "y"), (9, "z")]])
