# x.__class__ is a compile-time type: only its __name__ can be read
x = 5
print(x.__class__.__name__)
print(x.__class__)
