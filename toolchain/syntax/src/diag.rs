//! Diagnostics: errors located in source files, the table of loaded files they point into,
//! and rendering them as text with source snippets.

use std::io::Write;

use codespan_reporting::term::termcolor::{Buffer, Color, ColorSpec, WriteColor};

use crate::span::{SourceFile, Span};

/// Index of a file in a [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FileId(pub usize);

/// Every source file loaded in one compilation, so diagnostics can name file, line and column.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Adds a file and returns its id.
    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() - 1)
    }

    /// The file with this id.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0]
    }

    /// How many files are loaded.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether no file is loaded.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// All files, in the order they were added (a file's index is its [`FileId`]).
    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// A secondary location with a message ("first assigned here").
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub file: FileId,
    pub span: Span,
    pub message: String,
}

/// One error or warning at a location in a source file.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: FileId,
    pub span: Span,
    pub message: String,
    /// Other places worth showing.
    pub labels: Vec<Label>,
    /// A hint line (`did you mean 'startswith'?`).
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error at `span` in `file`.
    pub fn error(file: FileId, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            file,
            span,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// Adds a hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a secondary location.
    pub fn with_label(mut self, file: FileId, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            file,
            span,
            message: message.into(),
        });
        self
    }
}

/// Renders a diagnostic as text: a first line `FILE:LINE:COL: error: MESSAGE` (1-based line
/// and column), the source line with the span underlined, the labels on that same line
/// underlined below it with their messages, each other label as a `note` with its own
/// snippet, and a final `help: …` line if there is a hint. With `color`, ANSI escapes
/// highlight the parts.
pub fn render(diag: &Diagnostic, map: &SourceMap, color: bool) -> String {
    let mut out = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    // Writing into an in-memory buffer cannot fail.
    let _ = write_diagnostic(&mut out, diag, map);
    String::from_utf8_lossy(out.as_slice()).into_owned()
}

fn write_diagnostic(out: &mut Buffer, diag: &Diagnostic, map: &SourceMap) -> std::io::Result<()> {
    let severity = match diag.severity {
        Severity::Error => ("error", Color::Red),
        Severity::Warning => ("warning", Color::Yellow),
    };
    let line_of = |file: FileId, span: Span| {
        map.files()
            .get(file.0)
            .map(|source| (file, source.line_col(span.start).0))
    };
    let primary_line = line_of(diag.file, diag.span);
    let (inline, notes): (Vec<&Label>, Vec<&Label>) = diag
        .labels
        .iter()
        .partition(|l| primary_line.is_some() && line_of(l.file, l.span) == primary_line);
    let primary = Marked {
        file: diag.file,
        span: diag.span,
        underline: '^',
        message: "",
    };
    let inline: Vec<Marked> = inline
        .iter()
        .map(|l| Marked {
            file: l.file,
            span: l.span,
            underline: '-',
            message: &l.message,
        })
        .collect();
    write_located(out, map, &primary, severity, &diag.message, &inline)?;
    for label in notes {
        let note = Marked {
            file: label.file,
            span: label.span,
            underline: '-',
            message: "",
        };
        write_located(out, map, &note, ("note", Color::Blue), &label.message, &[])?;
    }
    if let Some(help) = &diag.help {
        out.set_color(ColorSpec::new().set_fg(Some(Color::Cyan)).set_bold(true))?;
        write!(out, "help")?;
        out.reset()?;
        writeln!(out, ": {help}")?;
    }
    Ok(())
}

/// A span to underline with `underline`, and the text written after the underline.
struct Marked<'a> {
    file: FileId,
    span: Span,
    underline: char,
    message: &'a str,
}

