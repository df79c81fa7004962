# @extend names a class that does not exist
@extend
class Nonexistent:
    def f(self) -> int:
        return 1
