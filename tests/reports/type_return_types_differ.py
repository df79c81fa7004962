def sign(x):
    if x < 0:
        return "negative"
    return 1

print(sign(3))
