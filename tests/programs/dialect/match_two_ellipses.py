# two `...` in one sequence pattern
def f(xs: List[int]) -> str:
    match xs:
        case [1, ...]:
            return "one"
        case [..., 5, ...]:
            return "five inside"
        case _:
            return "other"

print(f([5]))
