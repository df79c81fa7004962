//! The typed, desugared program the checker produces and the lowering turns into CIR:
//! operators are calls, names are resolved to locals or globals, every node has a type.

use syntax::{FileId, Span};

use crate::defs::{GlobalId, RealId};
use crate::types::Type;

/// Index of a local variable in a [`TBody`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalId(pub u32);

/// A checked function body: its locals (arguments first) and statements.
#[derive(Debug, Clone)]
pub struct TBody {
    pub locals: Vec<(String, Type)>,
    /// How many leading locals are arguments.
    pub n_args: usize,
    pub stmts: Vec<TStmt>,
    pub generator: bool,
    pub file: FileId,
    /// Realizations of the body's pending calls, by slot (`None` until a call whose argument
    /// types were only learnt after the body was checked is realized).
    pub pending: Vec<Option<RealId>>,
}

/// A typed expression.
#[derive(Debug, Clone)]
pub struct TExpr {
    pub kind: TExprKind,
    pub ty: Type,
    pub span: Span,
}

/// Kinds of typed expression.
#[derive(Debug, Clone)]
pub enum TExprKind {
    Int(i64),
    Float(f64),
    Bool(bool),
    Str(String),
    /// The empty value of the type: `None`, an empty optional, a null reference.
    Null,
    Local(LocalId),
    Global(GlobalId),
    /// Address of a local (`__ptr__(x)`).
    LocalPtr(LocalId),
    /// Address of a module-level variable (`__ptr__(x)`).
    GlobalPtr(GlobalId),
    /// Address of field `name` of a value of type `of`: `base` is the object (a reference
    /// class) or a pointer to the record (`__ptr__(obj.field)`).
    FieldPtr {
        base: Box<TExpr>,
        of: Type,
        name: String,
    },
    Call {
        func: RealId,
        args: Vec<TExpr>,
    },
    /// A call whose argument types were only learnt later in the body; `slot` indexes
    /// `TBody::pending`, filled when the body's check ends.
    PendingCall {
        slot: u32,
        args: Vec<TExpr>,
    },
    /// Reads a field of a record or object by name.
    Field {
        obj: Box<TExpr>,
        name: String,
    },
    /// Writes a field of an object by name (type NoneType).
    SetField {
        obj: Box<TExpr>,
        name: String,
        value: Box<TExpr>,
    },
    /// A record of values: tuples, by-value classes, function items' captures.
    Record(Vec<TExpr>),
    /// A new zeroed heap object of the expression's class.
    New,
    MakeOptional(Box<TExpr>),
    OptionalHas(Box<TExpr>),
    OptionalGet(Box<TExpr>),
    /// A function value (`Function[…]`) calling realization `real` with the captured values
    /// first, then the call's arguments.
    MakeFunction {
        real: RealId,
        captured: Vec<TExpr>,
    },
    /// A call through a function value (`callee` is read twice: a local or a global).
    CallFunction {
        callee: Box<TExpr>,
        args: Vec<TExpr>,
    },
    /// Reinterpretation between reference types (upcast) or pointer types.
    Cast(Box<TExpr>),
    Ternary {
        cond: Box<TExpr>,
        then: Box<TExpr>,
        other: Box<TExpr>,
    },
    Yield(Option<Box<TExpr>>),
    /// Statements run before the value is computed.
    Block {
        stmts: Vec<TStmt>,
        value: Box<TExpr>,
    },
}

/// Where an assignment stores.
#[derive(Debug, Clone)]
pub enum TTarget {
    Local(LocalId),
    Global(GlobalId),
}

/// One `except` clause.
#[derive(Debug, Clone)]
pub struct THandler {
    /// Caught classes; empty catches everything.
    pub types: Vec<Type>,
    pub var: Option<LocalId>,
    pub body: Vec<TStmt>,
}

/// The clauses of an `@par` loop, with `chunk_size` and `num_threads` checked as `int`s.
#[derive(Debug, Clone)]
pub struct TPar {
    pub schedule: syntax::ast::ParSchedule,
    pub chunk_size: Option<TExpr>,
    pub num_threads: Option<TExpr>,
    pub ordered: bool,
    pub span: Span,
}

/// A typed statement.
#[derive(Debug, Clone)]
pub enum TStmt {
    Expr(TExpr),
    Assign(TTarget, TExpr),
    Return(Option<TExpr>),
    Break,
    Continue,
    If(TExpr, Vec<TStmt>, Vec<TStmt>),
    While(TExpr, Vec<TStmt>),
    /// Loop over a generator value.
    For {
        iter: TExpr,
        var: LocalId,
        body: Vec<TStmt>,
        /// Set for an `@par` loop (normalized to `range(N)` by `crate::par`).
        par: Option<Box<TPar>>,
    },
    Try {
        body: Vec<TStmt>,
        handlers: Vec<THandler>,
        orelse: Vec<TStmt>,
        finally: Option<Vec<TStmt>>,
    },
    Raise(TExpr, Span),
    Block(Vec<TStmt>),
}

impl TExpr {
    /// Makes a typed expression.
    pub fn new(kind: TExprKind, ty: Type, span: Span) -> Self {
        TExpr { kind, ty, span }
    }
}
