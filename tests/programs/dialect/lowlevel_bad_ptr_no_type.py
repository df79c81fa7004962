# Ptr needs its element type: Ptr[int](n)
n = 4
p = Ptr(n)
