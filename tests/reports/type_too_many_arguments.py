def area(w, h):
    return w * h

print(area(4, 5, 6))
