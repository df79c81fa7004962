//! End-to-end tests: hand-built CIR programs are compiled to objects, linked and run, in
//! debug (`default<O0>`) and release (`default<O3>`) builds.

mod common;

use cir::{TypeKind, ValueKind};
use common::{expect_output, run, B};

#[test]
fn arithmetic_and_recursion() {
    let mut b = B::new();
    let int = b.int;
    let (fib, args) = b.func("fib[int]", &[("n", int)], int);
    let n = args[0];
    let (nv, two) = (b.get(n), b.int(2));
    let c = b.lt(nv, two);
    let nv = b.get(n);
    let r = b.ret(Some(nv));
    let base = b.if_(c, vec![r], None);
    let (nv, one) = (b.get(n), b.int(1));
    let n1 = b.sub(nv, one);
    let f1 = b.call(fib, vec![n1]);
    let (nv, two) = (b.get(n), b.int(2));
    let n2 = b.sub(nv, two);
    let f2 = b.call(fib, vec![n2]);
    let sum = b.add(f1, f2);
    let r = b.ret(Some(sum));
    b.body(fib, vec![], vec![base, r]);
    let arg = b.int(20);
    let f = b.call(fib, vec![arg]);
    let p = b.print_int(f);
    let (x, y) = (b.int(6), b.int(7));
    let prod = b.mul(x, y);
    let p2 = b.print_int(prod);
    b.main(vec![], vec![p, p2]);
    expect_output(&b.m, "6765\n42\n");
}

#[test]
fn while_if_and_counted_loops() {
    let mut b = B::new();
    let int = b.int;
    let (i, total) = (b.local("i", int), b.local("total", int));
    let zero = b.int(0);
    let s1 = b.set(i, zero);
    let zero = b.int(0);
    let s2 = b.set(total, zero);
    // while i < 10: if i > 6: total += 100 else: total += i; i += 1
    let (iv, ten) = (b.get(i), b.int(10));
    let c = b.lt(iv, ten);
    let (iv, six) = (b.get(i), b.int(6));
    let big = b.gt(iv, six);
    let add100 = b.incr(total, 100);
    let (tv, iv) = (b.get(total), b.get(i));
    let ti = b.add(tv, iv);
    let addi = b.set(total, ti);
    let branch = b.if_(big, vec![add100], Some(vec![addi]));
    let inc = b.incr(i, 1);
    let w = b.while_(c, vec![branch, inc]);
    let tv = b.get(total);
    let p1 = b.print_int(tv);
    // for j in range(0, 10, 3): print(j); j = 100 (does not change the iteration)
    let j = b.local("j", int);
    let jv = b.get(j);
    let pj = b.print_int(jv);
    let hundred = b.int(100);
    let clobber = b.set(j, hundred);
    let f1 = b.range_for(j, 0, 10, 3, vec![pj, clobber]);
    // for k in range(10, 0, -4): print(k)
    let k = b.local("k", int);
    let kv = b.get(k);
    let pk = b.print_int(kv);
    let f2 = b.range_for(k, 10, 0, -4, vec![pk]);
    // an empty range runs nothing
    let kv = b.get(k);
    let pk = b.print_int(kv);
    let f3 = b.range_for(k, 5, 5, 1, vec![pk]);
    b.main(vec![i, total, j, k], vec![s1, s2, w, p1, f1, f2, f3]);
    expect_output(&b.m, "321\n0\n3\n6\n9\n10\n6\n2\n");
}

