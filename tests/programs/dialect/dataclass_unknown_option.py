# @dataclass has no 'sort' option
@dataclass(order=True, sort=True)
class V:
    a: int
print(V(1).a)
