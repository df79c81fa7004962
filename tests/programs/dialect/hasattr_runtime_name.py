# hasattr with a name known only at run time
def has(x, name: str) -> bool:
    return hasattr(x, name)

print(has(1, "real"))
