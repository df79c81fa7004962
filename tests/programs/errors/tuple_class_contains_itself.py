@tuple
class S:
    x: int
    s: S
l: list[S] = []
print(len(l))
