# operator functions, string constants and capwords, copy.copy/deepcopy.
import operator
import string
import copy

print(operator.add(2, 3), operator.sub(2, 3), operator.mul("ab", 2), operator.truediv(1, 4))
print(operator.floordiv(-7, 2), operator.mod(-7, 2), operator.pow(3, 4), operator.neg(4), operator.pos(-4))
print(operator.eq(1, 1), operator.ne(1, 1), operator.lt(1, 2), operator.le(2, 2), operator.gt(1, 2), operator.ge(3, 2))
print(operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.invert(5), operator.lshift(1, 4), operator.rshift(32, 2))
print(operator.not_(0), operator.truth(3), operator.abs(-2.5), operator.index(7), operator.contains([1, 2], 2))
print(operator.getitem([5, 6, 7], 1), operator.concat([1], [2]), operator.countOf([1, 2, 1], 1), operator.indexOf("abc", "c"))
print(string.ascii_letters, string.digits, string.hexdigits, string.octdigits)
print(repr(string.whitespace), string.punctuation, len(string.printable))
print(string.capwords("  the quick  brown fox "), string.capwords("a-b c-d", "-"))
nested = [[1, 2], [3]]
shallow = copy.copy(nested)
deep = copy.deepcopy(nested)
nested[0].append(99)
print(nested, shallow, deep, shallow is nested, shallow[0] is nested[0], deep[0] is nested[0])
d = {"k": [1]}
d2 = copy.deepcopy(d)
d2["k"].append(2)
print(d, d2, copy.copy(d) == d)
