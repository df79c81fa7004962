# A namedtuple class must be bound to a name where it is made.
import collections

rows = [collections.namedtuple("Row", "a b")]
print(rows)
