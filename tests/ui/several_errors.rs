// Every error in a type is reported at once, each at its own attribute.
use json_runtime::FastJson;

#[derive(FastJson)]
#[serde(rename_all = "camel_case", untagged, tag = "t")]
enum Event {
    #[serde(rename = "a", rename = "b")]
    A {
        #[serde(with = "m")]
        x: u8,
        #[serde(flatten)]
        y: Vec<u8>,
    },
    #[serde(other)]
    B(u8),
    #[fastjson(no_such_thing)]
    C,
}

fn main() {}
