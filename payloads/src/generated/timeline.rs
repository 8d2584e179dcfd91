//! API responses: pages of a social timeline, as a REST API returns them: posts with metrics,
//! an adjacently tagged attachment enum (`{"type": "poll", "value": {...}}`), referenced posts,
//! included users and paging metadata.

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document: several pages as a client caches them.
pub type Timeline = Vec<Page>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Page {
    pub data: Vec<Post>,
    pub includes: Includes,
    pub meta: Meta,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Post {
    pub id: String,
    pub author_id: String,
    pub created_at: String,
    pub text: String,
    pub lang: String,
    pub public_metrics: Metrics,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub referenced_posts: Vec<Reference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attachment: Option<Attachment>,
    pub possibly_sensitive: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Metrics {
    pub repost_count: u32,
    pub reply_count: u32,
    pub like_count: u32,
    pub quote_count: u32,
    pub impression_count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Reference {
    #[serde(rename = "type")]
    pub kind: ReferenceKind,
    pub id: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum ReferenceKind {
    RepliedTo,
    Quoted,
    Reposted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum Attachment {
    Poll(Poll),
    MediaKeys(Vec<String>),
    Link(String),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Poll {
    pub options: Vec<PollOption>,
    pub duration_minutes: u32,
    pub end_datetime: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PollOption {
    pub position: u8,
    pub label: String,
    pub votes: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Includes {
    pub users: Vec<UserSummary>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct UserSummary {
    pub id: String,
    pub name: String,
    pub username: String,
    pub verified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_image_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Meta {
    pub result_count: u32,
    pub newest_id: String,
    pub oldest_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_token: Option<String>,
}

const WORDS: &[&str] = &[
    "shipping",
    "a",
    "new",
    "release",
    "today",
    "benchmarks",
    "look",
    "great",
    "thanks",
    "to",
    "everyone",
    "who",
    "helped",
    "#rustlang",
    "@ferris",
    "https://t.co/xYz12",
    "🎉",
    "on",
    "the",
];

/// `pages` pages of `per_page` posts.
pub fn generate(pages: usize, per_page: usize) -> Timeline {
    let mut rng = Rng::new(0x0713_e11e);
    let mut id = 1_790_000_000_000_000_000u64;
    (0..pages)
        .map(|p| {
            let data: Vec<Post> = (0..per_page)
                .map(|_| {
                    id -= rng.below(1_000_000_000);
                    let attachment = match rng.below(8) {
                        0 => Some(Attachment::Poll(Poll {
                            options: (1..=rng.range(2, 4) as u8)
                                .map(|position| PollOption {
                                    position,
                                    label: rng.sentence(WORDS, 2),
                                    votes: rng.below(5000) as u32,
                                })
                                .collect(),
                            duration_minutes: 1440,
                            end_datetime: rng.timestamp(3),
                        })),
                        1 | 2 => Some(Attachment::MediaKeys(
                            (0..rng.range(1, 4))
                                .map(|_| format!("3_{}", rng.below(u32::MAX as u64)))
                                .collect(),
                        )),
                        3 => Some(Attachment::Link(format!(
                            "https://example.com/{}",
                            rng.hex(10)
                        ))),
                        _ => None,
                    };
                    let referenced_posts = if rng.chance(0.3) {
                        vec![Reference {
                            kind: *rng.pick(&[
                                ReferenceKind::RepliedTo,
                                ReferenceKind::Quoted,
                                ReferenceKind::Reposted,
                            ]),
                            id: (id - rng.below(1 << 40)).to_string(),
                        }]
                    } else {
                        Vec::new()
                    };
                    let words = rng.range(5, 30) as usize;
                    Post {
                        id: id.to_string(),
                        author_id: rng.range(10_000, 99_999_999).to_string(),
                        created_at: rng.timestamp(3),
                        text: rng.sentence(WORDS, words),
                        lang: (*rng.pick(&["en", "en", "de", "ja"])).to_owned(),
                        public_metrics: Metrics {
                            repost_count: rng.below(500) as u32,
                            reply_count: rng.below(100) as u32,
                            like_count: rng.below(10_000) as u32,
                            quote_count: rng.below(50) as u32,
                            impression_count: rng.below(1_000_000),
                        },
                        referenced_posts,
                        attachment,
                        possibly_sensitive: rng.chance(0.02),
                    }
                })
                .collect();
            let users = data
                .iter()
                .take(per_page / 2)
                .map(|post| UserSummary {
                    id: post.author_id.clone(),
                    name: rng.sentence(&["Ada", "Grace", "Linus", "Ferris", "Crab"], 2),
                    username: format!("user_{}", rng.hex(6)),
                    verified: rng.chance(0.1),
                    profile_image_url: rng.chance(0.8).then(|| {
                        format!("https://pbs.example.com/profile_images/{}.jpg", rng.hex(16))
                    }),
                })
                .collect();
            Page {
                meta: Meta {
                    result_count: data.len() as u32,
                    newest_id: data.first().map(|x| x.id.clone()).unwrap_or_default(),
                    oldest_id: data.last().map(|x| x.id.clone()).unwrap_or_default(),
                    next_token: (p + 1 < pages).then(|| rng.hex(24)),
                },
                data,
                includes: Includes { users },
            }
        })
        .collect()
}