#[test]
fn globals_and_ternary() {
    let mut b = B::new();
    let (int, none) = (b.int, b.none);
    let counter = b.global("counter", int);
    let (bump, args) = b.func("bump[int]", &[("k", int)], none);
    let (cv, kv) = (b.get(counter), b.get(args[0]));
    let s = b.add(cv, kv);
    let a = b.set(counter, s);
    b.body(bump, vec![], vec![a]);
    let five = b.int(5);
    let c1 = b.call(bump, vec![five]);
    let seven = b.int(7);
    let c2 = b.call(bump, vec![seven]);
    let cv = b.get(counter);
    let p = b.print_int(cv);
    // print(1 if counter > 10 else noisy()) evaluates only the chosen side
    let (noisy, _) = b.func("noisy", &[], int);
    let said = b.print("noisy");
    let two = b.int(2);
    let r = b.ret(Some(two));
    b.body(noisy, vec![], vec![said, r]);
    let (cv, ten) = (b.get(counter), b.int(10));
    let cond = b.gt(cv, ten);
    let one = b.int(1);
    let other = b.call(noisy, vec![]);
    let t = b.v(
        ValueKind::Ternary {
            cond,
            then: one,
            other,
        },
        int,
    );
    let p2 = b.print_int(t);
    let (cv, hundred) = (b.get(counter), b.int(100));
    let cond = b.gt(cv, hundred);
    let one = b.int(1);
    let other = b.call(noisy, vec![]);
    let t = b.v(
        ValueKind::Ternary {
            cond,
            then: one,
            other,
        },
        int,
    );
    let p3 = b.print_int(t);
    b.main(vec![], vec![c1, c2, p, p2, p3]);
    expect_output(&b.m, "12\n1\nnoisy\n2\n");
}

#[test]
fn records_and_optionals() {
    let mut b = B::new();
    let (int, boolean) = (b.int, b.boolean);
    let pair = b.m.ty(
        "Tuple[int,int]",
        TypeKind::Record {
            fields: vec![
                cir::Field {
                    name: "item1".into(),
                    ty: int,
                },
                cir::Field {
                    name: "item2".into(),
                    ty: int,
                },
            ],
        },
    );
    let (swap, args) = b.func("swap", &[("t", pair)], pair);
    let tv = b.get(args[0]);
    let second = b.v(
        ValueKind::Extract {
            value: tv,
            field: 1,
        },
        int,
    );
    let tv = b.get(args[0]);
    let first = b.v(
        ValueKind::Extract {
            value: tv,
            field: 0,
        },
        int,
    );
    let rec = b.v(ValueKind::MakeRecord(vec![second, first]), pair);
    let r = b.ret(Some(rec));
    b.body(swap, vec![], vec![r]);
    let t = b.local("t", pair);
    let (one, two) = (b.int(1), b.int(2));
    let rec = b.v(ValueKind::MakeRecord(vec![one, two]), pair);
    let sw = b.call(swap, vec![rec]);
    let st = b.set(t, sw);
    let tv = b.get(t);
    let f0 = b.v(
        ValueKind::Extract {
            value: tv,
            field: 0,
        },
        int,
    );
    let p0 = b.print_int(f0);
    let tv = b.get(t);
    let f1 = b.v(
        ValueKind::Extract {
            value: tv,
            field: 1,
        },
        int,
    );
    let p1 = b.print_int(f1);

    // Optional[int]: { i1, i64 }
    let opt_int = b.m.ty("Optional[int]", TypeKind::Optional(int));
    let (x, y) = (b.local("x", opt_int), b.local("y", opt_int));
    let five = b.int(5);
    let some = b.v(ValueKind::MakeOptional(five), opt_int);
    let sx = b.set(x, some);
    let null = b.v(ValueKind::Null, opt_int);
    let sy = b.set(y, null);
    let mut checks = Vec::new();
    for var in [x, y] {
        let ov = b.get(var);
        let has = b.v(ValueKind::OptionalHas(ov), boolean);
        let ov = b.get(var);
        let got = b.v(ValueKind::OptionalGet(ov), int);
        let pg = b.print_int(got);
        let pn = b.print("None");
        checks.push(b.if_(has, vec![pg], Some(vec![pn])));
    }
    // Optional[Box] of a reference class: a nullable pointer
    let boxed = b.m.ty(
        "Box",
        TypeKind::Ref {
            fields: vec![cir::Field {
                name: "v".into(),
                ty: int,
            }],
            parent: None,
        },
    );
    let opt_box = b.m.ty("Optional[Box]", TypeKind::Optional(boxed));
    let (bx, ob, on) = (
        b.local("bx", boxed),
        b.local("ob", opt_box),
        b.local("on", opt_box),
    );
    let obj = b.v(ValueKind::New, boxed);
    let sb = b.set(bx, obj);
    let target = b.get(bx);
    let v = b.int(99);
    let ins = b.flow(ValueKind::Insert {
        target,
        field: 0,
        value: v,
    });
    let bv = b.get(bx);
    let some = b.v(ValueKind::MakeOptional(bv), opt_box);
    let sob = b.set(ob, some);
    let null = b.v(ValueKind::Null, opt_box);
    let son = b.set(on, null);
    for var in [ob, on] {
        let ov = b.get(var);
        let has = b.v(ValueKind::OptionalHas(ov), boolean);
        let ov = b.get(var);
        let got = b.v(ValueKind::OptionalGet(ov), boxed);
        let field = b.v(
            ValueKind::Extract {
                value: got,
                field: 0,
            },
            int,
        );
        let pg = b.print_int(field);
        let pn = b.print("None");
        checks.push(b.if_(has, vec![pg], Some(vec![pn])));
    }
    let mut body = vec![st, p0, p1, sx, sy, sb, ins, sob, son];
    body.extend(checks);
    b.main(vec![t, x, y, bx, ob, on], body);
    expect_output(&b.m, "2\n1\n5\nNone\n99\nNone\n");
}

