def wrap(x, n):
    if n == 0:
        return 0
    return wrap([x], n - 1)

print(wrap(1, 3))
