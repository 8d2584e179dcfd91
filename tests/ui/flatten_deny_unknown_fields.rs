// With a flattened field every key may belong to someone; FastJson does not combine it with
// deny_unknown_fields.
use json_runtime::FastJson;

#[derive(FastJson)]
struct Inner {
    a: u8,
}

#[derive(FastJson)]
#[serde(deny_unknown_fields)]
struct Outer {
    id: u32,
    #[serde(flatten)]
    inner: Inner,
}

fn main() {}
