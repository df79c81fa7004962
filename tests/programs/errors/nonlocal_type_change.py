# A variable shared with a closure keeps one type: a nested function cannot store a str into
# an int.
def outer() -> int:
    n = 0

    def set_name() -> None:
        nonlocal n
        n = "x"
    set_name()
    return n

print(outer())
