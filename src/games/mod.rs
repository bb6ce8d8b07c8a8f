//! One module per game: setups, helpers and scoring, free of I/O.

pub mod funhouse;
