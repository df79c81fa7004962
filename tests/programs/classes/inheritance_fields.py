# Fields assigned in a base class's __init__ (through super()) are fields of every subclass;
# class constants are inherited and may be shadowed; methods see overrides of the subclass.
from typing import Optional

class Animal:
    KIND = "animal"

    def __init__(self, name: str, legs: int) -> None:
        self.name = name
        self.legs = legs

    def sound(self) -> str:
        return "..."

    def speak(self) -> str:
        return f"{self.name} the {self.KIND} ({self.legs} legs) says {self.sound()}"

class Dog(Animal):
    KIND = "dog"

    def __init__(self, name: str, breed: str) -> None:
        self.breed = breed
        super().__init__(name, 4)

    def sound(self) -> str:
        return "woof"

class Cat(Animal):
    def sound(self) -> str:
        return "meow"

class AppError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code

class Node:
    def __init__(self, key: int) -> None:
        self.key = key
        self.next: Optional[Node] = None

def first_key(n: Optional[Node]) -> int:
    # never called before a Node is built: the field types come from the annotations
    return n.key if n is not None else -1

print(first_key(None))
d = Dog("Rex", "collie")
print(d.speak(), d.breed)
print(Cat("Tom", 4).speak(), Cat.KIND)
try:
    raise AppError("bad", 42)
except AppError as e:
    print(str(e), e.code)
head = Node(1)
head.next = Node(2)
alias = head.next
alias.key = 20
print(head.key, head.next.key, first_key(head.next))