/// The type `Generator[int]`.
fn gen_int_of(b: &mut B) -> cir::TypeId {
    let int = b.int;
    b.m.ty("Generator[int]", TypeKind::Generator(int))
}

/// `def count(n): i = 0; while i < n: yield i; i += 1` in `b`, returning the function.
fn count_generator(b: &mut B) -> cir::FuncId {
    let int = b.int;
    let gen_int = b.m.ty("Generator[int]", TypeKind::Generator(int));
    let (count, args) = b.func("count[int]", &[("n", int)], gen_int);
    let i = b.local("i", int);
    let zero = b.int(0);
    let init = b.set(i, zero);
    let (iv, nv) = (b.get(i), b.get(args[0]));
    let c = b.lt(iv, nv);
    let iv = b.get(i);
    let y = b.flow(ValueKind::Yield(Some(iv)));
    let inc = b.incr(i, 1);
    let w = b.while_(c, vec![y, inc]);
    b.gen_body(count, vec![i], vec![init, w]);
    count
}

#[test]
fn generators_driven_by_for() {
    let mut b = B::new();
    let int = b.int;
    let count = count_generator(&mut b);
    // for x in count(3): print(x)
    let x = b.local("x", int);
    let three = b.int(3);
    let g = b.call(count, vec![three]);
    let xv = b.get(x);
    let px = b.print_int(xv);
    let body = b.series(vec![px]);
    let f1 = b.flow(ValueKind::For {
        iter: g,
        var: x,
        body,
    });
    // for x in count(100): if x == 2: break; print(x)   (then continue skipping 0)
    let hundred = b.int(100);
    let g = b.call(count, vec![hundred]);
    let (xv, two) = (b.get(x), b.int(2));
    let is2 = b.eq(xv, two);
    let brk = b.flow(ValueKind::Break);
    let stop = b.if_(is2, vec![brk], None);
    let (xv, zero) = (b.get(x), b.int(0));
    let is0 = b.eq(xv, zero);
    let cont = b.flow(ValueKind::Continue);
    let skip = b.if_(is0, vec![cont], None);
    let xv = b.get(x);
    let px = b.print_int(xv);
    let body = b.series(vec![stop, skip, px]);
    let f2 = b.flow(ValueKind::For {
        iter: g,
        var: x,
        body,
    });
    // def first_over(n, k): for y in count(n): if y > k: return y; return -1
    let (first_over, args) = b.func("first_over", &[("n", int), ("k", int)], int);
    let y = b.local("y", int);
    let nv = b.get(args[0]);
    let g = b.call(count, vec![nv]);
    let (yv, kv) = (b.get(y), b.get(args[1]));
    let over = b.gt(yv, kv);
    let yv = b.get(y);
    let r = b.ret(Some(yv));
    let found = b.if_(over, vec![r], None);
    let body = b.series(vec![found]);
    let lp = b.flow(ValueKind::For {
        iter: g,
        var: y,
        body,
    });
    let minus = b.int(-1);
    let r = b.ret(Some(minus));
    b.body(first_over, vec![y], vec![lp, r]);
    let (n, k) = (b.int(10), b.int(6));
    let c = b.call(first_over, vec![n, k]);
    let p1 = b.print_int(c);
    let (n, k) = (b.int(3), b.int(6));
    let c = b.call(first_over, vec![n, k]);
    let p2 = b.print_int(c);
    // g = count(4); for x in g: if x == 1: break ... then for x in g: print(x) continues with
    // 2, 3; a third loop over the exhausted generator prints nothing.
    let gen_int = gen_int_of(&mut b);
    let g = b.local("g", gen_int);
    let four = b.int(4);
    let made = b.call(count, vec![four]);
    let sg = b.set(g, made);
    let gv = b.get(g);
    let (xv, one) = (b.get(x), b.int(1));
    let is1 = b.eq(xv, one);
    let brk = b.flow(ValueKind::Break);
    let stop = b.if_(is1, vec![brk], None);
    let body = b.series(vec![stop]);
    let l1 = b.flow(ValueKind::For {
        iter: gv,
        var: x,
        body,
    });
    let mut loops = vec![sg, l1];
    for _ in 0..2 {
        let gv = b.get(g);
        let xv = b.get(x);
        let px = b.print_int(xv);
        let body = b.series(vec![px]);
        loops.push(b.flow(ValueKind::For {
            iter: gv,
            var: x,
            body,
        }));
    }
    let mut all = vec![f1, f2, p1, p2];
    all.extend(loops);
    b.main(vec![x, g], all);
    expect_output(&b.m, "0\n1\n2\n1\n7\n-1\n2\n3\n");
}

