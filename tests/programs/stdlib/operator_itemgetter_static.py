# operator.itemgetter: integer literal keys index tuples whose items have different types;
# other keys (strings, variables) go through __getitem__.
from operator import itemgetter

rows = [("bob", 25, 3.5), ("ann", 31, 2.0), ("cy", 25, 4.0)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 0)))
print(max(rows, key=itemgetter(2)), itemgetter(0, 2)(rows[1]), itemgetter(-1)(rows[0]))
print(itemgetter("k")({"k": 5}), itemgetter(1, 3)("python"), itemgetter(0, 1, 2)([7, 8, 9]))
i = 2
print(itemgetter(i)([10, 20, 30]), list(map(itemgetter(0), rows)))
