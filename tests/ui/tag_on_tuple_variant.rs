// An internally tagged enum writes the tag beside the variant's fields, which a tuple
// variant does not have.
use json_runtime::FastJson;

#[derive(FastJson)]
#[serde(tag = "type")]
enum Shape {
    Circle { radius: f64 },
    Rect(f64, f64),
}

fn main() {}
