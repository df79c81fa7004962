# A for loop's variable ends with its loop: a later value of another type starts a new
# variable of that name (module level and in functions), as does the throwaway name `_`.
class Pos:
    def __init__(self, r: int) -> None:
        self.r = r

for p in [Pos(1), Pos(2)]:
    print(p.r)
p = "now a string"
print(p)

def f() -> str:
    total = 0
    for x in range(3):
        total += x
    x = "done"
    _, n = ("a", 1)
    n, _ = (2, 3.5)
    return f"{x} {total} {n} {_}"

print(f())
