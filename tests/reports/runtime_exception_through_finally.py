def lookup(xs, i):
    try:
        return xs[i]
    finally:
        print("lookup done")

def middle():
    return lookup([1, 2], 5)

try:
    middle()
except KeyError:
    print("not this handler")
