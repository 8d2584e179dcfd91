// A field type without `ToJson`/`FromJson` (or a map key without the key traits): the message
// says what to do (derive, a feature, `#[fastjson(serde)]`, `Serde<_>` or `with`).
use std::collections::HashMap;

use json_runtime::FastJson;

/// Stands for another crate's type that FastJson has no impl for.
pub struct Url(String);

#[derive(PartialEq, Eq, Hash)]
pub struct Sku(String);

impl std::fmt::Display for Sku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(FastJson)]
struct Link {
    target: Url,
}

#[derive(FastJson)]
struct Stock {
    counts: HashMap<Sku, u32>,
}

fn main() {}
