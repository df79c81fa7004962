# Tuples: concatenation, repetition and slicing build new tuples; dynamic indexing,
# count and index; unpacking with a starred target.
t = (3, 1, 4, 1, 5)
print(t + (9, 2), (1, 2) * 3, 2 * ("a",), t[1:3], t[::-1], t[-2:], t[5:9])
i = 2
print(t[i], t[-1], t.count(1), t.index(1), t.index(1, 2), 4 in t)
try:
    print(t[i + 10])
except IndexError as e:
    print("IndexError:", e)
try:
    t.index(7)
except ValueError as e:
    print("ValueError:", e)
head, *mid, tail = t
print(head, mid, tail)
first, *rest = "hello"
print(first, rest)
*allv, = range(3)
print(allv)
a, b, c = range(3)
print(a, b, c)
