try:
    pass
except 0 as e:
    pass
