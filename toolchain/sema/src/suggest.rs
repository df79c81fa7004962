//! Hints for diagnostics: the closest known name to a misspelt one, operator symbols.

/// Levenshtein distance between two strings (by characters).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The candidate closest to `name`, if close enough to be a likely typo.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .filter(|c| !c.starts_with("__") || name.starts_with("__"))
        .map(|c| (distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.to_string()))
        .map(|(_, c)| c)
}

/// The operator a binary magic method implements (`__add__` → `+`).
pub fn operator_for(method: &str) -> Option<&'static str> {
    let base = method.trim_start_matches("__").trim_end_matches("__");
    let base = base
        .strip_prefix('r')
        .filter(|b| !b.is_empty() && *b != "shift")
        .unwrap_or(base);
    Some(match base {
        "add" => "+",
        "sub" => "-",
        "mul" => "*",
        "truediv" => "/",
        "floordiv" => "//",
        "mod" => "%",
        "pow" => "**",
        "lshift" => "<<",
        "rshift" => ">>",
        "and" => "&",
        "or" => "|",
        "xor" => "^",
        "matmul" => "@",
        "lt" => "<",
        "le" => "<=",
        "gt" => ">",
        "ge" => ">=",
        "eq" => "==",
        "ne" => "!=",
        _ => return None,
    })
}

/// Python's wording for using a value of type `ty` in a way that needs the magic method
/// `method` it lacks (`'int' object is not subscriptable`), for the methods behind syntax.
pub fn missing_protocol(method: &str, ty: &str) -> Option<String> {
    Some(match method {
        "__getitem__" => format!("'{ty}' object is not subscriptable"),
        "__setitem__" => format!("'{ty}' object does not support item assignment"),
        "__delitem__" => format!("'{ty}' object does not support item deletion"),
        "__iter__" => format!("'{ty}' object is not iterable"),
        "__contains__" => format!("argument of type '{ty}' is not a container"),
        "__len__" => format!("object of type '{ty}' has no len()"),
        "__call__" => format!("'{ty}' object is not callable"),
        "__neg__" => format!("bad operand type for unary -: '{ty}'"),
        "__pos__" => format!("bad operand type for unary +: '{ty}'"),
        "__invert__" => format!("bad operand type for unary ~: '{ty}'"),
        "__enter__" | "__exit__" => {
            format!("'{ty}' object does not support the context manager protocol")
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_close_names() {
        let c = ["startswith", "endswith", "strip"];
        assert_eq!(closest("startwith", c.iter().copied()), Some("startswith"));
        assert_eq!(closest("zzzzzz", c.iter().copied()), None);
    }

    #[test]
    fn maps_operators() {
        assert_eq!(operator_for("__add__"), Some("+"));
        assert_eq!(operator_for("__radd__"), Some("+"));
        assert_eq!(operator_for("__rshift__"), Some(">>"));
        assert_eq!(operator_for("__len__"), None);
    }

    #[test]
    fn words_missing_protocols_as_python_does() {
        assert_eq!(
            missing_protocol("__getitem__", "int").as_deref(),
            Some("'int' object is not subscriptable")
        );
        assert_eq!(
            missing_protocol("__neg__", "str").as_deref(),
            Some("bad operand type for unary -: 'str'")
        );
        assert_eq!(missing_protocol("startswith", "str"), None);
    }
}
