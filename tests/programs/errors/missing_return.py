# A function declared to return int that can fall off its end.
def sign(x: int) -> int:
    if x > 0:
        return 1
    elif x < 0:
        return -1

print(sign(0))
