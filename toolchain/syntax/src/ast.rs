//! The abstract syntax tree of a Codon-dialect source file.
//!
//! It follows Python 3.11's grammar closely; every node carries the byte [`Span`] of the
//! source it came from so that later stages can point at it in diagnostics.

use crate::span::Span;

/// A parsed source file: its top-level statements.
#[derive(Debug, Clone, PartialEq)]
pub struct Module {
    pub body: Vec<Stmt>,
}

/// A statement with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// An identifier with its location (function, class, parameter and attribute names).
#[derive(Debug, Clone, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// The kinds of statement.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// An expression evaluated for its effect.
    Expr(Expr),
    /// `a = b = value`: one or more targets, each a name, attribute, subscript, tuple/list or starred.
    Assign {
        targets: Vec<Expr>,
        value: Expr,
    },
    /// `target op= value`.
    AugAssign {
        target: Expr,
        op: BinOp,
        value: Expr,
    },
    /// `target: annotation [= value]`.
    AnnAssign {
        target: Expr,
        annotation: Expr,
        value: Option<Expr>,
    },
    /// `def` (or `async def`), including `@llvm` functions.
    FunctionDef(Box<FunctionDef>),
    /// `class`.
    ClassDef(Box<ClassDef>),
    Return(Option<Expr>),
    Delete(Vec<Expr>),
    Pass,
    Break,
    Continue,
    If {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    While {
        test: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
    },
    For {
        target: Expr,
        iter: Expr,
        body: Vec<Stmt>,
        orelse: Vec<Stmt>,
        is_async: bool,
        /// `@par` / `@par(...)` above the loop: run its iterations on several threads.
        par: Option<Box<ParSpec>>,
    },
    With {
        items: Vec<WithItem>,
        body: Vec<Stmt>,
        is_async: bool,
    },
    Try {
        body: Vec<Stmt>,
        handlers: Vec<ExceptHandler>,
        orelse: Vec<Stmt>,
        finalbody: Vec<Stmt>,
        is_star: bool,
    },
    Raise {
        exc: Option<Expr>,
        cause: Option<Expr>,
    },
    Assert {
        test: Expr,
        msg: Option<Expr>,
    },
    /// `import a.b.c [as d], …`.
    Import(Vec<Alias>),
    /// `from [.]*module import names`; `level` counts the leading dots; `*` is an alias named `*`.
    ImportFrom {
        module: Option<String>,
        names: Vec<Alias>,
        level: u32,
    },
    Global(Vec<Ident>),
    Nonlocal(Vec<Ident>),
    Match {
        subject: Expr,
        cases: Vec<MatchCase>,
    },
}

/// How an `@par` loop's iterations are handed to threads (OpenMP's `schedule` clause).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParSchedule {
    /// Equal contiguous blocks (or blocks of `chunk_size` dealt round-robin).
    Static,
    /// Chunks handed to whichever thread asks next.
    Dynamic,
    /// Like dynamic, with chunks shrinking as the work runs out.
    Guided,
    /// The OpenMP runtime chooses.
    Auto,
    /// Taken from `OMP_SCHEDULE` at run time.
    Runtime,
}

impl ParSchedule {
    /// The schedule named `name` as written in `schedule='…'` or a pragma.
    pub fn from_name(name: &str) -> Option<ParSchedule> {
        Some(match name {
            "static" => ParSchedule::Static,
            "dynamic" => ParSchedule::Dynamic,
            "guided" => ParSchedule::Guided,
            "auto" => ParSchedule::Auto,
            "runtime" => ParSchedule::Runtime,
            _ => return None,
        })
    }

    /// The name as written in source.
    pub fn name(self) -> &'static str {
        match self {
            ParSchedule::Static => "static",
            ParSchedule::Dynamic => "dynamic",
            ParSchedule::Guided => "guided",
            ParSchedule::Auto => "auto",
            ParSchedule::Runtime => "runtime",
        }
    }
}

/// The clauses of an `@par` loop: `@par(schedule='dynamic', chunk_size=100, num_threads=4,
/// ordered=False, collapse=2)` or the pragma form `@par('schedule(dynamic, 100)')`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParSpec {
    pub schedule: ParSchedule,
    /// Iterations per chunk (an `int` expression evaluated before the loop).
    pub chunk_size: Option<Expr>,
    /// Threads of the parallel region (an `int` expression evaluated before the loop).
    pub num_threads: Option<Expr>,
    pub ordered: bool,
    /// How many perfectly nested loops share one iteration space (1: only this loop).
    pub collapse: u32,
    /// The decorator.
    pub span: Span,
}

/// A function definition.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    pub name: Ident,
    /// Explicit generic parameters: `def f[T](x: T)`.
    pub type_params: Vec<Ident>,
    pub params: Parameters,
    pub returns: Option<Expr>,
    pub decorators: Vec<Expr>,
    pub body: FunctionBody,
    pub is_async: bool,
}

