//! Problems that passes find in the program (a read of a variable that is never bound, a
//! function that can fall off its end), reported to the user as compile errors.

use crate::node::Loc;

/// One compile error found by a pass.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// Where the error is.
    pub loc: Loc,
    /// How many characters from `loc` the error underlines (at least one).
    pub width: u32,
    pub message: String,
    /// Further places with what they show.
    pub notes: Vec<(Loc, String)>,
    /// How to fix it.
    pub help: Option<String>,
}
