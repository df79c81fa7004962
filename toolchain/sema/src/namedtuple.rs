//! `collections.namedtuple`: CPython builds the class at run time from strings, but a static
//! compiler needs every class before the program runs. So sema treats an assignment
//! `Name = namedtuple("Name", fields)` whose callee is `collections.namedtuple`, with the type
//! name and field names written as literals, as a class definition: it writes the class as
//! dialect source (a `@tuple` class generic over one type per field, so that `Point(3, 4)` has
//! int fields and `Vec(1.5, 0.0)` float ones), parses it as a module of its own (so that the
//! user's names cannot shadow what its methods use) and binds `Name` to it. What a tuple does
//! and the class does not define (`len`, indexing, unpacking, iteration, comparison, hashing)
//! comes from viewing its values as plain tuples (`check/tuples.rs`).

use syntax::ast::{Expr, ExprKind, Keyword};
use syntax::{SourceFile, Span};

use crate::check::Fcx;
use crate::context::{Sema, R};
use crate::defs::{ClassId, FuncDefId, Symbol};
use crate::typed::{TExpr, TExprKind, TStmt, TTarget};

/// What a `namedtuple(...)` call asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub typename: String,
    pub fields: Vec<String>,
}

/// The name the synthesized class has in its own module (its methods construct it by it);
/// field names cannot start with `_`, so none of them can hide it.
const CLASS: &str = "_NT";

/// What the arguments may be, for errors.
const ACCEPTED: &str = "namedtuple() takes the type name as a string literal and the field \
                        names as a string literal ('x y' or 'x, y') or a list or tuple of string \
                        literals";

/// Python's keywords (`keyword.kwlist`), which cannot name a type or a field.
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Reads the type name and field names of a `namedtuple(...)` call from its arguments, as
/// CPython does (a string of names is split at commas and spaces; `rename=True` replaces
/// invalid field names by `_0`, `_1`, …); an error names the argument at fault.
pub fn parse_spec(args: &[Expr], keywords: &[Keyword], call: Span) -> Result<Spec, (Span, String)> {
    let mut typename = args.first();
    let mut field_names = args.get(1);
    if let Some(extra) = args.get(2) {
        return Err((
            extra.span,
            "namedtuple() takes 2 positional arguments; give 'rename' by keyword".into(),
        ));
    }
    let mut rename = false;
    for k in keywords {
        let Some(name) = &k.arg else {
            return Err((k.span, ACCEPTED.into()));
        };
        match name.name.as_str() {
            "typename" if typename.is_none() => typename = Some(&k.value),
            "field_names" if field_names.is_none() => field_names = Some(&k.value),
            "rename" => match k.value.kind {
                ExprKind::Bool(b) => rename = b,
                _ => {
                    return Err((
                        k.value.span,
                        "namedtuple()'s 'rename' must be True or False".into(),
                    ))
                }
            },
            "defaults" | "module" => {
                return Err((
                    k.span,
                    format!("namedtuple()'s '{}' argument is not supported", name.name),
                ))
            }
            other => {
                return Err((
                    k.span,
                    format!("namedtuple() got an unexpected keyword argument '{other}'"),
                ))
            }
        }
    }
    let (Some(typename), Some(field_names)) = (typename, field_names) else {
        return Err((call, ACCEPTED.into()));
    };
    let ExprKind::Str(name) = &typename.kind else {
        return Err((typename.span, ACCEPTED.into()));
    };
    if let Some(e) = name_error(name) {
        return Err((typename.span, e));
    }
    let typename = name;
    let mut fields = match &field_names.kind {
        ExprKind::Str(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(String::from)
            .collect(),
        ExprKind::List(items) | ExprKind::Tuple(items) => items
            .iter()
            .map(|i| match &i.kind {
                ExprKind::Str(s) => Ok(s.clone()),
                _ => Err((i.span, ACCEPTED.to_string())),
            })
            .collect::<Result<Vec<String>, _>>()?,
        _ => return Err((field_names.span, ACCEPTED.into())),
    };
    if rename {
        let mut seen: Vec<String> = Vec::new();
        for (i, f) in fields.iter_mut().enumerate() {
            let bad = name_error(f).is_some() || f.starts_with('_') || seen.contains(f);
            seen.push(f.clone());
            if bad {
                *f = format!("_{i}");
            }
        }
    }
    for name in &fields {
        if let Some(e) = name_error(name) {
            return Err((field_names.span, e));
        }
    }
    let mut seen: Vec<&String> = Vec::new();
    for f in &fields {
        if f.starts_with('_') && !rename {
            return Err((
                field_names.span,
                format!("Field names cannot start with an underscore: '{f}'"),
            ));
        }
        if seen.contains(&f) {
            return Err((
                field_names.span,
                format!("Encountered duplicate field name: '{f}'"),
            ));
        }
        seen.push(f);
    }
    Ok(Spec {
        typename: typename.clone(),
        fields,
    })
}

/// CPython's complaint about a type or field name, if it has one.
fn name_error(name: &str) -> Option<String> {
    let mut chars = name.chars();
    let identifier = chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric());
    if !identifier {
        return Some(format!(
            "Type names and field names must be valid identifiers: '{name}'"
        ));
    }
    if KEYWORDS.contains(&name) {
        return Some(format!(
            "Type names and field names cannot be a keyword: '{name}'"
        ));
    }
    None
}

