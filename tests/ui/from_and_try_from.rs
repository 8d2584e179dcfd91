// `from` and `try_from` both say how to read the type: only one may be given.
use json_runtime::FastJson;

#[derive(FastJson, Clone)]
#[serde(from = "u32", try_from = "i64")]
struct Id(u32);

impl From<u32> for Id {
    fn from(v: u32) -> Self {
        Id(v)
    }
}

fn main() {}
