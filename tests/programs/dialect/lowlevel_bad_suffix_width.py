# an integer literal suffix needs a width of at least 1 bit
x = 1
y = 7u0 + x