#[test]
fn creating_a_generator_runs_nothing() {
    let mut b = B::new();
    let (int, none) = (b.int, b.none);
    let gen_int = b.m.ty("Generator[int]", TypeKind::Generator(int));
    let (noisy, _) = b.func("noisy_gen", &[], gen_int);
    let p = b.print("started");
    let one = b.int(1);
    let y = b.flow(ValueKind::Yield(Some(one)));
    let p2 = b.print("resumed");
    b.gen_body(noisy, vec![], vec![p, y, p2]);
    let g = b.local("g", gen_int);
    let c = b.call(noisy, vec![]);
    let s = b.set(g, c);
    let p3 = b.print("created");
    // A generator of NoneType with a bare yield and an early return.
    let gen_none = b.m.ty("Generator[NoneType]", TypeKind::Generator(none));
    let (ticks, _) = b.func("ticks", &[], gen_none);
    let y1 = b.flow(ValueKind::Yield(None));
    let r = b.ret(None);
    let y2 = b.flow(ValueKind::Yield(None));
    b.gen_body(ticks, vec![], vec![y1, r, y2]);
    let t = b.local("t", none);
    let tg = b.call(ticks, vec![]);
    let tick = b.print("tick");
    let body = b.series(vec![tick]);
    let f = b.flow(ValueKind::For {
        iter: tg,
        var: t,
        body,
    });
    b.main(vec![g, t], vec![s, p3, f]);
    expect_output(&b.m, "created\ntick\n");
}

/// Exception classes `Exception`, `ValueError(Exception)`, `KeyError(Exception)`.
fn exception_classes(b: &mut B) -> (cir::TypeId, cir::TypeId, cir::TypeId) {
    let exc = b.exc_class("Exception", None);
    let value_error = b.exc_class("ValueError", Some(exc));
    let key_error = b.exc_class("KeyError", Some(exc));
    (exc, value_error, key_error)
}

