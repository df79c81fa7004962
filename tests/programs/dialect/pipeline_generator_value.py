# a pipeline with a generator stage used as a value
def upto(n: int):
    for i in range(n):
        yield i

def double(x: int) -> int:
    return 2 * x

xs = 3 |> upto |> double
print(xs)
