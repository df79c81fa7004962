//! Helpers for the code generator's tests: a small builder of CIR modules with the handful of
//! stdlib-like functions the test programs need, and a runner that emits an object (with the
//! runtime merged in), links it with clang and runs it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use cir::{
    Field, Func, FuncId, FuncKind, Handler, Loc, TypeId, TypeKind, ValueId, ValueKind, VarId,
};
use codegen::{emit_to_file, Emit, Options};

/// Builds a CIR module by hand.
pub struct B {
    pub m: cir::Module,
    pub int: TypeId,
    pub i32: TypeId,
    pub boolean: TypeId,
    pub none: TypeId,
    pub byte_ptr: TypeId,
    pub str: TypeId,
    print_str: Option<FuncId>,
    print_int: Option<FuncId>,
    ops: Vec<(String, FuncId)>,
    pub line: u32,
}

impl B {
    pub fn new() -> Self {
        let mut m = cir::Module::default();
        m.files.push("test.py".into());
        let int = m.int_type();
        let i32 = m.ty(
            "Int[32]",
            TypeKind::Int {
                bits: 32,
                signed: true,
            },
        );
        let boolean = m.bool_type();
        let none = m.none_type();
        let byte = m.ty("byte", TypeKind::Byte);
        let byte_ptr = m.ty("Ptr[byte]", TypeKind::Ptr(byte));
        let str = m.ty(
            "str",
            TypeKind::Record {
                fields: vec![
                    Field {
                        name: "len".into(),
                        ty: int,
                    },
                    Field {
                        name: "ptr".into(),
                        ty: byte_ptr,
                    },
                ],
            },
        );
        B {
            m,
            int,
            i32,
            boolean,
            none,
            byte_ptr,
            str,
            print_str: None,
            print_int: None,
            ops: Vec::new(),
            line: 1,
        }
    }

    pub fn v(&mut self, kind: ValueKind, ty: TypeId) -> ValueId {
        let loc = Loc {
            file: 0,
            line: self.line,
            col: 1,
        };
        self.m.add_value(kind, ty, loc)
    }

    pub fn int(&mut self, i: i64) -> ValueId {
        let t = self.int;
        self.v(ValueKind::IntConst(i), t)
    }

    pub fn i32c(&mut self, i: i64) -> ValueId {
        let t = self.i32;
        self.v(ValueKind::IntConst(i), t)
    }

    pub fn boolc(&mut self, b: bool) -> ValueId {
        let t = self.boolean;
        self.v(ValueKind::BoolConst(b), t)
    }

    pub fn strc(&mut self, s: &str) -> ValueId {
        let t = self.str;
        self.v(ValueKind::StrConst(s.into()), t)
    }

    pub fn local(&mut self, name: &str, ty: TypeId) -> VarId {
        self.m.add_var(name, ty, false)
    }

    pub fn global(&mut self, name: &str, ty: TypeId) -> VarId {
        self.m.add_var(name, ty, true)
    }

    pub fn get(&mut self, var: VarId) -> ValueId {
        let t = self.m.var(var).ty;
        self.v(ValueKind::VarRef(var), t)
    }

    pub fn set(&mut self, var: VarId, value: ValueId) -> ValueId {
        let t = self.none;
        self.v(ValueKind::Assign { var, value }, t)
    }

    pub fn series(&mut self, items: Vec<ValueId>) -> ValueId {
        let t = self.none;
        self.v(ValueKind::Series(items), t)
    }

    pub fn flow(&mut self, kind: ValueKind) -> ValueId {
        let t = self.none;
        self.v(kind, t)
    }

    pub fn ret(&mut self, x: Option<ValueId>) -> ValueId {
        self.flow(ValueKind::Return(x))
    }

    pub fn if_(
        &mut self,
        cond: ValueId,
        then: Vec<ValueId>,
        other: Option<Vec<ValueId>>,
    ) -> ValueId {
        let then = self.series(then);
        let other = other.map(|o| self.series(o));
        self.flow(ValueKind::If { cond, then, other })
    }

    pub fn while_(&mut self, cond: ValueId, body: Vec<ValueId>) -> ValueId {
        let body = self.series(body);
        self.flow(ValueKind::While { cond, body })
    }

    /// `for var in range(start, end, step)`.
    pub fn range_for(
        &mut self,
        var: VarId,
        start: i64,
        end: i64,
        step: i64,
        body: Vec<ValueId>,
    ) -> ValueId {
        let (start, end) = (self.int(start), self.int(end));
        let body = self.series(body);
        self.flow(ValueKind::ImperativeFor {
            start,
            end,
            step,
            var,
            body,
        })
    }

