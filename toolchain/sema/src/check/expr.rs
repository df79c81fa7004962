//! Checking expressions: names, literals, operators, attributes, subscripts, displays.

use syntax::ast::{self, BoolOpKind, CmpOp, Expr, ExprKind, UnaryOp};
use syntax::{FileId, Span};

use super::call::Arg;
use super::{Binding, Fcx};
use crate::context::R;
use crate::defs::Symbol;
use crate::typed::{TExpr, TExprKind, TStmt, TTarget};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Whether `n` names a variable (local, captured or global) rather than a function/class.
    pub fn is_variable(&self, n: &str) -> bool {
        if self.static_names.contains_key(n) {
            return false;
        }
        if self.inner_scopes.iter().any(|s| s.contains_key(n))
            || self.scope.contains_key(n)
            || self.cells.contains_key(n)
        {
            return true;
        }
        if !self.toplevel && self.local_names.contains(n) && !self.global_names.contains(n) {
            return true;
        }
        matches!(
            self.s.defs.module(self.module).symbols.get(n),
            Some(Symbol::Global(_))
        )
    }

    /// Checks an expression. A value of a static type is read as its literal (`check/
    /// static_args.rs`); tuples and records of them keep their static types.
    pub fn check_expr(&mut self, e: &Expr) -> R<TExpr> {
        let v = self.check_expr_node(e)?;
        Ok(self.read_static(v))
    }

    fn check_expr_node(&mut self, e: &Expr) -> R<TExpr> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int { digits, radix } => match i64::from_str_radix(digits, *radix) {
                Ok(v) => Ok(TExpr::new(TExprKind::Int(v), self.s.int_t(), span)),
                // as Codon: literals up to 2**64 - 1 wrap (`u64(14695981039346656037)`)
                Err(_) => match u64::from_str_radix(digits, *radix) {
                    Ok(v) => Ok(TExpr::new(TExprKind::Int(v as i64), self.s.int_t(), span)),
                    _ => Err(self.err(span, "integer literal is too large for a 64-bit int")),
                },
            },
            ExprKind::Float(f) => Ok(TExpr::new(TExprKind::Float(*f), self.s.float_t(), span)),
            ExprKind::Str(s) => Ok(TExpr::new(TExprKind::Str(s.clone()), self.s.str_t(), span)),
            ExprKind::Bool(b) => Ok(TExpr::new(TExprKind::Bool(*b), self.s.bool_t(), span)),
            ExprKind::None => Ok(self.none(span)),
            ExprKind::Name(n) => self.check_name(n, span),
            ExprKind::BinOp { left, op, right } => {
                let l = self.check_expr(left)?;
                let r = self.check_expr(right)?;
                self.binary(l, &format!("__{}__", op.magic()), r, span)
            }
            ExprKind::UnaryOp { op, operand } => {
                let v = self.check_expr(operand)?;
                match op {
                    UnaryOp::Not => {
                        let b = self.truthy(v)?;
                        Ok(self.not(b))
                    }
                    // a negative literal stays a literal (a static index: `t[-1]`, `itemgetter(-1)`)
                    UnaryOp::USub => match v.kind {
                        TExprKind::Int(n) => {
                            Ok(TExpr::new(TExprKind::Int(n.wrapping_neg()), v.ty, span))
                        }
                        _ => self.call_method_named(v, "__neg__", vec![], "unary -"),
                    },
                    UnaryOp::UAdd => self.call_method_named(v, "__pos__", vec![], "unary +"),
                    UnaryOp::Invert => self.call_method_named(v, "__invert__", vec![], "~"),
                }
            }
            ExprKind::BoolOp { op, values } => self.bool_op(*op, values, span),
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } => self.compare(left, ops, comparators, span),
            ExprKind::IfExp { test, body, orelse } => {
                if let Some(b) = self.static_bool(test)? {
                    // decided at compile time: the other branch is not checked
                    return self.check_expr(if b { body } else { orelse });
                }
                let c = self.check_expr(test)?;
                let c = self.truthy(c)?;
                let a = self.check_expr(body)?;
                let b = self.check_expr(orelse)?;
                let (a, b) = self.join(a, b)?;
                let ty = a.ty.clone();
                Ok(TExpr::new(
                    TExprKind::Ternary {
                        cond: Box::new(c),
                        then: Box::new(a),
                        other: Box::new(b),
                    },
                    ty,
                    span,
                ))
            }
            ExprKind::NamedExpr { target, value } => {
                let v = self.check_expr(value)?;
                let (lid, set) = self.temp(v);
                let read = self.local(lid, span);
                let assign = self.assign_to(target, self.local(lid, span))?;
                let mut stmts = vec![set];
                stmts.extend(assign);
                Ok(Fcx::block(stmts, read))
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } => self.check_call(func, args, keywords, span),
            ExprKind::Attribute { value, attr } => {
                if let Some(e) = self.type_name_attr(value, attr, span)? {
                    return Ok(e);
                }
                if let Some(sym) = self.static_symbol(value) {
                    return self.static_attr(sym, attr, span);
                }
                let obj = self.check_expr(value)?;
                self.get_attr(obj, &attr.name, attr.span)
            }
            ExprKind::Subscript { value, index } => {
                let obj = self.check_expr(value)?;
                self.subscript(obj, index, span)
            }
            ExprKind::Tuple(items) => {
                let mut out = Vec::new();
                let mut pre = Vec::new();
                for it in items {
                    if let ExprKind::Starred(inner) = &it.kind {
                        // `(*t, x)`: a tuple's items spliced in (its length is in its type)
                        let v = self.check_expr(inner)?;
                        let v = self.tuple_view(v);
                        if self.tuple_items(&v.ty).is_none() {
                            if matches!(self.s.store.shallow(&v.ty), Type::Var(_)) {
                                return Ok(self.defer(it.span, "the tuple unpacked with *"));
                            }
                            return Err(self.err(
                                it.span,
                                "only a tuple can be unpacked into a tuple display (its length \
                                 must be known when compiling)",
                            ));
                        }
                        let fields = self.fields_of(&v.ty);
                        let fields_empty = fields.is_empty();
                        let (lid, set) = self.temp(v);
                        for (i, (name, t)) in fields.into_iter().enumerate() {
                            let rec = self.local(lid, it.span);
                            let item = TExpr::new(
                                TExprKind::Field {
                                    obj: Box::new(rec),
                                    name,
                                },
                                t,
                                it.span,
                            );
                            out.push(if i == 0 {
                                Fcx::block(vec![set.clone()], item)
                            } else {
                                item
                            });
                        }
                        if fields_empty {
                            // an empty tuple spliced: still evaluated (before the display)
                            pre.push(set);
                        }
                        continue;
                    }
                    out.push(self.check_expr(it)?);
                }
                let ty = self.s.tuple_t(out.iter().map(|x| x.ty.clone()).collect());
                Ok(Fcx::block(
                    pre,
                    TExpr::new(TExprKind::Record(out), ty, span),
                ))
            }
            ExprKind::List(items) => {
                self.collection_display(self.s.core().list, items, "append", span)
            }
            ExprKind::Set(items) => self.collection_display(self.s.core().set, items, "add", span),
            ExprKind::Dict { keys, values } => self.dict_display(keys, values, span),
            ExprKind::ListComp { elt, generators } => {
                let list = self.s.core().list;
                self.comprehension(list, &[elt], generators, span)
            }
            ExprKind::SetComp { elt, generators } => {
                let set = self.s.core().set;
                self.comprehension(set, &[elt], generators, span)
            }
            ExprKind::DictComp {
                key,
                value,
                generators,
            } => {
                let dict = self.s.core().dict;
                self.comprehension(dict, &[key, value], generators, span)
            }
            ExprKind::GeneratorExp { elt, generators } => {
                self.generator_expr(elt, generators, span)
            }
            ExprKind::Lambda { params, body } => self.lambda(params, body, span),
            ExprKind::FString(parts) => self.fstring(parts, span),
            ExprKind::Yield(v) => {
                let val = match v {
                    Some(v) => Some(self.check_expr(v)?),
                    None => None,
                };
                let vt = val
                    .as_ref()
                    .map(|v| v.ty.clone())
                    .unwrap_or_else(|| self.s.none_t());
                match &self.yield_ty {
                    Some(t) => {
                        let t = t.clone();
                        if !self.s.store.unify(&t, &vt) {
                            return Err(self.err(
                                span,
                                format!(
                                    "yield of '{}' in a generator of '{}'",
                                    self.s.type_name(&vt),
                                    self.s.type_name(&t)
                                ),
                            ));
                        }
                    }
                    None => self.yield_ty = Some(vt),
                }
                Ok(TExpr::new(
                    TExprKind::Yield(val.map(Box::new)),
                    self.s.none_t(),
                    span,
                ))
            }
            ExprKind::YieldFrom(inner) => {
                let v = self.check_expr(inner)?;
                let gen = self.iterate(v)?;
                let item = self.s.store.fresh();
                let n = self.s.next_id();
                let var = self.new_local(&format!(".yf{n}"), item.clone());
                if !self
                    .s
                    .store
                    .unify(&gen.ty, &self.s.generator_t(item.clone()))
                {
                    return Err(self.err(span, "yield from needs an iterable"));
                }
                let yv = self.local(var, span);
                match self.yield_ty.clone() {
                    Some(t) => {
                        self.s.store.unify(&t, &item);
                    }
                    None => self.yield_ty = Some(item),
                }
                let y = TExpr::new(TExprKind::Yield(Some(Box::new(yv))), self.s.none_t(), span);
                let stmt = TStmt::For {
                    iter: gen,
                    var,
                    body: vec![TStmt::Expr(y)],
                    par: None,
                };
                Ok(Fcx::block(vec![stmt], self.none(span)))
            }
            ExprKind::Starred(_) => Err(self.err(span, "starred expression is not allowed here")),
            ExprKind::Slice { .. } => Err(self.err(span, "slice is only allowed inside []")),
            ExprKind::Ellipsis => Ok(self.none(span)),
            ExprKind::Bytes(_) | ExprKind::Imaginary(_) => {
                Err(self.err(span, "bytes and complex literals are not supported yet"))
            }
            ExprKind::Await(_) => Err(self.err(span, "await is not supported")),
        }
    }

    fn check_name(&mut self, n: &str, span: Span) -> R<TExpr> {
        for scope in self.inner_scopes.iter().rev() {
            if let Some(b) = scope.get(n) {
                return Ok(match b.clone() {
                    Binding::Local(l) => self.local(l, span),
                    Binding::Static(v) => TExpr::new(TExprKind::Int(v), self.s.int_t(), span),
                    Binding::TupleItem(l, i) => {
                        let rec = self.local(l, span);
                        let t = self.fields_of(&rec.ty)[i].1.clone();
                        TExpr::new(
                            TExprKind::Field {
                                obj: Box::new(rec),
                                name: i.to_string(),
                            },
                            t,
                            span,
                        )
                    }
                    Binding::Global(g) => match self.s.defs.globals[g.0 as usize].ty.clone() {
                        Some(t) => TExpr::new(TExprKind::Global(g), t, span),
                        None => {
                            return Err(
                                self.err(span, format!("'{n}' is used before it is assigned"))
                            )
                        }
                    },
                });
            }
        }
        if let Some(cell) = self.cells.get(n).copied() {
            return self.cell_load(cell, span);
        }
        if let Some(l) = self.scope.get(n) {
            return Ok(self.local(*l, span));
        }
        if !self.toplevel && self.local_names.contains(n) && !self.global_names.contains(n) {
            return Err(self.err(
                span,
                format!("local variable '{n}' referenced before assignment"),
            ));
        }
        match self.lookup(n) {
            Some(Symbol::Global(g)) => match self.s.defs.globals[g.0 as usize].ty.clone() {
                Some(t) => Ok(TExpr::new(TExprKind::Global(g), t, span)),
                None => Err(self.err(span, format!("name '{n}' is used before it is assigned"))),
            },
            Some(Symbol::Func(defs)) => {
                let ty = Type::Func {
                    def: defs[0],
                    captured: vec![],
                };
                Ok(TExpr::new(TExprKind::Record(vec![]), ty, span))
            }
            Some(Symbol::Class(c)) => Ok(self.class_as_function(c, span)),
            Some(Symbol::Module(_)) => {
                Err(self.err(span, format!("module '{n}' cannot be used as a value")))
            }
            None => {
                let mut d = self.err(span, format!("name '{n}' is not defined"));
                let mut cands: Vec<String> = self.scope.keys().cloned().collect();
                cands.extend(self.s.defs.module(self.module).symbols.keys().cloned());
                cands.extend(self.s.defs.module(self.s.builtins).symbols.keys().cloned());
                if let Some(best) = crate::suggest::closest(n, cands.iter().map(|s| s.as_str())) {
                    d = Box::new(d.with_help(format!("did you mean '{best}'?")));
                }
                Err(d)
            }
        }
    }

    fn static_attr(&mut self, sym: Symbol, attr: &ast::Ident, span: Span) -> R<TExpr> {
        match sym {
            Symbol::Module(m) => {
                let mname = self.s.defs.module(m).name.clone();
                match self.s.defs.module(m).symbols.get(&attr.name).cloned() {
                    Some(Symbol::Global(g)) => match self.s.defs.globals[g.0 as usize].ty.clone() {
                        Some(t) => Ok(TExpr::new(TExprKind::Global(g), t, span)),
                        None => Err(self.err(
                            span,
                            format!("'{mname}.{}' is used before it is assigned", attr.name),
                        )),
                    },
                    Some(Symbol::Func(defs)) => Ok(TExpr::new(
                        TExprKind::Record(vec![]),
                        Type::Func {
                            def: defs[0],
                            captured: vec![],
                        },
                        span,
                    )),
                    Some(_) => Err(self.err(
                        span,
                        format!("'{mname}.{}' cannot be used as a value", attr.name),
                    )),
                    None => Err(self.err(
                        attr.span,
                        format!("module '{mname}' has no attribute '{}'", attr.name),
                    )),
                }
            }
            Symbol::Class(c) => {
                if let Some(g) = self.s.class_var(c, &attr.name) {
                    let t = self.s.defs.globals[g.0 as usize].ty.clone();
                    return match t {
                        Some(t) => Ok(TExpr::new(TExprKind::Global(g), t, span)),
                        None => Err(self.err(span, "class variable used before it is assigned")),
                    };
                }
                let m = self.s.methods(c, &attr.name);
                if let Some(d) = m.first() {
                    return Ok(TExpr::new(
                        TExprKind::Record(vec![]),
                        Type::Func {
                            def: *d,
                            captured: vec![],
                        },
                        span,
                    ));
                }
                let t = self.fresh_instance(c);
                Err(self.no_attribute(&t, &attr.name, attr.span))
            }
            _ => Err(self.err(span, "invalid attribute access")),
        }
    }

    /// `obj.name`: a field, a property, or a bound method.
    pub fn get_attr(&mut self, obj: TExpr, name: &str, span: Span) -> R<TExpr> {
        let Some((class, _)) = self.s.class_of(&obj.ty) else {
            return Ok(self.defer(span, format!("the object whose '{name}' is read")));
        };
        if let Some((_, t)) = self.fields_of(&obj.ty).into_iter().find(|(n, _)| n == name) {
            return Ok(TExpr::new(
                TExprKind::Field {
                    obj: Box::new(obj),
                    name: name.to_string(),
                },
                t,
                span,
            ));
        }
        let methods = self.s.methods(class, name);
        if let Some(first) = methods.first() {
            if self
                .s
                .defs
                .func(*first)
                .decorators
                .iter()
                .any(|d| d == "property")
            {
                return self.call_overloads(
                    &methods,
                    vec![Arg {
                        name: None,
                        value: obj,
                    }],
                    span,
                    name,
                );
            }
            let ty = Type::Func {
                def: *first,
                captured: vec![obj.ty.clone()],
            };
            return Ok(TExpr::new(TExprKind::Record(vec![obj]), ty, span));
        }
        if let Some(g) = self.s.class_var(class, name) {
            if let Some(t) = self.s.defs.globals[g.0 as usize].ty.clone() {
                return Ok(TExpr::new(TExprKind::Global(g), t, span));
            }
        }
        if class == self.s.core().optional {
            let inner = self.demote(obj)?.expect("optionals can be unwrapped");
            return self.get_attr(inner, name, span);
        }
        Err(self.no_attribute(&obj.ty, name, span))
    }

    /// `obj[index]`: a tuple item by constant index, or `__getitem__` (slices included).
    fn subscript(&mut self, obj: TExpr, index: &Expr, span: Span) -> R<TExpr> {
        let obj = self.tuple_view(obj);
        let tuple_items = match self.s.class_of(&obj.ty) {
            Some((class, args)) if class == self.s.core().tuple => Some(args),
            _ => None,
        };
        if let (Some(items), Some(i)) = (&tuple_items, self.static_int(index)) {
            return self.tuple_item(obj, items, i, index.span, span);
        }
        if let Some(sliced) = self.tuple_slice(&obj, index, span)? {
            return Ok(sliced);
        }
        let idx = self.check_index(index)?;
        if let (Some(items), TExprKind::Int(i)) = (&tuple_items, &idx.kind) {
            // a constant index only known once checked (a read static value)
            return self.tuple_item(obj, items, *i, index.span, span);
        }
        self.call_method_named(obj, "__getitem__", vec![idx], "[]")
    }

    /// Item `i` (from the end when negative) of a tuple whose item types are `items`.
    fn tuple_item(
        &mut self,
        obj: TExpr,
        items: &[Type],
        i: i64,
        index_span: Span,
        span: Span,
    ) -> R<TExpr> {
        let n = items.len() as i64;
        let idx = if i < 0 { i + n } else { i };
        if idx < 0 || idx >= n {
            return Err(self.err(index_span, "tuple index out of range"));
        }
        Ok(TExpr::new(
            TExprKind::Field {
                obj: Box::new(obj),
                name: idx.to_string(),
            },
            items[idx as usize].clone(),
            span,
        ))
    }

    /// An index expression: slices become `slice` objects.
    pub fn check_index(&mut self, index: &Expr) -> R<TExpr> {
        if let ExprKind::Slice { lower, upper, step } = &index.kind {
            let mut args = Vec::new();
            for part in [lower, upper, step] {
                let v = match part {
                    Some(p) => {
                        let v = self.check_expr(p)?;
                        let opt = self.s.optional_t(self.s.int_t());
                        self.coerce(v, &opt, "slice index")?
                    }
                    None => TExpr::new(
                        TExprKind::Null,
                        self.s.optional_t(self.s.int_t()),
                        index.span,
                    ),
                };
                args.push(v);
            }
            let ty = self.s.simple(self.s.core().slice);
            return Ok(TExpr::new(TExprKind::Record(args), ty, index.span));
        }
        self.check_expr(index)
    }

    /// A compile-time integer: a literal, a negated literal, or a static loop index.
    pub fn static_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int { digits, radix } => i64::from_str_radix(digits, *radix).ok(),
            ExprKind::UnaryOp {
                op: UnaryOp::USub,
                operand,
            } => self.static_int(operand).map(|v| -v),
            ExprKind::BinOp { left, op, right } => {
                // arithmetic on compile-time integers (`staticlen(t) - 1`)
                let (a, b) = (self.static_int(left)?, self.static_int(right)?);
                match op {
                    syntax::ast::BinOp::Add => a.checked_add(b),
                    syntax::ast::BinOp::Sub => a.checked_sub(b),
                    syntax::ast::BinOp::Mult => a.checked_mul(b),
                    syntax::ast::BinOp::FloorDiv if b > 0 => Some(a.div_euclid(b)),
                    syntax::ast::BinOp::Mod if b > 0 => Some(a.rem_euclid(b)),
                    _ => None,
                }
            }
            ExprKind::Name(n) => self
                .inner_scopes
                .iter()
                .rev()
                .find_map(|s| match s.get(n) {
                    Some(Binding::Static(v)) => Some(*v),
                    _ => None,
                })
                .or_else(
                    || match self.generics.get(n).map(|t| self.s.store.shallow(t)) {
                        // a static generic argument (`N` of `Int[N]`)
                        Some(Type::Static(v)) => Some(v),
                        _ => None,
                    },
                ),
            ExprKind::Call { func, args, .. }
                if args.len() == 1
                    && matches!(&func.kind, ExprKind::Name(n) if n == "staticlen") =>
            {
                let ExprKind::Name(v) = &args[0].kind else {
                    return None;
                };
                let l = self.scope.get(v)?;
                match self.s.store.shallow(&self.locals[l.0 as usize].1) {
                    Type::Class { class, args } if class == self.s.core().tuple => {
                        Some(args.len() as i64)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `l op r` through `l.__op__(r)`, falling back to `r.__rop__(l)`.
    pub fn binary(&mut self, l: TExpr, method: &str, r: TExpr, span: Span) -> R<TExpr> {
        if matches!(method, "__eq__" | "__ne__")
            && (self.s.function_sig(&l.ty).is_some() || self.s.function_sig(&r.ty).is_some())
        {
            let same = self.function_identity(l, r, span)?;
            return Ok(if method == "__ne__" {
                self.not(same)
            } else {
                same
            });
        }
        let (Some((lc, _)), Some((rc, _))) = (self.s.class_of(&l.ty), self.s.class_of(&r.ty))
        else {
            return Ok(self.defer(span, format!("the operands of {method}")));
        };
        if let Some(t) = self.tuple_binary(&l, method, &r, span)? {
            return Ok(t);
        }
        let lm = self.s.methods(lc, method);
        if let Some(d) = self.pick_overload(&lm, &[l.ty.clone(), r.ty.clone()])? {
            let args = Arg::positional(vec![l, r]);
            return self.call_def(d, args, span);
        }
        let rmethod = super::protocols::reflected(method);
        let rm = self.s.methods(rc, &rmethod);
        if let Some(d) = self.pick_overload(&rm, &[r.ty.clone(), l.ty.clone()])? {
            let (lid, set) = self.temp(l);
            let lv = self.local(lid, span);
            let args = Arg::positional(vec![r, lv]);
            let call = self.call_def(d, args, span)?;
            return Ok(Fcx::block(vec![set], call));
        }
        if lm.is_empty()
            && (self.s.defs.class(lc).kind == crate::defs::ClassKind::Ref
                || (self.s.defs.class(lc).kind == crate::defs::ClassKind::Tuple
                    && lc == rc
                    && lc != self.s.core().tuple))
        {
            if let Some(e) = self.protocol_default(l.clone(), method, vec![r.clone()])? {
                return Ok(e);
            }
        }
        let core = self.s.core();
        let demotable = |c: crate::defs::ClassId| {
            c == core.bool_ || c == core.optional || self.s.defs.class(c).namedtuple
        };
        let (l_demotes, r_demotes) = (demotable(lc), demotable(rc));
        if l_demotes || r_demotes {
            let l2 = if l_demotes {
                self.demote(l.clone())?.expect("demotable")
            } else {
                l.clone()
            };
            let r2 = if r_demotes {
                self.demote(r.clone())?.expect("demotable")
            } else {
                r.clone()
            };
            return self.binary(l2, method, r2, span);
        }
        let op = crate::suggest::operator_for(method).unwrap_or(method);
        let (lt, rt) = (self.s.type_name(&l.ty), self.s.type_name(&r.ty));
        let mut d = syntax::Diagnostic::error(
            self.file,
            span,
            format!("unsupported operand type(s) for {op}: '{lt}' and '{rt}'"),
        )
        .with_label(self.file, l.span, format!("this has type '{lt}'"))
        .with_label(self.file, r.span, format!("this has type '{rt}'"));
        let scalar = |t: &str| matches!(t, "int" | "float" | "str" | "bool");
        if scalar(&lt) && scalar(&rt) {
            d = d.with_help(format!(
                "convert one operand first, with {rt}(...) or {lt}(...)"
            ));
        }
        Err(Box::new(d))
    }

    /// The overload that accepts positional arguments of these types, preferring one that
    /// takes them without implicit conversion.
    fn pick_overload(
        &mut self,
        defs: &[crate::defs::FuncDefId],
        types: &[Type],
    ) -> R<Option<crate::defs::FuncDefId>> {
        if defs.len() > 1 && types.iter().all(|t| self.s.store.is_resolved(t)) {
            for d in defs {
                if self.accepts(*d, types, true)? {
                    return Ok(Some(*d));
                }
            }
        }
        for d in defs {
            if self.accepts(*d, types, false)? {
                return Ok(Some(*d));
            }
        }
        Ok(None)
    }

    /// Whether a function accepts positional arguments of these types.
    pub fn fits_call(&mut self, def: crate::defs::FuncDefId, types: &[Type]) -> R<bool> {
        self.accepts(def, types, false)
    }

    /// `fits_call`, without implicit conversions when `exact`.
    fn accepts(&mut self, def: crate::defs::FuncDefId, types: &[Type], exact: bool) -> R<bool> {
        let args: Vec<Arg> = types
            .iter()
            .map(|t| Arg {
                name: None,
                value: TExpr::new(TExprKind::Null, t.clone(), Span::default()),
            })
            .collect();
        Ok(self
            .match_args_as(def, &args, Span::default(), exact)?
            .is_ok())
    }

    /// Converts a value to `bool` for a condition (`__bool__`).
    pub fn truthy(&mut self, v: TExpr) -> R<TExpr> {
        let b = self.s.bool_t();
        if self.s.store.can_unify(&v.ty, &b) && !matches!(self.s.store.shallow(&v.ty), Type::Var(_))
        {
            return Ok(v);
        }
        self.call_method_named(v, "__bool__", vec![], "a condition")
    }

    /// Boolean negation of a `bool` value.
    pub fn not(&self, b: TExpr) -> TExpr {
        let span = b.span;
        let bt = self.s.bool_t();
        TExpr::new(
            TExprKind::Ternary {
                cond: Box::new(b),
                then: Box::new(TExpr::new(TExprKind::Bool(false), bt.clone(), span)),
                other: Box::new(TExpr::new(TExprKind::Bool(true), bt.clone(), span)),
            },
            bt,
            span,
        )
    }

    /// Makes two branch values one type (wrapping into `Optional` when one side is `None`).
    pub fn join(&mut self, a: TExpr, b: TExpr) -> R<(TExpr, TExpr)> {
        if self.s.store.can_unify(&a.ty, &b.ty) {
            self.s.store.unify(&a.ty, &b.ty);
            return Ok((a, b));
        }
        let (at, bt) = (a.ty.clone(), b.ty.clone());
        if self.fits(&b.ty, &at) {
            let b = self.coerce(b, &at, "branch")?;
            return Ok((a, b));
        }
        if self.fits(&a.ty, &bt) {
            let a = self.coerce(a, &bt, "branch")?;
            return Ok((a, b));
        }
        let none = self.s.none_t();
        if self.s.store.can_unify(&a.ty, &none) || self.s.store.can_unify(&b.ty, &none) {
            let inner = if self.s.store.can_unify(&a.ty, &none) {
                bt
            } else {
                at
            };
            let opt = self.s.optional_t(inner);
            let a = self.coerce(a, &opt, "branch")?;
            let b = self.coerce(b, &opt, "branch")?;
            return Ok((a, b));
        }
        Err(self.err(
            b.span,
            format!(
                "the branches have different types: '{}' and '{}'",
                self.s.type_name(&at),
                self.s.type_name(&bt)
            ),
        ))
    }

    fn bool_op(&mut self, op: BoolOpKind, values: &[Expr], span: Span) -> R<TExpr> {
        let mut acc = self.check_expr(&values[0])?;
        for v in &values[1..] {
            let rhs = self.check_expr(v)?;
            let same = self.s.store.can_unify(&acc.ty, &rhs.ty);
            if same {
                self.s.store.unify(&acc.ty, &rhs.ty);
                let (lid, set) = self.temp(acc);
                let cond = self.truthy(self.local(lid, span))?;
                let keep = self.local(lid, span);
                let ty = keep.ty.clone();
                let (then, other) = match op {
                    BoolOpKind::And => (rhs, keep),
                    BoolOpKind::Or => (keep, rhs),
                };
                let t = TExpr::new(
                    TExprKind::Ternary {
                        cond: Box::new(cond),
                        then: Box::new(then),
                        other: Box::new(other),
                    },
                    ty,
                    span,
                );
                acc = Fcx::block(vec![set], t);
            } else {
                let l = self.truthy(acc)?;
                let r = self.truthy(rhs)?;
                let bt = self.s.bool_t();
                let (then, other) = match op {
                    BoolOpKind::And => (r, TExpr::new(TExprKind::Bool(false), bt.clone(), span)),
                    BoolOpKind::Or => (TExpr::new(TExprKind::Bool(true), bt.clone(), span), r),
                };
                acc = TExpr::new(
                    TExprKind::Ternary {
                        cond: Box::new(l),
                        then: Box::new(then),
                        other: Box::new(other),
                    },
                    bt,
                    span,
                );
            }
        }
        Ok(acc)
    }

    fn compare(
        &mut self,
        left: &Expr,
        ops: &[CmpOp],
        comparators: &[Expr],
        span: Span,
    ) -> R<TExpr> {
        let first = self.check_expr(left)?;
        let mut lhs = first;
        let mut result: Option<TExpr> = None;
        for (i, (op, rexpr)) in ops.iter().zip(comparators).enumerate() {
            let r = self.check_expr(rexpr)?;
            let last = i + 1 == ops.len();
            let (rv, next) = if last {
                (r, None)
            } else {
                let (lid, set) = self.temp(r);
                (
                    TExpr::new(
                        TExprKind::Block {
                            stmts: vec![set],
                            value: Box::new(self.local(lid, rexpr.span)),
                        },
                        self.locals[lid.0 as usize].1.clone(),
                        rexpr.span,
                    ),
                    Some(lid),
                )
            };
            let cmp = self.compare_one(lhs, *op, rv, span)?;
            result = Some(match result {
                None => cmp,
                Some(prev) => {
                    let bt = self.s.bool_t();
                    TExpr::new(
                        TExprKind::Ternary {
                            cond: Box::new(prev),
                            then: Box::new(cmp),
                            other: Box::new(TExpr::new(TExprKind::Bool(false), bt.clone(), span)),
                        },
                        bt,
                        span,
                    )
                }
            });
            match next {
                Some(lid) => lhs = self.local(lid, span),
                None => break,
            }
        }
        Ok(result.expect("a comparison has at least one operator"))
    }

    fn compare_one(&mut self, l: TExpr, op: CmpOp, r: TExpr, span: Span) -> R<TExpr> {
        match op {
            CmpOp::In | CmpOp::NotIn => {
                // `l in r` is `r.__contains__(l)`, but Python evaluates `l` first.
                let (lid, set) = self.temp(l);
                let lv = self.local(lid, span);
                let c = self.call_method_named(r, "__contains__", vec![lv], "in")?;
                let c = self.truthy(c)?;
                let c = if op == CmpOp::NotIn { self.not(c) } else { c };
                let ty = c.ty.clone();
                Ok(TExpr::new(
                    TExprKind::Block {
                        stmts: vec![set],
                        value: Box::new(c),
                    },
                    ty,
                    span,
                ))
            }
            CmpOp::Is | CmpOp::IsNot => {
                let c = self.is_check(l, r, span)?;
                Ok(if op == CmpOp::IsNot { self.not(c) } else { c })
            }
            _ => {
                let m = format!("__{}__", op.magic().expect("comparison has a magic method"));
                let c = self.binary(l, &m, r, span)?;
                self.truthy(c)
            }
        }
    }

    fn is_check(&mut self, l: TExpr, r: TExpr, span: Span) -> R<TExpr> {
        if self.s.function_sig(&l.ty).is_some() || self.s.function_sig(&r.ty).is_some() {
            return self.function_identity(l, r, span);
        }
        let none = self.s.none_t();
        let core = self.s.core();
        let l_none = self.s.store.can_unify(&l.ty, &none) && matches!(l.kind, TExprKind::Null);
        let r_none = self.s.store.can_unify(&r.ty, &none) && matches!(r.kind, TExprKind::Null);
        if l_none || r_none {
            let other = if r_none { l } else { r };
            let bt = self.s.bool_t();
            return match self.s.class_of(&other.ty) {
                Some((c, _)) if c == core.optional => {
                    let has = TExpr::new(TExprKind::OptionalHas(Box::new(other)), bt, span);
                    Ok(self.not(has))
                }
                Some((c, _)) if c == core.none => Ok(TExpr::new(TExprKind::Bool(true), bt, span)),
                _ => Ok(TExpr::new(TExprKind::Bool(false), bt, span)),
            };
        }
        let args = Arg::positional(vec![l, r]);
        match self.s.lookup_symbol(self.module, "__is__") {
            Some(Symbol::Func(defs)) => self.call_overloads(&defs, args, span, "is"),
            _ => Err(self.err(span, "'is' needs the stdlib's __is__")),
        }
    }

    fn collection_display(
        &mut self,
        class: crate::defs::ClassId,
        items: &[Expr],
        add: &str,
        span: Span,
    ) -> R<TExpr> {
        let ty = self.fresh_instance(class);
        let obj = self.construct(ty, vec![], span)?;
        let (lid, set) = self.temp(obj);
        let mut stmts = vec![set];
        for it in items {
            let v = match &it.kind {
                ExprKind::Starred(inner) => {
                    let v = self.check_expr(inner)?;
                    let c =
                        self.call_method_named(self.local(lid, span), "extend", vec![v], "*")?;
                    stmts.push(TStmt::Expr(c));
                    continue;
                }
                _ => self.check_expr(it)?,
            };
            let c = self.call_method_named(self.local(lid, span), add, vec![v], "a display")?;
            stmts.push(TStmt::Expr(c));
        }
        let v = self.local(lid, span);
        Ok(Fcx::block(stmts, v))
    }

    fn dict_display(&mut self, keys: &[Option<Expr>], values: &[Expr], span: Span) -> R<TExpr> {
        let ty = self.fresh_instance(self.s.core().dict);
        let obj = self.construct(ty, vec![], span)?;
        let (lid, set) = self.temp(obj);
        let mut stmts = vec![set];
        for (k, v) in keys.iter().zip(values) {
            let vv = self.check_expr(v)?;
            let c = match k {
                Some(k) => {
                    let kv = self.check_expr(k)?;
                    self.call_method_named(
                        self.local(lid, span),
                        "__setitem__",
                        vec![kv, vv],
                        "a dict display",
                    )?
                }
                None => self.call_method_named(self.local(lid, span), "update", vec![vv], "**")?,
            };
            stmts.push(TStmt::Expr(c));
        }
        let v = self.local(lid, span);
        Ok(Fcx::block(stmts, v))
    }

    /// Stores `value` into an assignment target expression; returns the statements.
    pub fn assign_to(&mut self, target: &Expr, value: TExpr) -> R<Vec<TStmt>> {
        match &target.kind {
            ExprKind::Name(n) => self.assign_name(n, value, target.span),
            ExprKind::Attribute { value: obj, attr } => {
                if let Some(Symbol::Class(c)) = self.static_symbol(obj) {
                    if let Some(g) = self.s.class_var(c, &attr.name) {
                        return self.assign_global(g, value, target.span);
                    }
                }
                let o = self.check_expr(obj)?;
                self.set_attr(o, &attr.name, value, attr.span)
            }
            ExprKind::Subscript { value: obj, index } => {
                // The value is computed before the container and the key, as in Python.
                let mut out = Vec::new();
                let value = if matches!(
                    value.kind,
                    TExprKind::Local(_) | TExprKind::Int(_) | TExprKind::Str(_) | TExprKind::Null
                ) {
                    value
                } else {
                    let (lid, set) = self.temp(value);
                    out.push(set);
                    self.local(lid, target.span)
                };
                let o = self.check_expr(obj)?;
                let i = self.check_index(index)?;
                let c =
                    self.call_method_named(o, "__setitem__", vec![i, value], "item assignment")?;
                out.push(TStmt::Expr(c));
                Ok(out)
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                self.unpack(items, value, target.span)
            }
            _ => Err(self.err(target.span, "cannot assign to this expression")),
        }
    }

    /// `obj.name = value`: a field, or a property setter; through an `Optional`, its value.
    fn set_attr(&mut self, obj: TExpr, name: &str, value: TExpr, span: Span) -> R<Vec<TStmt>> {
        let Some((class, _)) = self.s.class_of(&obj.ty) else {
            return Ok(vec![TStmt::Expr(
                self.defer(span, "the object whose attribute is set"),
            )]);
        };
        let fields = self.fields_of(&obj.ty);
        if let Some((_, t)) = fields.iter().find(|(n, _)| n == name) {
            if matches!(self.s.store.shallow(t), Type::Var(_)) {
                let first = self.initial_type(&value);
                self.s.store.unify(t, &first);
            }
            let value = self.coerce(value, t, &format!("attribute '{name}'"))?;
            let none = self.s.none_t();
            return Ok(vec![TStmt::Expr(TExpr::new(
                TExprKind::SetField {
                    obj: Box::new(obj),
                    name: name.to_string(),
                    value: Box::new(value),
                },
                none,
                span,
            ))]);
        }
        let setter = format!("{name}.setter");
        let setters: Vec<_> = self
            .s
            .methods(class, name)
            .into_iter()
            .filter(|d| self.s.defs.func(*d).decorators.contains(&setter))
            .collect();
        if !setters.is_empty() {
            let args = vec![
                Arg {
                    name: None,
                    value: obj,
                },
                Arg { name: None, value },
            ];
            let call = self.call_overloads(&setters, args, span, &setter)?;
            return Ok(vec![TStmt::Expr(call)]);
        }
        if class == self.s.core().optional {
            let inner = self.demote(obj)?.expect("optionals can be unwrapped");
            return self.set_attr(inner, name, value, span);
        }
        Err(self.no_attribute(&obj.ty, name, span))
    }

    fn unpack(&mut self, items: &[Expr], value: TExpr, span: Span) -> R<Vec<TStmt>> {
        let star = items
            .iter()
            .position(|i| matches!(i.kind, ExprKind::Starred(_)));
        let value = self.tuple_view(value);
        let value = match self.s.class_of(&value.ty) {
            Some((c, _)) if c == self.s.core().tuple => {
                if let Some(star) = star {
                    return self.unpack_tuple_starred(items, star, value, span);
                }
                value
            }
            Some((c, _))
                if self.s.methods(c, "__unpack_check__").is_empty()
                    && self.s.methods(c, "__iter__").is_empty() =>
            {
                return Err(self.err(
                    value.span,
                    format!(
                        "cannot unpack non-iterable {} object",
                        self.s.type_name(&value.ty)
                    ),
                ));
            }
            // Any other iterable is unpacked through a list of its items (a starred target
            // gets a list whatever it unpacks).
            Some((c, _))
                if self.s.methods(c, "__unpack_check__").is_empty()
                    || (star.is_some() && c != self.s.core().list) =>
            {
                self.call_builtin("list", vec![value], span)?
            }
            _ => value,
        };
        let (lid, set) = self.temp(value);
        let mut stmts = vec![set];
        let src = self.local(lid, span);
        let is_tuple = self
            .s
            .class_of(&src.ty)
            .map(|(c, _)| c == self.s.core().tuple)
            .unwrap_or(false);
        if is_tuple {
            let fields = self.fields_of(&src.ty);
            if fields.len() != items.len() {
                return Err(self.err(
                    span,
                    format!(
                        "cannot unpack {} values into {} targets",
                        fields.len(),
                        items.len()
                    ),
                ));
            }
            for (i, (t, (name, fty))) in items.iter().zip(fields).enumerate() {
                let _ = i;
                let item = TExpr::new(
                    TExprKind::Field {
                        obj: Box::new(self.local(lid, span)),
                        name,
                    },
                    fty,
                    span,
                );
                stmts.extend(self.assign_to(t, item)?);
            }
            return Ok(stmts);
        }
        let Some((class, _)) = self.s.class_of(&src.ty) else {
            return Ok(vec![TStmt::Expr(self.defer(span, "the unpacked value"))]);
        };
        if self.s.methods(class, "__unpack_check__").is_empty()
            && !self.s.methods(class, "__iter__").is_empty()
        {
            // an iterable object unpacks as the list of what it yields
            let items_list = self.call_builtin("list", vec![src], span)?;
            let mut out = stmts;
            out.extend(self.unpack(items, items_list, span)?);
            return Ok(out);
        }
        if let Some(star) = star {
            return self.unpack_starred(lid, stmts, items, star, span);
        }
        let n = items.len() as i64;
        let check = self.call_method_named(
            self.local(lid, span),
            "__unpack_check__",
            vec![TExpr::new(TExprKind::Int(n), self.s.int_t(), span)],
            "unpacking",
        )?;
        stmts.push(TStmt::Expr(check));
        for (i, t) in items.iter().enumerate() {
            let idx = TExpr::new(TExprKind::Int(i as i64), self.s.int_t(), span);
            let item = self.call_method_named(
                self.local(lid, span),
                "__getitem__",
                vec![idx],
                "unpacking",
            )?;
            stmts.extend(self.assign_to(t, item)?);
        }
        Ok(stmts)
    }

    /// `a, *rest, b = (…)`: the starred target gets a list of the middle items.
    fn unpack_tuple_starred(
        &mut self,
        items: &[Expr],
        star: usize,
        value: TExpr,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let (lid, set) = self.temp(value);
        let fields = self.fields_of(&self.locals[lid.0 as usize].1.clone());
        let after = items.len() - star - 1;
        if fields.len() < items.len() - 1 {
            return Err(self.err(
                span,
                format!(
                    "not enough values to unpack (expected at least {}, got {})",
                    items.len() - 1,
                    fields.len()
                ),
            ));
        }
        let field = |fcx: &Self, i: usize| {
            let (name, fty) = fields[i].clone();
            TExpr::new(
                TExprKind::Field {
                    obj: Box::new(fcx.local(lid, span)),
                    name,
                },
                fty,
                span,
            )
        };
        let mut stmts = vec![set];
        let middle: Vec<TExpr> = (star..fields.len() - after)
            .map(|i| field(self, i))
            .collect();
        for (i, t) in items.iter().enumerate() {
            let item = if i < star {
                field(self, i)
            } else if i == star {
                let elem = middle
                    .first()
                    .map(|m| m.ty.clone())
                    .unwrap_or_else(|| self.s.store.fresh());
                let list_t = Type::Class {
                    class: self.s.core().list,
                    args: vec![elem.clone()],
                };
                let list = self.construct(list_t, vec![], span)?;
                let (acc, init) = self.temp(list);
                stmts.push(init);
                for m in middle.clone() {
                    let add = self.call_method_named(
                        self.local(acc, span),
                        "append",
                        vec![m],
                        "unpacking",
                    )?;
                    stmts.push(TStmt::Expr(add));
                }
                self.local(acc, span)
            } else {
                field(self, fields.len() - (items.len() - i))
            };
            let target = match &t.kind {
                ExprKind::Starred(inner) => inner.as_ref(),
                _ => t,
            };
            stmts.extend(self.assign_to(target, item)?);
        }
        Ok(stmts)
    }

    /// `a, *rest, b = seq`: the starred target gets a slice of the sequence.
    fn unpack_starred(
        &mut self,
        src: crate::typed::LocalId,
        mut stmts: Vec<TStmt>,
        items: &[Expr],
        star: usize,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let int = self.s.int_t();
        let after = (items.len() - star - 1) as i64;
        let need = TExpr::new(TExprKind::Int(items.len() as i64 - 1), int.clone(), span);
        let check = self.call_method_named(
            self.local(src, span),
            "__unpack_star_check__",
            vec![need],
            "unpacking",
        )?;
        stmts.push(TStmt::Expr(check));
        for (i, t) in items.iter().enumerate() {
            let item = if i < star {
                let idx = TExpr::new(TExprKind::Int(i as i64), int.clone(), span);
                self.call_method_named(
                    self.local(src, span),
                    "__getitem__",
                    vec![idx],
                    "unpacking",
                )?
            } else if i == star {
                let opt = self.s.optional_t(int.clone());
                let lo = TExpr::new(
                    TExprKind::MakeOptional(Box::new(TExpr::new(
                        TExprKind::Int(star as i64),
                        int.clone(),
                        span,
                    ))),
                    opt.clone(),
                    span,
                );
                let hi = if after == 0 {
                    TExpr::new(TExprKind::Null, opt.clone(), span)
                } else {
                    TExpr::new(
                        TExprKind::MakeOptional(Box::new(TExpr::new(
                            TExprKind::Int(-after),
                            int.clone(),
                            span,
                        ))),
                        opt.clone(),
                        span,
                    )
                };
                let step = TExpr::new(TExprKind::Null, opt, span);
                let sl = TExpr::new(
                    TExprKind::Record(vec![lo, hi, step]),
                    self.s.simple(self.s.core().slice),
                    span,
                );
                self.call_method_named(self.local(src, span), "__getitem__", vec![sl], "unpacking")?
            } else {
                let idx = TExpr::new(
                    TExprKind::Int(i as i64 - items.len() as i64),
                    int.clone(),
                    span,
                );
                self.call_method_named(
                    self.local(src, span),
                    "__getitem__",
                    vec![idx],
                    "unpacking",
                )?
            };
            let target = match &t.kind {
                ExprKind::Starred(inner) => inner.as_ref(),
                _ => t,
            };
            stmts.extend(self.assign_to(target, item)?);
        }
        Ok(stmts)
    }

    /// Assigns to a plain name: a local, or a global at module level / under `global`.
    pub fn assign_name(&mut self, n: &str, value: TExpr, span: Span) -> R<Vec<TStmt>> {
        for scope in self.inner_scopes.iter().rev() {
            if let Some(Binding::Local(l)) = scope.get(n) {
                let l = *l;
                let t = self.locals[l.0 as usize].1.clone();
                let v = self.coerce(value, &t, &format!("assignment to '{n}'"))?;
                return Ok(vec![TStmt::Assign(TTarget::Local(l), v)]);
            }
        }
        if let Some(cell) = self.cells.get(n).copied() {
            return self.cell_store(cell, value, span);
        }
        if self.toplevel || self.global_names.contains(n) {
            let g = match self.s.defs.module(self.module).symbols.get(n) {
                Some(Symbol::Global(g)) if self.toplevel => {
                    let g = *g;
                    match self.s.defs.globals[g.0 as usize].ty.clone() {
                        Some(t) if self.rebinds(n, &t, &value.ty) => self.rebind_global(n, g),
                        _ => g,
                    }
                }
                Some(Symbol::Global(g)) => *g,
                Some(_) if !self.toplevel => {
                    return Err(self.err(span, format!("cannot assign to '{n}'")))
                }
                _ => self.s.declare_global(self.module, n),
            };
            self.note_binding(n);
            return self.assign_global(g, value, span);
        }
        let l = self.local_to_bind(n, &value.ty.clone(), |fcx| fcx.initial_type(&value));
        self.first_set.entry(l).or_insert(span);
        let t = self.locals[l.0 as usize].1.clone();
        let first = self.first_set.get(&l).map(|s| (self.file, *s));
        let v = self.coerce_assigned(value, &t, n, first)?;
        Ok(vec![TStmt::Assign(TTarget::Local(l), v)])
    }

    /// Converts a value assigned to variable `name` to the variable's type `t`; a value that
    /// does not fit is reported as a variable changing type, with a note at `first_set` (where
    /// the variable got its type).
    fn coerce_assigned(
        &mut self,
        value: TExpr,
        t: &Type,
        name: &str,
        first_set: Option<(FileId, Span)>,
    ) -> R<TExpr> {
        let what = format!("assignment to '{name}'");
        let (got, span) = (self.s.type_name(&value.ty), value.span);
        let mismatch = self.mismatch_message(&what, t, &value.ty);
        match self.coerce(value, t, &what) {
            Err(d) if d.message == mismatch => {
                let want = self.s.type_name(t);
                let mut d = syntax::Diagnostic::error(
                    self.file,
                    span,
                    format!(
                        "'{name}' has type '{want}' and cannot be assigned a value of type '{got}'"
                    ),
                )
                .with_help(format!(
                    "a variable keeps one type; store the '{got}' value under a new name"
                ));
                if let Some((file, at)) = first_set.filter(|(_, at)| *at != span) {
                    d = d.with_label(file, at, format!("'{name}' got type '{want}' here"));
                }
                Err(Box::new(d))
            }
            other => other,
        }
    }

    /// The type a new variable gets from its first value (`None` starts an `Optional`).
    pub fn initial_type(&mut self, value: &TExpr) -> Type {
        if matches!(value.kind, TExprKind::Null)
            && self.s.store.can_unify(&value.ty, &self.s.none_t())
        {
            let inner = self.s.store.fresh();
            return self.s.optional_t(inner);
        }
        value.ty.clone()
    }

    pub fn assign_global(
        &mut self,
        g: crate::defs::GlobalId,
        value: TExpr,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let file = self.file;
        let t = match self.s.defs.globals[g.0 as usize].ty.clone() {
            Some(t) => t,
            None => {
                let t = self.initial_type(&value);
                let global = &mut self.s.defs.globals[g.0 as usize];
                global.ty = Some(t.clone());
                global.first_set = Some((file, span));
                t
            }
        };
        let global = &self.s.defs.globals[g.0 as usize];
        let first = global.first_set;
        let full_name = global.name.clone();
        let name = full_name
            .rsplit('.')
            .next()
            .unwrap_or(&full_name)
            .to_string();
        let v = self.coerce_assigned(value, &t, &name, first)?;
        Ok(vec![TStmt::Assign(TTarget::Global(g), v)])
    }
}
