# Int needs its bit width: Int[32](x)
x = Int(5)
print(x)
