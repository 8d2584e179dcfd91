// A serde field attribute FastJson does not implement is an error at the attribute.
use json_runtime::FastJson;

#[derive(FastJson)]
struct Point {
    #[serde(getter = "Point::x")]
    x: i32,
}

fn main() {}
