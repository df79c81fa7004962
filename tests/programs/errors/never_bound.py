# The only assignment to y is dead code after `continue`: the read can never succeed.
def f(n: int) -> int:
    while n > 0:
        n -= 1
        continue
        y = 1
    return y

print(f(3))
