# An Animal may be a Dog with more fields: copying it by its static class would lose them.
import copy
class Animal:
    def __init__(self, name: str) -> None:
        self.name = name
class Dog(Animal):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.tricks = 0
pets: list[Animal] = [Dog("rex")]
twin = copy.copy(pets[0])
print(twin.name)
