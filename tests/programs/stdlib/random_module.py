# random: after seed(n), the same sequences as CPython's Mersenne Twister.
import random

random.seed(12345)
print(random.random(), random.random())
print([random.randint(1, 6) for _ in range(10)])
print([random.randrange(0, 100, 5) for _ in range(5)], random.randrange(10))
print(random.choice("abcdef"), random.choice([10, 20, 30]))
xs = list(range(10))
random.shuffle(xs)
print(xs)
print(random.uniform(1.0, 2.0), random.sample(range(100), 5), random.sample(["a", "b", "c"], 3))
print(random.gauss(0.0, 1.0), random.gauss(10.0, 2.0))
random.seed(0)
a = [random.random() for _ in range(3)]
random.seed(0)
b = [random.random() for _ in range(3)]
print(a == b, a)
print(random.getrandbits(16), random.getrandbits(62))
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
try:
    random.randrange(5, 5)
except ValueError as e:
    print("ValueError:", e)