#[test]
fn handlers_match_by_subclass_in_order() {
    let mut b = B::new();
    let (int, none) = (b.int, b.none);
    let (exc, value_error, key_error) = exception_classes(&mut b);
    // def thrower(kind): if kind == 0: raise ValueError("bad value"); raise KeyError("no key")
    let (thrower, args) = b.func("thrower", &[("kind", int)], none);
    let (tmp1, tmp2) = (b.local("tmp1", value_error), b.local("tmp2", key_error));
    let (kv, zero) = (b.get(args[0]), b.int(0));
    let is0 = b.eq(kv, zero);
    let raise_value = b.raise(value_error, "bad value", tmp1);
    let first = b.if_(is0, raise_value, None);
    let mut body = vec![first];
    body.extend(b.raise(key_error, "no key", tmp2));
    b.body(thrower, vec![tmp1, tmp2], body);

    let e = b.local("e", exc);
    let ke = b.local("ke", key_error);
    // try: thrower(0) except KeyError as ke: ... except Exception as e: print("Exception"); print(e.msg)
    let zero = b.int(0);
    let call = b.call(thrower, vec![zero]);
    let wrong = b.print("KeyError handler");
    let right = b.print("Exception handler");
    let msg = b.print_msg(e);
    let t1 = b.try_(
        vec![call],
        vec![
            (vec![key_error], Some(ke), vec![wrong]),
            (vec![exc], Some(e), vec![right, msg]),
        ],
        None,
        None,
    );
    // try: thrower(1) except ValueError: ... except: print("catch-all")
    let one = b.int(1);
    let call = b.call(thrower, vec![one]);
    let wrong = b.print("ValueError handler");
    let all = b.print("catch-all");
    let t2 = b.try_(
        vec![call],
        vec![
            (vec![value_error], None, vec![wrong]),
            (vec![], None, vec![all]),
        ],
        None,
        None,
    );
    // try: print("body") except: ... else: print("else")
    let body = b.print("body");
    let wrong = b.print("handler");
    let els = b.print("else");
    let t3 = b.try_(
        vec![body],
        vec![(vec![], None, vec![wrong])],
        Some(vec![els]),
        None,
    );
    // raising directly in the try body: try: raise KeyError("direct") except (ValueError, KeyError) as e
    let tmp3 = b.local("tmp3", key_error);
    let raise = b.raise(key_error, "direct", tmp3);
    let msg = b.print_msg(e);
    let t4 = b.try_(
        raise,
        vec![(vec![value_error, key_error], Some(e), vec![msg])],
        None,
        None,
    );
    let done = b.print("done");
    b.main(vec![e, ke, tmp3], vec![t1, t2, t3, t4, done]);
    expect_output(
        &b.m,
        "Exception handler\nbad value\ncatch-all\nbody\nelse\ndirect\ndone\n",
    );
}

#[test]
fn unmatched_exceptions_propagate_to_callers() {
    let mut b = B::new();
    let none = b.none;
    let (exc, value_error, key_error) = exception_classes(&mut b);
    // def inner(): try: raise ValueError("from inner") except KeyError: print("wrong") ; print("unreachable")
    let (inner, _) = b.func("inner", &[], none);
    let tmp = b.local("tmp", value_error);
    let raise = b.raise(value_error, "from inner", tmp);
    let wrong = b.print("wrong handler");
    let t = b.try_(
        raise,
        vec![(vec![key_error], None, vec![wrong])],
        None,
        None,
    );
    let after = b.print("unreachable");
    b.body(inner, vec![tmp], vec![t, after]);
    // def middle(): try: inner() finally: print("middle finally")
    let (middle, _) = b.func("middle", &[], none);
    let call = b.call(inner, vec![]);
    let fin = b.print("middle finally");
    let t = b.try_(vec![call], vec![], None, Some(vec![fin]));
    let after = b.print("unreachable");
    b.body(middle, vec![], vec![t, after]);
    // main: try: middle() except ValueError as e: print(e.msg)
    let e = b.local("e", exc);
    let call = b.call(middle, vec![]);
    let msg = b.print_msg(e);
    let t = b.try_(
        vec![call],
        vec![(vec![value_error], Some(e), vec![msg])],
        None,
        None,
    );
    b.main(vec![e], vec![t]);
    expect_output(&b.m, "middle finally\nfrom inner\n");
}

