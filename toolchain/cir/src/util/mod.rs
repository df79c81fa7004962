//! Utilities passes share.

pub mod outline;