/// The body of a function: ordinary statements, or raw LLVM IR for `@llvm` functions.
#[derive(Debug, Clone, PartialEq)]
pub enum FunctionBody {
    Stmts(Vec<Stmt>),
    /// The raw text of an `@llvm` function's body (its lines with the common indentation removed).
    /// A leading docstring, if any, is dropped.
    Llvm {
        ir: String,
        span: Span,
    },
}

/// All parameters of a function or lambda.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Parameters {
    /// Positional-only parameters (before `/`).
    pub posonly: Vec<Param>,
    /// Ordinary positional-or-keyword parameters.
    pub args: Vec<Param>,
    /// `*args`.
    pub vararg: Option<Param>,
    /// Keyword-only parameters (after `*` or `*args`).
    pub kwonly: Vec<Param>,
    /// `**kwargs`.
    pub kwarg: Option<Param>,
}

impl Parameters {
    /// Every parameter in order: positional-only, ordinary, `*args`, keyword-only, `**kwargs`.
    pub fn all(&self) -> impl Iterator<Item = &Param> {
        self.posonly
            .iter()
            .chain(&self.args)
            .chain(&self.vararg)
            .chain(&self.kwonly)
            .chain(&self.kwarg)
    }
}

/// One parameter: name, optional annotation and default.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: Ident,
    pub annotation: Option<Expr>,
    pub default: Option<Expr>,
}

/// A class definition.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    pub name: Ident,
    /// Generic parameters: `class A[T, U]`.
    pub type_params: Vec<Ident>,
    pub bases: Vec<Expr>,
    pub keywords: Vec<Keyword>,
    pub decorators: Vec<Expr>,
    pub body: Vec<Stmt>,
}

/// `expr [as target]` in a `with` statement.
#[derive(Debug, Clone, PartialEq)]
pub struct WithItem {
    pub context: Expr,
    pub target: Option<Expr>,
}

/// `except [Type [as name]]: body`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExceptHandler {
    pub typ: Option<Expr>,
    pub name: Option<Ident>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// `name [as asname]` in an import.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias {
    /// Dotted name, e.g. `os.path`.
    pub name: String,
    pub asname: Option<Ident>,
    pub span: Span,
}

/// `case pattern [if guard]: body`.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchCase {
    pub pattern: Pattern,
    pub guard: Option<Expr>,
    pub body: Vec<Stmt>,
}

/// A `match` pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

/// The kinds of `match` pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternKind {
    /// A literal or dotted constant compared with `==`.
    Value(Expr),
    /// `None`, `True`, `False`, compared with `is`.
    Singleton(Expr),
    /// `[a, b, *rest]` or `(a, b)`.
    Sequence(Vec<Pattern>),
    /// `{key: pattern, **rest}`.
    Mapping {
        keys: Vec<Expr>,
        patterns: Vec<Pattern>,
        rest: Option<Ident>,
    },
    /// `Cls(a, b, x=c)`.
    Class {
        cls: Expr,
        patterns: Vec<Pattern>,
        kwd_names: Vec<Ident>,
        kwd_patterns: Vec<Pattern>,
    },
    /// `*name` (or `*_`) inside a sequence pattern.
    Star(Option<Ident>),
    /// `pattern as name`, or a bare capture `name` (pattern `None`), or `_` (both `None`).
    As {
        pattern: Option<Box<Pattern>>,
        name: Option<Ident>,
    },
    /// `p1 | p2 | …`.
    Or(Vec<Pattern>),
    /// Codon's inclusive range pattern `lo ... hi` (integers).
    Range(Box<Expr>, Box<Expr>),
}

