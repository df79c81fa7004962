//! Virtual dispatch: objects of a class hierarchy record their class in a hidden field, and a
//! method call on a receiver whose static type has subclasses overriding the method tests that
//! field and calls the override (`except AppError as e: str(e)` runs the raised subclass's
//! `__str__`).

use syntax::Span;

use super::call::Arg;
use super::Fcx;
use crate::context::R;
use crate::defs::{ClassId, ClassKind, FuncDefId};
use crate::typed::{LocalId, TExpr, TExprKind, TStmt};
use crate::types::Type;

/// The hidden field holding an object's class id.
pub const CLASS_FIELD: &str = "__class_id__";

/// A method call given back unchanged when it needs no dispatch.
pub type Undispatched = (TExpr, Vec<Arg>);

impl Fcx<'_, '_> {
    /// Where the hidden class field sits among a class's fields (after those of the root of
    /// its hierarchy, so every class of the hierarchy has it at one place), when the class
    /// belongs to a hierarchy.
    pub fn class_field_position(&self, class: ClassId) -> Option<usize> {
        let mut root = class;
        while let Some(b) = self.s.defs.class(root).base_class {
            root = b;
        }
        let rd = self.s.defs.class(root);
        if !rd.has_subclasses || rd.kind != ClassKind::Ref || !rd.generics.is_empty() {
            return None;
        }
        let decls = &self.s.defs.class(class).field_decls;
        Some(decls.iter().filter(|d| d.2 == root).count())
    }

    /// The statement recording the class of a new object (none outside hierarchies).
    pub fn record_class(&mut self, obj: LocalId, class: ClassId, span: Span) -> Vec<TStmt> {
        if self.class_field_position(class).is_none() {
            return vec![];
        }
        let id = TExpr::new(TExprKind::Int(class.0 as i64), self.s.int_t(), span);
        let none = self.s.none_t();
        vec![TStmt::Expr(TExpr::new(
            TExprKind::SetField {
                obj: Box::new(self.local(obj, span)),
                name: CLASS_FIELD.to_string(),
                value: Box::new(id),
            },
            none,
            span,
        ))]
    }

    /// `obj.name(args)` dispatched on the object's class when subclasses of its static class
    /// override the method; the call is given back when they do not.
    pub fn virtual_call(
        &mut self,
        obj: TExpr,
        name: &str,
        args: Vec<Arg>,
        span: Span,
    ) -> R<Result<TExpr, Undispatched>> {
        let Some((class, cargs)) = self.s.class_of(&obj.ty) else {
            return Ok(Err((obj, args)));
        };
        if !cargs.is_empty()
            || self.class_field_position(class).is_none()
            || !self.s.defs.class(class).has_subclasses
            || args.iter().any(|a| a.name.is_some())
        {
            return Ok(Err((obj, args)));
        }
        let base = self.s.methods(class, name);
        let overriding: Vec<(ClassId, Vec<FuncDefId>)> = (0..self.s.defs.classes.len())
            .map(|i| ClassId(i as u32))
            .filter(|c| {
                *c != class
                    && self.s.defs.class(*c).generics.is_empty()
                    && self.is_subclass(*c, class)
            })
            .map(|c| (c, self.s.methods(c, name)))
            .filter(|(_, m)| !m.is_empty() && *m != base)
            .collect();
        if base.is_empty() || overriding.is_empty() {
            return Ok(Err((obj, args)));
        }
        let (this, set) = self.temp(obj);
        let mut pre = vec![set];
        let mut held = Vec::new();
        for a in args {
            let (l, s) = self.temp(a.value);
            pre.push(s);
            held.push(l);
        }
        let call_with = |fcx: &mut Self, receiver: TExpr| -> Vec<Arg> {
            std::iter::once(receiver)
                .chain(held.iter().map(|l| fcx.local(*l, span)))
                .map(|value| Arg { name: None, value })
                .collect()
        };
        let base_args = call_with(self, self.local(this, span));
        let mut result = self.call_overloads(&base, base_args, span, name)?;
        let ret = result.ty.clone();
        for (sub, defs) in overriding.into_iter().rev() {
            let sub_t = Type::Class {
                class: sub,
                args: vec![],
            };
            let cast = TExpr::new(
                TExprKind::Cast(Box::new(self.local(this, span))),
                sub_t,
                span,
            );
            let sub_args = call_with(self, cast);
            let call = self.call_overloads(&defs, sub_args, span, name)?;
            let call = self.coerce(call, &ret, "an overriding method's result")?;
            let id = TExpr::new(
                TExprKind::Field {
                    obj: Box::new(self.local(this, span)),
                    name: CLASS_FIELD.to_string(),
                },
                self.s.int_t(),
                span,
            );
            let want = TExpr::new(TExprKind::Int(sub.0 as i64), self.s.int_t(), span);
            let cond = self.binary(id, "__eq__", want, span)?;
            result = TExpr::new(
                TExprKind::Ternary {
                    cond: Box::new(cond),
                    then: Box::new(call),
                    other: Box::new(result),
                },
                ret.clone(),
                span,
            );
        }
        Ok(Ok(Fcx::block(pre, result)))
    }
}
