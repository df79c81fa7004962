//! Parameter lists of `def` and `lambda`: `a, b=1, /, c, *args, d, **kw`.

use super::{PResult, Parser};
use crate::ast::{BinOp, Param, Parameters};
use crate::token::TokenKind;

impl Parser<'_> {
    /// Parameters up to (not including) `close`; `annotated` allows `name: type`.
    pub(super) fn parse_params(
        &mut self,
        close: &TokenKind,
        annotated: bool,
    ) -> PResult<Parameters> {
        let mut params = Parameters::default();
        let mut seen_slash = false;
        let mut seen_star = false;
        let mut seen_default = false;
        let mut names: Vec<String> = Vec::new();
        while !self.at(close) {
            let here = self.here();
            match self.kind() {
                TokenKind::BinOp(BinOp::Div) => {
                    self.bump();
                    let message = if seen_slash {
                        "/ may appear only once"
                    } else if seen_star {
                        "/ must be ahead of *"
                    } else if params.args.is_empty() {
                        "at least one argument must precede /"
                    } else {
                        ""
                    };
                    if !message.is_empty() {
                        return Err(self.error_at(here, message));
                    }
                    seen_slash = true;
                    params.posonly.append(&mut params.args);
                }
                TokenKind::BinOp(BinOp::Mult) => {
                    self.bump();
                    if seen_star {
                        return Err(self.error_at(here, "* argument may appear only once"));
                    }
                    seen_star = true;
                    if matches!(self.kind(), TokenKind::Comma) || self.at(close) {
                        if self.at(close) || self.nth(1) == close {
                            return Err(self.error_at(here, "named arguments must follow bare *"));
                        }
                    } else {
                        let param = self.parse_param(annotated, &mut names)?;
                        if param.default.is_some() {
                            return Err(self.error_at(
                                here,
                                "var-positional argument cannot have default value",
                            ));
                        }
                        params.vararg = Some(param);
                    }
                }
                TokenKind::BinOp(BinOp::Pow) => {
                    self.bump();
                    let param = self.parse_param(annotated, &mut names)?;
                    if param.default.is_some() {
                        return Err(
                            self.error_at(here, "var-keyword argument cannot have default value")
                        );
                    }
                    params.kwarg = Some(param);
                    self.eat(&TokenKind::Comma);
                    if !self.at(close) {
                        let span = self.here();
                        return Err(
                            self.error_at(span, "arguments cannot follow var-keyword argument")
                        );
                    }
                    break;
                }
                _ => {
                    let param = self.parse_param(annotated, &mut names)?;
                    if seen_star {
                        params.kwonly.push(param);
                    } else {
                        if param.default.is_some() {
                            seen_default = true;
                        } else if seen_default {
                            return Err(self.error_at(
                                param.name.span,
                                "non-default argument follows default argument",
                            ));
                        }
                        params.args.push(param);
                    }
                }
            }
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        Ok(params)
    }

    /// `name [: annotation] [= default]`, checking that the name is not repeated.
    fn parse_param(&mut self, annotated: bool, names: &mut Vec<String>) -> PResult<Param> {
        let name = self.expect_name()?;
        if names.contains(&name.name) {
            return Err(self.error_at(
                name.span,
                format!("duplicate argument '{}' in function definition", name.name),
            ));
        }
        names.push(name.name.clone());
        let annotation = if annotated && self.eat(&TokenKind::Colon) {
            Some(self.parse_expression()?)
        } else {
            None
        };
        let default = if self.eat(&TokenKind::Equal) {
            Some(self.parse_expression()?)
        } else {
            None
        };
        Ok(Param {
            name,
            annotation,
            default,
        })
    }
}
