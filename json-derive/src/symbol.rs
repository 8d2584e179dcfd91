//! Attribute names, in one place.

pub const SERDE: &str = "serde";
pub const FASTJSON: &str = "fastjson";

pub const ALIAS: &str = "alias";
pub const BORROW: &str = "borrow";
pub const BOUND: &str = "bound";
pub const CONTENT: &str = "content";
pub const CRATE: &str = "crate";
pub const DEFAULT: &str = "default";
pub const DENY_UNKNOWN_FIELDS: &str = "deny_unknown_fields";
pub const DESERIALIZE: &str = "deserialize";
pub const DESERIALIZE_WITH: &str = "deserialize_with";
pub const EXPECTING: &str = "expecting";
pub const FLATTEN: &str = "flatten";
pub const FROM: &str = "from";
pub const INTO: &str = "into";
pub const OTHER: &str = "other";
pub const RENAME: &str = "rename";
pub const RENAME_ALL: &str = "rename_all";
pub const RENAME_ALL_FIELDS: &str = "rename_all_fields";
pub const SERIALIZE: &str = "serialize";
pub const SERIALIZE_WITH: &str = "serialize_with";
pub const SKIP: &str = "skip";
pub const SKIP_DESERIALIZING: &str = "skip_deserializing";
pub const SKIP_SERIALIZING: &str = "skip_serializing";
pub const SKIP_SERIALIZING_IF: &str = "skip_serializing_if";
pub const TAG: &str = "tag";
pub const TRANSPARENT: &str = "transparent";
pub const TRY_FROM: &str = "try_from";
pub const UNTAGGED: &str = "untagged";
pub const WITH: &str = "with";

// #[fastjson(...)] only
pub const CASE_INSENSITIVE: &str = "case_insensitive";
pub const NUMBER_AS_STRING: &str = "number_as_string";
pub const NUMBER_FROM_STRING: &str = "number_from_string";
/// `#[fastjson(serde)]`: the field goes through its serde impls (same word as `SERDE`).
pub const SERDE_BRIDGE: &str = "serde";
