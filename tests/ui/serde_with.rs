// serde's `with`, `serialize_with` and `deserialize_with` take serde functions: each one is an
// error that points to `#[fastjson(with = "module")]` (allowed next to one).
use json_runtime::FastJson;

mod as_string {}

#[derive(FastJson)]
struct Record {
    #[serde(with = "as_string")]
    id: u64,
    #[serde(serialize_with = "as_string::serialize")]
    count: u64,
    #[serde(deserialize_with = "as_string::deserialize")]
    total: u64,
}

fn main() {}
