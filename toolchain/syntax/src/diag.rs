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
/// and column), the source line with the span underlined, each label the same way (as a
/// `note`), and a final `help: …` line if there is a hint. With `color`, ANSI escapes
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
    write_located(out, map, diag.file, diag.span, severity, &diag.message, '^')?;
    for label in &diag.labels {
        let note = ("note", Color::Blue);
        write_located(out, map, label.file, label.span, note, &label.message, '-')?;
    }
    if let Some(help) = &diag.help {
        out.set_color(ColorSpec::new().set_fg(Some(Color::Cyan)).set_bold(true))?;
        write!(out, "help")?;
        out.reset()?;
        writeln!(out, ": {help}")?;
    }
    Ok(())
}

/// Writes `FILE:LINE:COL: KIND: MESSAGE` and the snippet for one location.
fn write_located(
    out: &mut Buffer,
    map: &SourceMap,
    file: FileId,
    span: Span,
    (kind, kind_color): (&str, Color),
    message: &str,
    underline: char,
) -> std::io::Result<()> {
    let Some(source) = map.files().get(file.0) else {
        return writeln!(out, "<unknown>: {kind}: {message}");
    };
    let (line, col) = source.line_col(span.start);
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
    writeln!(out, "{}", expand_tabs(text))?;

    // Underline from the start column to the span's end, or to the end of the line.
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
    out.set_color(&blue)?;
    write!(out, "{:gutter$} | ", "")?;
    out.set_color(ColorSpec::new().set_fg(Some(kind_color)).set_bold(true))?;
    writeln!(out, "{:pad$}{}", "", underline.to_string().repeat(width))?;
    out.reset()
}

/// How many columns `chars` take when tabs are shown as four spaces.
fn display_width(chars: &[char]) -> usize {
    chars.iter().map(|&c| if c == '\t' { 4 } else { 1 }).sum()
}

fn expand_tabs(text: &str) -> String {
    text.replace('\t', "    ")
}
