# A name bound by a loop may be reused for another type after that loop ends.
for x in [0.5, 1.5]:
    print(x)
for x, y in [(-3, 4), (5, -12)]:
    print(x, y, abs(x) + abs(y))

for k in ["a", "b"]:
    print(k * 2)
for k in range(3):
    print(k + 1)


def f(items: list[tuple[str, int]]) -> int:
    total = 0
    for _, n in items:
        total += n
    for _ in range(2):
        total += 1
    return total


print(f([("a", 1), ("b", 2)]))

best = {"x": 1}
for name, marks in best.items():
    print(name, marks)
marks = [1, 2, 3]
print(marks)
