# functions of run-time loaded libraries are not supported
from C import libm.cos(float) -> float
