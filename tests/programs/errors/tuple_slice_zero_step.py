# A tuple slice with constant bounds is built at compile time; a zero step is an error there.
t = (1, 2, 3)
print(t[::0])
