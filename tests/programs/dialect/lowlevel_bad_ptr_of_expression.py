# __ptr__ takes a variable name
xs = [1, 2]
p = __ptr__(xs[0])
