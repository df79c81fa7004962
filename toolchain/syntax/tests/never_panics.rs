//! The parser returns a value (a module or diagnostics) for every input: truncated and
//! mutated variants of a sample program must never panic, and every diagnostic must point
//! inside the file and render.

use std::panic::{catch_unwind, AssertUnwindSafe};

use syntax::{lexer, parse, render, FileId, SourceFile, SourceMap};

const SAMPLE: &str = r#"# A sample touching most of the grammar.
from ..pkg import (a as b, c)
import os.path as p

@llvm
def add(self: int, other: int) -> int:
    """Adds."""
    %tmp = add i64 %self, %other
    ret i64 %tmp

class Stack[T](Base, metaclass=Meta):
    items: list[T] = []

    @property
    def top(self, /, k=1, *args, key=None, **kw) -> T:
        return self.items[-1:][0] if self.items else None

async def main(xs):
    total = 0
    for i, (x, *rest) in enumerate(xs):
        if x and not rest or i % 2 == 0:
            total += x ** -2 // 3
        elif (y := x) is not None:
            continue
        else:
            break
    else:
        pass
    while total > 10:
        total >>= 1
    try:
        async with open(p) as f, lock:
            data = await f.read()
    except* (ValueError, KeyError) as e:
        raise RuntimeError("bad") from e
    finally:
        del total
    match data:
        case [1, 2, *others] if others:
            print(f"{others!r:>{width}} {data=} {{literal}}")
        case {"k": v, **kw} | Point(x=0, y=_) as pt:
            yield from v
        case -1 + 2j | None | Color.RED:
            pass
        case _:
            assert False, 'unreachable'
    squares = {k: v * v for k, v in zip(a, b) if v}
    gen = (n for n in range(10) if n & 1)
    lam = lambda q, *a, **k: (q, a, k)
    s = 'a' "b" r'\d' '''x
y'''
    bs = b'\x00' rb"\n"
    return [*squares, *gen], 0x_ff + 0o7 + 0b1 + 1_000.5e-3 + 3j
"#;

/// A tiny deterministic pseudo-random generator (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % bound.max(1)
    }
}

fn check(src: &str) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut map = SourceMap::default();
        let id = map.add(SourceFile::new("fuzz.py", src));
        if let Err(diags) = parse(src, id) {
            assert!(!diags.is_empty());
            for d in &diags {
                assert!(
                    d.span.start <= d.span.end && d.span.end as usize <= src.len(),
                    "{d:?}"
                );
                assert!(!d.message.is_empty());
                assert!(render(d, &map, false).starts_with("fuzz.py:"));
            }
        }
    }));
    if result.is_err() {
        panic!("parser panicked on input:\n{src}\n(debug: {src:?})");
    }
}

fn char_boundaries(src: &str) -> Vec<usize> {
    src.char_indices()
        .map(|(i, _)| i)
        .chain([src.len()])
        .collect()
}

#[test]
fn sample_parses() {
    if let Err(e) = parse(SAMPLE, FileId(0)) {
        panic!("{e:?}");
    }
}

#[test]
fn truncated_programs() {
    let cuts = char_boundaries(SAMPLE);
    for &cut in cuts.iter().step_by(3) {
        check(&SAMPLE[..cut]);
        check(&SAMPLE[cut..]);
    }
}

#[test]
fn token_mutations() {
    let tokens = lexer::tokenize(SAMPLE, FileId(0)).tokens;
    let spans: Vec<(usize, usize)> = tokens
        .iter()
        .map(|t| (t.span.start as usize, t.span.end as usize))
        .filter(|(s, e)| s < e)
        .collect();
    let mut rng = Lcg(42);
    for _ in 0..400 {
        let (s, e) = spans[rng.next(spans.len())];
        let (s2, e2) = spans[rng.next(spans.len())];
        let mutated = match rng.next(4) {
            0 => format!("{}{}", &SAMPLE[..s], &SAMPLE[e..]),
            1 => format!("{}{}", &SAMPLE[..e], &SAMPLE[s..]),
            2 => format!("{}{}{}", &SAMPLE[..s], &SAMPLE[s2..e2], &SAMPLE[e..]),
            _ => format!(
                "{}{}{}",
                &SAMPLE[..s],
                &SAMPLE[s..e].repeat(3),
                &SAMPLE[e..]
            ),
        };
        check(&mutated);
    }
}

#[test]
fn character_insertions() {
    const PALETTE: &[&str] = &[
        "(", ")", "[", "]", "{", "}", "\"", "'", "\"\"\"", "\\", "\n", "\t", "    ", ":", ",", "*",
        "**", "=", ":=", "#", "f\"{", "}\"", "@llvm\n", "é", "\u{feff}", "\r", "\0", "!", "$",
        "0x", "1e", "_", "lambda", "match ", "case ", "yield ", "not ", "else", "\\N{", "%",
    ];
    let cuts = char_boundaries(SAMPLE);
    let mut rng = Lcg(7);
    for _ in 0..600 {
        let at = cuts[rng.next(cuts.len())];
        let insert = PALETTE[rng.next(PALETTE.len())];
        check(&format!("{}{}{}", &SAMPLE[..at], insert, &SAMPLE[at..]));
    }
}

#[test]
fn odd_inputs() {
    for src in [
        "",
        "\n",
        "\\",
        "\\\n",
        "(",
        ")",
        "'",
        "\"\"\"",
        "f'",
        "f'{",
        "f'{x",
        "f'{x!",
        "f'{x:",
        "f'{x:{",
        "f'{x=",
        "@",
        "@llvm",
        "@llvm\n",
        "@llvm\ndef",
        "@llvm\ndef f():",
        "@llvm\ndef f():\n",
        "@llvm\ndef f():\n    x",
        "@llvm\ndef f():\n\n\n",
        "\t",
        "\x0c",
        "  \n\t\n",
        "match",
        "match x:",
        "match x:\n",
        "match x:\n case",
        "case x:",
        "lambda",
        "lambda *",
        "def f(",
        "def f(*, **",
        "class",
        "0x",
        "0b2",
        "1e",
        "1e+",
        ".",
        "...",
        "from",
        "from .",
        "from . import",
        "import",
        "if",
        "if x:",
        "try:",
        "try:\n pass\nexcept*",
        "with (",
        "with (a as b",
        "x = [i for",
        "x = {**",
        "é",
        "日本 = 1",
        "\u{feff}",
        "\u{feff}\u{feff}",
        "\r\r\n",
        "a = b'\\xff' u'x'",
        "'\\",
        "'''\\",
        "f'''{\n",
        "\0",
    ] {
        check(src);
    }
}