/// The class's source: fields typed by the class's parameters, `repr` as CPython writes it,
/// and the `_replace`, `_make` and `_asdict` methods.
fn class_source(spec: &Spec) -> String {
    let n = spec.fields.len();
    let params: Vec<String> = (0..n).map(|i| format!("_T{i}")).collect();
    let class_type = if n == 0 {
        CLASS.to_string()
    } else {
        format!("{CLASS}[{}]", params.join(", "))
    };
    let mut s = format!("@tuple\nclass {class_type}:\n");
    for (f, t) in spec.fields.iter().zip(&params) {
        s += &format!("    {f}: {t}\n");
    }
    let shown: Vec<String> = spec
        .fields
        .iter()
        .map(|f| format!("\"{f}=\" + repr(_self.{f})"))
        .collect();
    let repr = if n == 0 {
        format!("\"{}()\"", spec.typename)
    } else {
        format!(
            "\"{}(\" + {} + \")\"",
            spec.typename,
            shown.join(" + \", \" + ")
        )
    };
    s += &format!("    def __repr__(_self) -> str:\n        return {repr}\n");
    s += "    def __str__(_self) -> str:\n        return _self.__repr__()\n";
    s += "    def __format__(_self, spec: str) -> str:\n        return _format_object(_self, spec)\n";
    let changes: Vec<String> = spec
        .fields
        .iter()
        .zip(&params)
        .map(|(f, t)| format!("{f}: Optional[{t}] = None"))
        .collect();
    let replaced: Vec<String> = spec
        .fields
        .iter()
        .map(|f| format!("__val__({f}) if __has__({f}) else _self.{f}"))
        .collect();
    let mut self_and_changes = vec!["_self".to_string()];
    self_and_changes.extend(changes);
    s += &format!(
        "    def _replace({}) -> {class_type}:\n        return {class_type}({})\n",
        self_and_changes.join(", "),
        replaced.join(", ")
    );
    let items: Vec<String> = (0..n).map(|i| format!("v[{i}]")).collect();
    s += &format!(
        "    @staticmethod\n    def _make(iterable):\n        v = list(iterable)\n        \
         if len(v) != {n}:\n            \
         raise TypeError(\"Expected {n} arguments, got \" + str(len(v)))\n        \
         return {CLASS}({})\n",
        items.join(", ")
    );
    let pairs: Vec<String> = spec
        .fields
        .iter()
        .map(|f| format!("\"{f}\": _self.{f}"))
        .collect();
    s += &format!(
        "    def _asdict(_self):\n        return {{{}}}\n",
        pairs.join(", ")
    );
    s
}

