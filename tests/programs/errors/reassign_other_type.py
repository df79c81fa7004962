# A variable bound outside any loop keeps its type.
total = 0
for n in range(5):
    total += n
print(total)
total = "finished"
