# Found by the differential fuzzer (tests/fuzz, seed 113): a nested function declaring a
# variable `nonlocal`, defined in a `try` inside a loop (two blocks deep), got a copy of the
# variable instead of the shared cell, so its assignments were lost. One block deep was right.
def m(a: int) -> int:
    return -1000001


def in_while_try():
    w = 0
    while w < 2:
        w += 1
        try:
            n = 3

            def cl(d: int) -> int:
                nonlocal n
                n = (n + d) % 1000003
                return n

            print("while/try", cl(m(1)), n)
        except IndexError:
            pass


def in_for_if():
    for i in range(2):
        if i >= 0:
            n = 10 * i

            def cl() -> int:
                nonlocal n
                n += 1
                return n

            print("for/if", cl(), cl(), n)


def in_try_for():
    try:
        for i in range(2):
            total = i

            def add(k: int):
                nonlocal total
                total += k

            add(5)
            add(7)
            print("try/for", total)
    except ValueError:
        pass


def reads_later_change():
    for i in range(2):
        if True:
            x = i

            def get() -> int:
                return x

            x = x + 100
            print("read after change", get())


in_while_try()
in_for_if()
in_try_for()
reads_later_change()
