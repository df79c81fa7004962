#!/usr/bin/env python3
"""Random program generator for codon's differential fuzzer (see docs/fuzzing.md).

Writes one program to stdout: a set of independent *units*, each a function `uK()` with
its own top-level helpers (functions, a recursive function, a generator, a small class
hierarchy), called from the end of the file. Every program is well typed in both CPython
3.11 and the Codon dialect (each variable keeps one type, containers are homogeneous, no
None), terminates (loops have constant trip counts, recursion a bounded depth) and never
lets a 64-bit int wrap: the generator tracks a static bound on each int expression and
reduces it with `%` / `&` before it could exceed 2**62.

Unit K of seed S is generated from its own random stream (`S:K`), so a unit's text does not
depend on which other units are in the file: `--units 3,7` rebuilds just those (the
minimizer's first step).
"""

import argparse
import random
import sys

INT_CAP = 2_000_003  # every int variable, field, element and parameter stays within ±this
BIG = 1 << 40  # an int expression whose bound passes this is reduced before going on
FLOAT_CAP = 1e6  # same for floats
STR_CAP = 40  # strings are at most this long
LIST_CAP = 16  # lists, dicts and sets hold at most this many items
EXC = ["ValueError", "KeyError", "IndexError", "ZeroDivisionError"]

INT, FLOAT, BOOL, STR = "int", "float", "bool", "str"
LINT, LSTR, LFLOAT = "list[int]", "list[str]", "list[float]"
DSI, DII = "dict[str, int]", "dict[int, int]"
SINT, TUP = "set[int]", "tuple[int, str]"
VALUE_TYPES = [INT, FLOAT, BOOL, STR, LINT, LSTR, LFLOAT, DSI, DII, SINT, TUP]
# How often each type is chosen for a new variable.
TYPE_WEIGHTS = [8, 3, 2, 5, 5, 3, 1, 3, 2, 1, 1]
ALPHABET = "abcxyzAB -_.:0123"


class Features:
    """Constructs that can be switched off (`--without NAME`), e.g. while a known bug in
    one of them is being fixed, so that the rest keeps being tested."""

    ALL = [
        "classes",
        "inheritance",
        "closures",
        "generators",
        "gen_raise",
        "exceptions",
        "finally",
        "floats",
        "float_repr",
        "sets",
        "dicts",
        "recursion",
        "lambdas",
        "fstrings",
        "str_methods",
        "while",
        "kwargs",
        "aliasing",
        "builtin_raise",
        "custom_exceptions",
        "reraise",
        "globals",
        "yield_from",
        "walrus",
        "star_unpack",
        "subscript_aug",
        "percent_format",
        "tuples_sort",
        "magic_methods",
        "factories",
        "asserts",
        "deep_unwind",
        "more_builtins",
    ]

    # Off unless asked for (`--with NAME`): constructs with a known, not yet fixed difference.
    DEFAULT_OFF = []

    def __init__(self, without=(), with_=()):
        self.on = set(self.ALL) - set(self.DEFAULT_OFF) - set(without)
        self.on |= set(with_)

    def __contains__(self, name):
        return name in self.on


class Scope:
    def __init__(self, parent=None):
        self.parent = parent
        self.vars = {}

    def all(self):
        out = dict(self.parent.all()) if self.parent else {}
        out.update(self.vars)
        return out


class Fn:
    """What the statement generator knows about the function it is writing."""

    def __init__(self, ret, is_gen=False, method_of=None):
        self.ret = ret  # return type, or None
        self.is_gen = is_gen
        self.method_of = method_of  # the class whose method this is
        self.loops = 0  # loop nesting depth
        self.catch = []  # stack of sets: exception types caught by enclosing try blocks
        self.frozen = set()  # names that must not change here (iterated containers, counters)
        self.in_finally = 0
        self.in_handler = 0
        self.in_try = 0  # no `yield` in a try statement: CPython runs an abandoned
        # generator's `finally` when it is collected, codon does not (docs/fuzzing.md)


class Helper:
    def __init__(self, name, params, ret, raises=(), kind="fn"):
        self.name = name
        self.params = params  # [(name, type, default or None)]
        self.ret = ret
        self.raises = set(raises)
        self.kind = kind


class ClassInfo:
    def __init__(self, name, base, fields, methods):
        self.name = name
        self.base = base
        self.fields = fields  # [(name, type)]
        self.methods = methods  # {name: (params [(name, type)], ret)}


