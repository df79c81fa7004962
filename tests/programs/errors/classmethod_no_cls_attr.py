# A class method's `cls` is the class: reading a constant it does not have is an error.
class A:
    X = 1

    @classmethod
    def get(cls) -> int:
        return cls.Y

print(A.get())
