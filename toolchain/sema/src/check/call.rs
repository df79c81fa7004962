//! Calls: matching arguments to parameters, choosing among overloads, constructing objects,
//! and realizing the chosen function for the argument types.

use std::collections::HashMap;

use syntax::ast::{self, ExprKind};
use syntax::Span;

use super::dispatch::CLASS_FIELD;
use super::static_args::{static_kind, static_param};
use super::Fcx;
use crate::context::R;
use crate::defs::{ClassId, ClassKind, FuncDefId, Symbol};
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

/// One argument at a call site.
#[derive(Clone)]
pub struct Arg {
    /// The keyword; [`SPREAD`] for `*iterable`, [`SPREAD_KW`] for `**mapping`.
    pub name: Option<String>,
    pub value: TExpr,
}

impl Arg {
    /// Positional arguments with these values.
    pub fn positional(values: Vec<TExpr>) -> Vec<Arg> {
        values
            .into_iter()
            .map(|value| Arg { name: None, value })
            .collect()
    }
}

/// The name marking a `*iterable` argument (not a tuple) that fills a `*args` parameter.
pub const SPREAD: &str = "*";
/// The name marking a `**mapping` argument that fills a `**kwargs` parameter.
pub const SPREAD_KW: &str = "**";

/// Whether an argument is given by position (a spread iterable included).
fn is_positional(a: &Arg) -> bool {
    a.name.as_deref().map(|n| n == SPREAD).unwrap_or(true)
}

/// What `arrange` decides: each parameter's source, the positional arguments that go to
/// `*args`, and the keyword arguments that go to `**kwargs`.
type Arrangement = (Vec<Option<Slot>>, Vec<usize>, Vec<usize>);

/// A parameter of a source function, flattened.
struct ParamInfo {
    name: String,
    annotation: Option<ast::Expr>,
    default: Option<ast::Expr>,
    kind: ParamKind,
}

#[derive(PartialEq, Clone, Copy)]
enum ParamKind {
    PosOnly,
    Normal,
    VarArgs,
    KwOnly,
    KwArgs,
}

fn params_of(f: &ast::FunctionDef) -> Vec<ParamInfo> {
    let p = &f.params;
    let mk = |x: &ast::Param, kind| ParamInfo {
        name: x.name.name.clone(),
        annotation: x.annotation.clone(),
        default: x.default.clone(),
        kind,
    };
    let mut out: Vec<ParamInfo> = p
        .posonly
        .iter()
        .map(|x| mk(x, ParamKind::PosOnly))
        .collect();
    out.extend(p.args.iter().map(|x| mk(x, ParamKind::Normal)));
    out.extend(p.vararg.iter().map(|x| mk(x, ParamKind::VarArgs)));
    out.extend(p.kwonly.iter().map(|x| mk(x, ParamKind::KwOnly)));
    out.extend(p.kwarg.iter().map(|x| mk(x, ParamKind::KwArgs)));
    out
}

/// Whether a parameter is annotated `type` (it takes a type: `def f(x, T: type)`).
fn is_type_annotation(ann: &Option<ast::Expr>) -> bool {
    matches!(ann, Some(ast::Expr { kind: ExprKind::Name(n), .. }) if n == "type")
}

/// Whether a default value is a constant that can be evaluated at each call site.
fn is_literal(e: &ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Int { .. }
        | ExprKind::Float(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::None => true,
        ExprKind::UnaryOp { operand, .. } => is_literal(operand),
        ExprKind::Tuple(items) => items.iter().all(is_literal),
        _ => false,
    }
}

impl Fcx<'_, '_> {
    /// Calls method `name` of `obj`'s class with `obj` as `self`.
    pub fn call_method_named(
        &mut self,
        obj: TExpr,
        name: &str,
        args: Vec<TExpr>,
        what: &str,
    ) -> R<TExpr> {
        let span = obj.span;
        let Some((class, _)) = self.s.class_of(&obj.ty) else {
            return Ok(self.defer(span, format!("the type of the object for {what}")));
        };
        let methods = self.s.methods(class, name);
        if methods.is_empty() {
            let ty = obj.ty.clone();
            if let Some(d) = self.demote(obj.clone())? {
                return self.call_method_named(d, name, args, what);
            }
            return match self.protocol_default(obj, name, args)? {
                Some(e) => Ok(e),
                None => Err(self.no_attribute(&ty, name, span)),
            };
        }
        let args: Vec<Arg> = args
            .into_iter()
            .map(|value| Arg { name: None, value })
            .collect();
        let (obj, args) = match self.virtual_call(obj, name, args, span)? {
            Ok(e) => return Ok(e),
            Err(back) => back,
        };
        let mut all = vec![Arg {
            name: None,
            value: obj,
        }];
        all.extend(args);
        self.call_overloads(&methods, all, span, what)
    }

    /// The value a method call falls back to when its class lacks the method: a `bool` as an
    /// `int` (bool is an int subclass in Python), an `Optional` unwrapped, a namedtuple as
    /// its plain tuple.
    pub fn demote(&mut self, v: TExpr) -> R<Option<TExpr>> {
        let core = self.s.core();
        match self.s.class_of(&v.ty) {
            Some((c, _)) if self.s.defs.class(c).namedtuple => Ok(Some(self.tuple_view(v))),
            Some((c, _)) if c == core.bool_ => Ok(Some(self.call_method_named(
                v,
                "__int__",
                vec![],
                "int()",
            )?)),
            Some((c, _)) if c == core.optional => Ok(Some(self.call_method_named(
                v,
                "__unwrap__",
                vec![],
                "an optional value",
            )?)),
            _ => Ok(None),
        }
    }

    /// The "has no attribute" error, with a suggestion when a close name exists.
    pub fn no_attribute(&self, t: &Type, name: &str, span: Span) -> Box<syntax::Diagnostic> {
        let tn = self.s.type_name(t);
        if let Some(message) = crate::suggest::missing_protocol(name, &tn) {
            return self.err(span, message);
        }
        let mut d = self.err(span, format!("'{tn}' object has no attribute '{name}'"));
        if let Some((class, _)) = self.s.class_of(t) {
            let mut names: Vec<String> = self.s.defs.class(class).methods.keys().cloned().collect();
            names.extend(
                self.s
                    .defs
                    .class(class)
                    .field_decls
                    .iter()
                    .map(|f| f.0.clone()),
            );
            if let Some(best) = crate::suggest::closest(name, names.iter().map(|s| s.as_str())) {
                d = Box::new(d.with_help(format!("did you mean '{best}'?")));
            }
        }
        d
    }

