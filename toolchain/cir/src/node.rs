//! CIR nodes: variables, functions and values (constants, instructions and control flow).
//!
//! Nodes live in arenas owned by the [`crate::Module`] and refer to each other by id, so any
//! node can be replaced in place (`Module::replace_value`) and passes can rewrite freely.

use crate::types::TypeId;

/// Index of a variable (or function) in the module's variable arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index of a function in the module's function arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// Index of a value in the module's value arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// Where a node came from in the source, for runtime error reports and debug info.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Loc {
    /// Index into `Module::files`.
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// A variable: a function argument, a local, or a global (module-level) variable.
#[derive(Debug, Clone, PartialEq)]
pub struct Var {
    pub name: String,
    pub ty: TypeId,
    /// Module-level variables become LLVM globals; others are entry-block allocas.
    pub global: bool,
    /// A function argument passed by reference: the caller passes the address of storage
    /// holding a `ty`, and the argument names that storage (reads and writes go through it).
    /// Outlined parallel loop bodies take the variables they share this way.
    pub by_ref: bool,
}

/// A function: a realization of a source function for one tuple of argument types.
#[derive(Debug, Clone, PartialEq)]
pub struct Func {
    /// Unique (mangled) name, e.g. `fib[int]`; also its symbol name.
    pub name: String,
    /// The name as written in source, e.g. `fib` or `__add__`.
    pub unmangled: String,
    /// Argument variables, in order.
    pub args: Vec<VarId>,
    /// Return type (`NoneType` for procedures; the generator type for generators).
    pub ret: TypeId,
    pub kind: FuncKind,
    /// Attributes from decorators and analyses (`inline`, `noinline`, `export`, `test`, …).
    pub attrs: Vec<String>,
    pub loc: Loc,
}

/// How a function is implemented.
#[derive(Debug, Clone, PartialEq)]
pub enum FuncKind {
    /// Ordinary code.
    Bodied {
        /// Local variables (not arguments) used by the body.
        locals: Vec<VarId>,
        /// A `Series` flow.
        body: ValueId,
        /// True when the body yields: the function returns a generator (an LLVM coroutine).
        generator: bool,
    },
    /// Declared here, defined elsewhere (the runtime or libc), called by `symbol`.
    External { symbol: String },
    /// An `@llvm` function: `ir` is the body text placed inside
    /// `define RET @NAME(ARGS) { … }`, with `{=NAME}` replaced by the LLVM type of the named
    /// type argument; lines starting with `declare` are placed outside the function.
    Llvm {
        ir: String,
        type_args: Vec<(String, TypeId)>,
    },
}

/// A value: anything that computes something (or nothing: control flow has type `NoneType`).
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub kind: ValueKind,
    pub ty: TypeId,
    pub loc: Loc,
}

/// One `except` clause of a [`ValueKind::Try`].
#[derive(Debug, Clone, PartialEq)]
pub struct Handler {
    /// Reference classes this clause catches (with their subclasses); empty catches everything.
    pub types: Vec<TypeId>,
    /// Variable bound to the caught exception object (`except E as e`).
    pub var: Option<VarId>,
    /// A `Series` flow.
    pub body: ValueId,
}

/// What an outlined `@par` loop passes its body by reference.
#[derive(Debug, Clone, PartialEq)]
pub enum ParCapture {
    /// A variable of the enclosing function, shared by all threads.
    Shared(VarId),
    /// Storage of this type private to each thread, zeroed when the thread starts (a
    /// reduction's partial result, or its "has a value" flag).
    Private(TypeId),
}

/// How an `@par` loop's iterations are handed to threads (OpenMP's `schedule` kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParSchedule {
    Static,
    Dynamic,
    Guided,
    Auto,
    Runtime,
}

/// The clauses of an `@par` loop; the values are `int`s evaluated before the loop starts.
#[derive(Debug, Clone, PartialEq)]
pub struct ParClauses {
    pub schedule: ParSchedule,
    pub chunk_size: Option<ValueId>,
    pub num_threads: Option<ValueId>,
    pub ordered: bool,
}

