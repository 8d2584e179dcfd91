//! `extra/github_events.json`: 30 events from GitHub's public events API, typed the way API
//! clients type them: an internally tagged enum on `"type"` whose variants wrap one generic
//! event struct with a payload type per event kind, lowercase action enums, nullable fields.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
pub type Events = Vec<Event>;

/// One event; the `"type"` key (first in the data) selects the payload's type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
pub enum Event {
    PushEvent(EventOf<PushPayload>),
    CreateEvent(EventOf<CreatePayload>),
    ForkEvent(EventOf<ForkPayload>),
    WatchEvent(EventOf<WatchPayload>),
    IssueCommentEvent(EventOf<IssueCommentPayload>),
    IssuesEvent(EventOf<IssuesPayload>),
    GollumEvent(EventOf<GollumPayload>),
}

/// What every event has, around its kind's payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct EventOf<P> {
    pub created_at: String,
    pub actor: Actor,
    pub repo: RepoRef,
    pub public: bool,
    /// Present for events in an organisation's repository.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub org: Option<Actor>,
    pub payload: P,
    pub id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Actor {
    pub gravatar_id: String,
    pub login: String,
    pub avatar_url: String,
    pub url: String,
    pub id: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct RepoRef {
    pub url: String,
    pub id: u64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PushPayload {
    pub commits: Vec<Commit>,
    pub distinct_size: u32,
    #[serde(rename = "ref")]
    pub git_ref: String,
    pub push_id: u64,
    pub head: String,
    pub before: String,
    pub size: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Commit {
    pub url: String,
    pub message: String,
    pub distinct: bool,
    pub sha: String,
    pub author: CommitAuthor,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CommitAuthor {
    pub email: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct CreatePayload {
    pub description: String,
    pub master_branch: String,
    /// `null` when a repository was created.
    #[serde(rename = "ref")]
    pub git_ref: Option<String>,
    pub ref_type: RefType,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum RefType {
    Repository,
    Branch,
    Tag,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct ForkPayload {
    pub forkee: Repository,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct WatchPayload {
    pub action: WatchAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum WatchAction {
    Started,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssuesPayload {
    pub issue: Issue,
    pub action: IssueAction,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssueCommentPayload {
    pub issue: Issue,
    pub action: IssueAction,
    pub comment: Comment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum IssueAction {
    Opened,
    Closed,
    Reopened,
    Created,
    Edited,
    Deleted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct GollumPayload {
    pub pages: Vec<WikiPage>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct WikiPage {
    pub page_name: String,
    pub html_url: String,
    pub title: String,
    pub sha: String,
    pub summary: Option<String>,
    pub action: PageAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum PageAction {
    Created,
    Edited,
}

/// A user as the REST API returns it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct User {
    pub url: String,
    pub gists_url: String,
    pub gravatar_id: String,
    #[serde(rename = "type")]
    pub kind: UserKind,
    pub avatar_url: String,
    pub subscriptions_url: String,
    pub organizations_url: String,
    pub received_events_url: String,
    pub repos_url: String,
    pub login: String,
    pub id: u64,
    pub starred_url: String,
    pub events_url: String,
    pub followers_url: String,
    pub following_url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
pub enum UserKind {
    User,
    Organization,
    Bot,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Issue {
    pub user: User,
    pub url: String,
    pub labels: Vec<IssueLabel>,
    pub html_url: String,
    pub labels_url: String,
    pub pull_request: PullRequestLinks,
    pub created_at: String,
    pub closed_at: Option<String>,
    pub milestone: Option<Milestone>,
    pub title: String,
    pub body: String,
    pub updated_at: String,
    pub number: u32,
    pub state: IssueState,
    pub assignee: Option<User>,
    pub id: u64,
    pub events_url: String,
    pub comments_url: String,
    pub comments: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct IssueLabel {
    pub url: String,
    pub name: String,
    pub color: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct PullRequestLinks {
    pub html_url: Option<String>,
    pub patch_url: Option<String>,
    pub diff_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Milestone {
    pub url: String,
    pub number: u32,
    pub title: String,
    pub state: IssueState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "lowercase")]
pub enum IssueState {
    Open,
    Closed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Comment {
    pub user: User,
    pub url: String,
    pub issue_url: String,
    pub created_at: String,
    pub body: String,
    pub updated_at: String,
    pub id: u64,
}

/// A repository as the REST API returns it (here: a fork's new repository).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Repository {
    pub description: String,
    pub fork: bool,
    pub url: String,
    pub language: Option<String>,
    pub stargazers_url: String,
    pub clone_url: String,
    pub tags_url: String,
    pub full_name: String,
    pub merges_url: String,
    pub forks: u32,
    pub private: bool,
    pub git_refs_url: String,
    pub archive_url: String,
    pub collaborators_url: String,
    pub owner: User,
    pub languages_url: String,
    pub trees_url: String,
    pub labels_url: String,
    pub html_url: String,
    pub pushed_at: String,
    pub created_at: String,
    pub has_issues: bool,
    pub forks_url: String,
    pub branches_url: String,
    pub commits_url: String,
    pub notifications_url: String,
    pub open_issues: u32,
    pub contents_url: String,
    pub blobs_url: String,
    pub issues_url: String,
    pub compare_url: String,
    pub issue_events_url: String,
    pub name: String,
    pub updated_at: String,
    pub statuses_url: String,
    pub forks_count: u32,
    pub assignees_url: String,
    pub ssh_url: String,
    pub public: bool,
    pub has_wiki: bool,
    pub subscribers_url: String,
    pub mirror_url: Option<String>,
    pub watchers_count: u32,
    pub id: u64,
    pub has_downloads: bool,
    pub git_commits_url: String,
    pub downloads_url: String,
    pub pulls_url: String,
    pub homepage: Option<String>,
    pub issue_comment_url: String,
    pub hooks_url: String,
    pub subscription_url: String,
    pub milestones_url: String,
    pub svn_url: String,
    pub events_url: String,
    pub git_tags_url: String,
    pub teams_url: String,
    pub comments_url: String,
    pub open_issues_count: u32,
    pub keys_url: String,
    pub git_url: String,
    pub contributors_url: String,
    pub size: u64,
    pub watchers: u32,
}
