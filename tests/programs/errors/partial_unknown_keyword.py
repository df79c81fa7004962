# A keyword given to a partial must be a parameter of the wrapped function.
from functools import partial

def power(base: int, exp: int) -> int:
    return base ** exp

square = partial(power, exp=2)
print(square(3))
print(square(bse=3))
