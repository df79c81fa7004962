# Independent syntax errors are all reported in one run.
def area(w, h)
    return w * h

total = = 3

for i in range(3) print(i)
