//! `extra/random.json`: a JSON-RPC answer with 1,000 generated user records: Cyrillic names,
//! phones and e-mails, a nested friends array; written one token per line.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Response {
    pub id: u64,
    pub jsonrpc: String,
    pub total: u32,
    pub result: Vec<User>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: u64,
    pub avatar: String,
    pub age: u8,
    pub admin: bool,
    pub name: String,
    pub company: String,
    pub phone: String,
    pub email: String,
    pub birth_date: String,
    pub friends: Vec<Friend>,
    pub field: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Friend {
    pub id: u64,
    pub name: String,
    pub phone: String,
}

/// The same document read without copying strings (`&'a str`: the data has no escapes).
pub mod borrowed {
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Response<'a> {
        pub id: u64,
        pub jsonrpc: &'a str,
        pub total: u32,
        #[serde(borrow)]
        pub result: Vec<User<'a>>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    #[serde(rename_all = "camelCase")]
    pub struct User<'a> {
        pub id: u64,
        pub avatar: &'a str,
        pub age: u8,
        pub admin: bool,
        pub name: &'a str,
        pub company: &'a str,
        pub phone: &'a str,
        pub email: &'a str,
        pub birth_date: &'a str,
        #[serde(borrow)]
        pub friends: Vec<Friend<'a>>,
        pub field: &'a str,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[cfg_attr(
        feature = "simd-json-derive",
        derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
    )]
    pub struct Friend<'a> {
        pub id: u64,
        pub name: &'a str,
        pub phone: &'a str,
    }
}
