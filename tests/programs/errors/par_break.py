# break cannot leave a parallel loop.
@par
for i in range(10):
    if i == 3:
        break