/// The kinds of value.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueKind {
    // ----- constants -----
    /// Integer constant of the value's (integer or bool) type.
    IntConst(i64),
    FloatConst(f64),
    BoolConst(bool),
    /// A `str` constant (a `{ i64 len, ptr data }` record pointing at constant bytes).
    StrConst(String),
    /// The `None`/zero value of the type (empty record, null reference, empty optional).
    Null,

    // ----- instructions -----
    /// Reads a variable.
    VarRef(VarId),
    /// The address of a variable, as a `Ptr[T]`.
    VarPtr(VarId),
    /// A function as a value (a function pointer).
    FuncRef(FuncId),
    /// Direct call.
    Call {
        func: FuncId,
        args: Vec<ValueId>,
    },
    /// Call through a function-pointer value.
    CallIndirect {
        callee: ValueId,
        args: Vec<ValueId>,
    },
    /// Stores a value into a variable. Type `NoneType`.
    Assign {
        var: VarId,
        value: ValueId,
    },
    /// Reads field `field` of a record (by value) or of a reference object (through its pointer).
    Extract {
        value: ValueId,
        field: usize,
    },
    /// The address of field `field` (a `Ptr[T]`): of the reference object `base`, or of the
    /// record `base` points to (a `Ptr` to a record).
    FieldPtr {
        base: ValueId,
        field: usize,
    },
    /// Writes field `field` of a reference object. Type `NoneType`.
    Insert {
        target: ValueId,
        field: usize,
        value: ValueId,
    },
    /// Builds a record from its field values.
    MakeRecord(Vec<ValueId>),
    /// Allocates a zeroed reference object of the value's type (runtime GC allocation).
    New,
    /// Wraps a value into the value's `Optional` type (`None` is [`ValueKind::Null`]).
    MakeOptional(ValueId),
    /// Whether an optional holds a value. Type `bool`.
    OptionalHas(ValueId),
    /// The value inside an optional (undefined when empty: check first).
    OptionalGet(ValueId),
    /// Bit-casts between reference classes (upcasts to a base class) and `Ptr` types.
    Cast(ValueId),
    /// `cond ? a : b` evaluating only the chosen side.
    Ternary {
        cond: ValueId,
        then: ValueId,
        other: ValueId,
    },
    /// Returns from the enclosing function (through any `finally`).
    Return(Option<ValueId>),
    /// Leaves the innermost loop (through any `finally`).
    Break,
    /// Next iteration of the innermost loop (through any `finally`).
    Continue,
    /// In a generator: yields a value (or suspends without one) to the consumer.
    Yield(Option<ValueId>),
    /// Raises a reference-class exception object.
    Throw(ValueId),
    /// Runs a flow for its effects, then evaluates to `value` (statements inside expressions).
    FlowInstr {
        flow: ValueId,
        value: ValueId,
    },

    // ----- control flow (type `NoneType`) -----
    /// Values evaluated in order.
    Series(Vec<ValueId>),
    If {
        cond: ValueId,
        then: ValueId,
        other: Option<ValueId>,
    },
    While {
        cond: ValueId,
        body: ValueId,
    },
    /// Runs `body` with `var` set to each value produced by the generator `iter`;
    /// the generator is destroyed when the loop ends (also by `break`).
    For {
        iter: ValueId,
        var: VarId,
        body: ValueId,
    },
    /// `for var in range(start, end, step)` with a constant non-zero `step`, lowered to a counted loop.
    ImperativeFor {
        start: ValueId,
        end: ValueId,
        step: i64,
        var: VarId,
        body: ValueId,
    },
    /// An outlined `@par` loop (made by `cir::passes::parallel`): the iterations
    /// `start..end` (step 1) are shared among OpenMP threads. Each thread calls
    /// `body(lo, hi, CAPTURES…)` for each chunk `[lo, hi)` it is given, then, when there are
    /// reductions, `combine(CAPTURES…)` once inside a critical section. Captures are passed by
    /// reference (see [`Var::by_ref`]).
    ParFor {
        start: ValueId,
        end: ValueId,
        body: FuncId,
        combine: Option<FuncId>,
        captures: Vec<ParCapture>,
        clauses: ParClauses,
    },
    /// `try`/`except`/`else`/`finally`.
    Try {
        body: ValueId,
        handlers: Vec<Handler>,
        orelse: Option<ValueId>,
        finally: Option<ValueId>,
    },
}

impl ValueKind {
    /// The values this value uses directly, in evaluation order.
    pub fn operands(&self) -> Vec<ValueId> {
        use ValueKind::*;
        match self {
            IntConst(_) | FloatConst(_) | BoolConst(_) | StrConst(_) | Null | VarRef(_)
            | VarPtr(_) | FuncRef(_) | New | Break | Continue => vec![],
            Call { args, .. } => args.clone(),
            CallIndirect { callee, args } => std::iter::once(*callee)
                .chain(args.iter().copied())
                .collect(),
            Assign { value, .. } => vec![*value],
            Extract { value, .. } => vec![*value],
            FieldPtr { base, .. } => vec![*base],
            Insert { target, value, .. } => vec![*target, *value],
            MakeRecord(vs) | Series(vs) => vs.clone(),
            MakeOptional(v) | OptionalHas(v) | OptionalGet(v) | Cast(v) | Throw(v) => vec![*v],
            Ternary { cond, then, other } => vec![*cond, *then, *other],
            Return(v) | Yield(v) => v.iter().copied().collect(),
            FlowInstr { flow, value } => vec![*flow, *value],
            If { cond, then, other } => std::iter::once(*cond)
                .chain(std::iter::once(*then))
                .chain(*other)
                .collect(),
            While { cond, body } => vec![*cond, *body],
            For { iter, body, .. } => vec![*iter, *body],
            ImperativeFor {
                start, end, body, ..
            } => vec![*start, *end, *body],
            ParFor {
                start,
                end,
                clauses,
                ..
            } => [
                Some(*start),
                Some(*end),
                clauses.chunk_size,
                clauses.num_threads,
            ]
            .into_iter()
            .flatten()
            .collect(),
            Try {
                body,
                handlers,
                orelse,
                finally,
            } => std::iter::once(*body)
                .chain(handlers.iter().map(|h| h.body))
                .chain(*orelse)
                .chain(*finally)
                .collect(),
        }
    }
}
