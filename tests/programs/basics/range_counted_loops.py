# for-loops over range() with constant steps run as counted loops: the loop variable is
# rebound each iteration (assigning it in the body changes nothing), bounds are evaluated once
# in order, and break/continue/else behave as for any loop.
def bound(tag: str, v: int) -> int:
    print("bound", tag, v)
    return v

for i in range(bound("start", 2), bound("stop", 5)):
    print(i, end=" ")
    i = 100
print()
for i in range(10, -1, -4):
    print(i, end=" ")
print()
for i in range(3, 3):
    print("never")
for i in range(5, 0):
    print("never")
for i in range(0, 20, 7):
    if i == 14:
        break
    print(i, end=" ")
else:
    print("no break")
print("after", i)
total = 0
for i in range(10):
    if i % 2:
        continue
    total += i
else:
    print("done", total)
n = 4
for i in range(n):
    n = 1
    print(i, end=" ")
print()
def first_square_over(limit: int) -> int:
    for k in range(1, 1000):
        if k * k > limit:
            return k
    return -1
print(first_square_over(50), first_square_over(10 ** 7))
big = 2 ** 62
for i in range(big, big + 3):
    print(i - big, end=" ")
print()
