limit = 10
print(limit())