/// An expression with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The kinds of expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Name(String),
    /// An integer literal; its digits as written (without underscores), with the radix.
    /// Kept as text so that big literals can be diagnosed or used with wider int types.
    Int {
        digits: String,
        radix: u32,
    },
    Float(f64),
    /// An imaginary literal `1j`.
    Imaginary(f64),
    /// A string literal (adjacent literals already concatenated).
    Str(String),
    /// A bytes literal `b"…"`.
    Bytes(Vec<u8>),
    /// An f-string: literal text and formatted parts in order.
    FString(Vec<FStringPart>),
    Bool(bool),
    None,
    Ellipsis,
    BoolOp {
        op: BoolOpKind,
        values: Vec<Expr>,
    },
    BinOp {
        left: Box<Expr>,
        op: BinOp,
        right: Box<Expr>,
    },
    UnaryOp {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    /// `a < b <= c`: `ops.len() == comparators.len()`.
    Compare {
        left: Box<Expr>,
        ops: Vec<CmpOp>,
        comparators: Vec<Expr>,
    },
    /// `name := value`.
    NamedExpr {
        target: Box<Expr>,
        value: Box<Expr>,
    },
    Lambda {
        params: Box<Parameters>,
        body: Box<Expr>,
    },
    IfExp {
        test: Box<Expr>,
        body: Box<Expr>,
        orelse: Box<Expr>,
    },
    Dict {
        keys: Vec<Option<Expr>>,
        values: Vec<Expr>,
    },
    Set(Vec<Expr>),
    List(Vec<Expr>),
    Tuple(Vec<Expr>),
    ListComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    SetComp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    DictComp {
        key: Box<Expr>,
        value: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    GeneratorExp {
        elt: Box<Expr>,
        generators: Vec<Comprehension>,
    },
    Await(Box<Expr>),
    Yield(Option<Box<Expr>>),
    YieldFrom(Box<Expr>),
    Call {
        func: Box<Expr>,
        args: Vec<Expr>,
        keywords: Vec<Keyword>,
    },
    Attribute {
        value: Box<Expr>,
        attr: Ident,
    },
    /// `value[index]`; a multi-index `a[i, j]` has a `Tuple` index.
    Subscript {
        value: Box<Expr>,
        index: Box<Expr>,
    },
    /// `*value` in a call, list/tuple display or assignment target.
    Starred(Box<Expr>),
    /// `lower:upper:step` inside a subscript.
    Slice {
        lower: Option<Box<Expr>>,
        upper: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
    },
}

/// A piece of an f-string.
#[derive(Debug, Clone, PartialEq)]
pub enum FStringPart {
    Literal(String),
    Formatted {
        value: Box<Expr>,
        /// `!r`, `!s` or `!a`.
        conversion: Option<char>,
        /// The format spec after `:`, itself possibly containing nested fields.
        spec: Vec<FStringPart>,
        /// `f"{x=}"`: the text of the expression and `=` (with surrounding spaces) to print first.
        debug_text: Option<String>,
    },
}

/// `for target in iter if cond…` inside a comprehension.
#[derive(Debug, Clone, PartialEq)]
pub struct Comprehension {
    pub target: Expr,
    pub iter: Expr,
    pub ifs: Vec<Expr>,
    pub is_async: bool,
}

/// `name=value` (or `**value` when `arg` is `None`) in a call or class definition.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyword {
    pub arg: Option<Ident>,
    pub value: Expr,
    pub span: Span,
}

/// `and` / `or`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoolOpKind {
    And,
    Or,
}

/// Binary operators (also used by augmented assignment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mult,
    MatMult,
    Div,
    FloorDiv,
    Mod,
    Pow,
    LShift,
    RShift,
    BitOr,
    BitXor,
    BitAnd,
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Invert,
    Not,
    UAdd,
    USub,
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    NotEq,
    Lt,
    LtE,
    Gt,
    GtE,
    Is,
    IsNot,
    In,
    NotIn,
}

impl BinOp {
    /// The magic method implementing the operator (`__add__`).
    pub fn magic(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mult => "mul",
            BinOp::MatMult => "matmul",
            BinOp::Div => "truediv",
            BinOp::FloorDiv => "floordiv",
            BinOp::Mod => "mod",
            BinOp::Pow => "pow",
            BinOp::LShift => "lshift",
            BinOp::RShift => "rshift",
            BinOp::BitOr => "or",
            BinOp::BitXor => "xor",
            BinOp::BitAnd => "and",
        }
    }

    /// The operator as written in source (`+`), for messages.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mult => "*",
            BinOp::MatMult => "@",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::BitAnd => "&",
        }
    }
}

impl CmpOp {
    /// The magic method implementing the comparison, if it has one (`is` has none).
    pub fn magic(self) -> Option<&'static str> {
        match self {
            CmpOp::Eq => Some("eq"),
            CmpOp::NotEq => Some("ne"),
            CmpOp::Lt => Some("lt"),
            CmpOp::LtE => Some("le"),
            CmpOp::Gt => Some("gt"),
            CmpOp::GtE => Some("ge"),
            CmpOp::In | CmpOp::NotIn => Some("contains"),
            CmpOp::Is | CmpOp::IsNot => None,
        }
    }

    /// The operator as written in source, for messages.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::NotEq => "!=",
            CmpOp::Lt => "<",
            CmpOp::LtE => "<=",
            CmpOp::Gt => ">",
            CmpOp::GtE => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

impl Expr {
    /// Makes an expression node.
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }
}

impl Stmt {
    /// The statement blocks a control-flow statement holds, in source order: the bodies and
    /// `else` blocks of `if`/`while`/`for`, the body of `with`, the body, handlers, `else` and
    /// `finally` of `try`, the bodies of `case`s. Empty for every other statement, function and
    /// class definitions included (their bodies are scopes of their own). The one place that
    /// knows how statements nest, for the passes that walk statements.
    pub fn nested_blocks(&self) -> Vec<&[Stmt]> {
        match &self.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => vec![body, orelse],
            StmtKind::With { body, .. } => vec![body],
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
                ..
            } => std::iter::once(body.as_slice())
                .chain(handlers.iter().map(|h| h.body.as_slice()))
                .chain([orelse.as_slice(), finalbody.as_slice()])
                .collect(),
            StmtKind::Match { cases, .. } => cases.iter().map(|c| c.body.as_slice()).collect(),
            _ => vec![],
        }
    }
}
