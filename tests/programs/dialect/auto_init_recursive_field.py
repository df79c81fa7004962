# the automatic __init__ cannot make a default for a field of the class's own type
class Tree:
    v: int
    left: Optional[Tree]

class Bad:
    v: int
    other: Bad

print(Tree(1).left is None)
print(Bad(2).v)
