import math
print(math.sqroot(2.0))
