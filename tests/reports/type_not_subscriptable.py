code = 42
first = code[0]
