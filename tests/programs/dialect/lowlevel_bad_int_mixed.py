# fixed-width integers only combine with their own type
a = i32(5)
b = a + 1