#[test]
fn exceptions_in_handlers_run_finally_and_propagate() {
    let mut b = B::new();
    let none = b.none;
    let (exc, value_error, key_error) = exception_classes(&mut b);
    // def h(): try: raise ValueError("first") except ValueError: raise KeyError("second")
    //          finally: print("finally h")
    let (h, _) = b.func("h", &[], none);
    let (t1, t2) = (b.local("t1", value_error), b.local("t2", key_error));
    let raise1 = b.raise(value_error, "first", t1);
    let raise2 = b.raise(key_error, "second", t2);
    let fin = b.print("finally h");
    let t = b.try_(
        raise1,
        vec![(vec![value_error], None, raise2)],
        None,
        Some(vec![fin]),
    );
    b.body(h, vec![t1, t2], vec![t]);
    // nested tries in one function: the inner handler does not match, the outer one does,
    // and both finally blocks run innermost first.
    let e = b.local("e", exc);
    let call = b.call(h, vec![]);
    let wrong = b.print("inner handler");
    let fin_inner = b.print("inner finally");
    let inner = b.try_(
        vec![call],
        vec![(vec![value_error], None, vec![wrong])],
        None,
        Some(vec![fin_inner]),
    );
    let msg = b.print_msg(e);
    let fin_outer = b.print("outer finally");
    let outer = b.try_(
        vec![inner],
        vec![(vec![key_error], Some(e), vec![msg])],
        None,
        Some(vec![fin_outer]),
    );
    // An exception raised in a finally replaces the pending one.
    let t3 = b.local("t3", value_error);
    let t4 = b.local("t4", key_error);
    let raise3 = b.raise(value_error, "pending", t3);
    let raise4 = b.raise(key_error, "replacement", t4);
    let inner2 = b.try_(raise3, vec![], None, Some(raise4));
    let msg2 = b.print_msg(e);
    let outer2 = b.try_(
        vec![inner2],
        vec![(vec![exc], Some(e), vec![msg2])],
        None,
        None,
    );
    b.main(vec![e, t3, t4], vec![outer, outer2]);
    expect_output(
        &b.m,
        "finally h\ninner finally\nsecond\nouter finally\nreplacement\n",
    );
}

#[test]
fn uncaught_exception_exits_with_status_1() {
    let mut b = B::new();
    let (_, value_error, _) = exception_classes(&mut b);
    let before = b.print("before");
    let tmp = b.local("tmp", value_error);
    b.line = 7;
    let mut body = vec![before];
    body.extend(b.raise(value_error, "boom", tmp));
    let after = b.print("after");
    body.push(after);
    b.main(vec![tmp], body);
    for release in [false, true] {
        let r = run(&b.m, release);
        assert_eq!(r.stdout, "before\n");
        assert_eq!(r.status, 1, "stderr: {}", r.stderr);
        assert!(
            r.stderr.contains("File \"test.py\", line 7, in main"),
            "stderr: {}",
            r.stderr
        );
        assert!(
            r.stderr.ends_with("ValueError: boom\n"),
            "stderr: {}",
            r.stderr
        );
    }
}

