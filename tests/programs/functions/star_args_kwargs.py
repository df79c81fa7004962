# *args collects extra positional arguments (a tuple; from a list or other iterable at the
# call site, or annotated, a tuple-like sequence of one type); **kwargs collects extra
# keywords into a dict in the order written, **mapping included.
def total(*nums: int) -> int:
    s = 0
    for n in nums:
        s += n
    return s

def show(*args) -> None:
    print(len(args), args)

def config(prefix: str, *, sep: str = "=", **opts: int) -> str:
    return prefix + " ".join(k + sep + str(v) for k, v in opts.items())

values = [10, 20]
print(total(), total(1, 2), total(*values), total(1, *values, 2), total(*range(4)))
show()
show(1, "a")
show(*(3, 4.5))
base = {"depth": 3}
print(config(">"), config(">", w=1, h=2), config(">", **base, extra=-1, sep=":"))
