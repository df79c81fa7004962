# @extend cannot add fields
class P:
    x: int

@extend
class P:
    y: int