    /// Chooses the first overload the arguments fit, realizes it, and calls it.
    pub fn call_overloads(
        &mut self,
        defs: &[FuncDefId],
        args: Vec<Arg>,
        span: Span,
        what: &str,
    ) -> R<TExpr> {
        let open = |fcx: &mut Self| {
            args.iter()
                .any(|a| matches!(fcx.s.store.shallow(&a.value.ty), Type::Var(_)))
        };
        if open(self) && self.default_open_types {
            // The last pass: an argument may be the result of a call still waiting for its
            // argument types; settle those calls now.
            self.resolve_pending()?;
        }
        if open(self) {
            return Ok(self.defer(span, format!("the arguments of {what}")));
        }
        if defs.len() > 1 && args.iter().all(|a| self.s.store.is_resolved(&a.value.ty)) {
            // An overload that takes the arguments as they are wins over one that needs an
            // implicit conversion (`int < float` must not pick `int.__lt__(float)` for an int).
            for d in defs {
                if self.match_args_as(*d, &args, span, true)?.is_ok() {
                    return self.call_def(*d, args, span);
                }
            }
        }
        let mut last_err = None;
        for d in defs {
            match self.match_args(*d, &args, span)? {
                Ok(()) => return self.call_def(*d, args, span),
                Err(e) => last_err = Some(e),
            }
        }
        let err = last_err.unwrap_or_else(|| self.err(span, format!("no function matches {what}")));
        if defs.len() > 1 {
            let types: Vec<String> = args.iter().map(|a| self.s.type_name(&a.value.ty)).collect();
            let name = self.s.defs.func(defs[0]).name.clone();
            return Err(self.overload_error(&name, &types, span));
        }
        Err(err)
    }

    fn overload_error(&self, name: &str, types: &[String], span: Span) -> Box<syntax::Diagnostic> {
        if let Some(op) = crate::suggest::operator_for(name) {
            if types.len() == 2 {
                return self.err(
                    span,
                    format!(
                        "unsupported operand type(s) for {op}: '{}' and '{}'",
                        types[0], types[1]
                    ),
                );
            }
        }
        self.err(
            span,
            format!(
                "no overload of '{name}' accepts argument types ({})",
                types.join(", ")
            ),
        )
    }

    /// Whether `args` fit the parameters of `def` (Ok(Err(reason)) when not).
    pub fn match_args(
        &mut self,
        def: FuncDefId,
        args: &[Arg],
        span: Span,
    ) -> R<Result<(), Box<syntax::Diagnostic>>> {
        self.match_args_as(def, args, span, false)
    }

