//! Checking one function body (or a module's top-level code) for concrete argument types:
//! inference of locals, resolution of names and operators, and desugaring into typed trees.

mod call;
mod cells;
mod closures;
mod coerce;
mod dialect_meta;
mod dispatch;
mod expected;
mod expr;
mod function_values;
mod intrinsics;
mod lowlevel;
mod match_stmt;
mod named_args;
pub(crate) mod names;
mod narrow;
mod pipeline;
mod protocols;
mod rebind;
mod star_args;
mod static_args;
mod stmt;
mod tuples;
mod type_args;
mod types_expr;

use std::collections::{HashMap, HashSet};

use syntax::{FileId, Span};

use crate::context::Sema;
use crate::defs::{ClassId, FuncDefId, ModuleId};
use crate::typed::{LocalId, TExpr, TExprKind, TStmt};
use crate::types::Type;

pub use lowlevel::{c_symbol, is_c_function};
pub use names::{assigned_names, cell_names, contains_yield};
pub use type_args::{is_type_param, type_params_as_parameters};

/// What a name bound in an inner scope (comprehension, unrolled static loop) stands for.
#[derive(Debug, Clone)]
pub enum Binding {
    Local(LocalId),
    /// A compile-time integer (the index of a static loop).
    Static(i64),
    /// A compile-time value of a static loop over a tuple: the tuple local and the index.
    TupleItem(LocalId, usize),
    /// A hidden global (class constants seen from the class body).
    Global(crate::defs::GlobalId),
}

/// The checker of one function body.
pub struct Fcx<'s, 'm> {
    pub s: &'s mut Sema<'m>,
    pub module: ModuleId,
    pub file: FileId,
    pub def: Option<FuncDefId>,
    pub locals: Vec<(String, Type)>,
    /// Where each named local got its type (its first assignment), for "first set here" notes.
    pub first_set: HashMap<LocalId, Span>,
    pub scope: HashMap<String, LocalId>,
    pub inner_scopes: Vec<HashMap<String, Binding>>,
    /// Names assigned in this function (so local to it).
    pub local_names: HashSet<String>,
    /// Names declared `global`.
    pub global_names: HashSet<String>,
    /// Module top-level code: assigned names are globals.
    pub toplevel: bool,
    pub ret: Type,
    /// The value of the `return` that decided `ret`, for "returned here first" notes.
    pub first_return: Option<Span>,
    /// The yielded type, once a `yield` is seen.
    pub yield_ty: Option<Type>,
    /// The first expression whose type could not be decided yet.
    pub incomplete: Option<(Span, String)>,
    /// Generic type names in scope (class generics, function type parameters).
    pub generics: HashMap<String, Type>,
    /// Locals holding the exceptions of the `except` blocks we are in (for bare `raise`).
    pub exc_stack: Vec<LocalId>,
    /// The class whose method this is.
    pub class: Option<ClassId>,
    /// Generic arguments of the class being constructed, for its static `__new__`.
    pub ctor_args: Option<Vec<Type>>,
    /// Calls made before their argument types were known, realized when the body is done.
    pub pending: Vec<PendingCall>,
    /// Ids of the loops whose bodies are being checked, innermost last.
    pub loops: Vec<u32>,
    /// How many loops this body has entered so far.
    pub loop_counter: u32,
    /// Where each variable of this body was bound: the innermost loop then, if any.
    pub bound_in: HashMap<String, Option<u32>>,
    /// How many times each module-level name was bound anew (top-level code).
    pub global_versions: HashMap<String, u32>,
    /// Types the previous pass over this body inferred for its locals, by name and
    /// occurrence: a new pass starts from what the last one learned.
    pub local_hints: HashMap<(String, u32), Type>,
    /// How many locals of each name this pass has made.
    pub local_counts: HashMap<String, u32>,
    /// The last pass over a body: a call whose arguments still hold types nothing
    /// constrained (the items of `[]` in `[] == []`) gets `int` for them, the type that
    /// supports the most of what such code does (compare, hash, sum, print).
    pub default_open_types: bool,
    /// Binding the target of a `for` loop, which starts a new binding of its names.
    pub binding_loop_target: bool,
    /// Variables living in heap cells shared with closures: name → local holding `Ptr[T]`.
    pub cells: HashMap<String, LocalId>,
    /// Whether the only thing left undecided is the arguments of pending calls.
    pub only_pending: bool,
    /// Names standing for a class rather than a value (a class method's `cls`).
    pub static_names: HashMap<String, crate::defs::Symbol>,
    /// Type parameters given explicitly to the call being matched (`f(x, T=int)`, `f[int](x)`).
    pub explicit_generics: HashMap<String, Type>,
}

