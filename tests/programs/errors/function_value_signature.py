# A function stored as a Callable must have its signature.
from typing import Callable

def neg(x: int) -> int:
    return -x

def join(a: str, b: str) -> str:
    return a + b

fs: list[Callable[[int], int]] = [neg]
fs.append(join)
