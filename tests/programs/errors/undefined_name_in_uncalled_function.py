def never():
    return misspeled + 1
print("hi")
