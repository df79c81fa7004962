words = ["apple", "banana"]
for w in words:
    if w.startwith("a"):
        print(w)
