//! Output kinds, targets, linkage and error reporting.

mod common;

use cir::{FuncKind, TypeKind, ValueKind};
use codegen::{emit_to_file, emit_to_string, CodegenError, Emit, Options};
use common::{expect_output, B};

/// `def twice(x): return x + x` plus a main printing `twice(21)`.
fn small_program() -> B {
    let mut b = B::new();
    let int = b.int;
    let (twice, args) = b.func("twice[int, int] weird name", &[("x", int)], int);
    let (x1, x2) = (b.get(args[0]), b.get(args[0]));
    let s = b.add(x1, x2);
    let r = b.ret(Some(s));
    b.body(twice, vec![], vec![r]);
    let n = b.int(21);
    let c = b.call(twice, vec![n]);
    let p = b.print_int(c);
    b.main(vec![], vec![p]);
    b
}

fn host(release: bool) -> Options {
    Options {
        release,
        ..Options::default()
    }
}

#[test]
fn llvm_ir_text() {
    let b = small_program();
    let ir = emit_to_string(&b.m, &host(false), Emit::LlvmIr).unwrap();
    assert!(ir.contains("define i32 @main(i32"), "{ir}");
    assert!(
        ir.contains("define internal i64 @\"twice[int, int] weird name\"(i64"),
        "{ir}"
    );
    // The program's own main function was renamed away from the entry point.
    assert!(ir.contains("@main.1()"), "{ir}");
    assert!(ir.contains("call void @seq_init(i32"), "{ir}");
    // Debug builds keep the @llvm function (always-inlined into callers, then unused).
    assert!(!ir.contains("@\"int.__add__\"(i64 %"), "{ir}");
    assert!(ir.contains("add i64"), "{ir}");
}

#[test]
fn release_builds_fold_the_program() {
    let b = small_program();
    let ir = emit_to_string(&b.m, &host(true), Emit::LlvmIr).unwrap();
    // `twice` and the `@llvm` add are inlined and folded away; the runtime is merged in and
    // internalized.
    assert!(!ir.contains("twice"), "{ir}");
    assert!(!ir.contains("int.__add__"), "{ir}");
    assert!(ir.contains("define internal"), "{ir}");
    assert!(!ir.contains("declare void @seq_write"), "{ir}");
}

#[test]
fn assembly_text() {
    let b = small_program();
    let asm = emit_to_string(&b.m, &host(false), Emit::Asm).unwrap();
    assert!(asm.contains("main:"), "{asm}");
}

#[test]
fn binary_outputs_are_not_text() {
    let b = small_program();
    assert_eq!(
        emit_to_string(&b.m, &host(false), Emit::Object),
        Err(CodegenError::NotText(Emit::Object))
    );
    assert_eq!(
        emit_to_string(&b.m, &host(false), Emit::Bitcode),
        Err(CodegenError::NotText(Emit::Bitcode))
    );
}

fn scratch_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("codegen-emit-{}-{name}", std::process::id()))
}