class Unit:
    def __init__(self, seed, index, features):
        self.rng = random.Random(f"{seed}:{index}")
        self.k = index
        self.f = features
        self.counter = 0
        self.lines = []  # top-level helper code
        self.helpers = []  # Helper
        self.gens = []  # Helper (generators)
        self.classes = []  # ClassInfo
        self.exc = list(EXC)
        if "asserts" in features:
            self.exc.append("AssertionError")
        if "custom_exceptions" in features:
            self.exc += [f"E{index}", f"F{index}"]
        self.in_class = False  # writing a method: no objects made or methods called (no recursion)

    # ---------------------------------------------------------------- utilities

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"{prefix}{self.k}_{self.counter}"

    def chance(self, p):
        return self.rng.random() < p

    def pick(self, xs):
        return self.rng.choice(xs)

    def small(self):
        return self.rng.choice([0, 1, 2, 3, 5, 7, -1, -2, -3, 10, 11, 42, 100, 255, 1000])

    def str_lit(self, maxlen=5):
        n = self.rng.randint(0, maxlen)
        return "".join(self.rng.choice(ALPHABET) for _ in range(n))

    def q(self, s):
        return repr(s)

    def vars_of(self, scope, ty):
        return [n for n, t in scope.all().items() if t == ty]

    def mutable_vars(self, scope, fn, ty):
        return [n for n in self.vars_of(scope, ty) if n not in fn.frozen and "." not in n]

    # ---------------------------------------------------------------- ints

    def wrap_int(self, code, bound):
        """Reduces an int expression to ±INT_CAP when its bound exceeds that."""
        if bound <= INT_CAP:
            return code, bound
        r = self.rng.random()
        if r < 0.5:
            return f"(({code}) % 1000003)", 1000003
        if r < 0.8:
            return f"(({code}) % 2000003 - 1000001)", 1000002
        return f"(({code}) & 1048575)", 1048575

    def int_expr(self, scope, fn, depth=2):
        code, bound = self.int_raw(scope, fn, depth)
        return self.wrap_int(code, bound)

    def int_leaf(self, scope, fn):
        vs = self.vars_of(scope, INT)
        r = self.rng.random()
        if vs and r < 0.6:
            return self.pick(vs), INT_CAP
        if r < 0.85:
            c = self.small() if self.chance(0.7) else self.rng.randint(-5000, 5000)
            return (f"({c})" if c < 0 else str(c)), abs(c)
        return self.int_from_other(scope, fn)

    def int_from_other(self, scope, fn):
        """An int computed from a value of another type."""
        opts = []
        s = self.vars_of(scope, STR)
        ls = self.vars_of(scope, LINT)
        lstr = self.vars_of(scope, LSTR)
        d = self.vars_of(scope, DSI) + self.vars_of(scope, DII)
        fl = self.vars_of(scope, FLOAT)
        tup = self.vars_of(scope, TUP)
        if s:
            v = self.pick(s)
            opts += [
                (f"len({v})", STR_CAP),
                (f"{v}.find({self.q(self.str_lit(2))})", STR_CAP),
                (f"{v}.count({self.q(self.str_lit(1) or 'a')})", STR_CAP),
                (f"(ord({v}[0]) if {v} else -1)", 256),
            ]
        if ls:
            v = self.pick(ls)
            k = self.small()
            opts += [
                (f"len({v})", LIST_CAP),
                (f"sum({v})", LIST_CAP * INT_CAP),
                (f"({v}[{self.small()} % len({v})] if {v} else 0)", INT_CAP),
                (f"(max({v}) if {v} else -7)", INT_CAP),
                (f"(min({v}) if {v} else 7)", INT_CAP),
                (f"{v}.count({self.small()})", LIST_CAP),
                (f"({v}.index({k}) if {k} in {v} else -1)", LIST_CAP),
            ]
        if lstr:
            v = self.pick(lstr)
            opts += [(f"len({v})", LIST_CAP), (f"sum(len(w) for w in {v})", LIST_CAP * STR_CAP)]
        if d:
            v = self.pick(d)
            opts.append((f"len({v})", LIST_CAP))
            if v in self.vars_of(scope, DSI):
                opts.append((f"{v}.get({self.q(self.str_lit(2))}, {self.small()})", INT_CAP))
            else:
                opts.append((f"{v}.get({self.small()}, {self.small()})", INT_CAP))
        if fl and "floats" in self.f:
            v = self.pick(fl)
            opts += [(f"int({v})", int(FLOAT_CAP)), (f"int({v} * 3.5)", int(FLOAT_CAP * 4))]
        if tup:
            v = self.pick(tup)
            opts += [(f"{v}[0]", INT_CAP), (f"len({v}[1])", STR_CAP)]
        objs = [(n, t) for n, t in scope.all().items() if self.is_class(t)]
        if objs:
            n, t = self.pick(objs)
            ci = self.class_named(t)
            ints = [f for f, ft in self.all_fields(ci) if ft == INT]
            if ints:
                opts.append((f"{n}.{self.pick(ints)}", INT_CAP))
            ms = [m for m, (ps, r) in self.all_methods(ci).items() if r == INT]
            if ms:
                m = self.pick(ms)
                ps, _ = self.all_methods(ci)[m]
                args = ", ".join(self.arg_for(scope, fn, t2) for _, t2 in ps)
                opts.append((f"{n}.{m}({args})", INT_CAP))
        gens = [g for g in self.gens if g.ret == INT and g.raises <= self.catchable(fn)]
        if gens and "generators" in self.f:
            opts.append((f"next({self.pick(gens).name}({self.rng.randint(0, 3)}), {self.small()})", INT_CAP))
        if "globals" in self.f and self.chance(0.2):
            opts.append((f"G{self.k}", INT_CAP))
        if getattr(self, "factories", None) and self.chance(0.3):
            a, _ = self.int_expr(scope, fn, 0)
            b, _ = self.int_expr(scope, fn, 0)
            opts.append((f"{self.factories[0]}({a})({b})", 2 * INT_CAP))
        if "more_builtins" in self.f and self.chance(0.3):
            a, _ = self.int_expr(scope, fn, 0)
            opts.append((self.pick([f"int(hex({a}), 16)", f"int(bin({a}), 0)", f"({a}).bit_length()",
                                    f"int(oct({a})[-3:].replace('o', '0'), 8)"]), INT_CAP))
        if "more_builtins" in self.f and ls and self.chance(0.3):
            v = self.pick(ls)
            opts.append((self.pick([f"sum({v}, {self.small()})", f"(max({v}, key=lambda t: (t % 7, t)) if {v} else 0)",
                                    f"(min({v}, key=abs) if {v} else 0)"]), LIST_CAP * INT_CAP))
        if not opts:
            return str(self.small() % 50), 50
        return self.pick(opts)

    def int_raw(self, scope, fn, depth):
        if depth <= 0 or self.chance(0.3):
            return self.int_leaf(scope, fn)
        r = self.rng.random()
        if r < 0.45:
            a, ab = self.int_raw(scope, fn, depth - 1)
            b, bb = self.int_raw(scope, fn, depth - 1)
            op = self.pick(["+", "-", "*", "+", "-", "&", "|", "^"])
            if op == "*":
                if ab > 3_000_000:
                    a, ab = self.wrap_int(f"({a}) % 3001", 3001)
                if bb > 3_000_000:
                    b, bb = self.wrap_int(f"({b}) % 3001", 3001)
                code, bound = f"{a} * {b}", ab * bb
            elif op in "+-":
                code, bound = f"{a} {op} {b}", ab + bb
            else:
                code, bound = f"({a} {op} {b})", 2 * max(ab, bb, 1)
            if bound > BIG:
                return self.wrap_int(f"({code})", bound)
            return f"({code})", bound
        if r < 0.6:
            a, ab = self.int_raw(scope, fn, depth - 1)
            d, _ = self.int_raw(scope, fn, depth - 1)
            m = self.pick([3, 5, 7, 10, 97])
            div = f"({d} % {m} + 1)" if self.chance(0.7) else f"(-({d} % {m}) - 1)"
            op = self.pick(["//", "%"])
            return f"({a} {op} {div})", ab
        if r < 0.68:
            a, ab = self.int_raw(scope, fn, depth - 1)
            if self.chance(0.5):
                a, ab = self.wrap_int(f"({a}) % 1000", 1000)
                k = self.rng.randint(0, 8)
                return f"({a} << {k})", ab << k
            return f"({a} >> {self.rng.randint(0, 6)})", ab
        if r < 0.74:
            a, ab = self.int_raw(scope, fn, depth - 1)
            if ab > 1000:
                a, ab = f"(({a}) % 1000)", 1000
            k = self.rng.randint(0, 3)
            return f"({a} ** {k})", max(ab, 1) ** k
        if r < 0.82:
            a, ab = self.int_raw(scope, fn, depth - 1)
            b, bb = self.int_raw(scope, fn, depth - 1)
            f = self.pick(["max", "min"])
            if f == "max" and self.chance(0.3):
                return f"abs({a})", ab
            return f"{f}({a}, {b})", max(ab, bb)
        if r < 0.9:
            c = self.bool_expr(scope, fn, depth - 1)
            a, ab = self.int_raw(scope, fn, depth - 1)
            b, bb = self.int_raw(scope, fn, depth - 1)
            return f"({a} if {c} else {b})", max(ab, bb)
        if r < 0.95 and self.helpers:
            hs = [h for h in self.helpers if h.ret == INT and h.raises <= self.catchable(fn)]
            if hs:
                return self.call_helper(scope, fn, self.pick(hs)), INT_CAP
        return self.int_from_other(scope, fn)

    def catchable(self, fn):
        out = set()
        for c in fn.catch:
            out |= c
        return out

    # ---------------------------------------------------------------- floats

    def float_leaf(self, scope, fn):
        vs = self.vars_of(scope, FLOAT)
        r = self.rng.random()
        if vs and r < 0.55:
            return self.pick(vs), FLOAT_CAP
        if r < 0.8:
            c = self.pick([0.0, 0.5, 1.25, -2.5, 3.0, 0.1, 1e-3, 7.75, -0.2, 100.0, 2.0])
            return repr(c), abs(c)
        if r < 0.9:
            a, ab = self.int_expr(scope, fn, 1)
            return f"float({a})", ab
        a, ab = self.int_expr(scope, fn, 1)
        d, _ = self.int_expr(scope, fn, 1)
        return f"({a} / ({d} % 13 + 1))", ab

    def float_expr(self, scope, fn, depth=2):
        code, bound = self.float_raw(scope, fn, depth)
        if bound > FLOAT_CAP:
            m = self.pick(["1000.0", "7.5", "1e5"])
            return f"(({code}) % {m})", float(m)
        return code, bound

    def float_raw(self, scope, fn, depth):
        if depth <= 0 or self.chance(0.3):
            return self.float_leaf(scope, fn)
        r = self.rng.random()
        a, ab = self.float_raw(scope, fn, depth - 1)
        if ab > FLOAT_CAP:
            a, ab = f"(({a}) % 1000.0)", 1000.0
        if r < 0.5:
            b, bb = self.float_raw(scope, fn, depth - 1)
            if bb > FLOAT_CAP:
                b, bb = f"(({b}) % 1000.0)", 1000.0
            op = self.pick(["+", "-", "*"])
            return f"({a} {op} {b})", (ab * bb if op == "*" else ab + bb)
        if r < 0.62:
            b, _ = self.float_raw(scope, fn, depth - 1)
            return f"({a} / (abs({b}) + 1.0))", ab
        if r < 0.7:
            return f"math.sqrt(abs({a}))", max(ab, 1.0) ** 0.5
        if r < 0.78:
            return f"round({a}, {self.rng.randint(0, 3)})", ab + 1
        if r < 0.85:
            return f"abs({a})", ab
        if r < 0.92:
            b, bb = self.float_raw(scope, fn, depth - 1)
            return f"{self.pick(['max', 'min'])}({a}, {b})", max(ab, bb)
        m = self.pick(["2.5", "7.0", "0.75"])
        return f"({a} % {m})", float(m)

    # ---------------------------------------------------------------- bools

    def bool_expr(self, scope, fn, depth=1):
        r = self.rng.random()
        vs = self.vars_of(scope, BOOL)
        if vs and r < 0.15:
            return self.pick(vs)
        if r < 0.45:
            a, _ = self.int_raw(scope, fn, max(depth - 1, 0))
            b, _ = self.int_raw(scope, fn, max(depth - 1, 0))
            return f"({a} {self.pick(['<', '<=', '>', '>=', '==', '!='])} {b})"
        if r < 0.5 and depth > 0:
            a, _ = self.int_raw(scope, fn, 0)
            b, _ = self.int_raw(scope, fn, 0)
            c, _ = self.int_raw(scope, fn, 0)
            return f"({a} {self.pick(['<', '<='])} {b} {self.pick(['<', '<=', '!=', '=='])} {c})"
        if r < 0.55 and depth > 0:
            a = self.bool_expr(scope, fn, depth - 1)
            b = self.bool_expr(scope, fn, depth - 1)
            return f"({a} {self.pick(['and', 'or'])} {b})"
        if r < 0.6 and depth > 0:
            return f"(not {self.bool_expr(scope, fn, depth - 1)})"
        if r < 0.67:
            a, _ = self.int_raw(scope, fn, 1)
            return f"({a} % 2 == 0)"
        ls = self.vars_of(scope, LINT)
        if r < 0.74 and ls:
            return f"({self.small()} in {self.pick(ls)})"
        ss = self.vars_of(scope, STR)
        if r < 0.82 and ss:
            v = self.pick(ss)
            m = self.pick(["startswith", "endswith", "__contains__"])
            if m == "__contains__":
                return f"({self.q(self.str_lit(2))} in {v})"
            if self.chance(0.3) and "str_methods" in self.f:
                return f"{v}.{self.pick(['isdigit', 'isalpha', 'isupper', 'islower', 'isspace'])}()"
            return f"{v}.{m}({self.q(self.str_lit(2))})"
        ds = self.vars_of(scope, DSI)
        if r < 0.86 and ds:
            return f"({self.q(self.str_lit(2))} in {self.pick(ds)})"
        fs = self.vars_of(scope, FLOAT)
        if r < 0.9 and fs:
            b, _ = self.float_expr(scope, fn, 1)
            return f"({self.pick(fs)} {self.pick(['<', '>=', '=='])} {b})"
        if r < 0.94 and ls:
            v = self.pick(ls)
            return f"{self.pick(['any', 'all'])}(x > {self.small()} for x in {v})"
        if r < 0.97 and ss:
            a, b = self.pick(ss), self.pick(ss)
            return f"({a} {self.pick(['<', '==', '!=', '>='])} {b})"
        return self.pick(["True", "False"])

    # ---------------------------------------------------------------- strings

    def str_expr(self, scope, fn, depth=2):
        code, bound = self.str_raw(scope, fn, depth)
        if bound > STR_CAP:
            return f"({code})[:{self.rng.randint(8, STR_CAP)}]", STR_CAP
        return code, bound

    def str_leaf(self, scope, fn):
        vs = self.vars_of(scope, STR)
        r = self.rng.random()
        if vs and r < 0.55:
            return self.pick(vs), STR_CAP
        if r < 0.85:
            s = self.str_lit()
            if self.chance(0.03):
                s += self.pick(["'", '"', "\\", "\t", "é"])
            return self.q(s), len(s)
        a, _ = self.int_expr(scope, fn, 1)
        return f"str({a})", 12

    def str_raw(self, scope, fn, depth):
        if depth <= 0 or self.chance(0.25):
            return self.str_leaf(scope, fn)
        r = self.rng.random()
        if r < 0.2:
            a, ab = self.str_raw(scope, fn, depth - 1)
            b, bb = self.str_raw(scope, fn, depth - 1)
            return f"({a} + {b})", ab + bb
        if r < 0.3 and "fstrings" in self.f:
            return self.fstring(scope, fn)
        if r < 0.45 and "str_methods" in self.f:
            a, ab = self.str_raw(scope, fn, depth - 1)
            m = self.pick(
                ["upper()", "lower()", "strip()", "title()", "capitalize()", "swapcase()",
                 "lstrip()", "rstrip()", "strip('ax')", "replace('a', 'bb')",
                 "replace(' ', '')", "zfill(6)", "ljust(5, '*')", "rjust(4)", "center(7, '=')"]
            )
            grow = {"replace('a', 'bb')": ab * 2, "zfill(6)": max(ab, 6), "ljust(5, '*')": max(ab, 5),
                    "rjust(4)": max(ab, 4), "center(7, '=')": max(ab, 7)}.get(m, ab)
            return f"{a}.{m}", grow
        if r < 0.6:
            a, ab = self.str_raw(scope, fn, depth - 1)
            i, j = self.rng.randint(-6, 6), self.rng.randint(-6, 8)
            form = self.pick([f"[{i}:{j}]", f"[{i}:]", f"[:{j}]", "[::-1]", "[::2]", f"[{j}:{i}:-1]"])
            return f"{a}{form}", ab
        if r < 0.66:
            a, ab = self.str_raw(scope, fn, depth - 1)
            k = self.rng.randint(0, 3)
            return f"({a} * {k})", ab * k
        if r < 0.72:
            ls = self.vars_of(scope, LSTR)
            if ls:
                sep = self.q(self.pick(["", ",", "-", " ", ", "]))
                return f"{sep}.join({self.pick(ls)})", LIST_CAP * (STR_CAP + 2)
        if r < 0.78:
            ls = self.vars_of(scope, LINT)
            if ls:
                v = self.pick(ls)
                return self.pick([f"str({v})", f"','.join(str(x) for x in {v})"]), LIST_CAP * 12 + 2
        if r < 0.8 and "percent_format" in self.f:
            a = self.fexpr(self.int_expr(scope, fn, 1)[0], "7")
            b = self.fexpr(self.str_leaf(scope, fn)[0], "'s'")
            if self.chance(0.5):
                spec = self.pick(["%d|%s", "%5d:%-4s!", "%x/%r", "%+d %s", "%03d%s"])
                return f'("{spec}" % ({a}, {b}))', 30 + STR_CAP
            spec = self.pick(["{}-{}", "{0}/{1}/{0}", "{:>4}|{:<3}", "{:05d}{}"])
            return f'"{spec}".format({a}, {b})', 30 + 2 * STR_CAP
        if r < 0.815 and "more_builtins" in self.f:
            a, ab = self.str_raw(scope, fn, depth - 1)
            sep = self.q(self.pick(["a", " ", "-", "x"]))
            return self.pick([f"'|'.join({a}.partition({sep}))", f"'|'.join({a}.rsplit({sep}, 1))",
                              f"'|'.join({a}.split({sep}, 1))", f"hex(len({a}))", f"bin(len({a}))"]), ab + 12
        if r < 0.83:
            a, _ = self.int_expr(scope, fn, 1)
            return f"chr(ord('a') + {a} % 26)", 1
        if r < 0.88:
            a, ab = self.str_raw(scope, fn, depth - 1)
            b, bb = self.str_raw(scope, fn, depth - 1)
            c = self.bool_expr(scope, fn, 0)
            return f"({a} if {c} else {b})", max(ab, bb)
        if r < 0.92 and self.helpers:
            hs = [h for h in self.helpers if h.ret == STR and h.raises <= self.catchable(fn)]
            if hs:
                return self.call_helper(scope, fn, self.pick(hs)), STR_CAP
        if r < 0.96:
            objs = [(n, t) for n, t in scope.all().items() if self.is_class(t)]
            if objs:
                n, t = self.pick(objs)
                ci = self.class_named(t)
                ms = [m for m, (ps, r2) in self.all_methods(ci).items() if r2 == STR]
                if ms:
                    m = self.pick(ms)
                    ps, _ = self.all_methods(ci)[m]
                    args = ", ".join(self.arg_for(scope, fn, t2) for _, t2 in ps)
                    return f"{n}.{m}({args})", STR_CAP
                sf = [f for f, ft in self.all_fields(ci) if ft == STR]
                if sf:
                    return f"{n}.{self.pick(sf)}", STR_CAP
        if "floats" in self.f and self.chance(0.5):
            a, _ = self.float_expr(scope, fn, 1)
            a = self.fexpr(a, "1.5")
            return self.pick([f"str({a})", f'f"{{{a}:.3f}}"', f'f"{{{a}:8.2f}}"']), 30
        return self.str_leaf(scope, fn)

    def fexpr(self, code, fallback):
        """`code` if it may stand inside a double-quoted f-string (3.11: no `"`, no `\\`)."""
        return fallback if ('"' in code or "\\" in code or "{" in code) else code

    def fstring(self, scope, fn):
        parts = []
        for _ in range(self.rng.randint(1, 3)):
            r = self.rng.random()
            lit = self.str_lit(3)
            if r < 0.35:
                a = self.fexpr(self.int_expr(scope, fn, 1)[0], str(self.small()))
                spec = self.pick(["", "", ":5d", ":<4", ":>6", ":03d", ":x", ":+d", ":,"])
                parts.append(f"{lit}{{{a}{spec}}}")
            elif r < 0.6:
                a = self.fexpr(self.str_leaf(scope, fn)[0], "'q'")
                spec = self.pick(["", "", ":>5", ":<3", ":^7"])
                parts.append(f"{lit}{{{a}{spec}}}")
            elif r < 0.8 and "floats" in self.f:
                a = self.fexpr(self.float_expr(scope, fn, 1)[0], "0.5")
                spec = self.pick([":.2f", ":.3f", ":.1f", ":10.4f", ":.0f", ":.2e", ":g", ""])
                if spec == "" and "float_repr" not in self.f:
                    spec = ":.2f"
                parts.append(f"{lit}{{{a}{spec}}}")
            else:
                parts.append(lit)
        return 'f"' + "".join(parts) + '"', 60

    # ---------------------------------------------------------------- containers

    def lint_expr(self, scope, fn, depth=2):
        code, bound = self.lint_raw(scope, fn, depth)
        if bound > LIST_CAP:
            return f"({code})[:{LIST_CAP}]", LIST_CAP
        return code, bound

    def lint_raw(self, scope, fn, depth):
        vs = self.vars_of(scope, LINT)
        r = self.rng.random()
        if vs and (r < 0.35 or depth <= 0):
            return self.pick(vs), LIST_CAP
        if r < 0.5 or depth <= 0:
            n = self.rng.randint(1, 4)
            return "[" + ", ".join(self.int_expr(scope, fn, 1)[0] for _ in range(n)) + "]", n
        if r < 0.62:
            k = self.rng.randint(0, 6)
            var = self.fresh("i")
            inner = Scope(scope)
            inner.vars[var] = INT
            e, _ = self.int_expr(inner, fn, 1)
            cond = f" if {var} % {self.pick([2, 3])} {self.pick(['==', '!='])} 0" if self.chance(0.4) else ""
            return f"[{e} for {var} in range({k}){cond}]", k
        if r < 0.7 and vs:
            src = self.pick(vs)
            var = self.fresh("x")
            inner = Scope(scope)
            inner.vars[var] = INT
            e, _ = self.int_expr(inner, fn, 1)
            cond = f" if {var} > {self.small()}" if self.chance(0.4) else ""
            return f"[{e} for {var} in {src}{cond}]", LIST_CAP
        if r < 0.78:
            a, ab = self.lint_raw(scope, fn, depth - 1)
            form = self.pick(["sorted({})", "sorted({}, reverse=True)", "list(reversed({}))", "{}[1:]",
                              "{}[::-1]", "{}[:3]", "{}[::2]", "sorted({}, key=lambda t: (t % 5, t))"])
            if "lambdas" not in self.f and "lambda" in form:
                form = "sorted({})"
            return form.format(a), ab
        if r < 0.83:
            a, ab = self.lint_raw(scope, fn, depth - 1)
            b, bb = self.lint_raw(scope, fn, depth - 1)
            return f"({a} + {b})", ab + bb
        if r < 0.87:
            a, b = self.rng.randint(-3, 5), self.rng.randint(-3, 12)
            st = self.pick([1, 1, 2, 3, -1, -2])
            return f"list(range({a}, {b}, {st}))", 16
        if r < 0.9:
            ls = self.vars_of(scope, LSTR)
            if ls:
                return f"[len(w) for w in {self.pick(ls)}]", LIST_CAP
        if r < 0.93:
            ds = self.vars_of(scope, DII)
            if ds:
                return f"list({self.pick(ds)}.{self.pick(['keys', 'values'])}())", LIST_CAP
            ds = self.vars_of(scope, DSI)
            if ds:
                return f"list({self.pick(ds)}.values())", LIST_CAP
        if r < 0.95 and "sets" in self.f:
            ss = self.vars_of(scope, SINT)
            if ss:
                return f"sorted({self.pick(ss)})", LIST_CAP
        gens = [g for g in self.gens if g.ret == INT and g.raises <= self.catchable(fn)]
        if r < 0.98 and gens and "generators" in self.f:
            g = self.pick(gens)
            if True:
                n = self.rng.randint(0, 6)
                return f"list({g.name}({n}))", LIST_CAP
        if "lambdas" in self.f and vs:
            v = self.pick(vs)
            return self.pick([f"list(map(lambda t: t * 2 % 1000, {v}))",
                              f"list(filter(lambda t: t % 3 != 0, {v}))"]), LIST_CAP
        return f"[{self.small()}]", 1

    def lstr_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, LSTR)
        r = self.rng.random()
        if vs and (r < 0.35 or depth <= 0):
            return self.pick(vs), LIST_CAP
        if r < 0.5 or depth <= 0:
            n = self.rng.randint(1, 4)
            return "[" + ", ".join(self.str_expr(scope, fn, 1)[0] for _ in range(n)) + "]", n
        if r < 0.62:
            a, _ = self.str_expr(scope, fn, 1)
            sep = self.pick(["", " ", "a", ", ", "-"])
            code = f"{a}.split({self.q(sep)})" if sep else f"{a}.split()"
            return f"({code})[:{LIST_CAP}]", LIST_CAP
        if r < 0.72:
            ls = self.vars_of(scope, LINT)
            if ls:
                var = self.fresh("x")
                return f"[str({var}) for {var} in {self.pick(ls)}]", LIST_CAP
        if r < 0.8 and vs:
            v = self.pick(vs)
            var = self.fresh("w")
            inner = Scope(scope)
            inner.vars[var] = STR
            e, _ = self.str_expr(inner, fn, 1)
            return f"[{e} for {var} in {v}]", LIST_CAP
        if r < 0.88 and vs:
            v = self.pick(vs)
            return self.pick([f"sorted({v})", f"{v}[::-1]", f"sorted({v}, key=len)",
                              f"{v} + {v}[:2]"]), LIST_CAP + 2
        if r < 0.94:
            ds = self.vars_of(scope, DSI)
            if ds:
                return f"list({self.pick(ds)})", LIST_CAP
        a, _ = self.str_expr(scope, fn, 1)
        return f"list({a})[:{LIST_CAP}]", LIST_CAP

    def lfloat_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, LFLOAT)
        if vs and self.chance(0.5):
            return self.pick(vs), LIST_CAP
        ls = self.vars_of(scope, LINT)
        if ls and self.chance(0.5):
            var = self.fresh("x")
            return f"[{var} / 4 for {var} in {self.pick(ls)}]", LIST_CAP
        n = self.rng.randint(1, 3)
        return "[" + ", ".join(self.float_expr(scope, fn, 1)[0] for _ in range(n)) + "]", n

    def dsi_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, DSI)
        r = self.rng.random()
        if vs and r < 0.3:
            return self.pick(vs), LIST_CAP
        if r < 0.6:
            n = self.rng.randint(1, 3)
            items = ", ".join(f"{self.q(self.str_lit(2))}: {self.int_expr(scope, fn, 1)[0]}" for _ in range(n))
            return "{" + items + "}", n
        if vs and r < 0.7 and "more_builtins" in self.f:
            a, b = self.pick(vs), self.pick(vs)
            code = self.pick([f"{{**{a}, **{b}}}", f"({a} | {b})", f"dict({a})"])
            return f"dict(list({code}.items())[:{LIST_CAP}])", LIST_CAP
        ls = self.vars_of(scope, LSTR)
        if ls and r < 0.8:
            var = self.fresh("w")
            return f"{{{var}: len({var}) for {var} in {self.pick(ls)}}}", LIST_CAP
        li = self.vars_of(scope, LINT)
        if ls and li:
            return f"dict(zip({self.pick(ls)}, {self.pick(li)}))", LIST_CAP
        return "{" + f"{self.q(self.str_lit(1))}: {self.small()}" + "}", 1

    def dii_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, DII)
        r = self.rng.random()
        if vs and r < 0.3:
            return self.pick(vs), LIST_CAP
        li = self.vars_of(scope, LINT)
        if li and r < 0.7:
            var = self.fresh("x")
            return f"{{{var} % 10: {var} * 3 % 101 for {var} in {self.pick(li)}}}", 10
        n = self.rng.randint(1, 3)
        items = ", ".join(f"{self.small()}: {self.int_expr(scope, fn, 1)[0]}" for _ in range(n))
        return "{" + items + "}", n

    def sint_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, SINT)
        li = self.vars_of(scope, LINT)
        r = self.rng.random()
        if vs and r < 0.3:
            return self.pick(vs), LIST_CAP
        if li and r < 0.6:
            return f"set({self.pick(li)})", LIST_CAP
        if li and r < 0.75:
            var = self.fresh("x")
            return f"{{{var} % 7 for {var} in {self.pick(li)}}}", 7
        if len(vs) >= 1 and r < 0.9:
            a, b = self.pick(vs), self.pick(vs)
            return f"({a} {self.pick(['|', '&', '-', '^'])} {b})", 2 * LIST_CAP
        n = self.rng.randint(1, 4)
        return "{" + ", ".join(str(self.small()) for _ in range(n)) + "}", n

    def tup_expr(self, scope, fn, depth=2):
        vs = self.vars_of(scope, TUP)
        if vs and self.chance(0.4):
            return self.pick(vs), 0
        a, _ = self.int_expr(scope, fn, 1)
        s, _ = self.str_expr(scope, fn, 1)
        return f"({a}, {s})", 0

    def expr(self, ty, scope, fn, depth=2):
        if ty == INT:
            return self.int_expr(scope, fn, depth)
        if ty == FLOAT:
            return self.float_expr(scope, fn, depth)
        if ty == BOOL:
            return self.bool_expr(scope, fn, depth), 0
        if ty == STR:
            return self.str_expr(scope, fn, depth)
        if ty == LINT:
            return self.lint_expr(scope, fn, depth)
        if ty == LSTR:
            c, b = self.lstr_expr(scope, fn, depth)
            if b > LIST_CAP:
                return f"({c})[:{LIST_CAP}]", LIST_CAP
            return c, b
        if ty == LFLOAT:
            return self.lfloat_expr(scope, fn, depth)
        if ty == DSI:
            return self.dsi_expr(scope, fn, depth)
        if ty == DII:
            return self.dii_expr(scope, fn, depth)
        if ty == SINT:
            c, b = self.sint_expr(scope, fn, depth)
            if b > LIST_CAP:
                # Sets have no slicing: rebuild from the smallest members.
                return f"set(sorted({c})[:{LIST_CAP}])", LIST_CAP
            return c, b
        if ty == TUP:
            return self.tup_expr(scope, fn, depth)
        if self.is_class(ty):
            return self.new_object(scope, fn, self.class_named(ty)), 0
        raise ValueError(ty)

    def arg_for(self, scope, fn, ty):
        return self.expr(ty, scope, fn, 1)[0]

    def annotation(self, ty):
        return ty

    # ---------------------------------------------------------------- printing

    def show(self, name, ty):
        """An expression printing the value of `name` deterministically."""
        if ty == SINT:
            return f"sorted({name})"
        if ty == FLOAT and "float_repr" not in self.f:
            return f'f"{{{name}:.6f}}"'
        if ty == LFLOAT and "float_repr" not in self.f:
            return f"[round(t, 4) for t in {name}]"
        if self.is_class(ty):
            ci = self.class_named(ty)
            if "magic_methods" in self.f and self.chance(0.4):
                return f"str({name})" if self.chance(0.5) else name
            return f"{name}.describe()" if "describe" in self.all_methods(ci) else f"{name}.{ci.fields[0][0]}"
        return name

    def print_stmt(self, scope, fn, out, ind):
        vs = list(scope.all().items())
        r = self.rng.random()
        if vs and r < 0.55:
            chosen = self.rng.sample(vs, min(len(vs), self.rng.randint(1, 3)))
            args = ", ".join(self.show(n, t) for n, t in chosen)
            extra = ""
            if self.chance(0.15):
                extra = f", sep={self.q(self.pick(['|', '', ', ', '-']))}"
            if self.chance(0.1):
                extra += f", end={self.q(self.pick([';', '', '!']))}"
                out.append(f"{ind}print({args}{extra})")
                out.append(f"{ind}print()")
                return
            out.append(f"{ind}print({args}{extra})")
            return
        ty = self.pick([INT, STR, BOOL, LINT, FLOAT] if "floats" in self.f else [INT, STR, BOOL, LINT])
        e, _ = self.expr(ty, scope, fn, 2)
        if ty == FLOAT:
            e = self.show(f"({e})", FLOAT)
        out.append(f"{ind}print({self.q(self.str_lit(3) + ':')}, {e})")

    # ---------------------------------------------------------------- statements

    def block(self, scope, fn, out, ind, n, depth):
        start = len(out)
        for _ in range(n):
            self.stmt(scope, fn, out, ind, depth)
        if len(out) == start:
            out.append(f"{ind}pass")

    def stmt(self, scope, fn, out, ind, depth):
        r = self.rng.random()
        weights = [
            ("decl", 14), ("assign", 8), ("aug", 6), ("print", 9), ("if", 6 if depth > 0 else 0),
            ("for", 6 if depth > 0 else 0), ("while", 2 if depth > 0 and "while" in self.f else 0),
            ("try", 5 if depth > 0 and "exceptions" in self.f else 0), ("mutate", 8),
            ("loopctl", 5 if fn.loops and not fn.in_finally else 0), ("ret", 2 if fn.ret and not fn.in_finally else 0),
            ("raise", 3 if self.catchable(fn) and not fn.in_finally else 0), ("risky", 3 if self.catchable(fn) else 0),
            ("obj", 4 if self.classes and "classes" in self.f and not self.in_class else 0),
            ("closure", 2 if depth > 0 and "closures" in self.f else 0),
            ("unpack", 2), ("call", 3 if self.helpers else 0),
            ("yield", 6 if fn.is_gen and not fn.in_try else 0),
            ("extra", 4),
        ]
        total = sum(w for _, w in weights)
        x = r * total
        for kind, w in weights:
            if x < w:
                break
            x -= w
        getattr(self, "s_" + kind)(scope, fn, out, ind, depth)

    def new_type(self):
        ty = self.rng.choices(VALUE_TYPES, TYPE_WEIGHTS)[0]
        if ty in (FLOAT, LFLOAT) and "floats" not in self.f:
            ty = INT
        if ty == SINT and "sets" not in self.f:
            ty = LINT
        if ty in (DSI, DII) and "dicts" not in self.f:
            ty = STR
        return ty

    def s_decl(self, scope, fn, out, ind, depth):
        ty = self.new_type()
        name = self.fresh()
        e, _ = self.expr(ty, scope, fn, 2)
        if e in ("[]", "{}") or e.startswith("{}") or self.chance(0.15):
            out.append(f"{ind}{name}: {self.annotation(ty)} = {e}")
        else:
            out.append(f"{ind}{name} = {e}")
        scope.vars[name] = ty
        if self.chance(0.3):
            out.append(f"{ind}print({self.q(name)}, {self.show(name, ty)})")

    def s_assign(self, scope, fn, out, ind, depth):
        cands = [(n, t) for n, t in scope.all().items() if n not in fn.frozen and not self.is_class(t)]
        if not cands:
            return self.s_decl(scope, fn, out, ind, depth)
        n, t = self.pick(cands)
        e, _ = self.expr(t, scope, fn, 2)
        out.append(f"{ind}{n} = {e}")

    def s_aug(self, scope, fn, out, ind, depth):
        ints = self.mutable_vars(scope, fn, INT)
        strs = self.mutable_vars(scope, fn, STR)
        fls = self.mutable_vars(scope, fn, FLOAT)
        r = self.rng.random()
        if ints and r < 0.6:
            v = self.pick(ints)
            op = self.pick(["+=", "-=", "*=", "//=", "%=", "^=", "|=", "&=", "<<=", ">>="])
            if op in ("//=", "%="):
                e = f"{self.pick([3, 7, 10, -4, 97])}"
            elif op in ("<<=", ">>="):
                e = str(self.rng.randint(0, 5))
            else:
                e, _ = self.int_expr(scope, fn, 1)
            out.append(f"{ind}{v} {op} {e}")
            if op in ("+=", "-=", "*=", "<<=", "^=", "|="):
                out.append(f"{ind}{v} {self.pick(['%=', '&='])} {self.pick(['1000003', '1048575'])}")
            return
        if strs and r < 0.8:
            v = self.pick(strs)
            e, _ = self.str_expr(scope, fn, 1)
            out.append(f"{ind}{v} += {e}")
            out.append(f"{ind}{v} = {v}[-{STR_CAP}:]")
            return
        if fls:
            v = self.pick(fls)
            e, _ = self.float_expr(scope, fn, 1)
            out.append(f"{ind}{v} {self.pick(['+=', '-=', '*='])} {e}")
            out.append(f"{ind}{v} %= 1000.0")
            return
        self.s_decl(scope, fn, out, ind, depth)

    def s_print(self, scope, fn, out, ind, depth):
        self.print_stmt(scope, fn, out, ind)

    def s_if(self, scope, fn, out, ind, depth):
        c = self.bool_expr(scope, fn, 2)
        out.append(f"{ind}if {c}:")
        self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(1, 3), depth - 1)
        for _ in range(self.rng.randint(0, 2)):
            out.append(f"{ind}elif {self.bool_expr(scope, fn, 1)}:")
            self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(1, 2), depth - 1)
        if self.chance(0.5):
            out.append(f"{ind}else:")
            self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(1, 2), depth - 1)

    def loop_body(self, scope, fn, out, ind, depth, frozen=()):
        saved = set(fn.frozen)
        fn.frozen |= set(frozen)
        fn.loops += 1
        catch, fn.catch = fn.catch, [c for c in fn.catch]
        self.block(scope, fn, out, ind, self.rng.randint(1, 4), depth - 1)
        fn.catch = catch
        fn.loops -= 1
        fn.frozen = saved

    def s_for(self, scope, fn, out, ind, depth):
        inner = Scope(scope)
        r = self.rng.random()
        lints = self.vars_of(scope, LINT)
        lstrs = self.vars_of(scope, LSTR)
        strs = self.vars_of(scope, STR)
        dsis = self.vars_of(scope, DSI)
        frozen = []
        if r < 0.3 or not (lints or lstrs or strs):
            v = self.fresh("i")
            args = self.pick([f"{self.rng.randint(0, 6)}", f"{self.rng.randint(-2, 3)}, {self.rng.randint(0, 7)}",
                              f"{self.rng.randint(5, 9)}, {self.rng.randint(-2, 2)}, -{self.rng.randint(1, 3)}",
                              f"0, {self.rng.randint(0, 9)}, {self.rng.randint(1, 3)}"])
            out.append(f"{ind}for {v} in range({args}):")
            inner.vars[v] = INT
            frozen = [v]
        elif r < 0.45 and lints:
            src = self.pick(lints)
            v = self.fresh("x")
            out.append(f"{ind}for {v} in {src}:")
            inner.vars[v] = INT
            frozen = [v, src]
        elif r < 0.55 and lints:
            src = self.pick(lints)
            i, v = self.fresh("i"), self.fresh("x")
            out.append(f"{ind}for {i}, {v} in enumerate({src}):")
            inner.vars[i] = INT
            inner.vars[v] = INT
            frozen = [i, v, src]
        elif r < 0.65 and lstrs and lints:
            a, b = self.pick(lints), self.pick(lstrs)
            x, w = self.fresh("x"), self.fresh("w")
            out.append(f"{ind}for {x}, {w} in zip({a}, {b}):")
            inner.vars[x] = INT
            inner.vars[w] = STR
            frozen = [x, w, a, b]
        elif r < 0.75 and dsis:
            d = self.pick(dsis)
            k, v = self.fresh("k"), self.fresh("x")
            out.append(f"{ind}for {k}, {v} in {d}.items():")
            inner.vars[k] = STR
            inner.vars[v] = INT
            frozen = [k, v, d]
        elif r < 0.85 and strs:
            s = self.pick(strs)
            c = self.fresh("c")
            out.append(f"{ind}for {c} in {s}:")
            inner.vars[c] = STR
            frozen = [c]
        elif r < 0.92 and self.gens and "generators" in self.f:
            g = self.pick(self.gens)
            if not g.raises <= self.catchable(fn):
                return self.s_print(scope, fn, out, ind, depth)
            v = self.fresh("x")
            out.append(f"{ind}for {v} in {g.name}({self.rng.randint(0, 6)}):")
            inner.vars[v] = g.ret
            frozen = [v]
        elif lstrs:
            src = self.pick(lstrs)
            v = self.fresh("w")
            out.append(f"{ind}for {v} in {src}:")
            inner.vars[v] = STR
            frozen = [v, src]
        else:
            v = self.fresh("i")
            out.append(f"{ind}for {v} in range({self.rng.randint(0, 5)}):")
            inner.vars[v] = INT
            frozen = [v]
        # A container being iterated may have aliases (`b = a`): none of its type changes.
        iterated = [n for n in frozen if scope.all().get(n) in (LINT, LSTR, DSI)]
        for n in iterated:
            frozen += [m for m, t in scope.all().items() if t == scope.all()[n]]
        self.loop_body(inner, fn, out, ind + "    ", depth, frozen)
        if self.chance(0.15):
            out.append(f"{ind}else:")
            self.block(Scope(scope), fn, out, ind + "    ", 1, 0)

    def s_while(self, scope, fn, out, ind, depth):
        w = self.fresh("w")
        k = self.rng.randint(0, 7)
        out.append(f"{ind}{w} = 0")
        scope.vars[w] = INT
        inner = Scope(scope)
        if self.chance(0.5):
            out.append(f"{ind}while {w} < {k}:")
            out.append(f"{ind}    {w} += 1")
            self.loop_body(inner, fn, out, ind + "    ", depth, [w])
            if self.chance(0.3):
                out.append(f"{ind}else:")
                out.append(f"{ind}    print('while-else', {w})")
            return
        else:
            out.append(f"{ind}while True:")
            out.append(f"{ind}    {w} += 1")
            out.append(f"{ind}    if {w} > {k}:")
            out.append(f"{ind}        break")
        self.loop_body(inner, fn, out, ind + "    ", depth, [w])

    def s_loopctl(self, scope, fn, out, ind, depth):
        c = self.bool_expr(scope, fn, 1)
        out.append(f"{ind}if {c}:")
        if self.chance(0.5):
            self.print_stmt(scope, fn, out, ind + "    ")
        out.append(f"{ind}    {self.pick(['break', 'continue'])}")

    def s_ret(self, scope, fn, out, ind, depth):
        c = self.bool_expr(scope, fn, 1)
        out.append(f"{ind}if {c}:")
        if fn.is_gen:
            out.append(f"{ind}    return")
        else:
            e, _ = self.expr(fn.ret, scope, fn, 1)
            out.append(f"{ind}    return {e}")

    def s_yield(self, scope, fn, out, ind, depth):
        e, _ = self.expr(fn.ret, scope, fn, 1)
        out.append(f"{ind}yield {e}")

    def s_raise(self, scope, fn, out, ind, depth):
        exc = self.pick(sorted(self.catchable(fn)))
        c = self.bool_expr(scope, fn, 1)
        msg = self.fstring(scope, fn)[0] if "fstrings" in self.f and self.chance(0.5) else self.q(self.str_lit(4))
        if exc == "AssertionError":
            out.append(f"{ind}assert not {c}, {msg}")
            return
        out.append(f"{ind}if {c}:")
        if exc == f"F{self.k}":
            code, _ = self.int_expr(scope, fn, 1)
            out.append(f"{ind}    raise {exc}({msg}, {code})")
        else:
            out.append(f"{ind}    raise {exc}({msg})")

    def s_risky(self, scope, fn, out, ind, depth):
        """An operation that may raise a builtin exception an enclosing `try` catches."""
        can = self.catchable(fn)
        opts = []
        v = self.fresh()
        if "builtin_raise" not in self.f:
            return self.s_raise(scope, fn, out, ind, depth)
        if "IndexError" in can:
            ls = self.vars_of(scope, LINT)
            if ls:
                i, _ = self.int_expr(scope, fn, 1)
                opts.append((f"{v} = {self.pick(ls)}[{i} % 12 - 6]", INT))
            ss = self.vars_of(scope, STR)
            if ss:
                opts.append((f"{v} = {self.pick(ss)}[{self.rng.randint(-4, 6)}]", STR))
            mls = self.mutable_vars(scope, fn, LINT)
            if mls:
                opts.append((f"{v} = {self.pick(mls)}.pop()", INT))
        if "KeyError" in can:
            ds = self.vars_of(scope, DSI)
            if ds:
                opts.append((f"{v} = {self.pick(ds)}[{self.q(self.str_lit(2))}]", INT))
            ds = self.vars_of(scope, DII)
            if ds:
                opts.append((f"{v} = {self.pick(ds)}[{self.small()}]", INT))
        if "ZeroDivisionError" in can:
            a, _ = self.int_expr(scope, fn, 1)
            b, _ = self.int_expr(scope, fn, 1)
            opts.append((f"{v} = {a} {self.pick(['//', '%'])} ({b} % 3)", INT))
            if "floats" in self.f:
                opts.append((f"{v} = {self.float_expr(scope, fn, 1)[0]} / float({b} % 2)", FLOAT))
        if "ValueError" in can:
            s, _ = self.str_expr(scope, fn, 1)
            opts.append((f"{v} = int({s})", INT))
            ls = self.vars_of(scope, LINT)
            if ls:
                opts.append((f"{v} = {self.pick(ls)}.index({self.small()})", INT))
        if not opts:
            return self.s_raise(scope, fn, out, ind, depth)
        code, ty = self.pick(opts)
        out.append(f"{ind}{code}")
        if ty == INT:
            # int("...") of a long digit string may be big: reduce before use.
            out.append(f"{ind}{v} %= 1000003")
        scope.vars[v] = ty
        out.append(f"{ind}print({self.q(v)}, {self.show(v, ty)})")

    def s_try(self, scope, fn, out, ind, depth):
        excs = self.rng.sample(self.exc, self.rng.randint(1, 3))
        if f"E{self.k}" in excs and f"F{self.k}" in excs:
            # The subclass first, or its handler would be unreachable.
            excs.remove(f"F{self.k}")
            excs.insert(0, f"F{self.k}")
        out.append(f"{ind}try:")
        fn.in_try += 1
        fn.catch.append(set(excs))
        self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(1, 4), depth - 1)
        fn.catch.pop()
        use_tuple = len(excs) > 1 and self.chance(0.3)
        groups = [excs] if use_tuple else [[e] for e in excs]
        for g in groups:
            ev = self.fresh("e")
            names = g[0] if len(g) == 1 else "(" + ", ".join(g) + ")"
            out.append(f"{ind}except {names} as {ev}:")
            fn.in_handler += 1
            if g == [f"F{self.k}"]:
                out.append(f"{ind}    print('caught', {self.q(g[0])}, str({ev}), {ev}.code)")
            elif g == [f"E{self.k}"]:
                out.append(f"{ind}    print('caught', {self.q(g[0])}, str({ev}))")
            elif g == ["KeyError"]:
                out.append(f"{ind}    print('caught KeyError')")
            elif "builtin_raise" in self.f or len(g) > 1:
                out.append(f"{ind}    print('caught', {self.q('/'.join(g))})")
            else:
                out.append(f"{ind}    print('caught', {self.q(g[0])}, str({ev}))")
            self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(0, 2), depth - 1)
            if "reraise" in self.f and set(g) <= self.catchable(fn) and self.chance(0.4):
                out.append(f"{ind}    if {self.bool_expr(scope, fn, 1)}:")
                out.append(f"{ind}        raise")
            fn.in_handler -= 1
        if self.chance(0.2):
            out.append(f"{ind}else:")
            self.block(Scope(scope), fn, out, ind + "    ", 1, depth - 1)
        if "finally" in self.f and self.chance(0.4):
            out.append(f"{ind}finally:")
            fn.in_finally += 1
            out.append(f"{ind}    print('finally', {self.q(self.fresh('f'))})")
            self.block(Scope(scope), fn, out, ind + "    ", self.rng.randint(0, 1), 0)
            fn.in_finally -= 1
        fn.in_try -= 1

    def s_mutate(self, scope, fn, out, ind, depth):
        r = self.rng.random()
        lints = self.mutable_vars(scope, fn, LINT)
        lstrs = self.mutable_vars(scope, fn, LSTR)
        dsis = self.mutable_vars(scope, fn, DSI)
        diis = self.mutable_vars(scope, fn, DII)
        sets = self.mutable_vars(scope, fn, SINT)
        if lints and r < 0.4:
            v = self.pick(lints)
            e, _ = self.int_expr(scope, fn, 1)
            op = self.pick([f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.append({e})",
                            f"if {v}:\n{ind}    {v}.pop()",
                            f"if {v}:\n{ind}    {v}[{self.small()} % len({v})] = {e}",
                            f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.insert({self.rng.randint(-2, 3)}, {e})",
                            f"{v}.sort()", f"{v}.reverse()", f"{v}.sort(reverse=True)",
                            f"if {v}:\n{ind}    del {v}[0]",
                            f"{v}[{self.rng.randint(0, 2)}:{self.rng.randint(1, 4)}] = []",
                            f"if len({v}) < {LIST_CAP // 2}:\n{ind}    {v}.extend({v}[:3])",
                            f"if {self.small()} in {v}:\n{ind}    {v}.remove({self.small()})"])
            if "remove" in op:
                k = self.small()
                op = f"if {k} in {v}:\n{ind}    {v}.remove({k})"
            out.append(f"{ind}{op}")
            if "aliasing" in self.f and self.chance(0.1):
                a = self.fresh("alias")
                out.append(f"{ind}{a} = {v}")
                out.append(f"{ind}if len({a}) < {LIST_CAP}:")
                out.append(f"{ind}    {a}.append({self.small()})")
                out.append(f"{ind}print({v} is {a}, {v})")
            return
        if lstrs and r < 0.55:
            v = self.pick(lstrs)
            e, _ = self.str_expr(scope, fn, 1)
            op = self.pick([f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.append({e})",
                            f"if {v}:\n{ind}    {v}.pop({self.pick([0, -1])})", f"{v}.sort()",
                            f"if {v}:\n{ind}    {v}[-1] = {e}"])
            out.append(f"{ind}{op}")
            return
        if dsis and r < 0.75:
            v = self.pick(dsis)
            k = self.q(self.str_lit(2))
            e, _ = self.int_expr(scope, fn, 1)
            op = self.pick([f"if len({v}) < {LIST_CAP} or {k} in {v}:\n{ind}    {v}[{k}] = {e}",
                            f"{v}.pop({k}, 0)", f"if {k} in {v}:\n{ind}    del {v}[{k}]",
                            f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.setdefault({k}, {e})",
                            f"if {k} in {v}:\n{ind}    {v}[{k}] = ({v}[{k}] + 1) % 1000003",
                            f"if len({v}) < {LIST_CAP}:\n{ind}    {v}[{k}] = {v}.get({k}, 0) + 1",
                            f"{v}.update({{{k}: {e}}}) if len({v}) < {LIST_CAP} else None"])
            if op.endswith("else None"):
                op = f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.update({{{k}: {e}}})"
            out.append(f"{ind}{op}")
            return
        if diis and r < 0.85:
            v = self.pick(diis)
            k, _ = self.int_expr(scope, fn, 0)
            e, _ = self.int_expr(scope, fn, 1)
            out.append(f"{ind}if len({v}) < {LIST_CAP} or {k} in {v}:")
            out.append(f"{ind}    {v}[{k}] = {e}")
            return
        if sets and r < 0.95:
            v = self.pick(sets)
            e, _ = self.int_expr(scope, fn, 0)
            op = self.pick([f"if len({v}) < {LIST_CAP}:\n{ind}    {v}.add({e})", f"{v}.discard({e})",
                            f"if {v}:\n{ind}    {v}.remove(min({v}))"])
            out.append(f"{ind}{op}")
            return
        self.s_aug(scope, fn, out, ind, depth)

    def s_extra(self, scope, fn, out, ind, depth):
        """Subscript and field augmented assignments, star unpacking, the walrus, sorted
        tuples and zips."""
        r = self.rng.random()
        lints = self.mutable_vars(scope, fn, LINT)
        dsis = self.mutable_vars(scope, fn, DSI)
        if r < 0.2 and lints and "subscript_aug" in self.f:
            v = self.pick(lints)
            e, _ = self.int_expr(scope, fn, 1)
            i = self.rng.randint(-2, 3)
            out.append(f"{ind}if len({v}) > {abs(i) if i >= 0 else abs(i) - 1}:")
            out.append(f"{ind}    {v}[{i}] {self.pick(['+=', '-=', '*=', '^='])} {e}")
            out.append(f"{ind}    {v}[{i}] %= 1000003")
            return
        if r < 0.3 and dsis and "subscript_aug" in self.f:
            v = self.pick(dsis)
            k = self.q(self.str_lit(1))
            out.append(f"{ind}if {k} in {v}:")
            out.append(f"{ind}    {v}[{k}] += {self.int_expr(scope, fn, 1)[0]}")
            out.append(f"{ind}    {v}[{k}] %= 1000003")
            return
        objs = [(n, t) for n, t in scope.all().items() if self.is_class(t) and n not in fn.frozen]
        if r < 0.4 and objs and "subscript_aug" in self.f:
            n, t = self.pick(objs)
            ints = [f for f, ft in self.all_fields(self.class_named(t)) if ft == INT]
            if ints:
                f = self.pick(ints)
                out.append(f"{ind}{n}.{f} += {self.int_expr(scope, fn, 1)[0]}")
                out.append(f"{ind}{n}.{f} %= 1000003")
                out.append(f"{ind}print({n}.{f})")
                return
        if r < 0.55 and "star_unpack" in self.f:
            src, _ = self.lint_expr(scope, fn, 1)
            a, b = self.fresh(), self.fresh()
            if self.chance(0.5):
                out.append(f"{ind}{a}, *{b} = {src} + [{self.small()}]")
            else:
                out.append(f"{ind}*{b}, {a} = [{self.small()}] + {src}")
            scope.vars[a] = INT
            scope.vars[b] = LINT
            out.append(f"{ind}print({a}, {b})")
            return
        if r < 0.7 and "walrus" in self.f:
            v = self.fresh()
            e, _ = self.int_expr(scope, fn, 1)
            out.append(f"{ind}if ({v} := {e}) {self.pick(['>', '<', '!='])} {self.small()}:")
            inner = Scope(scope)
            inner.vars[v] = INT
            self.block(inner, fn, out, ind + "    ", 1, 0)
            scope.vars[v] = INT
            return
        lstrs = self.vars_of(scope, LSTR)
        ls = self.vars_of(scope, LINT)
        if r < 0.75 and "lambdas" in self.f:
            # A list of function values needs its element type (each lambda has its own).
            hs = self.fresh("hs")
            e, _ = self.int_expr(scope, fn, 1)
            c1, c2 = self.small(), self.small()
            out.append(f"{ind}{hs}: list[Callable[[int], int]] = [lambda t: t + {c1}, lambda t: t * {c2} % 1000, abs]")
            out.append(f"{ind}print([h({e}) for h in {hs}])")
            return
        if r < 0.85 and "tuples_sort" in self.f and ls and lstrs:
            a, b = self.pick(ls), self.pick(lstrs)
            out.append(f"{ind}print({self.pick([f'sorted(zip({a}, {b}))', f'sorted(zip({b}, {a}), reverse=True)', f'list(enumerate({b}, start=1))', f'list(zip({a}, {b}, {a}))', f'sorted(zip({a}, {b}), key=lambda p: p[1])'])})")
            return
        if "tuples_sort" in self.f:
            a, _ = self.int_expr(scope, fn, 1)
            b, _ = self.int_expr(scope, fn, 1)
            out.append(f"{ind}print(divmod({a}, {b} % 9 + 1), pow({a}, 3, {self.pick([7, 97, 1000003])}), {a} in ({b}, 3))")
            ds = self.vars_of(scope, DSI)
            if ds:
                out.append(f"{ind}print(sorted({self.pick(ds)}.items(), key=lambda kv: (kv[1], kv[0])))")
            return
        self.s_print(scope, fn, out, ind, depth)

    def s_unpack(self, scope, fn, out, ind, depth):
        tups = self.vars_of(scope, TUP)
        if tups and self.chance(0.5):
            a, b = self.fresh(), self.fresh()
            out.append(f"{ind}{a}, {b} = {self.pick(tups)}")
            scope.vars[a] = INT
            scope.vars[b] = STR
            return
        ints = self.mutable_vars(scope, fn, INT)
        if len(ints) >= 2:
            a, b = self.rng.sample(ints, 2)
            out.append(f"{ind}{a}, {b} = {b}, {a}")
            return
        self.s_decl(scope, fn, out, ind, depth)

    def s_call(self, scope, fn, out, ind, depth):
        hs = [h for h in self.helpers if h.raises <= self.catchable(fn)]
        if not hs:
            return self.s_print(scope, fn, out, ind, depth)
        h = self.pick(hs)
        v = self.fresh()
        out.append(f"{ind}{v} = {self.call_helper(scope, fn, h)}")
        scope.vars[v] = h.ret
        out.append(f"{ind}print({self.q(h.name)}, {self.show(v, h.ret)})")

    def call_helper(self, scope, fn, h):
        args = []
        kw = False
        for name, ty, default in h.params:
            if default is not None and self.chance(0.4):
                kw = True  # skipped a default: later ones by keyword
                continue
            e, _ = self.expr(ty, scope, fn, 1)
            if (kw or self.chance(0.2)) and "kwargs" in self.f and default is not None:
                args.append(f"{name}={e}")
                kw = True
            elif kw:
                args.append(f"{name}={e}")
            else:
                args.append(e)
        return f"{h.name}({', '.join(args)})"

    def s_obj(self, scope, fn, out, ind, depth):
        objs = [(n, t) for n, t in scope.all().items() if self.is_class(t)]
        r = self.rng.random()
        if not objs or r < 0.35:
            ci = self.pick(self.classes)
            v = self.fresh("o")
            out.append(f"{ind}{v} = {self.new_object(scope, fn, ci)}")
            scope.vars[v] = ci.name
            out.append(f"{ind}print({self.show(v, ci.name)})")
            return
        n, t = self.pick(objs)
        ci = self.class_named(t)
        ms = self.all_methods(ci)
        if r < 0.7 and ms:
            m = self.pick(sorted(ms))
            ps, ret = ms[m]
            args = ", ".join(self.arg_for(scope, fn, pt) for _, pt in ps)
            if ret is None:
                out.append(f"{ind}{n}.{m}({args})")
                out.append(f"{ind}print({self.show(n, t)})")
            else:
                out.append(f"{ind}print({self.q(m)}, {n}.{m}({args}))")
            return
        if r < 0.85:
            fs = [(f, ft) for f, ft in self.all_fields(ci)]
            f, ft = self.pick(fs)
            e, _ = self.expr(ft, scope, fn, 1)
            out.append(f"{ind}{n}.{f} = {e}")
            out.append(f"{ind}print({n}.{f})")
            return
        # A list of objects of the hierarchy (the base type), method called on each.
        root = self.root_of(ci)
        members = [c for c in self.classes if self.root_of(c) is root]
        lv = self.fresh("objs")
        items = ", ".join(self.new_object(scope, fn, self.pick(members)) for _ in range(self.rng.randint(1, 3)))
        out.append(f"{ind}{lv}: list[{root.name}] = [{items}]")
        if "magic_methods" in self.f and self.chance(0.6):
            out.append(f"{ind}print(', '.join(str(t) for t in sorted({lv})), max({lv}).twice, "
                       f"{lv}[0] == {lv}[-1], {lv}[0] in {lv}, {root.name}.scale(len({lv})))")
        x = self.fresh("o")
        out.append(f"{ind}for {x} in {lv}:")
        out.append(f"{ind}    print({self.show(x, root.name)})")

    def s_closure(self, scope, fn, out, ind, depth):
        name = self.fresh("cl")
        ints = [v for v in self.vars_of(scope, INT)]
        if self.chance(0.4):
            # A counter closure with nonlocal state.
            cnt = self.fresh("n")
            out.append(f"{ind}{cnt} = {self.small()}")
            scope.vars[cnt] = INT
            out.append(f"{ind}def {name}(d: int) -> int:")
            out.append(f"{ind}    nonlocal {cnt}")
            out.append(f"{ind}    {cnt} = ({cnt} + d) % 1000003")
            out.append(f"{ind}    return {cnt}")
            k = self.rng.randint(1, 3)
            calls = ", ".join(f"{name}({self.int_expr(scope, fn, 0)[0]})" for _ in range(k))
            out.append(f"{ind}print({self.q(name)}, {calls}, {cnt})")
            return
        if "lambdas" in self.f and self.chance(0.4):
            cap = self.pick(ints) if ints else "3"
            p = self.fresh("p")
            out.append(f"{ind}{name} = lambda {p}: ({p} * 3 + {cap}) % 1000003")
            out.append(f"{ind}print({self.q(name)}, {name}({self.int_expr(scope, fn, 0)[0]}))")
            return
        p = self.fresh("p")
        inner_fn = Fn(INT)
        inner = Scope(scope)
        inner.vars[p] = INT
        # The closure may read (not assign) the enclosing variables.
        frozen = set(scope.all())
        inner_fn.frozen = frozen
        out.append(f"{ind}def {name}({p}: int) -> int:")
        body = []
        self.block(inner, inner_fn, body, ind + "    ", self.rng.randint(1, 3), 1)
        out.extend(body)
        e, _ = self.int_expr(inner, inner_fn, 2)
        out.append(f"{ind}    return {e}")
        out.append(f"{ind}print({self.q(name)}, {name}({self.int_expr(scope, fn, 0)[0]}))")

    # ---------------------------------------------------------------- classes

    def is_class(self, ty):
        return any(c.name == ty for c in self.classes)

    def class_named(self, ty):
        return next(c for c in self.classes if c.name == ty)

    def root_of(self, ci):
        while ci.base is not None:
            ci = self.class_named(ci.base)
        return ci

    def all_fields(self, ci):
        out = []
        if ci.base:
            out += self.all_fields(self.class_named(ci.base))
        return out + ci.fields

    def all_methods(self, ci):
        out = {}
        if ci.base:
            out.update(self.all_methods(self.class_named(ci.base)))
        out.update(ci.methods)
        return out

    def new_object(self, scope, fn, ci):
        args = ", ".join(self.arg_for(scope, fn, ft) for _, ft in self.all_fields(ci))
        return f"{ci.name}({args})"

    def gen_class(self, base):
        name = self.fresh("C")
        bci = self.class_named(base) if base else None
        nf = self.rng.randint(1, 2)
        fields = [(self.fresh("f"), self.pick([INT, INT, STR, LINT])) for _ in range(nf)]
        if not base and fields[0][1] != INT:
            fields.insert(0, (self.fresh("f"), INT))
        allf = (self.all_fields(bci) if bci else []) + fields
        L = self.lines
        L.append(f"class {name}{'(' + base + ')' if base else ''}:")
        params = ", ".join(f"{f}: {self.annotation(t)}" for f, t in allf)
        L.append(f"    def __init__(self, {params}):")
        if bci:
            bparams = ", ".join(f for f, _ in self.all_fields(bci))
            L.append(f"        super().__init__({bparams})")
        for f, t in fields:
            L.append(f"        self.{f} = {f}")
        methods = {}
        self.in_class = True
        # Create the class now, so method bodies can see its fields and earlier methods.
        ci = ClassInfo(name, base, fields, methods)
        self.classes.append(ci)
        inherited = self.all_methods(bci) if bci else {}
        # describe() -> str; overrides in subclasses.
        fn = Fn(STR, method_of=ci)
        scope = Scope()
        scope.vars.update({f"self.{f}": t for f, t in allf})
        parts = " ".join(f"{f}={{self.{f}}}" for f, t in allf)
        L.append("    def describe(self) -> str:")
        if bci and self.chance(0.5):
            L.append(f"        return '{name}<' + super().describe() + '>'")
        else:
            L.append(f"        return f'{name}({parts})'")
        methods["describe"] = ([], STR)
        if not bci and "magic_methods" in self.f:
            first = allf[0][0]
            L.append(f"    def __str__(self) -> str:")
            L.append(f"        return '<' + self.describe() + '>'")
            L.append(f"    def __eq__(self, other: '{name}') -> bool:")
            L.append(f"        return self.{first} == other.{first}")
            L.append(f"    def __lt__(self, other: '{name}') -> bool:")
            L.append(f"        return (self.{first}, self.describe()) < (other.{first}, other.describe())")
            L.append("    @property")
            L.append("    def twice(self) -> int:")
            L.append(f"        return self.{first} * 2")
            L.append("    @staticmethod")
            L.append(f"    def scale(k: int) -> int:")
            L.append(f"        return k * {self.rng.randint(2, 9)} % 1000003")
        # A few methods: int-valued (overriding when the base has one), mutating.
        over = [m for m, (ps, r) in inherited.items() if r == INT]
        for _ in range(self.rng.randint(1, 2)):
            if over and self.chance(0.6):
                m = over.pop()
                ps = inherited[m][0]
            else:
                m = self.fresh("m")
                ps = [(self.fresh("a"), INT)]
            fn = Fn(INT, method_of=ci)
            fn.frozen = set(scope.all())
            body_scope = Scope(scope)
            for p, t in ps:
                body_scope.vars[p] = t
            sig = ", ".join(f"{p}: {self.annotation(t)}" for p, t in ps)
            L.append(f"    def {m}(self{', ' + sig if sig else ''}) -> int:")
            body = []
            self.block(body_scope, fn, body, "        ", self.rng.randint(0, 3), 1)
            L.extend(body)
            e, _ = self.int_expr(body_scope, fn, 2)
            if bci and m in inherited and self.chance(0.4):
                args = ", ".join(p for p, _ in ps)
                e = f"(super().{m}({args}) + {e}) % 1000003"
            L.append(f"        return {e}")
            methods[m] = (ps, INT)
        if self.chance(0.6):
            m = self.fresh("set")
            ints = [(f, t) for f, t in allf if t == INT]
            if ints:
                f = self.pick(ints)[0]
                p = self.fresh("a")
                L.append(f"    def {m}(self, {p}: int):")
                L.append(f"        self.{f} = (self.{f} * 3 + {p}) % 1000003")
                methods[m] = ([(p, INT)], None)
        L.append("")
        self.in_class = False
        return ci

    # ---------------------------------------------------------------- helpers

    def gen_function(self):
        name = self.fresh("fn")
        ret = self.pick([INT, INT, STR, LINT])
        nparams = self.rng.randint(1, 3)
        params = []
        for i in range(nparams):
            ty = self.pick([INT, INT, STR, LINT])
            default = None
            if i > 0 and self.chance(0.5) and "kwargs" in self.f:
                default = {INT: str(self.small()), STR: self.q(self.str_lit(2))}.get(ty)
            if default is None and params and params[-1][2] is not None:
                default = {INT: "0", STR: "''"}.get(ty)
                if default is None:
                    ty, default = INT, "0"
            params.append((self.fresh("a"), ty, default))
        raises = set()
        if "exceptions" in self.f and self.chance(0.3):
            raises = {self.pick(self.exc)}
        fn = Fn(ret)
        scope = Scope()
        for p, t, _ in params:
            scope.vars[p] = t
        # Parameters may be mutated (lists) but not rebound.
        fn.frozen = {p for p, _, _ in params}
        annotated = self.chance(0.8)
        sig = ", ".join(
            (f"{p}: {self.annotation(t)}" if annotated else p) + (f"={d}" if d is not None else "")
            for p, t, d in params
        )
        L = self.lines
        L.append(f"def {name}({sig}){' -> ' + self.annotation(ret) if annotated else ''}:")
        if raises:
            fn.catch.append(set(raises))
        body = []
        self.block(scope, fn, body, "    ", self.rng.randint(1, 4), 2)
        L.extend(body)
        if raises:
            c = self.bool_expr(scope, fn, 1)
            L.append(f"    if {c}:")
            exc = self.pick(sorted(raises))
            L.append(f"        raise {exc}({self.q('from ' + name)}{', 5' if exc == f'F{self.k}' else ''})")
            fn.catch.pop()
        e, _ = self.expr(ret, scope, fn, 2)
        L.append(f"    return {e}")
        L.append("")
        self.helpers.append(Helper(name, params, ret, raises))

    def gen_recursive(self):
        name = self.fresh("rec")
        L = self.lines
        n, acc = self.fresh("n"), self.fresh("acc")
        L.append(f"def {name}({n}: int, {acc}: int) -> int:")
        L.append(f"    if {n} <= 0:")
        L.append(f"        return {acc}")
        k = self.pick([1, 2])
        if k == 2 and self.chance(0.5):
            L.append(f"    return ({name}({n} - 1, ({acc} * 3 + {n}) % 1000003) + {name}({n} - 2, {acc} + 1)) % 1000003")
        else:
            L.append(f"    return {name}({n} - 1, ({acc} * {self.pick([2, 3, 7])} + {n} * {n}) % 1000003)")
        L.append("")
        h = Helper(name, [(n, INT, None), (acc, INT, None)], INT)
        # Calls keep the depth small: the generator wraps the first argument.
        self.rec_helpers = getattr(self, "rec_helpers", []) + [h]

    def gen_generator(self):
        name = self.fresh("gen")
        ret = self.pick([INT, INT, STR])
        n = self.fresh("n")
        fn = Fn(ret, is_gen=True)
        scope = Scope()
        scope.vars[n] = INT
        fn.frozen = {n}
        raises = set()
        if "gen_raise" in self.f and "exceptions" in self.f and self.chance(0.3):
            raises = {"ValueError"}
        L = self.lines
        L.append(f"def {name}({n}: int):")
        i = self.fresh("i")
        L.append(f"    for {i} in range({n}):")
        inner = Scope(scope)
        inner.vars[i] = INT
        fn.frozen.add(i)
        fn.loops += 1
        body = []
        self.block(inner, fn, body, "        ", self.rng.randint(1, 3), 1)
        L.extend(body)
        e, _ = self.expr(ret, inner, fn, 1)
        L.append(f"        yield {e}")
        if raises:
            L.append(f"        if {i} == {self.rng.randint(1, 4)}:")
            L.append(f"            raise ValueError('gen {name}')")
        if "yield_from" in self.f and self.chance(0.4):
            others = [g for g in self.gens if g.ret == ret and not g.raises]
            if others and self.chance(0.5):
                L.append(f"    yield from {self.pick(others).name}({n} % 3)")
            elif ret == INT:
                L.append(f"    yield from {self.pick(['range(' + n + ' % 4)', '[' + n + ', -' + n + ']'])}")
            else:
                L.append(f"    yield from [{self.q(self.str_lit(2))}, str({n})]")
        L.append("")
        self.gens.append(Helper(name, [(n, INT, None)], ret, raises, kind="gen"))

    # ---------------------------------------------------------------- the unit

    def generate(self):
        f = self.f
        if "custom_exceptions" in f:
            k = self.k
            self.lines += [f"class E{k}(Exception):", "    pass", "",
                           f"class F{k}(E{k}):",
                           "    def __init__(self, msg: str, code: int):",
                           "        super().__init__(msg)",
                           "        self.code = code", ""]
        if "globals" in f:
            g = f"G{self.k}"
            d = self.fresh("d")
            self.lines += [f"{g} = {self.small()}", "", f"def bump{self.k}({d}: int) -> int:",
                           f"    global {g}", f"    {g} = ({g} * 2 + {d}) % 1000003", f"    return {g}", ""]
            self.helpers.append(Helper(f"bump{self.k}", [(d, INT, None)], INT))
        if "classes" in f:
            for _ in range(self.rng.randint(0, 1) + 1):
                base = self.gen_class(None)
                if "inheritance" in f:
                    for _ in range(self.rng.randint(0, 2)):
                        self.gen_class(base.name if self.chance(0.7) else self.pick(self.classes).name)
        for _ in range(self.rng.randint(1, 3)):
            self.gen_function()
        if "recursion" in f:
            self.gen_recursive()
        if "factories" in f and "closures" in f:
            k, c, x = self.fresh("mk"), self.fresh("c"), self.fresh("x")
            op = self.pick([f"{x} + {c}", f"{x} * {c} % 1000003", f"max({x}, {c})", f"({x} - {c}) // 3"])
            self.lines += [f"def {k}({c}: int) -> Callable[[int], int]:", f"    def inner({x}: int) -> int:",
                           f"        return {op}", "    return inner", ""]
            self.factories = [k]
        if "deep_unwind" in f and "exceptions" in f:
            k, n = self.fresh("deep"), self.fresh("n")
            exc = self.pick(EXC)
            self.lines += [f"def {k}({n}: int) -> int:", "    try:", f"        if {n} <= 0 or {n} > 6:",
                           f"            raise {exc}('bottom')", f"        return {k}({n} - 1) + 1",
                           "    finally:", f"        print('unwind', {n})", ""]
            self.helpers.append(Helper(k, [(n, INT, None)], INT, {exc}))

        if "generators" in f:
            for _ in range(self.rng.randint(1, 2)):
                self.gen_generator()
        name = f"u{self.k}"
        fn = Fn(INT)
        scope = Scope()
        body = []
        self.block(scope, fn, body, "    ", self.rng.randint(8, 16), 3)
        for h in getattr(self, "rec_helpers", []):
            a, _ = self.int_expr(scope, fn, 1)
            body.append(f"    print({self.q(h.name)}, {h.name}({a} % 9, {self.small()}))")
        if self.gens and "generators" in f:
            g = self.pick(self.gens)
            if not g.raises:
                if g.ret == INT:
                    body.append(f"    print('gen-sum', sum({g.name}({self.rng.randint(0, 5)})))")
                else:
                    body.append(f"    print('gen-join', '|'.join({g.name}({self.rng.randint(0, 5)})))")
            else:
                body.append("    try:")
                body.append(f"        for t in {g.name}(6):")
                body.append("            print('got', t)")
                body.append("    except ValueError as e:")
                body.append("        print('caught from generator', str(e))")
        self.print_stmt(scope, fn, body, "    ")
        if "globals" in f:
            body.append(f"    print('global', G{self.k})")
        e, _ = self.int_expr(scope, fn, 2)
        body.append(f"    return {e}")
        return self.lines + [f"def {name}():"] + body + [""]


def program(seed, units, features):
    out = ["import math", "from typing import Callable", ""]
    names = []
    for k in units:
        u = Unit(seed, k, features)
        out += u.generate()
        names.append(f"u{k}")
    for n in names:
        out.append(f"print('== {n}')")
        out.append(f"print('{n} ->', {n}())")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--units", type=int, default=8, help="how many units (0..N-1)")
    ap.add_argument("--only", default="", help="just these units, e.g. 3,7")
    ap.add_argument("--without", default="", help="comma-separated features to leave out")
    ap.add_argument("--with", dest="with_", default="", help="comma-separated features to add")
    a = ap.parse_args()
    units = [int(x) for x in a.only.split(",")] if a.only else list(range(a.units))
    feats = Features([x for x in a.without.split(",") if x], [x for x in a.with_.split(",") if x])
    sys.stdout.write(program(a.seed, units, feats))


if __name__ == "__main__":
    main()
