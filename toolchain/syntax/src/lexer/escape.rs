//! Decoding the text of string and bytes literals: escapes, line continuations, newlines.

use crate::diag::{Diagnostic, FileId};
use crate::span::Span;

/// Decodes the contents of a `str` literal (or a literal piece of an f-string); `base` is the
/// offset of `text` in the file, for error locations.
pub(crate) fn decode_str(
    text: &str,
    base: usize,
    raw: bool,
    file: FileId,
) -> Result<String, Diagnostic> {
    let mut out = String::with_capacity(text.len());
    decode(text, base, raw, false, file, |unit| match unit {
        Unit::Char(c) => out.push(c),
        Unit::Byte(b) => out.push(char::from(b)),
    })?;
    Ok(out)
}

/// Decodes the contents of a `bytes` literal, which may only contain ASCII characters.
pub(crate) fn decode_bytes(
    text: &str,
    base: usize,
    raw: bool,
    file: FileId,
) -> Result<Vec<u8>, Diagnostic> {
    if let Some((i, _)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        let span = Span::new(base + i, base + i + 1);
        return Err(Diagnostic::error(
            file,
            span,
            "bytes can only contain ASCII literal characters",
        ));
    }
    let mut out = Vec::with_capacity(text.len());
    decode(text, base, raw, true, file, |unit| match unit {
        // Only ASCII characters reach here (checked above), so the cast is exact.
        Unit::Char(c) => out.push(c as u8),
        Unit::Byte(b) => out.push(b),
    })?;
    Ok(out)
}

/// One decoded piece: a character, or a byte from a `\x`/octal escape.
enum Unit {
    Char(char),
    Byte(u8),
}

fn decode(
    text: &str,
    base: usize,
    raw: bool,
    bytes: bool,
    file: FileId,
    mut emit: impl FnMut(Unit),
) -> Result<(), Diagnostic> {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\r' {
            // Newlines in the source are `\n` in the value, however the file spells them.
            if chars.peek().is_some_and(|&(_, n)| n == '\n') {
                chars.next();
            }
            emit(Unit::Char('\n'));
            continue;
        }
        if c != '\\' || raw {
            emit(Unit::Char(c));
            continue;
        }
        let Some((_, e)) = chars.next() else {
            emit(Unit::Char('\\'));
            break;
        };
        let err = |len: usize, msg: &str| {
            let span = Span::new(base + i, base + i + len);
            Err(Diagnostic::error(file, span, msg.to_string()))
        };
        match e {
            '\n' => {}
            '\r' => {
                if chars.peek().is_some_and(|&(_, n)| n == '\n') {
                    chars.next();
                }
            }
            '\\' | '\'' | '"' => emit(Unit::Char(e)),
            'a' => emit(Unit::Char('\x07')),
            'b' => emit(Unit::Char('\x08')),
            'f' => emit(Unit::Char('\x0c')),
            'n' => emit(Unit::Char('\n')),
            'r' => emit(Unit::Char('\r')),
            't' => emit(Unit::Char('\t')),
            'v' => emit(Unit::Char('\x0b')),
            '0'..='7' => {
                let mut value = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|&(_, d)| d.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                if bytes {
                    emit(Unit::Byte((value & 0xff) as u8));
                } else {
                    emit(Unit::Char(char::from_u32(value).unwrap_or('\u{fffd}')));
                }
            }
            'x' | 'u' | 'U' if e == 'x' || !bytes => {
                let (len, name) = match e {
                    'x' => (2, "\\xXX"),
                    'u' => (4, "\\uXXXX"),
                    _ => (8, "\\UXXXXXXXX"),
                };
                let mut value: u32 = 0;
                for n in 0..len {
                    match chars.peek().and_then(|&(_, d)| d.to_digit(16)) {
                        Some(d) => {
                            value = value * 16 + d;
                            chars.next();
                        }
                        None => {
                            return err(n + 2, &format!("(unicode error) truncated {name} escape"))
                        }
                    }
                }
                if bytes {
                    emit(Unit::Byte(value as u8));
                } else {
                    match char::from_u32(value) {
                        Some(ch) => emit(Unit::Char(ch)),
                        None if (0xd800..0xe000).contains(&value) => {
                            return err(
                                len + 2,
                                "surrogate code points are not supported in string literals",
                            )
                        }
                        None => return err(len + 2, "(unicode error) illegal Unicode character"),
                    }
                }
            }
            'N' if !bytes => return err(2, "\\N{...} escapes are not supported"),
            other => {
                // Unknown escapes keep their backslash, as in Python.
                emit(Unit::Char('\\'));
                emit(Unit::Char(other));
            }
        }
    }
    Ok(())
}
