# Types learned late in a body (a list filled after it is read) and literals nothing
# constrains.
def primes(limit: int) -> list[int]:
    found = []
    n = 2
    while len(found) < limit:
        is_p = True
        for p in found:
            if p * p > n:
                break
            if n % p == 0:
                is_p = False
                break
        if is_p:
            found.append(n)
        n += 1
    return found


print(primes(8))
print([] == [], [1, 2] < [1, 2, 0], {} == {}, len([]))
from itertools import chain

print(list(chain([1, 2], [], [3])))
