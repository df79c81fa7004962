# float32 does not mix with float implicitly
x = float32(1.5)
y = x * 2.0
