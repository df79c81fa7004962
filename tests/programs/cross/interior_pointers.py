# Slices keep pointers into the middle of their parent's buffer: the collector must treat
# interior pointers as references (ALL_INTERIOR_POINTERS) on every target.
kept = []
for i in range(2000):
    text = "prefix-" + str(i) + "-" + "abcdefghij" * 3
    kept.append(text[7:20])
junk = 0
for i in range(300000):
    junk += len([i, i + 1, i + 2]) + len(str(i))
print(junk)
print(kept[0], kept[999], kept[1999])
total = 0
for s in kept:
    total += len(s)
print(total)
