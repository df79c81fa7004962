# Unwinding (the personality routine, per target ABI) and float formatting across targets.
def divide(a: int, b: int) -> int:
    return a // b

def safe(a: int, b: int) -> int:
    try:
        return divide(a, b)
    except ZeroDivisionError:
        return -1
    finally:
        print("finally", a, b)

print(safe(7, 2), safe(1, 0))
try:
    raise ValueError("bad value")
except ValueError as e:
    print("caught", e)
xs = [0.1 + 0.2, 1e300 * 10.0, -0.0, 2.5, 1.0 / 3.0, 123456789.125, 5e-324]
print(xs)
print(round(2.675, 2), 7.0 // 2.0, 7.5 % 2.0)
print(f"{3.14159:.3f} {255:x} {42:>6}")
