def fetch(key):
    if key != "ok":
        raise LookupError("no entry for " + key)
    return 1

def lookup(key):
    try:
        return fetch(key)
    finally:
        print("lookup done")

def middle():
    return lookup("missing")

try:
    middle()
except KeyError:
    print("not this handler")
