# Class, builtin-type and mapping patterns in match, on a dataclass from the dataclasses module.
from dataclasses import dataclass

@dataclass
class Pt:
    x: int
    y: int

def where(p: Pt) -> str:
    match p:
        case Pt(x=0, y=0):
            return "origin"
        case Pt(0, y):
            return f"y axis {y}"
        case Pt(x=x):
            return f"x {x}"

def kind(v) -> str:
    match v:
        case int(n) if n > 5:
            return "big int"
        case int():
            return "int"
        case str() as s:
            return "str " + s
        case _:
            return "other"

def conf(d: Dict[str, int]) -> str:
    match d:
        case {"port": p, "host": 1}:
            return f"local {p}"
        case {"port": p}:
            return f"port {p}"
        case _:
            return "none"

print(Pt(1, 2), where(Pt(0, 0)), where(Pt(0, 3)), where(Pt(4, 1)))
print(kind(9), kind(2), kind("a"), kind(2.5))
print(conf({"port": 80, "host": 1}), conf({"port": 8}), conf({"x": 1}))
