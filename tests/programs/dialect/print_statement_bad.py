# the print statement takes comma-separated expressions
x = 1
print x, 2
print x 2