impl Sema<'_> {
    /// Whether a function is `collections.namedtuple` (whose calls sema turns into classes).
    pub fn is_namedtuple_factory(&self, def: FuncDefId) -> bool {
        let f = self.defs.func(def);
        f.name == "namedtuple"
            && f.class.is_none()
            && self.defs.module(f.module).name == "collections"
    }

    /// The class of the `namedtuple(...)` call at `span` of `file` in `module`, made on first
    /// use (the code holding the call may be checked several times).
    fn namedtuple_class(
        &mut self,
        module: crate::defs::ModuleId,
        file: syntax::FileId,
        span: Span,
        spec: &Spec,
    ) -> R<ClassId> {
        if let Some(c) = self.namedtuples.get(&(file, span.start)) {
            return Ok(*c);
        }
        let (line, col) = self.map.get(file).line_col(span.start);
        let shown = format!(
            "<namedtuple '{}' at {}:{line}:{col}>",
            spec.typename,
            self.map.get(file).name
        );
        let text = class_source(spec);
        let synthetic = self.map.add(SourceFile::new(shown, text));
        let part = self
            .parse_loaded(synthetic)
            .map_err(|mut ds| Box::new(ds.remove(0)))?;
        // A module of its own per call site: its name keeps the class's functions apart from
        // other namedtuples of the same name in per-module builds' symbols.
        let name = format!(
            "{}.<namedtuple {}@{}>",
            self.defs.module(module).name,
            spec.typename,
            span.start
        );
        let dir = self.defs.module(module).dir.clone();
        let m = self.add_module(&name, dir, vec![part])?;
        let Some(Symbol::Class(class)) = self.defs.module(m).symbols.get(CLASS).cloned() else {
            return Err(self.err(file, span, "internal: the namedtuple class was not defined"));
        };
        let str_t = self.str_t();
        let fields_t = self.tuple_t(vec![str_t; spec.fields.len()]);
        let fields_global = self
            .defs
            .add_global(format!("{}._fields", spec.typename), Some(fields_t));
        let def = &mut self.defs.classes[class.0 as usize];
        def.name = spec.typename.clone();
        def.namedtuple = true;
        def.class_vars.insert("_fields".into(), fields_global);
        self.namedtuples.insert((file, span.start), class);
        Ok(class)
    }
}

impl Fcx<'_, '_> {
    /// Whether `func` names `collections.namedtuple` here.
    pub fn is_namedtuple_callee(&mut self, func: &Expr) -> bool {
        let sym = match &func.kind {
            ExprKind::Name(n) if !self.is_variable(n) => self.lookup(n),
            ExprKind::Attribute { value, attr } => match self.static_symbol(value) {
                Some(Symbol::Module(m)) => self.s.defs.module(m).symbols.get(&attr.name).cloned(),
                _ => None,
            },
            _ => None,
        };
        matches!(sym, Some(Symbol::Func(defs)) if defs.iter().any(|d| self.s.is_namedtuple_factory(*d)))
    }

    /// `Name = namedtuple(...)`: binds `Name` to the class the call describes (in the module,
    /// or in the function being checked) and sets its `_fields`; `None` when `value` is not
    /// such a call.
    pub fn namedtuple_assign(&mut self, name: &str, value: &Expr) -> R<Option<Vec<TStmt>>> {
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &value.kind
        else {
            return Ok(None);
        };
        if !self.is_namedtuple_callee(func) {
            return Ok(None);
        }
        let spec = parse_spec(args, keywords, value.span).map_err(|(at, msg)| self.err(at, msg))?;
        let class = self
            .s
            .namedtuple_class(self.module, self.file, value.span, &spec)?;
        if self.toplevel {
            self.s.defs.modules[self.module.0 as usize]
                .symbols
                .insert(name.to_string(), Symbol::Class(class));
        } else {
            self.static_names
                .insert(name.to_string(), Symbol::Class(class));
        }
        let g = self.s.defs.class(class).class_vars["_fields"];
        let names = spec
            .fields
            .iter()
            .map(|f| TExpr::new(TExprKind::Str(f.clone()), self.s.str_t(), value.span))
            .collect();
        let ty = self.s.defs.globals[g.0 as usize]
            .ty
            .clone()
            .expect("a namedtuple's _fields is typed when made");
        Ok(Some(vec![TStmt::Assign(
            TTarget::Global(g),
            TExpr::new(TExprKind::Record(names), ty, value.span),
        )]))
    }
}