#[test]
fn finally_with_return_break_and_continue() {
    let mut b = B::new();
    let int = b.int;
    let (_, value_error, _) = exception_classes(&mut b);
    // def foo(): try: return 1 finally: return 2
    let (foo, _) = b.func("foo", &[], int);
    let one = b.int(1);
    let r1 = b.ret(Some(one));
    let two = b.int(2);
    let r2 = b.ret(Some(two));
    let t = b.try_(vec![r1], vec![], None, Some(vec![r2]));
    b.body(foo, vec![], vec![t]);
    // def bar(): for i in range(10): print(i); try: if i == 5: break finally: continue
    let (bar, _) = b.func("bar", &[], int);
    let i = b.local("i", int);
    let iv = b.get(i);
    let pi = b.print_int(iv);
    let (iv, five) = (b.get(i), b.int(5));
    let is5 = b.eq(iv, five);
    let brk = b.flow(ValueKind::Break);
    let cond_break = b.if_(is5, vec![brk], None);
    let cont = b.flow(ValueKind::Continue);
    let t = b.try_(vec![cond_break], vec![], None, Some(vec![cont]));
    let lp = b.range_for(i, 0, 10, 1, vec![pi, t]);
    let minus = b.int(-1);
    let r = b.ret(Some(minus));
    b.body(bar, vec![i], vec![lp, r]);
    // def baz(): the state machine example of the code generation notes; returns 4
    let (baz, _) = b.func("baz", &[], int);
    let j = b.local("j", int);
    let (jv, three) = (b.get(j), b.int(3));
    let is3 = b.eq(jv, three);
    let jv = b.get(j);
    let ret_j = b.ret(Some(jv));
    let inner_body = b.if_(is3, vec![ret_j], None);
    let (jv, two) = (b.get(j), b.int(2));
    let gt2 = b.gt(jv, two);
    let brk = b.flow(ValueKind::Break);
    let inner_fin = b.if_(gt2, vec![brk], None);
    let inner = b.try_(vec![inner_body], vec![], None, Some(vec![inner_fin]));
    let (jv, four) = (b.get(j), b.int(4));
    let lt4 = b.lt(jv, four);
    let cont = b.flow(ValueKind::Continue);
    let outer_fin = b.if_(lt4, vec![cont], None);
    let outer = b.try_(vec![inner], vec![], None, Some(vec![outer_fin]));
    let lp = b.range_for(j, 0, 5, 1, vec![outer]);
    let jv = b.get(j);
    let r = b.ret(Some(jv));
    b.body(baz, vec![j], vec![lp, r]);
    // def swallow(): try: raise ValueError("lost") finally: return 7
    let (swallow, _) = b.func("swallow", &[], int);
    let tmp = b.local("tmp", value_error);
    let raise = b.raise(value_error, "lost", tmp);
    let seven = b.int(7);
    let r7 = b.ret(Some(seven));
    let t = b.try_(raise, vec![], None, Some(vec![r7]));
    b.body(swallow, vec![tmp], vec![t]);
    // def from_handler(): try: raise ValueError except: print("handler"); return 3 finally: print("fin")
    let (from_handler, _) = b.func("from_handler", &[], int);
    let tmp2 = b.local("tmp2", value_error);
    let raise = b.raise(value_error, "x", tmp2);
    let ph = b.print("handler");
    let three = b.int(3);
    let r3 = b.ret(Some(three));
    let pf = b.print("fin");
    let t = b.try_(
        raise,
        vec![(vec![], None, vec![ph, r3])],
        None,
        Some(vec![pf]),
    );
    let zero = b.int(0);
    let r0 = b.ret(Some(zero));
    b.body(from_handler, vec![tmp2], vec![t, r0]);

    let mut body = Vec::new();
    for f in [foo, bar, baz, swallow, from_handler] {
        let c = b.call(f, vec![]);
        body.push(b.print_int(c));
    }
    b.main(vec![], body);
    expect_output(
        &b.m,
        "2\n0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n-1\n4\n7\nhandler\nfin\n3\n",
    );
}

#[test]
fn break_and_continue_through_finally_in_while() {
    let mut b = B::new();
    let int = b.int;
    // i = 0; while True: i += 1; try: if i == 2: continue; if i == 4: break; print(i)
    //                                finally: print("f")
    let i = b.local("i", int);
    let zero = b.int(0);
    let init = b.set(i, zero);
    let cond = b.boolc(true);
    let inc = b.incr(i, 1);
    let (iv, two) = (b.get(i), b.int(2));
    let is2 = b.eq(iv, two);
    let cont = b.flow(ValueKind::Continue);
    let c1 = b.if_(is2, vec![cont], None);
    let (iv, four) = (b.get(i), b.int(4));
    let is4 = b.eq(iv, four);
    let brk = b.flow(ValueKind::Break);
    let c2 = b.if_(is4, vec![brk], None);
    let iv = b.get(i);
    let p = b.print_int(iv);
    let f = b.print("f");
    let t = b.try_(vec![c1, c2, p], vec![], None, Some(vec![f]));
    let w = b.while_(cond, vec![inc, t]);
    let end = b.print("end");
    b.main(vec![i], vec![init, w, end]);
    expect_output(&b.m, "1\nf\nf\n3\nf\nf\nend\n");
}

