// serde's variant-level `untagged` is not implemented by FastJson.
use json_runtime::FastJson;

#[derive(FastJson)]
enum Message {
    Known { id: u32 },
    #[serde(untagged)]
    Unknown(String),
}

fn main() {}
