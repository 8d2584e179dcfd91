//! `extra/numbers.json`: one array of 10,001 floats with 12 significant digits (a plain
//! number array, the float-parsing and float-formatting bound case).

/// The whole document.
pub type Numbers = Vec<f64>;
