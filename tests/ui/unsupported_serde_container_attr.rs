// A serde container attribute FastJson does not implement is an error at the attribute.
use json_runtime::FastJson;

mod other {
    pub struct Point {
        pub x: i32,
    }
}

#[derive(FastJson)]
#[serde(remote = "other::Point")]
struct Point {
    x: i32,
}

fn main() {}
