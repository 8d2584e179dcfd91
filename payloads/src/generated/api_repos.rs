//! A REST API answer as service clients receive it: a page of repository records, each a
//! small object of 20-30 fields, most of them strings (URLs built from the owner and name,
//! ids as strings, timestamps), a nested owner object of the same kind, an optional nested
//! licence, topic lists and a few numbers and booleans. Two types read it: [`Repo`] declares
//! every field, [`RepoSummary`] the dozen a client uses (the other keys are skipped).

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Owner {
    pub login: String,
    pub id: u64,
    pub node_id: String,
    pub avatar_url: String,
    pub gravatar_id: String,
    pub url: String,
    pub html_url: String,
    pub followers_url: String,
    pub following_url: String,
    pub gists_url: String,
    pub starred_url: String,
    pub subscriptions_url: String,
    pub organizations_url: String,
    pub repos_url: String,
    pub events_url: String,
    pub received_events_url: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub site_admin: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct License {
    pub key: String,
    pub name: String,
    pub spdx_id: String,
    pub url: Option<String>,
    pub node_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Repo {
    pub id: u64,
    pub node_id: String,
    pub name: String,
    pub full_name: String,
    pub private: bool,
    pub owner: Owner,
    pub html_url: String,
    pub description: Option<String>,
    pub fork: bool,
    pub url: String,
    pub forks_url: String,
    pub keys_url: String,
    pub collaborators_url: String,
    pub teams_url: String,
    pub hooks_url: String,
    pub issues_url: String,
    pub pulls_url: String,
    pub releases_url: String,
    pub created_at: String,
    pub updated_at: String,
    pub pushed_at: String,
    pub git_url: String,
    pub ssh_url: String,
    pub clone_url: String,
    pub homepage: Option<String>,
    pub size: u64,
    pub stargazers_count: u32,
    pub watchers_count: u32,
    pub language: Option<String>,
    pub has_issues: bool,
    pub has_wiki: bool,
    pub forks_count: u32,
    pub archived: bool,
    pub open_issues_count: u32,
    pub license: Option<License>,
    pub topics: Vec<String>,
    pub visibility: String,
    pub default_branch: String,
    pub score: f64,
}

/// The fields a client of the same answer typically uses; every other key is skipped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct RepoSummary {
    pub id: u64,
    pub full_name: String,
    pub owner: OwnerSummary,
    pub html_url: String,
    pub description: Option<String>,
    pub updated_at: String,
    pub stargazers_count: u32,
    pub language: Option<String>,
    pub topics: Vec<String>,
    pub default_branch: String,
}

/// An [`Owner`] as [`RepoSummary`] reads it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct OwnerSummary {
    pub login: String,
    pub id: u64,
    pub avatar_url: String,
}

const API: &str = "https://api.github.com";
const WORDS: &[&str] = &[
    "fast",
    "json",
    "parser",
    "async",
    "runtime",
    "http",
    "client",
    "server",
    "cli",
    "tool",
    "library",
    "embedded",
    "database",
    "cache",
    "queue",
    "stream",
    "crypto",
    "graph",
    "web",
    "framework",
];

fn name(rng: &mut Rng) -> String {
    format!("{}-{}", rng.pick(WORDS), rng.pick(WORDS))
}

fn owner(rng: &mut Rng) -> Owner {
    let login = format!("{}{}", rng.pick(WORDS), rng.below(10_000));
    let id = 1_000 + rng.below(150_000_000);
    let user = format!("{API}/users/{login}");
    Owner {
        node_id: format!("MDQ6VXNlcj{}", rng.hex(8)),
        avatar_url: format!("https://avatars.githubusercontent.com/u/{id}?v=4"),
        gravatar_id: String::new(),
        html_url: format!("https://github.com/{login}"),
        followers_url: format!("{user}/followers"),
        following_url: format!("{user}/following{{/other_user}}"),
        gists_url: format!("{user}/gists{{/gist_id}}"),
        starred_url: format!("{user}/starred{{/owner}}{{/repo}}"),
        subscriptions_url: format!("{user}/subscriptions"),
        organizations_url: format!("{user}/orgs"),
        repos_url: format!("{user}/repos"),
        events_url: format!("{user}/events{{/privacy}}"),
        received_events_url: format!("{user}/received_events"),
        kind: (*rng.pick(&["User", "Organization"])).to_owned(),
        site_admin: rng.chance(0.01),
        url: user,
        login,
        id,
    }
}

/// `n` records.
pub fn generate(n: usize) -> Vec<Repo> {
    let mut rng = Rng::new(0x0a91_7e90);
    (0..n)
        .map(|_| {
            let owner = owner(&mut rng);
            let name = name(&mut rng);
            let full_name = format!("{}/{name}", owner.login);
            let repo = format!("{API}/repos/{full_name}");
            let licence = rng.chance(0.7).then(|| {
                let (key, title) = *rng.pick(&[
                    ("mit", "MIT License"),
                    ("apache-2.0", "Apache License 2.0"),
                    (
                        "bsd-3-clause",
                        "BSD 3-Clause \"New\" or \"Revised\" License",
                    ),
                ]);
                License {
                    key: key.to_owned(),
                    name: title.to_owned(),
                    spdx_id: key.to_uppercase(),
                    url: Some(format!("{API}/licenses/{key}")),
                    node_id: format!("MDc6TGljZW5zZT{}", rng.below(20)),
                }
            });
            let topics = (0..rng.below(6))
                .map(|_| (*rng.pick(WORDS)).to_owned())
                .collect();
            Repo {
                id: 10_000_000 + rng.below(800_000_000),
                node_id: format!("R_kgDO{}", rng.hex(10)),
                private: false,
                html_url: format!("https://github.com/{full_name}"),
                description: rng.chance(0.85).then(|| {
                    let words = 4 + rng.below(12) as usize;
                    rng.sentence(WORDS, words)
                }),
                fork: rng.chance(0.1),
                forks_url: format!("{repo}/forks"),
                keys_url: format!("{repo}/keys{{/key_id}}"),
                collaborators_url: format!("{repo}/collaborators{{/collaborator}}"),
                teams_url: format!("{repo}/teams"),
                hooks_url: format!("{repo}/hooks"),
                issues_url: format!("{repo}/issues{{/number}}"),
                pulls_url: format!("{repo}/pulls{{/number}}"),
                releases_url: format!("{repo}/releases{{/id}}"),
                created_at: rng.timestamp(0),
                updated_at: rng.timestamp(0),
                pushed_at: rng.timestamp(0),
                git_url: format!("git://github.com/{full_name}.git"),
                ssh_url: format!("git@github.com:{full_name}.git"),
                clone_url: format!("https://github.com/{full_name}.git"),
                homepage: rng.chance(0.3).then(|| format!("https://{name}.rs")),
                size: rng.below(500_000),
                stargazers_count: rng.below(50_000) as u32,
                watchers_count: rng.below(50_000) as u32,
                language: rng
                    .chance(0.9)
                    .then(|| (*rng.pick(&["Rust", "Go", "C++", "TypeScript"])).to_owned()),
                has_issues: true,
                has_wiki: rng.chance(0.5),
                forks_count: rng.below(5_000) as u32,
                archived: rng.chance(0.05),
                open_issues_count: rng.below(300) as u32,
                license: licence,
                topics,
                visibility: "public".to_owned(),
                default_branch: (*rng.pick(&["main", "master"])).to_owned(),
                score: 1.0,
                url: repo,
                name,
                full_name,
                owner,
            }
        })
        .collect()
}