/// Writes `FILE:LINE:COL: KIND: MESSAGE` for `main`, its source line, the underline of
/// `main` and then one underline line for each of `extra` (spans on the same line).
fn write_located(
    out: &mut Buffer,
    map: &SourceMap,
    main: &Marked,
    (kind, kind_color): (&str, Color),
    message: &str,
    extra: &[Marked],
) -> std::io::Result<()> {
    let Some(source) = map.files().get(main.file.0) else {
        return writeln!(out, "<unknown>: {kind}: {message}");
    };
    let (line, col) = source.line_col(main.span.start);
    out.set_color(ColorSpec::new().set_bold(true))?;
    write!(out, "{}:{line}:{col}: ", source.name)?;
    out.set_color(ColorSpec::new().set_fg(Some(kind_color)).set_bold(true))?;
    write!(out, "{kind}")?;
    out.set_color(ColorSpec::new().set_bold(true))?;
    writeln!(out, ": {message}")?;
    out.reset()?;

    let text = source.line_text(line);
    let gutter = line.to_string().len();
    let blue = ColorSpec::new()
        .set_fg(Some(Color::Blue))
        .set_bold(true)
        .clone();
    out.set_color(&blue)?;
    writeln!(out, "{:gutter$} |", "")?;
    write!(out, "{line} | ")?;
    out.reset()?;
    let window = Window::around(text, source.line_col(main.span.start).1);
    writeln!(out, "{}", window.shown)?;

    for (marked, color) in
        std::iter::once((main, kind_color)).chain(extra.iter().map(|m| (m, Color::Blue)))
    {
        let (pad, width) = underline_extent(source, line, marked.span);
        let (pad, width) = window.shift(pad, width);
        out.set_color(&blue)?;
        write!(out, "{:gutter$} | ", "")?;
        out.set_color(ColorSpec::new().set_fg(Some(color)).set_bold(true))?;
        write!(
            out,
            "{}{}",
            " ".repeat(pad),
            marked.underline.to_string().repeat(width)
        )?;
        if !marked.message.is_empty() {
            write!(out, " {}", marked.message)?;
        }
        out.reset()?;
        writeln!(out)?;
    }
    Ok(())
}

/// Longest source line shown whole; longer ones are cut to a window around the error.
const MAX_SHOWN_LINE: usize = 120;

/// The part of a source line that a snippet shows (tabs expanded): all of it, or for a long
/// line a window around the error's column with `…` where text was cut.
struct Window {
    shown: String,
    /// Display columns cut from the start, less the width of the leading `…`.
    cut: usize,
}

impl Window {
    fn around(text: &str, col: usize) -> Self {
        let chars: Vec<char> = text.chars().collect();
        if display_width(&chars) <= MAX_SHOWN_LINE {
            return Window {
                shown: expand_tabs(text),
                cut: 0,
            };
        }
        let start = col
            .saturating_sub(1)
            .min(chars.len())
            .saturating_sub(MAX_SHOWN_LINE / 3);
        let end = (start + MAX_SHOWN_LINE).min(chars.len());
        let mut shown = String::new();
        if start > 0 {
            shown.push('…');
        }
        shown.push_str(&expand_tabs(&chars[start..end].iter().collect::<String>()));
        if end < chars.len() {
            shown.push('…');
        }
        Window {
            shown,
            cut: display_width(&chars[..start]).saturating_sub(usize::from(start > 0)),
        }
    }

    /// An underline's padding and width within the window.
    fn shift(&self, pad: usize, width: usize) -> (usize, usize) {
        if pad >= self.cut {
            (pad - self.cut, width.min(MAX_SHOWN_LINE + 2))
        } else {
            (
                0,
                width
                    .saturating_sub(self.cut - pad)
                    .clamp(1, MAX_SHOWN_LINE + 2),
            )
        }
    }
}

/// Where the underline of `span` goes on source line `line` (on which `span` starts): the
/// columns before it and its width, to the span's end or the end of the line.
fn underline_extent(source: &SourceFile, line: usize, span: Span) -> (usize, usize) {
    let text = source.line_text(line);
    let (_, col) = source.line_col(span.start);
    let (end_line, end_col) = source.line_col(span.end);
    let chars: Vec<char> = text.chars().collect();
    let start_idx = (col - 1).min(chars.len());
    let end_idx = if end_line == line {
        (end_col - 1).clamp(start_idx, chars.len())
    } else {
        chars.len()
    };
    let pad = display_width(&chars[..start_idx]);
    let width = display_width(&chars[start_idx..end_idx]).max(1);
    (pad, width)
}

/// How many columns `chars` take when tabs are shown as four spaces.
fn display_width(chars: &[char]) -> usize {
    chars.iter().map(|&c| if c == '\t' { 4 } else { 1 }).sum()
}

fn expand_tabs(text: &str) -> String {
    text.replace('\t', "    ")
}
