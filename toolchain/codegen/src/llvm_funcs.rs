//! `@llvm` functions: their bodies are LLVM IR text. All of them (with their hoisted
//! `declare` lines) become one text module, parsed once and linked into the program, where
//! they replace the declarations that calls were generated against.

use std::collections::HashSet;
use std::fmt::Write;

use cir::{FuncId, FuncKind, TypeId};
use inkwell::memory_buffer::MemoryBuffer;

use crate::error::{CodegenError, R};
use crate::lower::ModuleGen;

/// The text module and, for error messages, the first line of each function in it.
struct Text {
    ir: String,
    starts: Vec<(usize, String)>,
    /// For each line of `ir` from a function body (1-based): where it is in the source.
    sources: std::collections::HashMap<usize, String>,
}

/// Parses all `@llvm` functions of the module and links them in (nothing when there are none).
pub(crate) fn link_llvm_funcs(g: &ModuleGen<'_, '_>) -> R<()> {
    let Some(text) = build_text(g)? else {
        return Ok(());
    };
    let buf = MemoryBuffer::create_from_memory_range_copy(text.ir.as_bytes(), "llvm_funcs");
    let module =
        g.cx.create_module_from_ir(buf)
            .map_err(|e| parse_error(&text, &e.to_string()))?;
    module.set_triple(&g.module.get_triple());
    module.set_data_layout(&g.module.get_data_layout());
    g.module
        .link_in_module(module)
        .map_err(|e| CodegenError::Link(format!("@llvm functions: {e}")))
}

fn build_text(g: &ModuleGen<'_, '_>) -> R<Option<Text>> {
    let mut declares: Vec<String> = Vec::new();
    let mut seen_declares = HashSet::new();
    let mut defs = Vec::new();
    for id in g.m.func_ids() {
        let FuncKind::Llvm { ir, type_args } = &g.m.func(id).kind else {
            continue;
        };
        let body = substitute_types(g, id, ir, type_args)?;
        let mut lines = Vec::new();
        for (i, line) in body.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.starts_with("declare") {
                if seen_declares.insert(trimmed.to_string()) {
                    declares.push(trimmed.to_string());
                }
            } else {
                lines.push((i, line.to_string()));
            }
        }
        defs.push((id, header(g, id)?, lines));
    }
    if defs.is_empty() {
        return Ok(None);
    }
    let mut ir = String::new();
    for d in &declares {
        let _ = writeln!(ir, "{d}");
    }
    let mut starts = Vec::new();
    let mut sources = std::collections::HashMap::new();
    for (id, head, lines) in defs {
        starts.push((ir.lines().count() + 1, g.m.func(id).name.clone()));
        // A named entry block, so the body's own numbering may start at `%0`, unless the
        // body names its first block itself (multi-block bodies: `entry:` … `loop:` …).
        let labelled = lines
            .iter()
            .map(|(_, l)| l.trim())
            .find(|l| !l.is_empty() && !l.starts_with(';'))
            .is_some_and(is_label);
        let _ = writeln!(ir, "{head} {{");
        if !labelled {
            let _ = writeln!(ir, "entry:");
        }
        let loc = g.m.func(id).loc;
        let file = g.m.files.get(loc.file as usize);
        for (i, l) in lines {
            if let Some(file) = file.filter(|_| loc.line > 0) {
                // the body starts on the line after the `def` (one line, no docstring)
                let at = format!("{file}:{}:", loc.line as usize + 1 + i);
                sources.insert(ir.lines().count() + 1, at);
            }
            let _ = writeln!(ir, "{l}");
        }
        let _ = writeln!(ir, "}}");
    }
    Ok(Some(Text {
        ir,
        starts,
        sources,
    }))
}

