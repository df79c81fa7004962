# Only a tuple (of known length) can be unpacked into fixed parameters; a list needs *args.
def add(a: int, b: int) -> int:
    return a + b

pair = [1, 2]
print(add(*pair))
