//! Deep recursion: a file-system tree, each node an object holding its children, up to 40
//! nodes deep (80 levels of JSON nesting, under the readers' 127/128 limits).

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Node {
    pub id: u32,
    pub name: String,
    pub kind: Kind,
    pub size: u64,
    pub children: Vec<Node>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub enum Kind {
    Dir,
    File,
    Link,
}

/// The deepest chain of nodes.
pub const MAX_DEPTH: u32 = 40;

/// A tree of about `target` nodes with one chain `MAX_DEPTH` deep.
pub fn generate(target: u32) -> Node {
    let mut rng = Rng::new(0x7_4ee);
    let mut next = 0u32;
    build(&mut rng, &mut next, 1, target, true)
}

fn build(rng: &mut Rng, next: &mut u32, depth: u32, target: u32, spine: bool) -> Node {
    let id = *next;
    *next += 1;
    let leaf = !spine && (depth >= MAX_DEPTH || *next >= target || rng.chance(0.45));
    let mut children = Vec::new();
    if !leaf && depth < MAX_DEPTH {
        let n = rng.range(1, 4);
        for i in 0..n {
            if *next >= target && !(spine && i == 0) {
                break;
            }
            children.push(build(rng, next, depth + 1, target, spine && i == 0));
        }
    }
    let kind = if children.is_empty() {
        if rng.chance(0.1) {
            Kind::Link
        } else {
            Kind::File
        }
    } else {
        Kind::Dir
    };
    Node {
        id,
        name: format!(
            "{}_{}",
            rng.pick(&["src", "lib", "tests", "assets", "docs", "build"]),
            id
        ),
        kind,
        size: rng.below(1 << 24),
        children,
    }
}

/// The depth of the tree (1 for a leaf).
pub fn depth(node: &Node) -> u32 {
    1 + node.children.iter().map(depth).max().unwrap_or(0)
}
