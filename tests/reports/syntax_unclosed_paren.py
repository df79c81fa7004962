print("mean:", sum([1, 2, 3])
x = 1
