// A union's active field is not known, so it cannot be written or read.
use json_runtime::FastJson;

#[derive(FastJson)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
