# What a @par loop body shares and what it keeps per thread: writes to distinct list
# elements, loops inside functions (the function's locals are shared by reference),
# temporaries first assigned in the body (private to each thread), loops over lists and
# strings, and collapse=2 over a nest of two loops.

def squares(n: int) -> List[int]:
    out = [0] * n
    @par(schedule='dynamic', chunk_size=3)
    for i in range(n):
        t = i * i          # private: written before it is read
        out[i] = t
    return out

print(squares(12))

def histogram(words: List[str]) -> int:
    letters = 0
    @par
    for w in words:
        n = 0
        for ch in w:
            if ch != " ":
                n += 1
        letters += n
    return letters

print(histogram(["parallel loops", "in codon", "share", "by analysis"]))

def scaled(xs: List[float], k: float) -> List[float]:
    ys = [0.0] * len(xs)
    @par
    for i in range(len(xs)):
        ys[i] = xs[i] * k
    return ys

print(scaled([0.5, 1.5, 2.5, 4.0], 2.0))

R = 6
C = 7
grid = [[0] * C for _ in range(R)]
@par(collapse=2)
for r in range(R):
    for c in range(C):
        grid[r][c] = r * 10 + c
print(grid[0], grid[5])

cells = 0
@par(collapse=2, schedule='guided')
for a in range(1, 30):
    for b in range(1, 30):
        if (a * b) % 7 == 1:
            cells += 1
print("cells", cells)

pairs = [(i, (i * 7) % 5) for i in range(50)]
marks = [0] * 50
@par
for p in pairs:
    idx, m = p
    marks[idx] = m + 1
print(marks[:12], sum(marks))

text = "the quick brown fox jumps over the lazy dog"
vowels = 0
@par
for ch in text:
    if ch in "aeiou":
        vowels += 1
print("vowels", vowels)

# Step and start of the range are honoured for every schedule.
seen = [False] * 100
@par(schedule='static', chunk_size=4)
for i in range(97, 2, -5):
    seen[i] = True
print([i for i in range(100) if seen[i]][:6], sum([1 for s in seen if s]))

# A variable written only on some iterations and read after the loop stays shared (a flag
# any thread may set); one written first thing in every iteration is per thread.
def has_square(xs: List[int], target: int) -> bool:
    hit = False
    @par
    for x in xs:
        sq = x * x
        if sq == target:
            hit = True
    return hit

print(has_square([1, 2, 3, 4, 5], 16), has_square([1, 2, 3], 16))
