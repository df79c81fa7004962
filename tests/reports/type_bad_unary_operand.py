word = "up"
print(-word)
