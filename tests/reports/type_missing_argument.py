def scale(x, factor, offset=0):
    return x * factor + offset

print(scale(2))
