# __exit__ gets the exception raised in a with body; a true result suppresses it.
class Section:
    def __init__(self, title, swallow):
        self.title = title
        self.swallow = swallow

    def __enter__(self):
        print("begin", self.title)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print("end", self.title)
        else:
            print("abort", self.title, "because of", str(exc))
        return self.swallow


with Section("quiet", False):
    print("body")
with Section("swallowing", True):
    raise ValueError("bad value")
print("after swallowing")
try:
    with Section("passing", False):
        {"a": 1}["b"]
except KeyError as e:
    print("caught", e)


def early() -> int:
    with Section("return", False):
        return 5


print(early())
