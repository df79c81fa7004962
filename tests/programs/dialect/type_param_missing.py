# a type parameter the arguments cannot decide must be given (make[int]() or T=int)
def make[T]() -> List[T]:
    return List[T]()

print(make[int](), make(T=str))
print(make())