/// A call waiting for its argument types.
#[derive(Debug, Clone)]
pub struct PendingCall {
    pub def: FuncDefId,
    pub args: Vec<Type>,
    pub class_args: Option<Vec<Type>>,
    pub ret: Type,
    pub span: Span,
    pub real: Option<crate::defs::RealId>,
}

impl<'s, 'm> Fcx<'s, 'm> {
    /// A checker for code in `module`'s file `file`.
    pub fn new(
        s: &'s mut Sema<'m>,
        module: ModuleId,
        file: FileId,
        def: Option<FuncDefId>,
    ) -> Self {
        let ret = s.store.fresh();
        let class = def.and_then(|d| s.defs.func(d).class);
        Fcx {
            s,
            module,
            file,
            def,
            locals: Vec::new(),
            first_set: HashMap::new(),
            scope: HashMap::new(),
            inner_scopes: Vec::new(),
            local_names: HashSet::new(),
            global_names: HashSet::new(),
            toplevel: false,
            ret,
            first_return: None,
            yield_ty: None,
            incomplete: None,
            generics: HashMap::new(),
            exc_stack: Vec::new(),
            class,
            ctor_args: None,
            pending: Vec::new(),
            loops: Vec::new(),
            loop_counter: 0,
            bound_in: HashMap::new(),
            global_versions: HashMap::new(),
            local_hints: HashMap::new(),
            local_counts: HashMap::new(),
            default_open_types: false,
            binding_loop_target: false,
            static_names: HashMap::new(),
            explicit_generics: HashMap::new(),
            only_pending: false,
            cells: HashMap::new(),
        }
    }

    /// What a name that is not a variable denotes: a class parameter, or a module-level or
    /// prelude definition.
    pub fn lookup(&self, n: &str) -> Option<crate::defs::Symbol> {
        match self.static_names.get(n) {
            Some(sym) => Some(sym.clone()),
            None => self.s.lookup_symbol(self.module, n),
        }
    }

    /// An error at `span` in this file.
    pub fn err(&self, span: Span, msg: impl Into<String>) -> Box<syntax::Diagnostic> {
        self.s.err(self.file, span, msg)
    }

    /// Adds a local variable.
    pub fn new_local(&mut self, name: &str, ty: Type) -> LocalId {
        let count = self.local_counts.entry(name.to_string()).or_insert(0);
        let key = (name.to_string(), *count);
        *count += 1;
        if let Some(hint) = self.local_hints.get(&key) {
            if self.s.store.can_unify(&ty, hint) {
                self.s.store.unify(&ty, hint);
            }
        }
        self.locals.push((name.to_string(), ty));
        LocalId(self.locals.len() as u32 - 1)
    }

    /// A fresh hidden local holding `value`, and the statement that sets it.
    pub fn temp(&mut self, value: TExpr) -> (LocalId, TStmt) {
        let n = self.s.next_id();
        let id = self.new_local(&format!(".t{n}"), value.ty.clone());
        (id, TStmt::Assign(crate::typed::TTarget::Local(id), value))
    }

    /// Reads a local.
    pub fn local(&self, id: LocalId, span: Span) -> TExpr {
        TExpr::new(
            TExprKind::Local(id),
            self.locals[id.0 as usize].1.clone(),
            span,
        )
    }