    pub fn call(&mut self, func: FuncId, args: Vec<ValueId>) -> ValueId {
        let t = self.m.func(func).ret;
        self.v(ValueKind::Call { func, args }, t)
    }

    /// Declares a function; its body is set later with [`B::body`].
    pub fn func(
        &mut self,
        name: &str,
        args: &[(&str, TypeId)],
        ret: TypeId,
    ) -> (FuncId, Vec<VarId>) {
        let vars: Vec<VarId> = args
            .iter()
            .map(|(n, t)| self.m.add_var(*n, *t, false))
            .collect();
        let placeholder = self.series(vec![]);
        let f = self.m.add_func(Func {
            name: name.into(),
            unmangled: name.split('[').next().unwrap_or(name).into(),
            args: vars.clone(),
            ret,
            kind: FuncKind::Bodied {
                locals: vec![],
                body: placeholder,
                generator: false,
            },
            attrs: vec![],
            loc: Loc::default(),
        });
        (f, vars)
    }

    pub fn body(&mut self, f: FuncId, locals: Vec<VarId>, body: Vec<ValueId>) {
        let body = self.series(body);
        self.m.func_mut(f).kind = FuncKind::Bodied {
            locals,
            body,
            generator: false,
        };
    }

    pub fn gen_body(&mut self, f: FuncId, locals: Vec<VarId>, body: Vec<ValueId>) {
        let body = self.series(body);
        self.m.func_mut(f).kind = FuncKind::Bodied {
            locals,
            body,
            generator: true,
        };
    }

    /// Sets the module's implicit main function.
    pub fn main(&mut self, locals: Vec<VarId>, body: Vec<ValueId>) {
        let none = self.none;
        let (f, _) = self.func("main", &[], none);
        self.body(f, locals, body);
        self.m.main = Some(f);
    }

    pub fn llvm_fn(
        &mut self,
        name: &str,
        args: &[(&str, TypeId)],
        ret: TypeId,
        ir: &str,
    ) -> FuncId {
        let vars: Vec<VarId> = args
            .iter()
            .map(|(n, t)| self.m.add_var(*n, *t, false))
            .collect();
        self.m.add_func(Func {
            name: name.into(),
            unmangled: name.into(),
            args: vars,
            ret,
            kind: FuncKind::Llvm {
                ir: ir.into(),
                type_args: vec![],
            },
            attrs: vec![],
            loc: Loc::default(),
        })
    }

    pub fn extern_fn(&mut self, symbol: &str, args: &[(&str, TypeId)], ret: TypeId) -> FuncId {
        let vars: Vec<VarId> = args
            .iter()
            .map(|(n, t)| self.m.add_var(*n, *t, false))
            .collect();
        self.m.add_func(Func {
            name: format!("{symbol}[extern]"),
            unmangled: symbol.into(),
            args: vars,
            ret,
            kind: FuncKind::External {
                symbol: symbol.into(),
            },
            attrs: vec![],
            loc: Loc::default(),
        })
    }

    fn op(&mut self, name: &str, ret: TypeId, ir: &str) -> FuncId {
        if let Some((_, f)) = self.ops.iter().find(|(n, _)| n == name) {
            return *f;
        }
        let int = self.int;
        let f = self.llvm_fn(name, &[("self", int), ("other", int)], ret, ir);
        self.ops.push((name.into(), f));
        f
    }

    pub fn add(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let int = self.int;
        let f = self.op(
            "int.__add__",
            int,
            "%tmp = add i64 %self, %other\nret i64 %tmp",
        );
        self.call(f, vec![a, b])
    }

    pub fn sub(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let int = self.int;
        let f = self.op(
            "int.__sub__",
            int,
            "%tmp = sub i64 %self, %other\nret i64 %tmp",
        );
        self.call(f, vec![a, b])
    }

    pub fn mul(&mut self, a: ValueId, b: ValueId) -> ValueId {
        let int = self.int;
        let f = self.op(
            "int.__mul__",
            int,
            "%tmp = mul i64 %self, %other\nret i64 %tmp",
        );
        self.call(f, vec![a, b])
    }

    fn cmp(&mut self, name: &str, pred: &str, a: ValueId, b: ValueId) -> ValueId {
        let t = self.boolean;
        let ir =
            format!("%tmp = icmp {pred} i64 %self, %other\n%res = zext i1 %tmp to i8\nret i8 %res");
        let f = self.op(name, t, &ir);
        self.call(f, vec![a, b])
    }

    pub fn lt(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.cmp("int.__lt__", "slt", a, b)
    }

    pub fn gt(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.cmp("int.__gt__", "sgt", a, b)
    }

    pub fn eq(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.cmp("int.__eq__", "eq", a, b)
    }

