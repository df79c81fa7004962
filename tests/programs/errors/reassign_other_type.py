# A variable that is not a loop variable keeps its type.
total = 0
for n in range(3):
    total += n
total = "finished"
