# itertools: infinite iterators cut short, combinatorics in CPython's order, grouping,
# accumulation and slicing.
import itertools
from itertools import count, cycle, repeat, islice, chain, accumulate, groupby

print(list(islice(count(5), 3)), list(islice(count(0, 3), 4)), list(islice(cycle("ab"), 5)))
print(list(repeat(7, 3)), list(chain([1, 2], [3], [])), list(chain.from_iterable([[1], [2, 3]])))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4, 1, 5], max)), list(accumulate([1, 2, 3], initial=100)))
print(list(itertools.product("ab", repeat=2)), list(itertools.product([1, 2], [3])))
print(list(itertools.permutations([1, 2, 3], 2)), len(list(itertools.permutations(range(5)))))
print(list(itertools.combinations("abcd", 2)), list(itertools.combinations_with_replacement([1, 2], 2)))
for key, grp in groupby("aaabccdd"):
    print(key, list(grp), end="; ")
print()
for key, grp in groupby([1, 3, 2, 4, 5], key=lambda x: x % 2):
    print(key, list(grp), end="; ")
print()
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(itertools.filterfalse(lambda x: x % 2, range(6))), list(itertools.compress("abcd", [1, 0, 1, 0])))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.zip_longest("ab", "xyz", fillvalue="-")))
print(list(islice(range(10), 2, 8, 3)), list(itertools.pairwise([1, 2, 3, 4])))
a, b = itertools.tee([1, 2, 3])
print(list(a), list(b))
