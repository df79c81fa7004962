def countdown(n):
    if n == 0:
        raise RuntimeError("reached zero")
    return countdown(n - 1)

countdown(40)
