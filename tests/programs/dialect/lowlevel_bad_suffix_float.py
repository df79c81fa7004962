# a float literal cannot take an integer type suffix
x = 2.5i32
