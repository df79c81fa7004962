# alternatives of a match pattern binding names
def f(xs: List[int]) -> int:
    match xs:
        case [x] | [x, _]:
            return x
        case _:
            return 0

print(f([1]))
