# getattr needs the attribute's name when compiling.
class P:
    def __init__(self) -> None:
        self.x = 1

names = ["x"]
for n in names:
    print(getattr(P(), n))
