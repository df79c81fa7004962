# two type arguments for a function with one type parameter
def ident[T](x: T) -> T:
    return x

print(ident[int](1))
print(ident[int, str](1))
