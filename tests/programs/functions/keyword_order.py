# Call arguments are evaluated left to right as written, whatever order the keywords name
# the parameters in.
def trace(v: int) -> int:
    print("eval", v)
    return v

def combine(a: int, b: int, c: int = 0) -> int:
    return a * 100 + b * 10 + c

print(combine(c=trace(3), a=trace(1), b=trace(2)))
print(combine(trace(4), c=trace(6), b=trace(5)))
