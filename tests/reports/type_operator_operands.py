count = 3
label = count + " items"
print(label)
