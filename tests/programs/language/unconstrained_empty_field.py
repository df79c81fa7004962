# A container whose item type nothing decides (a field's list that is never filled) still
# works wherever the item type does not matter: it takes the default item type.
class Bag:
    def __init__(self):
        self.items = []

b = Bag()
print(len(b.items), b.items, b.items == [])
