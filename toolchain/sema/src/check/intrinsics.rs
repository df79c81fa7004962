//! Compiler intrinsics the stdlib is written with: optional access, addresses, static tuple
//! length, raw record construction, pointer identity, type names, attributes by static name
//! (`getattr`), merged keyword records (`_named_merge`).

use syntax::ast::{Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Checks a call of an intrinsic; `None` when `name` is not one.
    pub fn intrinsic(&mut self, name: &str, args: &[Expr], span: Span) -> R<Option<TExpr>> {
        let one = |s: &Self| -> R<&Expr> {
            args.first()
                .filter(|_| args.len() == 1)
                .ok_or_else(|| s.err(span, format!("{name}() takes one argument")))
        };
        let e = match name {
            "__has__" | "__val__" => {
                let v = self.check_expr(one(self)?)?;
                let Some((c, targs)) = self.s.class_of(&v.ty) else {
                    return Ok(Some(self.defer(span, "an optional value")));
                };
                if c != self.s.core().optional {
                    return Err(self.err(
                        span,
                        format!(
                            "{name}() needs an Optional, got '{}'",
                            self.s.type_name(&v.ty)
                        ),
                    ));
                }
                if name == "__has__" {
                    TExpr::new(TExprKind::OptionalHas(Box::new(v)), self.s.bool_t(), span)
                } else {
                    TExpr::new(TExprKind::OptionalGet(Box::new(v)), targs[0].clone(), span)
                }
            }
            "__ptr__" => self.address_of(args, span)?,
            "__cast__" => self.cast_intrinsic(args, span)?,
            "__typename__" => {
                let v = self.check_expr(one(self)?)?;
                if !self.s.store.is_resolved(&v.ty) {
                    return Ok(Some(self.defer(span, "the value whose type name is taken")));
                }
                let n = self.s.type_name(&v.ty);
                TExpr::new(TExprKind::Str(n), self.s.str_t(), span)
            }
            "staticlen" => {
                let v = self.check_expr(one(self)?)?;
                let v = self.tuple_view(v);
                match self.s.class_of(&v.ty) {
                    Some((c, targs)) if c == self.s.core().tuple => {
                        TExpr::new(TExprKind::Int(targs.len() as i64), self.s.int_t(), span)
                    }
                    Some(_) => return Err(self.err(span, "staticlen() takes a tuple")),
                    None => return Ok(Some(self.defer(span, "the tuple given to staticlen()"))),
                }
            }
            "__record__" => {
                let Some((first, rest)) = args.split_first() else {
                    return Err(self.err(span, "__record__() takes a class and its fields"));
                };
                let ty = self.eval_type(first)?;
                let fields = self.fields_of(&ty);
                if fields.len() != rest.len() {
                    return Err(self.err(span, "__record__() needs one value per field"));
                }
                let mut items = Vec::new();
                for ((fname, fty), a) in fields.into_iter().zip(rest) {
                    let v = self.check_expr(a)?;
                    items.push(self.coerce(v, &fty, &format!("field '{fname}'"))?);
                }
                TExpr::new(TExprKind::Record(items), ty, span)
            }
            "__obj_ptr__" => {
                let v = self.check_expr(one(self)?)?;
                let byte = self.s.simple(self.s.core().byte);
                let pt = Type::Class {
                    class: self.s.core().ptr,
                    args: vec![byte],
                };
                TExpr::new(TExprKind::Cast(Box::new(v)), pt, span)
            }
            "__ptr_eq__" => {
                if args.len() != 2 {
                    return Err(self.err(span, "__ptr_eq__() takes two arguments"));
                }
                let a = self.check_expr(&args[0])?;
                let b = self.check_expr(&args[1])?;
                let byte = self.s.simple(self.s.core().byte);
                let pt = Type::Class {
                    class: self.s.core().ptr,
                    args: vec![byte],
                };
                let a = TExpr::new(TExprKind::Cast(Box::new(a)), pt.clone(), span);
                let b = TExpr::new(TExprKind::Cast(Box::new(b)), pt, span);
                self.binary(a, "__eq__", b, span)?
            }
            "__copy_obj__" => return self.copy_object(one(self)?, span).map(Some),
            "isinstance" => {
                if args.len() != 2 {
                    return Err(self.err(span, "isinstance() takes two arguments"));
                }
                let v = self.check_expr(&args[0])?;
                let t = self.eval_type(&args[1])?;
                let r = match (self.s.class_of(&v.ty), self.s.class_of(&t)) {
                    (Some((vc, _)), Some((tc, _))) => self.is_subclass(vc, tc),
                    _ => return Ok(Some(self.defer(span, "the value given to isinstance()"))),
                };
                TExpr::new(TExprKind::Bool(r), self.s.bool_t(), span)
            }
            "getattr" => self.static_getattr(args, span)?,
            "hasattr" => self.static_hasattr(args, span)?,
            "_named_merge" => self.merge_named_args(args, span)?,
            _ => return Ok(None),
        };
        Ok(Some(e))
    }

    /// The value of a condition known at compile time (`x is None` on a type that is never or
    /// always None, `isinstance`), so that only the taken branch is checked.
    pub fn static_bool(&mut self, test: &Expr) -> R<Option<bool>> {
        match &test.kind {
            ExprKind::Compare {
                left,
                ops,
                comparators,
            } if ops.len() == 1 => {
                use syntax::ast::CmpOp;
                let (op, right) = (ops[0], &comparators[0]);
                if let (Some(a), Some(b)) = (self.static_int(left), self.static_int(right)) {
                    return Ok(match op {
                        CmpOp::Lt => Some(a < b),
                        CmpOp::LtE => Some(a <= b),
                        CmpOp::Gt => Some(a > b),
                        CmpOp::GtE => Some(a >= b),
                        CmpOp::Eq => Some(a == b),
                        CmpOp::NotEq => Some(a != b),
                        _ => None,
                    });
                }
                if !matches!(op, CmpOp::Is | CmpOp::IsNot) || !matches!(right.kind, ExprKind::None)
                {
                    return Ok(None);
                }
                let ExprKind::Name(_) = &left.kind else {
                    return Ok(None);
                };
                let v = self.check_expr(left)?;
                let core = self.s.core();
                let is_none = match self.s.class_of(&v.ty) {
                    Some((c, _)) if c == core.none => true,
                    Some((c, _)) if c == core.optional => return Ok(None),
                    Some(_) => false,
                    None => return Ok(None),
                };
                Ok(Some(if op == CmpOp::Is { is_none } else { !is_none }))
            }
            ExprKind::Call { func, args, .. }
                if matches!(&func.kind, ExprKind::Name(n) if n == "isinstance")
                    && args.len() == 2 =>
            {
                let e = self.intrinsic("isinstance", args, test.span)?;
                Ok(match e.map(|e| e.kind) {
                    Some(TExprKind::Bool(b)) => Some(b),
                    _ => None,
                })
            }
            ExprKind::UnaryOp {
                op: syntax::ast::UnaryOp::Not,
                operand,
            } => Ok(self.static_bool(operand)?.map(|b| !b)),
            _ => self.static_bool_dialect(test),
        }
    }
}

