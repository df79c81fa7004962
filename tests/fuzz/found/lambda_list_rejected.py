print([h(3) for h in [lambda t: t + 1, lambda t: t * 2]])
