# A field's element type must be learnt somewhere: a list that nothing is ever added to has
# no type.
class Bag:
    def __init__(self):
        self.items = []

b = Bag()
print(len(b.items))
