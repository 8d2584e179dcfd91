// serde's variant-level `untagged` is not implemented by FastJson, nor `with` on a variant
// (which has no `#[fastjson(with)]` to pair it with).
use json_runtime::FastJson;

mod as_string {}

#[derive(FastJson)]
enum Message {
    Known { id: u32 },
    #[serde(with = "as_string")]
    Text(u64),
    #[serde(untagged)]
    Unknown(String),
}

fn main() {}
