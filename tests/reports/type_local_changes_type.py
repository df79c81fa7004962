def f():
    n = [1, 2]
    n = 2.5
    return n

print(f())
