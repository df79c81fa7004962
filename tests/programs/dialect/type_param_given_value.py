# a `T: type` parameter given a value
def make(T: type):
    return T()

print(make(int))
print(make(5))
