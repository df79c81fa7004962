# an Optional[int] cannot hold a string
def f(flag: bool) -> Optional[int]:
    if flag:
        return 1
    return "none"

print(f(True))
