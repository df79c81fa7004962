# A misspelt @par keyword is reported at the keyword.
total = 0
@par(chunksize=10)
for i in range(10):
    total += i