    /// `x += k` on an int variable.
    pub fn incr(&mut self, var: VarId, k: i64) -> ValueId {
        let (x, k) = (self.get(var), self.int(k));
        let s = self.add(x, k);
        self.set(var, s)
    }

    fn print_str_fn(&mut self) -> FuncId {
        if let Some(f) = self.print_str {
            return f;
        }
        let (int, i32, none, byte_ptr, str) =
            (self.int, self.i32, self.none, self.byte_ptr, self.str);
        let write = self.extern_fn(
            "seq_write",
            &[("fd", i32), ("len", int), ("p", byte_ptr)],
            none,
        );
        let (f, args) = self.func("print_str", &[("s", str)], none);
        let s = args[0];
        let mut body = Vec::new();
        for piece in [None, Some("\n")] {
            let sv = match piece {
                None => self.get(s),
                Some(nl) => self.strc(nl),
            };
            let len = self.v(
                ValueKind::Extract {
                    value: sv,
                    field: 0,
                },
                int,
            );
            let sv2 = match piece {
                None => self.get(s),
                Some(nl) => self.strc(nl),
            };
            let ptr = self.v(
                ValueKind::Extract {
                    value: sv2,
                    field: 1,
                },
                byte_ptr,
            );
            let fd = self.i32c(1);
            body.push(self.call(write, vec![fd, len, ptr]));
        }
        self.body(f, vec![], body);
        self.print_str = Some(f);
        f
    }

    fn print_int_fn(&mut self) -> FuncId {
        if let Some(f) = self.print_int {
            return f;
        }
        let (int, none, str) = (self.int, self.none, self.str);
        let str_ptr = self.m.ty("Ptr[str]", TypeKind::Ptr(str));
        let to_str = self.extern_fn("seq_str_int", &[("v", int), ("out", str_ptr)], none);
        let print_str = self.print_str_fn();
        let (f, args) = self.func("print_int", &[("x", int)], none);
        let tmp = self.local("tmp", str);
        let x = self.get(args[0]);
        let p = self.v(ValueKind::VarPtr(tmp), str_ptr);
        let c1 = self.call(to_str, vec![x, p]);
        let t = self.get(tmp);
        let c2 = self.call(print_str, vec![t]);
        self.body(f, vec![tmp], vec![c1, c2]);
        self.print_int = Some(f);
        f
    }

    pub fn print_int(&mut self, x: ValueId) -> ValueId {
        let f = self.print_int_fn();
        self.call(f, vec![x])
    }

    pub fn print(&mut self, s: &str) -> ValueId {
        let f = self.print_str_fn();
        let sv = self.strc(s);
        self.call(f, vec![sv])
    }

    /// A reference class with a `str` message field.
    pub fn exc_class(&mut self, name: &str, parent: Option<TypeId>) -> TypeId {
        let fields = vec![Field {
            name: "msg".into(),
            ty: self.str,
        }];
        self.m.ty(name, TypeKind::Ref { fields, parent })
    }

    /// `raise T(msg)` (through a temporary variable).
    pub fn raise(&mut self, ty: TypeId, msg: &str, tmp: VarId) -> Vec<ValueId> {
        let obj = self.v(ValueKind::New, ty);
        let a = self.set(tmp, obj);
        let target = self.get(tmp);
        let m = self.strc(msg);
        let ins = self.flow(ValueKind::Insert {
            target,
            field: 0,
            value: m,
        });
        let e = self.get(tmp);
        let t = self.flow(ValueKind::Throw(e));
        vec![a, ins, t]
    }

    /// Prints field `msg` of exception variable `e`.
    pub fn print_msg(&mut self, e: VarId) -> ValueId {
        let str = self.str;
        let ev = self.get(e);
        let msg = self.v(
            ValueKind::Extract {
                value: ev,
                field: 0,
            },
            str,
        );
        let f = self.print_str_fn();
        self.call(f, vec![msg])
    }

    pub fn try_(
        &mut self,
        body: Vec<ValueId>,
        handlers: Vec<(Vec<TypeId>, Option<VarId>, Vec<ValueId>)>,
        orelse: Option<Vec<ValueId>>,
        finally: Option<Vec<ValueId>>,
    ) -> ValueId {
        let body = self.series(body);
        let handlers = handlers
            .into_iter()
            .map(|(types, var, b)| Handler {
                types,
                var,
                body: self.series(b),
            })
            .collect();
        let orelse = orelse.map(|o| self.series(o));
        let finally = finally.map(|f| self.series(f));
        self.flow(ValueKind::Try {
            body,
            handlers,
            orelse,
            finally,
        })
    }
}

/// What a test program did.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

