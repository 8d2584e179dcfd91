//! `extra/gsoc-2018.json`: Google Summer of Code 2018's project list, schema.org JSON-LD
//! objects keyed by a numeric id; long English strings, `@`-prefixed keys.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The whole document: projects by id (`"0"`, `"1"`, ... as object keys).
pub type Gsoc = BTreeMap<u32, Project>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Project {
    #[serde(rename = "@context")]
    pub context: String,
    #[serde(rename = "@type")]
    pub kind: String,
    pub name: String,
    pub description: String,
    pub sponsor: Sponsor,
    pub author: Author,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Sponsor {
    #[serde(rename = "@type")]
    pub kind: String,
    pub name: String,
    #[serde(rename = "disambiguatingDescription")]
    pub disambiguating_description: String,
    pub description: String,
    pub url: String,
    pub logo: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Author {
    #[serde(rename = "@type")]
    pub kind: String,
    pub name: String,
}

/// The same document read without copying strings: `Cow<'a, str>` everywhere (a few
/// descriptions have escapes; the rest borrow from the input).
pub mod borrowed {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};
    use std::borrow::Cow;
    use std::collections::BTreeMap;

    pub type Gsoc<'a> = BTreeMap<u32, Project<'a>>;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    pub struct Project<'a> {
        #[serde(rename = "@context", borrow)]
        pub context: Cow<'a, str>,
        #[serde(rename = "@type", borrow)]
        pub kind: Cow<'a, str>,
        #[serde(borrow)]
        pub name: Cow<'a, str>,
        #[serde(borrow)]
        pub description: Cow<'a, str>,
        #[serde(borrow)]
        pub sponsor: Sponsor<'a>,
        #[serde(borrow)]
        pub author: Author<'a>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(rename_all = "camelCase")]
    pub struct Sponsor<'a> {
        #[serde(rename = "@type", borrow)]
        pub kind: Cow<'a, str>,
        #[serde(borrow)]
        pub name: Cow<'a, str>,
        #[serde(borrow)]
        pub disambiguating_description: Cow<'a, str>,
        #[serde(borrow)]
        pub description: Cow<'a, str>,
        #[serde(borrow)]
        pub url: Cow<'a, str>,
        #[serde(borrow)]
        pub logo: Cow<'a, str>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    pub struct Author<'a> {
        #[serde(rename = "@type", borrow)]
        pub kind: Cow<'a, str>,
        #[serde(borrow)]
        pub name: Cow<'a, str>,
    }
}