impl Fcx<'_, '_> {
    /// `__copy_obj__(x)`: what `copy.copy` makes of an object: its `__copy__()` when its class
    /// has one, a new object of its class with the same field values when it is a reference
    /// class, and the value itself otherwise (values are copied by assignment). A class with
    /// subclasses is refused: the object may be of a subclass with more fields.
    fn copy_object(&mut self, arg: &Expr, span: Span) -> R<TExpr> {
        let v = self.check_expr(arg)?;
        let Some((class, _)) = self.s.class_of(&v.ty) else {
            return Ok(self.defer(span, "the value given to copy()"));
        };
        if !self.s.methods(class, "__copy__").is_empty() {
            return self.call_method_named(v, "__copy__", vec![], "copy()");
        }
        let cd = self.s.defs.class(class);
        if cd.kind != crate::defs::ClassKind::Ref {
            return Ok(v);
        }
        if cd.has_subclasses {
            return Err(self.err(
                span,
                format!(
                    "cannot copy a '{}' object: its class has subclasses, and the object may \
                     be one of them (define __copy__ to copy it)",
                    self.s.type_name(&v.ty)
                ),
            ));
        }
        let ty = v.ty.clone();
        let (src, set_src) = self.temp(v);
        let (dst, set_dst) = self.temp(TExpr::new(TExprKind::New, ty.clone(), span));
        let mut stmts = vec![set_src, set_dst];
        stmts.extend(self.record_class(dst, class, span));
        let none = self.s.none_t();
        let fields = self.fields_of(&ty);
        let names: Vec<String> = fields.iter().map(|(n, _)| n.clone()).collect();
        for (name, value) in names.into_iter().zip(self.local_fields(src, fields, span)) {
            stmts.push(crate::typed::TStmt::Expr(TExpr::new(
                TExprKind::SetField {
                    obj: Box::new(self.local(dst, span)),
                    name,
                    value: Box::new(value),
                },
                none.clone(),
                span,
            )));
        }
        Ok(Fcx::block(stmts, self.local(dst, span)))
    }
}