/// `define linkonce_odr RET @"NAME"(T1 %a1, …) alwaysinline`.
fn header(g: &ModuleGen<'_, '_>, id: FuncId) -> R<String> {
    let f = g.m.func(id);
    let ret = g.types.lower(f.ret)?.print_to_string().to_string();
    let mut args = Vec::new();
    for a in &f.args {
        let v = g.m.var(*a);
        let ty = g.types.lower(v.ty)?.print_to_string().to_string();
        args.push(format!("{ty} %{}", local_name(&v.name)));
    }
    let name = g.funcs[id.0 as usize]
        .0
        .get_name()
        .to_string_lossy()
        .into_owned();
    Ok(format!(
        "define linkonce_odr {ret} @{}({}) alwaysinline",
        quoted(&name),
        args.join(", ")
    ))
}

/// Replaces each `{=NAME}` with the LLVM type of type argument `NAME`.
fn substitute_types(
    g: &ModuleGen<'_, '_>,
    id: FuncId,
    ir: &str,
    type_args: &[(String, TypeId)],
) -> R<String> {
    let mut out = String::with_capacity(ir.len());
    let mut rest = ir;
    while let Some(start) = rest.find("{=") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let name = after[..end].trim();
        let Some((_, ty)) = type_args.iter().find(|(n, _)| n == name) else {
            return Err(CodegenError::LlvmFunction {
                func: Some(g.m.func(id).name.clone()),
                message: format!("`{{={name}}}` names no type argument"),
            });
        };
        out.push_str(&g.types.lower(*ty)?.print_to_string().to_string());
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Whether an IR line is a block label (`loop:`, `"a b":`, `42:`).
fn is_label(line: &str) -> bool {
    let line = line.split(';').next().unwrap_or("").trim_end();
    let Some(name) = line.strip_suffix(':') else {
        return false;
    };
    (name.starts_with('"') && name.ends_with('"') && name.len() >= 2)
        || (!name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_')))
}

/// A local name as LLVM spells it: bare when it is a valid identifier, quoted otherwise.
fn local_name(name: &str) -> String {
    let bare = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_'));
    if bare {
        name.to_string()
    } else {
        quoted(name)
    }
}

/// A quoted LLVM name with `"`, `\` and non-printable bytes escaped as `\XX`.
fn quoted(name: &str) -> String {
    let mut s = String::from("\"");
    for b in name.bytes() {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            let _ = write!(s, "\\{b:02X}");
        } else {
            s.push(b as char);
        }
    }
    s.push('"');
    s
}

/// A parse error, attributed to the function whose text contains the reported line.
fn parse_error(text: &Text, message: &str) -> CodegenError {
    let line = message
        .split(':')
        .nth(1)
        .and_then(|l| l.trim().parse::<usize>().ok());
    let func = line.and_then(|line| {
        text.starts
            .iter()
            .rev()
            .find(|(start, _)| *start <= line)
            .map(|(_, name)| name.clone())
    });
    // LLVM names its own text (`llvm_funcs:LINE:COL: error: …`); say the source line instead
    let message = match line.and_then(|l| text.sources.get(&l)) {
        Some(at) => {
            let what = message.splitn(4, ':').nth(3).unwrap_or(message).trim();
            format!("{at} {what}")
        }
        None => message.to_string(),
    };
    CodegenError::LlvmFunction { func, message }
}

#[cfg(test)]
mod tests {
    use super::{is_label, local_name, quoted};

    #[test]
    fn labels_are_recognised() {
        assert!(is_label("entry:"));
        assert!(is_label("loop.body: ; comment"));
        assert!(is_label("\"a b\":"));
        assert!(!is_label("%0 = add i64 %a, %b"));
        assert!(!is_label("ret i64 %r"));
    }

    #[test]
    fn names_are_quoted_when_needed() {
        assert_eq!(local_name("self"), "self");
        assert_eq!(local_name("x.1"), "x.1");
        assert_eq!(local_name("a b"), "\"a b\"");
        assert_eq!(local_name("1x"), "\"1x\"");
        assert_eq!(quoted("f[int, str]"), "\"f[int, str]\"");
        assert_eq!(quoted("say \"hi\"\\"), "\"say \\22hi\\22\\5C\"");
        assert_eq!(quoted("é"), "\"\\C3\\A9\"");
    }
}
