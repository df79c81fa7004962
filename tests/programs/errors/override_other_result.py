# A method called through a base class must return the same type in every override.
class A:
    def f(self) -> int:
        return 1

class B(A):
    def f(self) -> str:
        return "x"

xs: list[A] = [A(), B()]
print(xs[0].f())
