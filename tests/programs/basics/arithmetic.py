# Integer and float arithmetic, printed as CPython prints it.
a = 7
b = 3
print(a + b, a - b, a * b)
print(a // b, a % b, -a // b)
print(a / b)
print(2 ** 10)
