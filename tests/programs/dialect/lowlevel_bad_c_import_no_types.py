# from C import needs the C signature
from C import strlen
print(strlen)
