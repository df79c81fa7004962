# @par decorates for loops only: a while loop is a located error.
x = 0
@par
while x < 3:
    x += 1
