// Misused attributes that serde also rejects.
use json_runtime::FastJson;

#[derive(FastJson)]
#[serde(tag = "t")]
struct TagOnStruct {
    a: u8,
}

#[derive(FastJson)]
#[serde(transparent)]
struct TwoFields {
    a: u8,
    b: u8,
}

#[derive(FastJson)]
#[serde(content = "c")]
enum ContentWithoutTag {
    A,
}

#[derive(FastJson)]
struct FlattenInTuple(#[serde(flatten)] Vec<u8>);

#[derive(FastJson)]
struct BadValues {
    #[serde(rename = 1)]
    a: u8,
    #[serde(default = "not a path")]
    b: u8,
    #[serde(alias)]
    c: u8,
}

#[derive(FastJson)]
struct FastJsonConflicts {
    #[fastjson(with = "m", number_as_string)]
    a: u8,
}

fn main() {}
