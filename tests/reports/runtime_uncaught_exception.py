def check(order):
    if order > 2:
        raise ValueError("order " + str(order) + " is too large")
    return order

def process(orders):
    total = 0
    for o in orders:
        total += check(o)
    return total

print("processing")
print(process([1, 2, 3]))
print("never printed")