#[test]
fn generators_with_exceptions_and_finally() {
    let mut b = B::new();
    let (int, none) = (b.int, b.none);
    let (exc, value_error, _) = exception_classes(&mut b);
    let gen_int = b.m.ty("Generator[int]", TypeKind::Generator(int));
    // def gen(): try: yield 1; yield 2; raise ValueError("in gen") finally: print("gen finally")
    let (gen, _) = b.func("gen", &[], gen_int);
    let tmp = b.local("tmp", value_error);
    let one = b.int(1);
    let y1 = b.flow(ValueKind::Yield(Some(one)));
    let two = b.int(2);
    let y2 = b.flow(ValueKind::Yield(Some(two)));
    let mut body = vec![y1, y2];
    body.extend(b.raise(value_error, "in gen", tmp));
    let fin = b.print("gen finally");
    let t = b.try_(body, vec![], None, Some(vec![fin]));
    b.gen_body(gen, vec![tmp], vec![t]);
    // def consume(): for x in gen(): print(x)   -- inside try/except in main
    let (consume, _) = b.func("consume", &[], none);
    let x = b.local("x", int);
    let g = b.call(gen, vec![]);
    let xv = b.get(x);
    let px = b.print_int(xv);
    let lbody = b.series(vec![px]);
    let lp = b.flow(ValueKind::For {
        iter: g,
        var: x,
        body: lbody,
    });
    b.body(consume, vec![x], vec![lp]);
    let e = b.local("e", exc);
    let c = b.call(consume, vec![]);
    let msg = b.print_msg(e);
    let t1 = b.try_(vec![c], vec![(vec![exc], Some(e), vec![msg])], None, None);
    // the For loop directly inside a try: resuming the generator is an invoke
    let y = b.local("y", int);
    let g = b.call(gen, vec![]);
    let yv = b.get(y);
    let py = b.print_int(yv);
    let lbody = b.series(vec![py]);
    let lp = b.flow(ValueKind::For {
        iter: g,
        var: y,
        body: lbody,
    });
    let msg = b.print_msg(e);
    let t2 = b.try_(
        vec![lp],
        vec![(vec![value_error], Some(e), vec![msg])],
        None,
        None,
    );
    b.main(vec![e, y], vec![t1, t2]);
    let once = "1\n2\ngen finally\nin gen\n";
    expect_output(&b.m, &format!("{once}{once}"));
}

#[test]
fn re_raising_a_caught_exception_keeps_its_type() {
    let mut b = B::new();
    let none = b.none;
    let (exc, value_error, _) = exception_classes(&mut b);
    // def relay(): try: raise ValueError("kept") except Exception as e: print("relay"); raise e
    let (relay, _) = b.func("relay", &[], none);
    let (tmp, e) = (b.local("tmp", value_error), b.local("e", exc));
    let raise = b.raise(value_error, "kept", tmp);
    let said = b.print("relay");
    let ev = b.get(e);
    let again = b.flow(ValueKind::Throw(ev));
    let t = b.try_(
        raise,
        vec![(vec![exc], Some(e), vec![said, again])],
        None,
        None,
    );
    b.body(relay, vec![tmp, e], vec![t]);
    // main: try: relay() except ValueError as v: print(v.msg)
    let v = b.local("v", value_error);
    let call = b.call(relay, vec![]);
    let msg = b.print_msg(v);
    let t = b.try_(
        vec![call],
        vec![(vec![value_error], Some(v), vec![msg])],
        None,
        None,
    );
    // then uncaught: relay() again, reported as ValueError
    let call = b.call(relay, vec![]);
    b.main(vec![v], vec![t, call]);
    for release in [false, true] {
        let r = run(&b.m, release);
        assert_eq!(r.stdout, "relay\nkept\nrelay\n", "stderr: {}", r.stderr);
        assert_eq!(r.status, 1);
        assert!(
            r.stderr.ends_with("ValueError: kept\n"),
            "stderr: {}",
            r.stderr
        );
    }
}
