//! Sparse objects: profile records with 20 optional fields of which most are absent (skipped
//! when `None`) or `null` (written as `null` when `None`).

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
pub type Profiles = Vec<Profile>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<Address>,
    pub deleted_at: Option<String>,
    pub last_login: Option<String>,
    pub referrer_id: Option<u64>,
    pub company: Option<String>,
    pub website: Option<String>,
    pub bio: Option<String>,
    pub followers: Option<u32>,
    pub plan: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    pub country: String,
}

/// `n` profiles; each optional field is present with probability 0.15.
pub fn generate(n: usize) -> Profiles {
    let mut rng = Rng::new(0x0059_a75e);
    let p = 0.15;
    (0..n)
        .map(|i| {
            let s = |rng: &mut Rng, f: &dyn Fn(&mut Rng) -> String| rng.chance(p).then(|| f(rng));
            Profile {
                id: 10_000 + i as u64,
                display_name: s(&mut rng, &|r| format!("User {}", r.below(100_000))),
                email: s(&mut rng, &|r| format!("u{}@example.org", r.below(100_000))),
                phone: s(&mut rng, &|r| format!("+1-555-{:04}", r.below(10_000))),
                avatar_url: s(&mut rng, &|r| {
                    format!("https://cdn.example.org/a/{}.png", r.hex(12))
                }),
                locale: s(&mut rng, &|r| {
                    (*r.pick(&["en-US", "de-DE", "ja-JP", "pt-BR"])).to_owned()
                }),
                time_zone: s(&mut rng, &|r| {
                    (*r.pick(&["UTC", "Europe/Berlin", "Asia/Tokyo"])).to_owned()
                }),
                birth_year: rng.chance(p).then(|| rng.range(1950, 2010) as u16),
                score: rng.chance(p).then(|| rng.decimal(0.0, 5.0, 2)),
                verified: rng.chance(p).then(|| rng.chance(0.5)),
                tags: rng.chance(p).then(|| {
                    (0..rng.range(1, 3))
                        .map(|_| (*rng.pick(&["beta", "vip", "staff", "new"])).to_owned())
                        .collect()
                }),
                address: rng.chance(p).then(|| Address {
                    street: rng
                        .chance(0.5)
                        .then(|| format!("{} Main St", rng.below(999))),
                    city: rng
                        .chance(0.7)
                        .then(|| (*rng.pick(&["Springfield", "Lyon", "Osaka"])).to_owned()),
                    postal_code: None,
                    country: (*rng.pick(&["US", "FR", "JP"])).to_owned(),
                }),
                deleted_at: s(&mut rng, &|r| r.timestamp(0)),
                last_login: s(&mut rng, &|r| r.timestamp(3)),
                referrer_id: rng.chance(p).then(|| rng.below(10_000)),
                company: s(&mut rng, &|r| {
                    (*r.pick(&["Acme", "Globex", "Initech"])).to_owned()
                }),
                website: s(&mut rng, &|r| format!("https://{}.example.com", r.hex(6))),
                bio: s(&mut rng, &|r| {
                    r.sentence(&["likes", "rust", "and", "coffee", "hiking"], 5)
                }),
                followers: rng.chance(p).then(|| rng.below(50_000) as u32),
                plan: s(&mut rng, &|r| {
                    (*r.pick(&["free", "pro", "team"])).to_owned()
                }),
            }
        })
        .collect()
}
