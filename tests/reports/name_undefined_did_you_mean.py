def mean(values):
    total = 0
    for v in values:
        total += v
    return totl / len(values)

print(mean([1, 2, 3]))
