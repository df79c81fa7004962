# statistics (mean, median, mode, stdev, variance, quantiles), time (monotonic clocks that
# advance, sleep) and input() reading standard input line by line.
import statistics
import time

data = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
print(statistics.mean(data), statistics.median(data), statistics.mode([1, 2, 2, 3]))
print(statistics.pstdev(data), statistics.pvariance(data), round(statistics.stdev(data), 10))
print(statistics.variance([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]), statistics.median([3.0, 1.0, 2.0]))
print(statistics.median_low([1, 3, 5, 7]), statistics.median_high([1, 3, 5, 7]), statistics.fmean([1, 2, 4]))
print(statistics.quantiles([1, 2, 3, 4, 5, 6, 7, 8], n=4), statistics.multimode("aabbc"))
print(statistics.quantiles([1.5, 9.0, 3.25, 7.0, 4.0], n=10, method="inclusive"), statistics.quantiles([10, 20], n=3))
try:
    statistics.mean([])
except statistics.StatisticsError as e:
    print("StatisticsError:", e)
t0 = time.time()
m0 = time.monotonic()
p0 = time.perf_counter()
time.sleep(0.02)
print(time.time() - t0 >= 0.015, time.monotonic() - m0 >= 0.015, time.perf_counter() - p0 >= 0.015)
print(t0 > 1.6e9, time.time_ns() > 1600000000 * 10 ** 9, time.perf_counter_ns() >= 0)
name = input()
n = int(input("how many? "))
total = 0
for _ in range(n):
    total += int(input())
print("hello", name, total)
try:
    input()
except EOFError:
    print("EOFError")
for bad_data, bad_n, bad_method in [([1.0], 4, "exclusive"), ([1.0, 2.0], 0, "exclusive"), ([1.0, 2.0], 4, "bogus")]:
    try:
        print(statistics.quantiles(bad_data, n=bad_n, method=bad_method))
    except statistics.StatisticsError as e:
        print("StatisticsError:", e)
    except ValueError as e:
        print("ValueError:", e)