fn scratch() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "codegen-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compiles the module for the host, links it and runs it.
pub fn run(m: &cir::Module, release: bool) -> Run {
    let dir = scratch();
    let obj = dir.join("prog.o");
    let exe = dir.join("prog");
    let opts = Options {
        release,
        ..Options::default()
    };
    emit_to_file(m, &opts, Emit::Object, &obj).unwrap_or_else(|e| panic!("codegen failed: {e}"));
    // The runtime is merged into the object: only the C library and the collector remain.
    let out = Command::new("clang-19")
        .arg(&obj)
        .args(["-lgc", "-lm", "-o"])
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "link failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// Runs the module in debug and release builds and checks both print `expected`.
pub fn expect_output(m: &cir::Module, expected: &str) {
    for release in [false, true] {
        let r = run(m, release);
        assert_eq!(
            r.stdout, expected,
            "stdout (release={release}); stderr: {}",
            r.stderr
        );
        assert_eq!(
            r.status, 0,
            "exit status (release={release}); stderr: {}",
            r.stderr
        );
    }
    if let Some(r) = run_aarch64(m) {
        assert_eq!(
            r.stdout, expected,
            "stdout (aarch64 under qemu); stderr: {}",
            r.stderr
        );
        assert_eq!(
            r.status, 0,
            "exit status (aarch64 under qemu); stderr: {}",
            r.stderr
        );
    }
}

/// What an AArch64 Linux cross build needs: qemu, the cross C library and GCC's cross support
/// files (crt objects, libgcc with the unwinder).
struct Cross {
    qemu: PathBuf,
    sysroot: PathBuf,
    gcc_dir: PathBuf,
    gc_shim: PathBuf,
}

/// The machine has no AArch64 build of libgc: the cross-built tests allocate with calloc.
const GC_SHIM: &str = "#include <stdlib.h>
void GC_init(void) {}
void *GC_malloc(size_t n) { return calloc(1, n ? n : 1); }
void *GC_malloc_atomic(size_t n) { return calloc(1, n ? n : 1); }
void *GC_realloc(void *p, size_t n) { return realloc(p, n ? n : 1); }
void GC_free(void *p) { free(p); }
";

fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The cross toolchain, when this machine has one (else cross runs are skipped).
fn cross() -> Option<&'static Cross> {
    static CROSS: OnceLock<Option<Cross>> = OnceLock::new();
    CROSS
        .get_or_init(|| {
            let qemu =
                find_in_path("qemu-aarch64-static").or_else(|| find_in_path("qemu-aarch64"))?;
            let sysroot = PathBuf::from("/usr/aarch64-linux-gnu");
            if !sysroot.join("lib/libc.so.6").is_file() {
                return None;
            }
            let gcc_dir = std::fs::read_dir("/usr/lib/gcc-cross/aarch64-linux-gnu")
                .ok()?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .find(|d| d.join("libgcc_eh.a").is_file())?;
            let dir = scratch();
            let src = dir.join("gc_shim.c");
            std::fs::write(&src, GC_SHIM).ok()?;
            let gc_shim = dir.join("gc_shim.o");
            let ok = Command::new("clang-19")
                .args(["--target=aarch64-linux-gnu", "-c"])
                .arg(&src)
                .arg("-o")
                .arg(&gc_shim)
                .status()
                .ok()?
                .success();
            ok.then_some(Cross {
                qemu,
                sysroot,
                gcc_dir,
                gc_shim,
            })
        })
        .as_ref()
}

/// Builds the module for aarch64-unknown-linux-gnu (release), links it with lld and runs it
/// under qemu; `None` when the machine has no cross toolchain.
pub fn run_aarch64(m: &cir::Module) -> Option<Run> {
    let cross = cross()?;
    let dir = scratch();
    let obj = dir.join("prog.o");
    let exe = dir.join("prog");
    let opts = Options {
        triple: "aarch64-unknown-linux-gnu".into(),
        release: true,
        ..Options::default()
    };
    emit_to_file(m, &opts, Emit::Object, &obj).unwrap_or_else(|e| panic!("codegen failed: {e}"));
    let out = Command::new("clang-19")
        .args([
            "--target=aarch64-linux-gnu",
            "-fuse-ld=lld",
            "--gcc-toolchain=/usr",
        ])
        .arg(format!("-B{}", cross.gcc_dir.display()))
        .arg(format!("-L{}", cross.gcc_dir.display()))
        .arg(format!("-L{}", cross.sysroot.join("lib").display()))
        .arg(&obj)
        .arg(&cross.gc_shim)
        .args(["-lm", "-o"])
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cross link failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&cross.qemu)
        .env("QEMU_LD_PREFIX", &cross.sysroot)
        .arg(&exe)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Some(Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    })
}
