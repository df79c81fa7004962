total = 0
for i in range(3):
    total += i
total = "finished"
print(total)
