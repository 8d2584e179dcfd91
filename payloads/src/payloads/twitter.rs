//! `corpus/twitter.json`: 100 statuses from the search API (types after serde-rs/json-benchmark).
//!
//! Fields that are sometimes absent from the data (`retweeted_status`, `possibly_sensitive`,
//! `media`, ...) are `Option`s skipped when `None`, so re-serializing gives back the same
//! document. Fields that are always `null` in the data are `()`.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// Tweet and media ids.
pub type LongId = u64;
/// User ids.
pub type ShortId = u32;
/// `[start, end)` character offsets into the tweet text.
pub type Indices = (u8, u8);

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

/// One tweet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Status {
    pub metadata: Metadata,
    pub created_at: String,
    pub id: LongId,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
    pub in_reply_to_status_id: Option<LongId>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<ShortId>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: (),
    pub coordinates: (),
    pub place: (),
    pub contributors: (),
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Metadata {
    pub result_type: String,
    pub iso_language_code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct User {
    pub id: ShortId,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct UserEntities {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<UserUrl>,
    pub description: UserEntitiesDescription,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct UserUrl {
    pub urls: Vec<Url>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: Indices,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct UserEntitiesDescription {
    pub urls: Vec<Url>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    /// Always empty in the data; cashtags have the shape of hashtags in the API.
    pub symbols: Vec<Hashtag>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<Media>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Hashtag {
    pub text: String,
    pub indices: Indices,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: ShortId,
    pub id_str: String,
    pub indices: Indices,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Media {
    pub id: LongId,
    pub id_str: String,
    pub indices: Indices,
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[serde(rename = "type")]
    pub media_type: String,
    pub sizes: Sizes,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id: Option<LongId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id_str: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct Size {
    pub w: u16,
    pub h: u16,
    pub resize: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(deny_unknown_fields)]
pub struct SearchMetadata {
    pub completed_in: f32,
    pub max_id: LongId,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u8,
    pub since_id: LongId,
    pub since_id_str: String,
}

/// The same document read without copying strings: `&'a str` where the data never has escapes,
/// `Cow<'a, str>` (borrowed when it can be) for `text`, `source` and `description`, which do.
pub mod borrowed {
    use super::{Indices, LongId, ShortId};
    use json_runtime::FastJson;
    use serde::{Deserialize, Serialize};
    use std::borrow::Cow;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Twitter<'a> {
        #[serde(borrow)]
        pub statuses: Vec<Status<'a>>,
        #[serde(borrow)]
        pub search_metadata: SearchMetadata<'a>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Status<'a> {
        #[serde(borrow)]
        pub metadata: Metadata<'a>,
        pub created_at: &'a str,
        pub id: LongId,
        pub id_str: &'a str,
        #[serde(borrow)]
        pub text: Cow<'a, str>,
        #[serde(borrow)]
        pub source: Cow<'a, str>,
        pub truncated: bool,
        pub in_reply_to_status_id: Option<LongId>,
        #[serde(borrow)]
        pub in_reply_to_status_id_str: Option<&'a str>,
        pub in_reply_to_user_id: Option<ShortId>,
        #[serde(borrow)]
        pub in_reply_to_user_id_str: Option<&'a str>,
        #[serde(borrow)]
        pub in_reply_to_screen_name: Option<&'a str>,
        #[serde(borrow)]
        pub user: User<'a>,
        pub geo: (),
        pub coordinates: (),
        pub place: (),
        pub contributors: (),
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub retweeted_status: Option<Box<Status<'a>>>,
        pub retweet_count: u32,
        pub favorite_count: u32,
        #[serde(borrow)]
        pub entities: StatusEntities<'a>,
        pub favorited: bool,
        pub retweeted: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub possibly_sensitive: Option<bool>,
        pub lang: &'a str,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Metadata<'a> {
        pub result_type: &'a str,
        pub iso_language_code: &'a str,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct User<'a> {
        pub id: ShortId,
        pub id_str: &'a str,
        pub name: &'a str,
        pub screen_name: &'a str,
        pub location: &'a str,
        #[serde(borrow)]
        pub description: Cow<'a, str>,
        #[serde(borrow)]
        pub url: Option<&'a str>,
        #[serde(borrow)]
        pub entities: UserEntities<'a>,
        pub protected: bool,
        pub followers_count: u32,
        pub friends_count: u32,
        pub listed_count: u32,
        pub created_at: &'a str,
        pub favourites_count: u32,
        pub utc_offset: Option<i32>,
        #[serde(borrow)]
        pub time_zone: Option<&'a str>,
        pub geo_enabled: bool,
        pub verified: bool,
        pub statuses_count: u32,
        pub lang: &'a str,
        pub contributors_enabled: bool,
        pub is_translator: bool,
        pub is_translation_enabled: bool,
        pub profile_background_color: &'a str,
        pub profile_background_image_url: &'a str,
        pub profile_background_image_url_https: &'a str,
        pub profile_background_tile: bool,
        pub profile_image_url: &'a str,
        pub profile_image_url_https: &'a str,
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub profile_banner_url: Option<&'a str>,
        pub profile_link_color: &'a str,
        pub profile_sidebar_border_color: &'a str,
        pub profile_sidebar_fill_color: &'a str,
        pub profile_text_color: &'a str,
        pub profile_use_background_image: bool,
        pub default_profile: bool,
        pub default_profile_image: bool,
        pub following: bool,
        pub follow_request_sent: bool,
        pub notifications: bool,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct UserEntities<'a> {
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub url: Option<UserUrl<'a>>,
        #[serde(borrow)]
        pub description: UserEntitiesDescription<'a>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct UserUrl<'a> {
        #[serde(borrow)]
        pub urls: Vec<Url<'a>>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Url<'a> {
        pub url: &'a str,
        pub expanded_url: &'a str,
        pub display_url: &'a str,
        pub indices: Indices,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct UserEntitiesDescription<'a> {
        #[serde(borrow)]
        pub urls: Vec<Url<'a>>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct StatusEntities<'a> {
        #[serde(borrow)]
        pub hashtags: Vec<Hashtag<'a>>,
        #[serde(borrow)]
        pub symbols: Vec<Hashtag<'a>>,
        #[serde(borrow)]
        pub urls: Vec<Url<'a>>,
        #[serde(borrow)]
        pub user_mentions: Vec<UserMention<'a>>,
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub media: Option<Vec<Media<'a>>>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Hashtag<'a> {
        pub text: &'a str,
        pub indices: Indices,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct UserMention<'a> {
        pub screen_name: &'a str,
        pub name: &'a str,
        pub id: ShortId,
        pub id_str: &'a str,
        pub indices: Indices,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Media<'a> {
        pub id: LongId,
        pub id_str: &'a str,
        pub indices: Indices,
        pub media_url: &'a str,
        pub media_url_https: &'a str,
        pub url: &'a str,
        pub display_url: &'a str,
        pub expanded_url: &'a str,
        #[serde(rename = "type")]
        pub media_type: &'a str,
        #[serde(borrow)]
        pub sizes: Sizes<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source_status_id: Option<LongId>,
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub source_status_id_str: Option<&'a str>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Sizes<'a> {
        #[serde(borrow)]
        pub medium: Size<'a>,
        #[serde(borrow)]
        pub small: Size<'a>,
        #[serde(borrow)]
        pub thumb: Size<'a>,
        #[serde(borrow)]
        pub large: Size<'a>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct Size<'a> {
        pub w: u16,
        pub h: u16,
        pub resize: &'a str,
    }

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
    #[serde(deny_unknown_fields)]
    pub struct SearchMetadata<'a> {
        pub completed_in: f32,
        pub max_id: LongId,
        pub max_id_str: &'a str,
        pub next_results: &'a str,
        pub query: &'a str,
        pub refresh_url: &'a str,
        pub count: u8,
        pub since_id: LongId,
        pub since_id_str: &'a str,
    }
}
