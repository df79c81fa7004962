# Text files: write, append, read back whole, by line and by iteration; with-blocks close;
# universal newlines; errors for missing files and closed files.
with open("notes.txt", "w") as f:
    f.write("alpha\n")
    f.write("beta\r\ngamma\rdelta")
with open("notes.txt", "a") as f:
    print(f.write("\nepsilon\n"))
f = open("notes.txt")
print(repr(f.readline()), repr(f.readline()))
print(repr(f.read()))
f.close()
print(f.closed)
with open("notes.txt") as f:
    for i, line in enumerate(f):
        print(i, line.rstrip("\n"))
print(open("notes.txt").readlines())
words = {}
for line in open("notes.txt"):
    for w in line.split():
        words[w[0]] = words.get(w[0], 0) + 1
print(sorted(words.items()))
try:
    open("missing.txt")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
try:
    open("notes.txt", "q")
except ValueError as e:
    print("ValueError:", e)
