# a bit width is from 1 to 2**23
print(1)
x = UInt[0](1)
