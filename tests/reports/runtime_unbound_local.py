def total(items: list[int]) -> int:
    for x in items:
        last = x
    return last

print(total([1, 2]))
print(total([]))
