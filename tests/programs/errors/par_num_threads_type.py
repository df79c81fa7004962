# num_threads must be an int.
@par(num_threads="two")
for i in range(10):
    pass
