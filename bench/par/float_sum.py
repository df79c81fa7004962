# A float reduction: the partial sums of 1/k^2 (towards pi^2/6) and of sin(k)/k, static
# schedule. Size: the number of terms.
import sys
import math

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    s = 0.0
    t = 0.0
    @par
    for k in range(1, n + 1):
        x = float(k)
        s += 1.0 / (x * x)
        t += math.sin(x) / x
    print(f"{s:.9f} {t:.9f}")

main()
