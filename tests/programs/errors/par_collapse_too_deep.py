# collapse cannot exceed the depth of the loop nest.
@par(collapse=3)
for i in range(3):
    for j in range(3):
        print(i, j)