#[test]
fn aarch64_object_is_an_aarch64_elf() {
    let b = small_program();
    let opts = Options {
        triple: "aarch64-unknown-linux-gnu".into(),
        release: true,
        ..Options::default()
    };
    let path = scratch_file("aarch64.o");
    emit_to_file(&b.m, &opts, Emit::Object, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(&bytes[..4], b"\x7fELF");
    assert_eq!(
        u16::from_le_bytes([bytes[18], bytes[19]]),
        183,
        "e_machine is EM_AARCH64"
    );
}

#[test]
fn bitcode_and_ir_files() {
    let b = small_program();
    let bc = scratch_file("prog.bc");
    emit_to_file(&b.m, &host(false), Emit::Bitcode, &bc).unwrap();
    let bytes = std::fs::read(&bc).unwrap();
    std::fs::remove_file(&bc).unwrap();
    assert_eq!(&bytes[..4], b"BC\xc0\xde");
    let ll = scratch_file("prog.ll");
    emit_to_file(&b.m, &host(false), Emit::LlvmIr, &ll).unwrap();
    let text = std::fs::read_to_string(&ll).unwrap();
    std::fs::remove_file(&ll).unwrap();
    assert!(text.contains("define i32 @main("));
}

#[test]
fn exported_functions_keep_external_linkage() {
    let mut b = small_program();
    let int = b.int;
    let (api, args) = b.func("api", &[("x", int)], int);
    let x = b.get(args[0]);
    let r = b.ret(Some(x));
    b.body(api, vec![], vec![r]);
    b.m.func_mut(api).attrs.push("export".into());
    let ir = emit_to_string(&b.m, &host(true), Emit::LlvmIr).unwrap();
    assert!(ir.contains("define i64 @api(i64"), "{ir}");
}

#[test]
fn generators_are_split_into_coroutines() {
    let mut b = B::new();
    let int = b.int;
    let gen_int = b.m.ty("Generator[int]", TypeKind::Generator(int));
    let (g, _) = b.func("gen", &[], gen_int);
    let one = b.int(1);
    let y = b.flow(ValueKind::Yield(Some(one)));
    b.gen_body(g, vec![], vec![y]);
    let c = b.call(g, vec![]);
    let x = b.local("x", int);
    let xv = b.get(x);
    let p = b.print_int(xv);
    let body = b.series(vec![p]);
    let f = b.flow(ValueKind::For {
        iter: c,
        var: x,
        body,
    });
    b.main(vec![x], vec![f]);
    let ir = emit_to_string(&b.m, &host(false), Emit::LlvmIr).unwrap();
    assert!(ir.contains("@gen.resume"), "{ir}");
    assert!(ir.contains("@gen.destroy"), "{ir}");
    assert!(!ir.contains("llvm.coro.suspend"), "{ir}");
}

#[test]
fn llvm_functions_with_type_arguments_and_declares() {
    let mut b = B::new();
    let int = b.int;
    let popcount = b.llvm_fn(
        "popcount",
        &[("self", int)],
        int,
        "declare i64 @llvm.ctpop.i64(i64)\n%r = call i64 @llvm.ctpop.i64(i64 %self)\nret i64 %r",
    );
    let double = b.llvm_fn(
        "double_popcount",
        &[("self", int)],
        int,
        "declare i64 @llvm.ctpop.i64(i64)\n%r = call {=T} @llvm.ctpop.i64({=T} %self)\n%d = add {=T} %r, %r\nret {=T} %d",
    );
    if let FuncKind::Llvm { type_args, .. } = &mut b.m.func_mut(double).kind {
        type_args.push(("T".into(), int));
    }
    let n = b.int(0b1011);
    let c = b.call(popcount, vec![n]);
    let p1 = b.print_int(c);
    let n = b.int(0b111);
    let c = b.call(double, vec![n]);
    let p2 = b.print_int(c);
    b.main(vec![], vec![p1, p2]);
    expect_output(&b.m, "3\n6\n");
}

#[test]
fn invalid_llvm_function_names_the_function() {
    let mut b = B::new();
    let int = b.int;
    let f = b.llvm_fn(
        "broken",
        &[("self", int)],
        int,
        "%r = frobnicate i64 %self\nret i64 %r",
    );
    let n = b.int(1);
    let c = b.call(f, vec![n]);
    let p = b.print_int(c);
    b.main(vec![], vec![p]);
    match emit_to_string(&b.m, &host(false), Emit::LlvmIr) {
        Err(CodegenError::LlvmFunction {
            func: Some(name), ..
        }) => assert_eq!(name, "broken"),
        other => panic!("expected an @llvm function error, got {other:?}"),
    }
}

#[test]
fn unknown_triples_are_target_errors() {
    let b = small_program();
    let opts = Options {
        triple: "nonsense-unknown-nowhere".into(),
        ..Options::default()
    };
    let err = emit_to_string(&b.m, &opts, Emit::LlvmIr).unwrap_err();
    assert!(matches!(err, CodegenError::Target(_)), "{err}");
}

#[test]
fn malformed_cir_is_an_error_not_a_panic() {
    // break outside a loop
    let mut b = B::new();
    let brk = b.flow(ValueKind::Break);
    b.main(vec![], vec![brk]);
    let err = emit_to_string(&b.m, &host(false), Emit::LlvmIr).unwrap_err();
    assert!(matches!(err, CodegenError::Unsupported(_)), "{err}");
    assert!(err.to_string().contains("break"), "{err}");
    // assigning a str to an int variable
    let mut b = B::new();
    let int = b.int;
    let x = b.local("x", int);
    let s = b.strc("no");
    let a = b.set(x, s);
    b.main(vec![x], vec![a]);
    let err = emit_to_string(&b.m, &host(false), Emit::LlvmIr).unwrap_err();
    assert!(err.to_string().contains("`x`"), "{err}");
    // yield outside a generator
    let mut b = B::new();
    let one = b.int(1);
    let y = b.flow(ValueKind::Yield(Some(one)));
    b.main(vec![], vec![y]);
    assert!(matches!(
        emit_to_string(&b.m, &host(false), Emit::LlvmIr),
        Err(CodegenError::Unsupported(_))
    ));
}
