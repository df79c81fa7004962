# An int is not iterable: unpacking it can never succeed.
pairs = [(1, 2)]
a, b = 5
print(a, b, pairs)
