# A type error found inside the standard library is reported at the user's call first.
words = {}
print("".join(words))
