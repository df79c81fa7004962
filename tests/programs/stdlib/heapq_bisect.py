# heapq (push/pop order, heapify, nlargest/nsmallest, heappushpop/heapreplace, merge) and
# bisect (left/right insertion points, insort, with keys).
import heapq
import bisect

h: list[int] = []
for x in [5, 1, 8, 3, 9, 2]:
    heapq.heappush(h, x)
print(h[0], [heapq.heappop(h) for _ in range(len(h))])
data = [9, 4, 7, 1, 8, 2]
heapq.heapify(data)
print(data[0], heapq.nsmallest(3, data), heapq.nlargest(2, data))
print(heapq.heappushpop(data, 0), heapq.heapreplace(data, 10), sorted(data))
tasks = [(3, "write"), (1, "plan"), (2, "code")]
heapq.heapify(tasks)
while tasks:
    print(heapq.heappop(tasks))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6])))
print(heapq.nlargest(2, ["pear", "fig", "banana"], key=len), heapq.nsmallest(1, [3.5, -1.0]))
s = [1, 2, 4, 4, 4, 7, 9]
print(bisect.bisect_left(s, 4), bisect.bisect_right(s, 4), bisect.bisect(s, 0), bisect.bisect(s, 10))
bisect.insort(s, 5)
bisect.insort_left(s, 4)
print(s)
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], score)] for score in [33, 99, 77, 70, 89, 90, 100]])
words = ["a", "bb", "dddd"]
print(bisect.bisect_left(words, 3, key=len), bisect.bisect_right([1.0, 2.0], 1.5, lo=1))
