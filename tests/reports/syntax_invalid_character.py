width = 3
area = width × 2