#[cfg(test)]
mod tests {
    use super::{class_source, parse_spec, Spec};
    use syntax::ast::{ExprKind, StmtKind};

    /// The spec of the `namedtuple(...)` call in `call`, or the error's message.
    fn spec_of(call: &str) -> Result<Spec, String> {
        let m = syntax::parse(call, syntax::FileId(0)).expect("test calls parse");
        let StmtKind::Expr(e) = &m.body[0].kind else {
            panic!("not an expression: {call}");
        };
        let ExprKind::Call { args, keywords, .. } = &e.kind else {
            panic!("not a call: {call}");
        };
        parse_spec(args, keywords, e.span).map_err(|(_, m)| m)
    }

    fn fields(call: &str) -> Vec<String> {
        spec_of(call).expect("a valid spec").fields
    }

    #[test]
    fn field_names_come_from_strings_lists_and_tuples() {
        assert_eq!(fields(r#"namedtuple("P", "x y")"#), ["x", "y"]);
        assert_eq!(fields(r#"namedtuple("P", "x, y,z")"#), ["x", "y", "z"]);
        assert_eq!(fields(r#"namedtuple("P", "  a ,  b  ")"#), ["a", "b"]);
        assert_eq!(fields(r#"namedtuple("P", ["x", "y"])"#), ["x", "y"]);
        assert_eq!(fields(r#"namedtuple("P", ("x",))"#), ["x"]);
        assert_eq!(fields(r#"namedtuple("P", "")"#), Vec::<String>::new());
        let s = spec_of(r#"namedtuple(typename="Q", field_names="u v")"#).unwrap();
        assert_eq!(s.typename, "Q");
        assert_eq!(s.fields, ["u", "v"]);
    }

    #[test]
    fn invalid_names_are_rejected_as_cpython_does() {
        let err = |c: &str| spec_of(c).expect_err("an invalid spec");
        assert_eq!(
            err(r#"namedtuple("P", "x class")"#),
            "Type names and field names cannot be a keyword: 'class'"
        );
        assert_eq!(
            err(r#"namedtuple("P", "x 1y")"#),
            "Type names and field names must be valid identifiers: '1y'"
        );
        assert_eq!(
            err(r#"namedtuple("P-1", "x")"#),
            "Type names and field names must be valid identifiers: 'P-1'"
        );
        assert_eq!(
            err(r#"namedtuple("P", "x _y")"#),
            "Field names cannot start with an underscore: '_y'"
        );
        assert_eq!(
            err(r#"namedtuple("P", "x y x")"#),
            "Encountered duplicate field name: 'x'"
        );
    }

    #[test]
    fn names_must_be_literals() {
        for call in [
            r#"namedtuple(name, "x y")"#,
            r#"namedtuple("P", names)"#,
            r#"namedtuple("P", ["x", y])"#,
            r#"namedtuple("P")"#,
        ] {
            assert!(
                spec_of(call).unwrap_err().contains("string literal"),
                "{call}"
            );
        }
        assert!(spec_of(r#"namedtuple("P", "x", defaults=[1])"#)
            .unwrap_err()
            .contains("'defaults'"));
    }

    #[test]
    fn rename_replaces_invalid_field_names() {
        assert_eq!(
            fields(r#"namedtuple("P", "a def _c a 2", rename=True)"#),
            ["a", "_1", "_2", "_3", "_4"]
        );
    }

    #[test]
    fn the_class_source_parses() {
        for names in [vec![], vec!["x".to_string()], vec!["a".into(), "b".into()]] {
            let spec = Spec {
                typename: "P".into(),
                fields: names,
            };
            let text = class_source(&spec);
            assert!(syntax::parse(&text, syntax::FileId(0)).is_ok(), "{text}");
        }
    }
}
