# range slicing, equality, index/count; zero-sized values in containers; float keys that
# equal ints or each other hash alike.
r = range(0, 20, 3)
print(r[1:4], range(10)[::-1], range(10)[2:8:2], list(range(10)[::-3]))
print(range(0) == range(5, 5), range(0, 3) == range(3), range(2) == range(3), range(3) != range(3))
print(r.index(9), r.count(9), r.count(10))
print(list(dict.fromkeys([4, 1, 4, 2])))
print(len({0.0, -0.0, 0.5}), {2.0: "a"}[2])
