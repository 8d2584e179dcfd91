//! Non-ASCII-heavy records: names, cities, tags and biographies in Cyrillic, Greek, CJK and
//! accented Latin, read and written pretty-printed (one token per line for arrays).

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
pub type Records = Vec<Record>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Record {
    pub id: u32,
    pub name: String,
    pub city: String,
    pub tags: Vec<String>,
    pub bio: String,
    pub rating: f64,
    pub active: bool,
}

const NAMES: &[&str] = &[
    "Леонард Никитин",
    "Ἀλέξανδρος Παπαδόπουλος",
    "山田 太郎",
    "김민준",
    "Zoë Ångström",
    "François Lefèvre",
    "Søren Kierkegaard",
    "محمد العلي",
    "Đặng Thị Hương",
    "Jürgen Weiß",
];
const CITIES: &[&str] = &[
    "Москва",
    "Αθήνα",
    "東京",
    "서울",
    "Zürich",
    "São Paulo",
    "Kraków",
    "القاهرة",
];
const WORDS: &[&str] = &[
    "привет",
    "мир",
    "καλημέρα",
    "κόσμε",
    "日本語",
    "テキスト",
    "漢字",
    "한국어",
    "über",
    "naïve",
    "résumé",
    "façade",
    "smörgåsbord",
    "crème",
    "brûlée",
    "ñandú",
    "🙂",
    "★",
];

/// `n` records.
pub fn generate(n: usize) -> Records {
    let mut rng = Rng::new(0x_a5c11);
    (0..n)
        .map(|i| Record {
            id: i as u32 + 1,
            name: (*rng.pick(NAMES)).to_owned(),
            city: (*rng.pick(CITIES)).to_owned(),
            tags: (0..rng.range(1, 5))
                .map(|_| (*rng.pick(WORDS)).to_owned())
                .collect(),
            bio: {
                let words = rng.range(6, 24) as usize;
                rng.sentence(WORDS, words)
            },
            rating: rng.decimal(0.0, 5.0, 1),
            active: rng.chance(0.8),
        })
        .collect()
}
