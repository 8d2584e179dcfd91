// `#[fastjson(serde)]` hands the whole field to its serde impls: `with`, the number-string
// rules and `flatten` cannot apply to it too.
use json_runtime::FastJson;

mod as_text {}

#[derive(FastJson)]
struct Record {
    #[fastjson(serde, with = "as_text")]
    id: u64,
    #[fastjson(serde, number_from_string)]
    count: u64,
    #[fastjson(serde)]
    #[serde(flatten)]
    extra: std::collections::BTreeMap<String, u64>,
}

fn main() {}