    /// Reads of the fields `fields` (names and types) of a local record or object.
    pub fn local_fields(
        &self,
        id: LocalId,
        fields: impl IntoIterator<Item = (String, Type)>,
        span: Span,
    ) -> Vec<TExpr> {
        fields
            .into_iter()
            .map(|(name, ty)| {
                TExpr::new(
                    TExprKind::Field {
                        obj: Box::new(self.local(id, span)),
                        name,
                    },
                    ty,
                    span,
                )
            })
            .collect()
    }

    /// Marks the body as not fully typed yet; it is checked again once more is known.
    pub fn defer(&mut self, span: Span, what: impl Into<String>) -> TExpr {
        if self.incomplete.is_none() {
            self.incomplete = Some((span, what.into()));
        }
        let t = self.s.store.fresh();
        TExpr::new(TExprKind::Null, t, span)
    }

    /// The locals' types by name and occurrence, as hints for the next pass over this body.
    pub fn hints_for_next_pass(&self) -> HashMap<(String, u32), Type> {
        let mut counts: HashMap<&str, u32> = HashMap::new();
        let mut out = HashMap::new();
        for (name, ty) in &self.locals {
            let c = counts.entry(name.as_str()).or_insert(0);
            out.insert((name.clone(), *c), self.resolve(ty));
            *c += 1;
        }
        out
    }

    /// Resolves a type as far as known.
    pub fn resolve(&self, t: &Type) -> Type {
        self.s.store.resolve(t)
    }

    /// `Block` of statements then a value.
    pub fn block(stmts: Vec<TStmt>, value: TExpr) -> TExpr {
        if stmts.is_empty() {
            return value;
        }
        let (ty, span) = (value.ty.clone(), value.span);
        TExpr::new(
            TExprKind::Block {
                stmts,
                value: Box::new(value),
            },
            ty,
            span,
        )
    }

    /// See [`Sema::at_call_site`]: the call is in the function being checked.
    pub fn at_call_site(&self, d: Box<syntax::Diagnostic>, span: Span) -> Box<syntax::Diagnostic> {
        self.s.at_call_site(d, self.file, span)
    }

    /// Realizes the pending calls whose argument types are now known; false when some are
    /// still open (the body then needs another pass).
    pub fn resolve_pending(&mut self) -> crate::context::R<bool> {
        loop {
            let mut progress = false;
            for i in 0..self.pending.len() {
                if self.pending[i].real.is_some() {
                    continue;
                }
                let p = self.pending[i].clone();
                if self.default_open_types {
                    let int = self.s.int_t();
                    for t in p.args.iter().chain(p.class_args.iter().flatten()) {
                        self.s.store.default_vars(t, &int);
                    }
                }
                let args: Vec<Type> = p.args.iter().map(|t| self.resolve(t)).collect();
                let class_args = p
                    .class_args
                    .as_ref()
                    .map(|a| a.iter().map(|t| self.resolve(t)).collect::<Vec<_>>());
                let ready = args
                    .iter()
                    .chain(class_args.iter().flatten())
                    .all(|t| self.s.store.is_resolved(t));
                if !ready {
                    continue;
                }
                let real = self
                    .s
                    .realize_with(p.def, args, class_args)
                    .map_err(|d| self.at_call_site(d, p.span))?;
                let ret = self.s.defs.reals[real.0 as usize].ret.clone();
                if !self.s.store.unify(&p.ret, &ret) {
                    return Err(self.err(
                        p.span,
                        format!(
                            "this call returns '{}' where '{}' was expected",
                            self.s.type_name(&ret),
                            self.s.type_name(&p.ret)
                        ),
                    ));
                }
                self.pending[i].real = Some(real);
                progress = true;
            }
            if !progress {
                break;
            }
        }
        let open = self.pending.iter().find(|p| p.real.is_none());
        if let Some(p) = open {
            if self.incomplete.is_none() {
                self.incomplete = Some((p.span, "the arguments of this call".to_string()));
                self.only_pending = true;
            }
            return Ok(false);
        }
        Ok(true)
    }

    /// The `None` value.
    pub fn none(&self, span: Span) -> TExpr {
        TExpr::new(TExprKind::Null, self.s.none_t(), span)
    }
}
