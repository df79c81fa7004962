# Allocates far more than the collector's initial heap, keeping a small live set, so that
# collections run (stack and register scanning differ per target) and live data survives them.
keep = []
total = 0
for i in range(200000):
    row = [i, i * 2, i * 3]
    s = str(i) + "-" + str(i * 7)
    total += len(row) + len(s)
    if i % 20000 == 0:
        keep.append(s)
print(total)
print(keep)
d = {}
for i in range(50000):
    d[i % 1000] = d.get(i % 1000, 0) + i
print(len(d), d[0], d[999])
