# A keyword cannot name a field (CPython raises ValueError; here it is a compile error).
from collections import namedtuple

Ok = namedtuple("Ok", "a b")
Row = namedtuple("Row", "id class")
print(Ok(1, 2), Row(1, 2))