    /// `match_args`, allowing implicit conversions of arguments unless `exact`.
    pub fn match_args_as(
        &mut self,
        def: FuncDefId,
        args: &[Arg],
        span: Span,
        exact: bool,
    ) -> R<Result<(), Box<syntax::Diagnostic>>> {
        let (slots, extra, _) = match self.arrange(def, args, span)? {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        let fd = self.s.defs.func(def);
        let ast = fd.ast.clone();
        let params = params_of(&ast);
        for (p, slot) in params.iter().zip(&slots) {
            let Some(kind) = static_param(&p.annotation) else {
                continue;
            };
            let given = match slot {
                Some(Slot::Arg(i)) => vec![*i],
                Some(Slot::VarArgs) => extra.clone(),
                _ => vec![],
            };
            if let Some(i) = given
                .into_iter()
                .find(|i| self.static_type_of(&args[*i].value, kind).is_none())
            {
                let shown = self.shown_name(def);
                return Ok(Err(self.not_static(&args[i].value, kind, &p.name, &shown)));
            }
        }
        let saved_generics = self.enter_generics(def, args.first().map(|a| a.value.ty.clone()));
        let mut result = Ok(());
        for (p, slot) in params.iter().zip(&slots) {
            let Some(ann) = &p.annotation else { continue };
            let Some(Slot::Arg(i)) = slot else { continue };
            if matches!(p.kind, ParamKind::VarArgs | ParamKind::KwArgs) {
                continue;
            }
            let want = match self.eval_type_in(def, ann) {
                Ok(t) => t,
                Err(e) => {
                    self.generics = saved_generics;
                    return Err(e);
                }
            };
            let got = args[*i].value.ty.clone();
            let fits = if exact {
                self.s.store.can_unify(&got, &want)
            } else {
                self.fits(&got, &want)
            };
            if !fits {
                result = Err(self.err(
                    args[*i].value.span,
                    format!(
                        "argument '{}' of '{}': expected '{}', got '{}'",
                        p.name,
                        ast.name.name,
                        self.s.type_name(&want),
                        self.s.type_name(&got)
                    ),
                ));
                break;
            }
        }
        self.generics = saved_generics;
        Ok(result)
    }

    /// Evaluates an annotation of `def` in the module it was written in.
    pub fn eval_type_in(&mut self, def: FuncDefId, ann: &ast::Expr) -> R<Type> {
        let fd = self.s.defs.func(def);
        let saved = (
            std::mem::replace(&mut self.module, fd.module),
            std::mem::replace(&mut self.file, fd.file),
        );
        let r = self.eval_type(ann);
        self.module = saved.0;
        self.file = saved.1;
        r
    }

    /// Binds the generic names visible in `def`'s annotations (its class's generics from the
    /// `self` type, its own type parameters fresh); returns the previous bindings.
    pub fn enter_generics(
        &mut self,
        def: FuncDefId,
        self_ty: Option<Type>,
    ) -> std::collections::HashMap<String, Type> {
        let saved = self.generics.clone();
        let fd = self.s.defs.func(def);
        let class = fd.class;
        let tparams: Vec<String> = fd.ast.type_params.iter().map(|t| t.name.clone()).collect();
        let is_static = fd.decorators.iter().any(|d| d == "staticmethod") || fd.name == "__new__";
        let mut env = std::collections::HashMap::new();
        if let Some(c) = class {
            let gens = self.s.defs.class(c).generics.clone();
            let args = match (is_static, self_ty.and_then(|t| self.s.class_of(&t))) {
                (false, Some((sc, sargs))) if sc == c => sargs,
                (true, _)
                    if self
                        .ctor_args
                        .as_ref()
                        .map(|a| a.len() == gens.len())
                        .unwrap_or(false) =>
                {
                    self.ctor_args.clone().expect("checked above")
                }
                _ => gens.iter().map(|_| self.s.store.fresh()).collect(),
            };
            for (g, a) in gens.into_iter().zip(args) {
                env.insert(g, a);
            }
        }
        for t in tparams {
            let v = match self.explicit_generics.get(&t) {
                Some(given) => given.clone(),
                None => self.s.store.fresh(),
            };
            env.insert(t, v);
        }
        self.generics = env;
        saved
    }

    /// Assigns call arguments to parameter slots.
    #[allow(clippy::type_complexity)]
    fn arrange(
        &mut self,
        def: FuncDefId,
        args: &[Arg],
        span: Span,
    ) -> R<Result<Arrangement, Box<syntax::Diagnostic>>> {
        let fd = self.s.defs.func(def);
        let ast = fd.ast.clone();
        let name = fd.name.clone();
        let params = params_of(&ast);
        let mut slots: Vec<Option<Slot>> = params.iter().map(|_| None).collect();
        let mut extra = Vec::new();
        let mut kw_extra = Vec::new();
        let positional: Vec<usize> = (0..args.len())
            .filter(|i| is_positional(&args[*i]))
            .collect();
        let mut pi = 0;
        for i in positional {
            while pi < params.len()
                && !matches!(params[pi].kind, ParamKind::PosOnly | ParamKind::Normal)
            {
                if params[pi].kind == ParamKind::VarArgs {
                    break;
                }
                pi += 1;
            }
            if pi < params.len()
                && matches!(params[pi].kind, ParamKind::PosOnly | ParamKind::Normal)
            {
                if !is_positional(&args[i]) || args[i].name.is_some() {
                    return Ok(Err(self.err(
                        args[i].value.span,
                        format!("{name}() takes fixed parameters: only a tuple can be unpacked into them"),
                    )));
                }
                slots[pi] = Some(Slot::Arg(i));
                pi += 1;
            } else if params.iter().any(|p| p.kind == ParamKind::VarArgs) {
                extra.push(i);
            } else {
                let n = params
                    .iter()
                    .filter(|p| matches!(p.kind, ParamKind::PosOnly | ParamKind::Normal))
                    .count();
                let given = args.iter().filter(|a| a.name.is_none()).count();
                let message = format!(
                    "{name}() takes {n} positional argument{} but {given} were given",
                    if n == 1 { "" } else { "s" }
                );
                return Ok(Err(self.arity_error(def, span, message)));
            }
        }
        let has_kwargs = params.iter().any(|p| p.kind == ParamKind::KwArgs);
        for (i, a) in args.iter().enumerate() {
            let Some(kw) = &a.name else { continue };
            if kw == SPREAD {
                continue;
            }
            if kw == SPREAD_KW {
                if !has_kwargs {
                    return Ok(Err(self.err(
                        a.value.span,
                        format!("{name}() has no **kwargs parameter to unpack a mapping into"),
                    )));
                }
                kw_extra.push(i);
                continue;
            }
            match params.iter().position(|p| {
                &p.name == kw
                    && !matches!(
                        p.kind,
                        ParamKind::PosOnly | ParamKind::VarArgs | ParamKind::KwArgs
                    )
            }) {
                Some(p) if slots[p].is_none() => slots[p] = Some(Slot::Arg(i)),
                Some(_) => {
                    return Ok(Err(self.err(
                        a.value.span,
                        format!("{name}() got multiple values for argument '{kw}'"),
                    )))
                }
                None if has_kwargs => kw_extra.push(i),
                None => {
                    return Ok(Err(self.err(
                        a.value.span,
                        format!("{name}() got an unexpected keyword argument '{kw}'"),
                    )))
                }
            }
        }
        for (p, slot) in params.iter().zip(slots.iter_mut()) {
            if slot.is_some() {
                continue;
            }
            if p.kind == ParamKind::VarArgs {
                *slot = Some(Slot::VarArgs);
            } else if p.kind == ParamKind::KwArgs {
                *slot = Some(Slot::KwArgs);
            } else if p.default.is_some() {
                *slot = Some(Slot::Default);
            } else {
                let message = format!("{name}() missing required argument: '{}'", p.name);
                return Ok(Err(self.arity_error(def, span, message)));
            }
        }
        Ok(Ok((slots, extra, kw_extra)))
    }

    /// A call's arguments do not fit `def`'s parameters: the error at the call, with a note
    /// at the definition listing what it takes.
    fn arity_error(&self, def: FuncDefId, span: Span, message: String) -> Box<syntax::Diagnostic> {
        let fd = self.s.defs.func(def);
        let params: Vec<String> = params_of(&fd.ast)
            .iter()
            .map(|p| match p.kind {
                ParamKind::VarArgs => format!("*{}", p.name),
                _ if p.default.is_some() => format!("{}=…", p.name),
                _ => p.name.clone(),
            })
            .collect();
        let note = format!(
            "'{}' is defined here as {}({})",
            fd.name,
            fd.name,
            params.join(", ")
        );
        Box::new(
            syntax::Diagnostic::error(self.file, span, message).with_label(
                fd.file,
                fd.ast.name.span,
                note,
            ),
        )
    }

    /// Calls `def` with the arguments (already known to fit), evaluating them in the order
    /// they are written even when keywords give them in another order than the parameters.
    pub fn call_def(&mut self, def: FuncDefId, args: Vec<Arg>, span: Span) -> R<TExpr> {
        let (slots, _, _) = self.arrange(def, &args, span)??;
        let order: Vec<usize> = slots
            .iter()
            .filter_map(|s| match s {
                Some(Slot::Arg(i)) => Some(*i),
                _ => None,
            })
            .collect();
        if order.windows(2).all(|w| w[0] < w[1]) {
            return self.call_def_in_order(def, args, span);
        }
        let mut pre = Vec::new();
        let mut held = Vec::new();
        for a in args {
            let constant = matches!(
                a.value.kind,
                TExprKind::Int(_) | TExprKind::Float(_) | TExprKind::Bool(_) | TExprKind::Str(_)
            );
            let value = if constant {
                a.value
            } else {
                let (l, set) = self.temp(a.value);
                pre.push(set);
                self.local(l, span)
            };
            held.push(Arg {
                name: a.name,
                value,
            });
        }
        let call = self.call_def_in_order(def, held, span)?;
        Ok(Fcx::block(pre, call))
    }

    fn call_def_in_order(&mut self, def: FuncDefId, args: Vec<Arg>, span: Span) -> R<TExpr> {
        let ctor = self.ctor_args.clone();
        let (slots, extra, kw_extra) = self.arrange(def, &args, span)??;
        let names: Vec<Option<String>> = args.iter().map(|a| a.name.clone()).collect();
        let fd = self.s.defs.func(def);
        let ast = fd.ast.clone();
        let def_file = fd.file;
        let default_globals = fd.default_globals.clone();
        let params = params_of(&ast);
        let func_name = self.shown_name(def);
        let self_ty = args.first().map(|a| a.value.ty.clone());
        let saved_generics = self.enter_generics(def, self_ty);
        let mut values: Vec<Option<TExpr>> = args.into_iter().map(|a| Some(a.value)).collect();
        let mut final_args = Vec::new();
        let res: R<()> = (|| {
            for (p, slot) in params.iter().zip(&slots) {
                let v = match slot {
                    Some(Slot::Arg(i)) => values[*i].take().expect("each argument is used once"),
                    Some(Slot::VarArgs) => {
                        let items: Vec<(bool, TExpr)> = extra
                            .iter()
                            .map(|i| {
                                let spread = names[*i].as_deref() == Some(SPREAD);
                                (spread, values[*i].take().expect("vararg used once"))
                            })
                            .collect();
                        let annotated = match &p.annotation {
                            Some(ann) if static_kind(ann).is_none() => {
                                Some(self.eval_type_in(def, ann)?)
                            }
                            _ => None,
                        };
                        if let Some(kind) = static_param(&p.annotation) {
                            self.static_varargs(items, kind, &p.name, &func_name, span)?
                        } else if annotated.is_some() || items.iter().any(|(spread, _)| *spread) {
                            self.spread_varargs(items, annotated, span)?
                        } else {
                            let items: Vec<TExpr> = items.into_iter().map(|x| x.1).collect();
                            let ty = self.s.tuple_t(items.iter().map(|x| x.ty.clone()).collect());
                            TExpr::new(TExprKind::Record(items), ty, span)
                        }
                    }
                    Some(Slot::KwArgs) => {
                        let items: Vec<(Option<String>, TExpr)> = kw_extra
                            .iter()
                            .map(|i| {
                                let key = names[*i].clone().filter(|n| n != SPREAD_KW);
                                (key, values[*i].take().expect("kwarg used once"))
                            })
                            .collect();
                        let value_ty = match &p.annotation {
                            Some(ann) => Some(self.eval_type_in(def, ann)?),
                            None => None,
                        };
                        self.keyword_dict(items, value_ty, span)?
                    }
                    Some(Slot::Default) if is_type_annotation(&p.annotation) => {
                        let d = p.default.clone().expect("default slot has a default");
                        let fd = self.s.defs.func(def);
                        let saved = (
                            std::mem::replace(&mut self.module, fd.module),
                            std::mem::replace(&mut self.file, fd.file),
                        );
                        let r = self.type_arg(&d);
                        (self.module, self.file) = saved;
                        let mut e = r?;
                        e.span = span;
                        e
                    }
                    Some(Slot::Default) => {
                        let d = p.default.clone().expect("default slot has a default");
                        if let Some(g) = default_globals.get(&p.name) {
                            let ty = self.s.defs.globals[g.0 as usize]
                                .ty
                                .clone()
                                .unwrap_or_else(|| self.s.store.fresh());
                            TExpr::new(TExprKind::Global(*g), ty, span)
                        } else if let Some(m) = self.s.generated_files.get(&def_file).copied() {
                            // a generated `__init__`'s field default, evaluated at each call
                            if self.s.default_depth >= 8 {
                                return Err(self.err(
                                    span,
                                    format!(
                                        "field '{}' needs a value here: its type's own \
                                         constructor needs one (declare a default, or make \
                                         the field Optional)",
                                        p.name
                                    ),
                                ));
                            }
                            let saved = (
                                std::mem::replace(&mut self.file, def_file),
                                std::mem::replace(&mut self.module, m),
                            );
                            self.s.default_depth += 1;
                            let mut r = self.check_expr(&d);
                            self.s.default_depth -= 1;
                            (self.file, self.module) = saved;
                            let endless =
                                matches!(&r, Err(e) if e.message.contains("needs a value here"));
                            if endless && self.s.default_depth == 0 {
                                // reported at the user's call, naming its field
                                r = Err(self.err(
                                    span,
                                    format!(
                                        "field '{}' needs a value: no default can be made for \
                                         it, since its type's constructor needs one too \
                                         (declare a default, or make the field Optional)",
                                        p.name
                                    ),
                                ));
                            }
                            let mut e = r?;
                            e.span = span;
                            e
                        } else if is_literal(&d) || def_file == self.file {
                            let saved_file = std::mem::replace(&mut self.file, def_file);
                            let r = self.check_expr(&d);
                            self.file = saved_file;
                            let mut e = r?;
                            e.span = span;
                            e
                        } else {
                            return Err(self.err(
                                span,
                                format!("default of '{}' cannot be evaluated here", p.name),
                            ));
                        }
                    }
                    None => unreachable!("arrange fills every slot"),
                };
                let v = match (&p.annotation, static_param(&p.annotation)) {
                    (ann, _) if is_type_annotation(ann) => {
                        if !matches!(v.kind, TExprKind::Null) {
                            return Err(self.err(
                                v.span,
                                format!(
                                    "{func_name}() takes a type for '{}' (annotated `type`), \
                                     not a value",
                                    p.name
                                ),
                            ));
                        }
                        v
                    }
                    (_, Some(kind)) if p.kind != ParamKind::VarArgs => {
                        self.static_arg(v, kind, &p.name, &func_name)?
                    }
                    (Some(ann), _) if !matches!(p.kind, ParamKind::VarArgs | ParamKind::KwArgs) => {
                        let want = self.eval_type_in(def, ann)?;
                        self.coerce(v, &want, &format!("argument '{}'", p.name))?
                    }
                    _ => v,
                };
                final_args.push(v);
            }
            Ok(())
        })();
        let declared_ret = match (&res, &ast.returns) {
            (Ok(()), Some(r)) if !self.s.is_generator_def(def) => self.eval_type_in(def, r).ok(),
            _ => None,
        };
        self.generics = saved_generics;
        res?;
        let fd = self.s.defs.func(def);
        let is_static = fd.decorators.iter().any(|d| d == "staticmethod") || fd.name == "__new__";
        let class_generic = fd
            .class
            .map(|c| !self.s.defs.class(c).generics.is_empty())
            .unwrap_or(false);
        let class_args = match ctor {
            Some(a) if is_static && class_generic => Some(a),
            _ => None,
        };
        let ready = final_args.iter().all(|a| self.s.store.is_resolved(&a.ty))
            && class_args
                .iter()
                .flatten()
                .all(|t| self.s.store.is_resolved(t));
        if !ready {
            let ret = declared_ret.unwrap_or_else(|| self.s.store.fresh());
            let slot = self.pending.len() as u32;
            self.pending.push(super::PendingCall {
                def,
                args: final_args.iter().map(|a| a.ty.clone()).collect(),
                class_args,
                ret: ret.clone(),
                span,
                real: None,
            });
            return Ok(TExpr::new(
                TExprKind::PendingCall {
                    slot,
                    args: final_args,
                },
                ret,
                span,
            ));
        }
        let types: Vec<Type> = final_args.iter().map(|a| self.resolve(&a.ty)).collect();
        let class_args = class_args.map(|a| a.iter().map(|t| self.resolve(t)).collect());
        let real = self
            .s
            .realize_with(def, types, class_args)
            .map_err(|d| self.at_call_site(d, span))?;
        let ret = self.s.defs.reals[real.0 as usize].ret.clone();
        Ok(TExpr::new(
            TExprKind::Call {
                func: real,
                args: final_args,
            },
            ret,
            span,
        ))
    }

    /// Calls a value of function type (a function item with its captures).
    pub fn call_value(&mut self, callee: TExpr, args: Vec<Arg>, span: Span) -> R<TExpr> {
        match self.s.store.shallow(&callee.ty) {
            Type::Func { def, captured } => {
                let (lid, set) = self.temp(callee);
                let mut all = Vec::new();
                for (i, t) in captured.iter().enumerate() {
                    let rec = self.local(lid, span);
                    all.push(Arg {
                        name: None,
                        value: TExpr::new(
                            TExprKind::Field {
                                obj: Box::new(rec),
                                name: i.to_string(),
                            },
                            t.clone(),
                            span,
                        ),
                    });
                }
                all.extend(args);
                // defaults evaluated where the function was defined travel as captured values
                let names = self.s.defs.func(def).captures.clone();
                let mut pre = vec![set];
                let mut hidden = std::collections::HashMap::new();
                for (name, arg) in names.iter().zip(&all) {
                    if name.starts_with(".default.") {
                        let (l, s) = self.temp(arg.value.clone());
                        pre.push(s);
                        hidden.insert(name.clone(), super::Binding::Local(l));
                    }
                }
                let defs = self.overloads_of(def);
                self.inner_scopes.push(hidden);
                let call = self.call_overloads(&defs, all, span, "this call");
                self.inner_scopes.pop();
                Ok(Fcx::block(pre, call?))
            }
            Type::Var(_) => Ok(self.defer(span, "the called value")),
            _ if self.s.function_sig(&callee.ty).is_some() => {
                self.call_function_value(callee, args, span)
            }
            other => {
                if let Some((class, _)) = self.s.class_of(&other) {
                    let m = self.s.methods(class, "__call__");
                    if !m.is_empty() {
                        let mut all = vec![Arg {
                            name: None,
                            value: callee,
                        }];
                        all.extend(args);
                        return self.call_overloads(&m, all, span, "__call__");
                    }
                }
                Err(self.err(
                    span,
                    format!("'{}' object is not callable", self.s.type_name(&other)),
                ))
            }
        }
    }

    /// The overload set a function item stands for (itself and same-named siblings).
    pub fn overloads_of(&self, def: FuncDefId) -> Vec<FuncDefId> {
        let fd = self.s.defs.func(def);
        if let Some(c) = fd.class {
            let m = self.s.methods(c, &fd.name);
            if m.contains(&def) {
                return m;
            }
        }
        if let Some(Symbol::Func(v)) = self.s.defs.module(fd.module).symbols.get(&fd.name) {
            if v.contains(&def) {
                return v.clone();
            }
        }
        vec![def]
    }

    /// Whether one of `class`'s `__init__` overloads takes `args` (after `self` of type `ty`).
    fn init_fits(&mut self, ty: &Type, class: ClassId, args: &[Arg], span: Span) -> R<bool> {
        let mut all = vec![Arg {
            name: None,
            value: TExpr::new(TExprKind::Null, ty.clone(), span),
        }];
        all.extend(args.iter().cloned());
        for d in self.s.methods(class, "__init__") {
            if self.match_args(d, &all, span)?.is_ok() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `C(args)`: a new object initialised by `__init__`, or `__new__` for value classes.
    pub fn construct(&mut self, ty: Type, args: Vec<Arg>, span: Span) -> R<TExpr> {
        let (class, _) = self
            .s
            .class_of(&ty)
            .expect("constructors are called on class types");
        if let [Arg { name: None, value }] = args.as_slice() {
            // `tuple(t)` of a tuple is that tuple; of a namedtuple, its plain tuple.
            let view = self.tuple_view(value.clone());
            if class == self.s.core().tuple && self.tuple_items(&view.ty).is_some() {
                return Ok(view);
            }
        }
        let kind = self.s.defs.class(class).kind;
        let mut news = self.s.methods(class, "__new__");
        if kind == ClassKind::Ref && !news.is_empty() && self.init_fits(&ty, class, &args, span)? {
            // A reference class with both: `__new__` serves the calls `__init__` cannot take
            // (`dict(a=1, b=2)`).
            news.clear();
        }
        if kind != ClassKind::Ref || !news.is_empty() {
            if news.is_empty() {
                return self.record_from_fields(ty, args, span);
            }
            let mut any_fits = false;
            for d in &news {
                if self.match_args(*d, &args, span)?.is_ok() {
                    any_fits = true;
                    break;
                }
            }
            if !any_fits && kind == ClassKind::Tuple && self.fields_of(&ty).len() == args.len() {
                return self.record_from_fields(ty, args, span);
            }
            let mut ctor_args = self.s.class_of(&ty).map(|(_, a)| a);
            let all_open = ctor_args
                .iter()
                .flatten()
                .all(|a| matches!(self.s.store.shallow(a), Type::Var(_)));
            if kind == ClassKind::Ref && all_open {
                // A reference class's `__new__` builds its object from the arguments
                // (`dict(a=1)`): its result decides the class's generic arguments.
                ctor_args = None;
            }
            let saved = std::mem::replace(&mut self.ctor_args, ctor_args);
            let e = self.call_overloads(&news, args, span, &format!("{}()", self.s.type_name(&ty)));
            self.ctor_args = saved;
            let e = e?;
            let open = matches!(self.s.store.shallow(&e.ty), Type::Var(_));
            // A `__new__` may return another type (a generator for `chain(…)`): a call still
            // waiting for its argument types learns its result type when it is realized.
            if (!open && !self.s.store.can_unify(&e.ty, &ty))
                || (open && matches!(e.kind, TExprKind::PendingCall { .. }))
            {
                return Ok(e);
            }
            self.s.store.unify(&e.ty, &ty);
            return Ok(e);
        }
        let obj = TExpr::new(TExprKind::New, ty.clone(), span);
        let (lid, set) = self.temp(obj);
        let inits = self.s.methods(class, "__init__");
        let mut stmts = vec![set];
        stmts.extend(self.record_class(lid, class, span));
        if inits.is_empty() {
            if !args.is_empty() {
                return Err(self.err(
                    span,
                    format!("{}() takes no arguments", self.s.type_name(&ty)),
                ));
            }
        } else {
            let mut all = vec![Arg {
                name: None,
                value: self.local(lid, span),
            }];
            all.extend(args);
            let call = self.call_overloads(
                &inits,
                all,
                span,
                &format!("{}.__init__", self.s.type_name(&ty)),
            )?;
            stmts.push(TStmt::Expr(call));
        }
        let v = self.local(lid, span);
        Ok(Fcx::block(stmts, v))
    }

    /// A value class built from its fields, given by position then by keyword (`Point(1, y=2)`):
    /// what a `@tuple` class without `__new__` takes.
    fn record_from_fields(&mut self, ty: Type, args: Vec<Arg>, span: Span) -> R<TExpr> {
        let fields = self.fields_of(&ty);
        let shown = match self.s.class_of(&ty) {
            Some((class, _)) => self.s.defs.class(class).name.clone(),
            None => self.s.type_name(&ty),
        };
        let mut slots: Vec<Option<TExpr>> = vec![None; fields.len()];
        let mut next = 0;
        for a in args {
            let at = match a.name.as_deref() {
                None => {
                    next += 1;
                    if next > fields.len() {
                        return Err(
                            self.err(span, format!("{shown}() takes {} arguments", fields.len()))
                        );
                    }
                    next - 1
                }
                Some(n) if n == SPREAD || n == SPREAD_KW => {
                    return Err(self.err(
                        a.value.span,
                        format!("{shown}() takes its fields one by one, not unpacked"),
                    ))
                }
                Some(n) => match fields.iter().position(|(f, _)| f == n) {
                    Some(i) => i,
                    None => {
                        return Err(self.err(
                            a.value.span,
                            format!("{shown}() got an unexpected keyword argument '{n}'"),
                        ))
                    }
                },
            };
            if slots[at].is_some() {
                return Err(self.err(
                    a.value.span,
                    format!("{shown}() got multiple values for field '{}'", fields[at].0),
                ));
            }
            slots[at] = Some(a.value);
        }
        let mut items = Vec::new();
        for ((fname, fty), v) in fields.into_iter().zip(slots) {
            let Some(v) = v else {
                return Err(self.err(
                    span,
                    format!("{shown}() is missing a value for field '{fname}'"),
                ));
            };
            items.push(self.coerce(v, &fty, &format!("field '{fname}'"))?);
        }
        Ok(TExpr::new(TExprKind::Record(items), ty, span))
    }

    /// Fields of a class instance type: declared ones (with generics substituted), then those
    /// found from `self.x = …` assignments. Tuples have fields `0`, `1`, ….
    pub fn fields_of(&mut self, ty: &Type) -> Vec<(String, Type)> {
        let resolved = self.resolve(ty);
        let Some((class, args)) = self.s.class_of(&resolved) else {
            return vec![];
        };
        if class == self.s.core().tuple {
            return args
                .iter()
                .enumerate()
                .map(|(i, t)| (i.to_string(), t.clone()))
                .collect();
        }
        if let Some(f) = self.s.defs.fields.get(&resolved) {
            return f.clone();
        }
        let decls = self.s.defs.class(class).field_decls.clone();
        let gens = self.s.defs.class(class).generics.clone();
        let saved = std::mem::take(&mut self.generics);
        for (g, a) in gens.iter().zip(&args) {
            self.generics.insert(g.clone(), a.clone());
        }
        let mut out = Vec::new();
        for (name, ann, owner) in decls {
            let t = match ann {
                Some(ann) => {
                    let owner_file = self.s.defs.class(owner).file;
                    let owner_module = self.s.defs.class(owner).module;
                    let saved_ctx = (
                        std::mem::replace(&mut self.file, owner_file),
                        std::mem::replace(&mut self.module, owner_module),
                    );
                    let t = self.eval_type(&ann).unwrap_or_else(|e| {
                        self.s.field_error.get_or_insert(e);
                        self.s.store.fresh()
                    });
                    self.file = saved_ctx.0;
                    self.module = saved_ctx.1;
                    t
                }
                // A field a base class assigns has the base's type, so that an object of the
                // subclass can be used as one of the base.
                None if owner != class && self.s.defs.class(owner).generics.is_empty() => {
                    let base = self.s.simple(owner);
                    self.fields_of(&base)
                        .into_iter()
                        .find(|(n, _)| *n == name)
                        .map(|(_, t)| t)
                        .unwrap_or_else(|| self.s.store.fresh())
                }
                None => self.s.store.fresh(),
            };
            out.push((name, t));
        }
        if let Some(at) = self.class_field_position(class) {
            out.insert(at, (CLASS_FIELD.to_string(), self.s.int_t()));
        }
        self.generics = saved;
        if self.s.store.is_resolved(&resolved) {
            let resolved_fields: Vec<(String, Type)> = out
                .iter()
                .map(|(n, t)| (n.clone(), self.resolve(t)))
                .collect();
            self.s.defs.fields.insert(resolved, resolved_fields.clone());
            return resolved_fields;
        }
        out
    }

    /// Checks a call expression.
    pub fn check_call(
        &mut self,
        func: &ast::Expr,
        args: &[ast::Expr],
        keywords: &[ast::Keyword],
        span: Span,
    ) -> R<TExpr> {
        let saved = self.ctor_args.take();
        let r = self.check_call_inner(func, args, keywords, span);
        self.ctor_args = saved;
        r
    }

    fn check_call_inner(
        &mut self,
        func: &ast::Expr,
        args: &[ast::Expr],
        keywords: &[ast::Keyword],
        span: Span,
    ) -> R<TExpr> {
        if self.is_namedtuple_callee(func) {
            return Err(self.err(
                span,
                "namedtuple() makes a class at compile time: assign its result to a name, \
                 as in `Point = namedtuple(\"Point\", [\"x\", \"y\"])`",
            ));
        }
        if matches!(&func.kind, ExprKind::Name(n) if n == "__pipe__" || n == "__ppipe__")
            && args.len() == 2
            && keywords.is_empty()
        {
            let whole = ast::Expr::new(
                ExprKind::Call {
                    func: Box::new(func.clone()),
                    args: args.to_vec(),
                    keywords: vec![],
                },
                span,
            );
            return match self.check_pipeline(&whole, false)? {
                Ok(v) => Ok(v),
                Err(_) => Err(self.err(span, "internal: a pipeline value became statements")),
            };
        }
        if let ExprKind::Name(n) = &func.kind {
            if n == "tuple" && !self.is_variable(n) && keywords.is_empty() {
                if let Some(e) = self.static_tuple_comprehension(args, span)? {
                    return Ok(e);
                }
            }
            if !self.is_variable(n) && keywords.is_empty() {
                if let Some(e) = self.intrinsic(n, args, span)? {
                    return Ok(e);
                }
            }
        }
        let mut targs = Vec::new();
        // statements evaluating `**` values that give no keywords, before the call
        let mut pre = Vec::new();
        let slots = self.type_slots(func);
        for a in args {
            if let Some(sl) = &slots {
                let at = targs.len();
                if sl.positions.contains(&at) && !matches!(a.kind, ExprKind::Starred(_)) {
                    targs.push(Arg {
                        name: None,
                        value: self.type_arg(a)?,
                    });
                    continue;
                }
            }
            if let ExprKind::Starred(inner) = &a.kind {
                let v = self.check_expr(inner)?;
                let v = self.tuple_view(v);
                let fields = self.fields_of(&v.ty);
                let is_tuple = self
                    .s
                    .class_of(&v.ty)
                    .map(|(c, _)| c == self.s.core().tuple)
                    .unwrap_or(false);
                if !is_tuple {
                    targs.push(Arg {
                        name: Some(SPREAD.into()),
                        value: v,
                    });
                    continue;
                }
                let (lid, set) = self.temp(v);
                for (i, (name, t)) in fields.into_iter().enumerate() {
                    let rec = self.local(lid, a.span);
                    let item = TExpr::new(
                        TExprKind::Field {
                            obj: Box::new(rec),
                            name,
                        },
                        t,
                        a.span,
                    );
                    let item = if i == 0 {
                        Fcx::block(vec![set.clone()], item)
                    } else {
                        item
                    };
                    targs.push(Arg {
                        name: None,
                        value: item,
                    });
                }
                continue;
            }
            let shaped = matches!(a.kind, ExprKind::BinOp { .. } | ExprKind::IfExp { .. })
                || super::expected::is_display(a);
            let want = if shaped {
                self.expected_argument(func, targs.len())?
            } else {
                None
            };
            let value = match want {
                Some(t) => self.check_expected(a, &t, "argument")?,
                None => self.check_expr(a)?,
            };
            targs.push(Arg { name: None, value });
        }
        let mut explicit = HashMap::new();
        if let Some(sl) = &slots {
            explicit = self.explicit_type_params(sl, keywords)?;
        }
        for k in keywords {
            match &k.arg {
                Some(n) if explicit.contains_key(&n.name) => {}
                Some(n)
                    if slots
                        .as_ref()
                        .map(|sl| sl.keywords.contains(&n.name))
                        .unwrap_or(false) =>
                {
                    targs.push(Arg {
                        name: Some(n.name.clone()),
                        value: self.type_arg(&k.value)?,
                    })
                }
                Some(n) => targs.push(Arg {
                    name: Some(n.name.clone()),
                    value: self.check_expr(&k.value)?,
                }),
                None => {
                    let value = self.check_expr(&k.value)?;
                    if matches!(self.s.store.shallow(&value.ty), Type::Var(_)) {
                        return Ok(self.defer(k.value.span, "the value unpacked with **"));
                    }
                    match self.spread_named_args(value)? {
                        Ok((set, mut named)) => {
                            match named.first_mut() {
                                Some(first) => {
                                    let v = std::mem::replace(&mut first.value, self.none(span));
                                    first.value = Fcx::block(vec![set], v);
                                }
                                None => pre.push(set),
                            }
                            targs.extend(named);
                        }
                        Err(value) => targs.push(Arg {
                            name: Some(SPREAD_KW.into()),
                            value,
                        }),
                    }
                }
            }
        }
        let saved = std::mem::replace(&mut self.explicit_generics, explicit);
        let call = self.dispatch_call(func, args, keywords, targs, span);
        self.explicit_generics = saved;
        Ok(Fcx::block(pre, call?))
    }

    /// Calls what `func` denotes (a function, a class, a method, a value) with the checked
    /// arguments `targs` of the call written with `args` and `keywords`.
    fn dispatch_call(
        &mut self,
        func: &ast::Expr,
        args: &[ast::Expr],
        keywords: &[ast::Keyword],
        mut targs: Vec<Arg>,
        span: Span,
    ) -> R<TExpr> {
        match &func.kind {
            ExprKind::Name(n) if !self.is_variable(n) && self.generics.contains_key(n) => {
                // `T(x)` with `T` a type parameter
                let t = self.generics[n].clone();
                if self.s.class_of(&t).is_none() {
                    return Ok(self.defer(span, format!("the type '{n}' stands for")));
                }
                self.construct(t, targs, span)
            }
            ExprKind::Subscript { value, index }
                if self.static_symbol(value).is_none()
                    && matches!(&value.kind, ExprKind::Name(n) if !self.is_variable(n)) =>
            {
                match self.subscripted_function(value, index, span)? {
                    Some((defs, mut given)) => {
                        // type parameters taken as `type` parameters go as keyword arguments
                        let kw: Vec<String> = self
                            .s
                            .defs
                            .func(defs[0])
                            .ast
                            .params
                            .kwonly
                            .iter()
                            .filter(|p| super::is_type_param(p))
                            .map(|p| p.name.name.clone())
                            .collect();
                        for name in kw {
                            if let Some(t) = given.remove(&name) {
                                targs.push(Arg {
                                    name: Some(name),
                                    value: TExpr::new(TExprKind::Null, t, span),
                                });
                            }
                        }
                        let saved = std::mem::replace(&mut self.explicit_generics, given);
                        let r = self.call_overloads(&defs, targs, span, "a generic function");
                        self.explicit_generics = saved;
                        r
                    }
                    None => {
                        let callee = self.check_expr(func)?;
                        self.call_value(callee, targs, span)
                    }
                }
            }
            ExprKind::Name(n) if !self.is_variable(n) => match self.lookup(n) {
                Some(Symbol::Func(defs)) => {
                    self.call_overloads(&defs, targs, span, &format!("{n}()"))
                }
                Some(Symbol::Class(c)) => {
                    self.check_lowlevel_ctor(c, func)?;
                    let t = self.fresh_instance(c);
                    self.construct(t, targs, span)
                }
                None if self.alias_type(n).is_some() => {
                    let t = self.eval_type(func)?;
                    self.construct(t, targs, span)
                }
                _ => {
                    let callee = self.check_expr(func)?;
                    self.call_value(callee, targs, span)
                }
            },
            ExprKind::Attribute { value, attr } if matches!(&value.kind, ExprKind::Call { func, args, .. } if args.is_empty() && matches!(&func.kind, ExprKind::Name(n) if n == "super")) =>
            {
                let Some(base) = self.class.and_then(|c| self.s.defs.class(c).base_class) else {
                    return Err(self.err(
                        value.span,
                        "super() is only valid in a method of a class with a base class",
                    ));
                };
                let Some(this) = self.scope.get("self").copied() else {
                    return Err(self.err(value.span, "super() needs the method's 'self'"));
                };
                let methods = self.s.methods(base, &attr.name);
                if methods.is_empty() {
                    let t = self.fresh_instance(base);
                    return Err(self.no_attribute(&t, &attr.name, attr.span));
                }
                let mut all = vec![Arg {
                    name: None,
                    value: self.local(this, value.span),
                }];
                all.extend(targs);
                self.call_overloads(&methods, all, span, &format!("super().{}()", attr.name))
            }
            ExprKind::Attribute { value, attr } => {
                if let Some(sym) = self.static_symbol(value) {
                    match sym {
                        Symbol::Module(m) => {
                            match self.s.defs.module(m).symbols.get(&attr.name).cloned() {
                                Some(Symbol::Func(defs)) => {
                                    return self.call_overloads(
                                        &defs,
                                        targs,
                                        span,
                                        &format!("{}()", attr.name),
                                    )
                                }
                                Some(Symbol::Class(c)) => {
                                    let t = self.fresh_instance(c);
                                    return self.construct(t, targs, span);
                                }
                                Some(_) => {}
                                None => {
                                    let mname = self.s.defs.module(m).name.clone();
                                    return Err(self.err(
                                        attr.span,
                                        format!(
                                            "module '{mname}' has no attribute '{}'",
                                            attr.name
                                        ),
                                    ));
                                }
                            }
                        }
                        Symbol::Class(c) => {
                            let methods = self.s.methods(c, &attr.name);
                            if methods.is_empty() {
                                let t = self.fresh_instance(c);
                                return Err(self.no_attribute(&t, &attr.name, attr.span));
                            }
                            if self.has_decorator(methods[0], "classmethod") {
                                let t = self.fresh_instance(c);
                                let placeholder = TExpr::new(TExprKind::Null, t, value.span);
                                targs.insert(
                                    0,
                                    Arg {
                                        name: None,
                                        value: placeholder,
                                    },
                                );
                            }
                            return self.call_overloads(
                                &methods,
                                targs,
                                span,
                                &format!("{}()", attr.name),
                            );
                        }
                        _ => {}
                    }
                }
                let obj = self.check_expr(value)?;
                let Some((class, _)) = self.s.class_of(&obj.ty) else {
                    return Ok(
                        self.defer(span, format!("the object whose '{}' is called", attr.name))
                    );
                };
                if self.fields_of(&obj.ty).iter().any(|(n, _)| n == &attr.name) {
                    let f = self.get_attr(obj, &attr.name, attr.span)?;
                    return self.call_value(f, targs, span);
                }
                let methods = self.s.methods(class, &attr.name);
                if methods.is_empty() {
                    let ty = obj.ty.clone();
                    if let Some(d) = self.demote(obj.clone())? {
                        let tmp = ast::Expr::new(ExprKind::Name(".demoted".into()), value.span);
                        let (lid, set) = self.temp(d);
                        self.inner_scopes.push(std::collections::HashMap::from([(
                            ".demoted".to_string(),
                            super::Binding::Local(lid),
                        )]));
                        let call = ast::Expr::new(
                            ExprKind::Attribute {
                                value: Box::new(tmp),
                                attr: attr.clone(),
                            },
                            func.span,
                        );
                        let r = self.check_call(&call, args, keywords, span);
                        self.inner_scopes.pop();
                        return Ok(Fcx::block(vec![set], r?));
                    }
                    if targs.iter().all(|a| a.name.is_none()) {
                        let values = targs.into_iter().map(|a| a.value).collect();
                        if let Some(e) = self.protocol_default(obj, &attr.name, values)? {
                            return Ok(e);
                        }
                    }
                    return Err(self.no_attribute(&ty, &attr.name, attr.span));
                }
                if self
                    .s
                    .defs
                    .func(methods[0])
                    .decorators
                    .iter()
                    .any(|d| d == "staticmethod")
                {
                    return self.call_overloads(&methods, targs, span, &format!("{}()", attr.name));
                }
                let obj = if self.has_decorator(methods[0], "classmethod") {
                    TExpr::new(TExprKind::Null, obj.ty, obj.span)
                } else {
                    obj
                };
                let (obj, targs) = match self.virtual_call(obj, &attr.name, targs, span)? {
                    Ok(e) => return Ok(e),
                    Err(back) => back,
                };
                let mut all = vec![Arg {
                    name: None,
                    value: obj,
                }];
                all.extend(targs);
                self.call_overloads(&methods, all, span, &format!("{}()", attr.name))
            }
            ExprKind::Subscript { value, .. }
                if self
                    .static_symbol(value)
                    .map(|s| matches!(s, Symbol::Class(_)))
                    .unwrap_or(false) =>
            {
                let t = self.eval_type(func)?;
                self.construct(t, targs, span)
            }
            _ => {
                let callee = self.check_expr(func)?;
                self.call_value(callee, targs, span)
            }
        }
    }

    /// Whether a function is decorated with `name`.
    pub fn has_decorator(&self, def: FuncDefId, name: &str) -> bool {
        self.s.defs.func(def).decorators.iter().any(|d| d == name)
    }

    /// A class instance type with fresh generic arguments.
    pub fn fresh_instance(&mut self, c: ClassId) -> Type {
        let n = self.s.defs.class(c).generics.len();
        let args = if c == self.s.core().tuple {
            vec![]
        } else {
            (0..n).map(|_| self.s.store.fresh()).collect()
        };
        Type::Class { class: c, args }
    }

    /// The module or class a name expression denotes, when it is not a variable.
    pub fn static_symbol(&mut self, e: &ast::Expr) -> Option<Symbol> {
        match &e.kind {
            ExprKind::Name(n) if !self.is_variable(n) => match self.lookup(n)? {
                s @ (Symbol::Module(_) | Symbol::Class(_)) => Some(s),
                _ => None,
            },
            ExprKind::Attribute { value, attr } => match self.static_symbol(value)? {
                Symbol::Module(m) => match self.s.defs.module(m).symbols.get(&attr.name)? {
                    s @ (Symbol::Module(_) | Symbol::Class(_)) => Some(s.clone()),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        }
    }
}

/// Where a parameter's value comes from.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Arg(usize),
    VarArgs,
    KwArgs,
    Default,
}
