//! Users' data: the ten real documents of `data/extra/`, the generated payloads (REST API
//! records, telemetry,
//! logs, JSON Lines, a deep tree, sparse records, timelines, float meshes, GeoJSON, non-ASCII
//! records) and pretty-printed variants, read into application-style types.

use json_payloads::generated::{self, sizes};
use json_payloads::payloads::{self, extra, twitter, Payload};

use crate::corpora::NO_INTEGER_KEYS;
use crate::rows::{
    derive_de_row, json_lines, pretty_payload, read, standard, standard_derive, Owned, OwnedDerive,
};
use crate::suite::{PayloadRun, Suite};
use crate::{borrowed_de_rows, derive_borrowed_de_row};

const TAGGED_ENUM: &str = "its derive reads no enum attributes: no internally or adjacently \
                           tagged enums, no renamed variants";
const NO_PRETTY: &str = "it has no pretty writer (its read row is there)";

/// A stored document read into `T`, with simd-json-derive's rows.
fn document<T: OwnedDerive>(suite: &mut Suite, p: Payload) {
    let input = p.load();
    let value: T = read(p.name, &input);
    let cfg = suite.cfg.clone();
    suite.finish(standard_derive(&cfg, p.name, &input, &value));
}

/// A generated value, its input written by serde_json, with simd-json-derive's rows.
fn generated_derive<T: OwnedDerive>(suite: &mut Suite, name: &str, value: T) {
    let input = serde_json::to_vec(&value).unwrap();
    let cfg = suite.cfg.clone();
    suite.finish(standard_derive(&cfg, name, &input, &value));
}

/// A generated value whose types simd-json-derive cannot express (`why`).
fn generated_plain<T: Owned>(suite: &mut Suite, name: &str, value: T, why: &str) {
    let input = serde_json::to_vec(&value).unwrap();
    let cfg = suite.cfg.clone();
    suite.finish(standard(&cfg, name, &input, &value));
    suite.unsupported(name, "simd_json_derive", why);
}

/// `value` read and written pretty-printed, as payload `name`; `derive` adds simd-json-derive's
/// read row (it has no pretty writer).
fn pretty<T: Owned>(
    suite: &mut Suite,
    name: &str,
    value: &T,
    derive_de: Option<for<'a, 'r> fn(&'r mut PayloadRun<'a>, &'a [u8])>,
) {
    let input = serde_json::to_vec_pretty(value).unwrap();
    let cfg = suite.cfg.clone();
    let mut run = pretty_payload(&cfg, name, &input, value);
    if let Some(add) = derive_de {
        add(&mut run, &input);
    }
    suite.finish(run);
    suite.unsupported(
        name,
        "simd_json_derive",
        if derive_de.is_some() {
            NO_PRETTY
        } else {
            TAGGED_ENUM
        },
    );
}

/// Measures every users' payload.
pub fn run(suite: &mut Suite) {
    let cfg = suite.cfg.clone();

    // The ten documents of data/extra/.
    document::<extra::apache_builds::Jenkins>(suite, payloads::APACHE_BUILDS);
    {
        let p = payloads::GITHUB_EVENTS;
        let input = p.load();
        let value: extra::github_events::Events = read(p.name, &input);
        suite.finish(standard(&cfg, p.name, &input, &value));
        suite.unsupported(p.name, "simd_json_derive", TAGGED_ENUM);
    }
    {
        let p = payloads::GSOC_2018;
        let input = p.load();
        let value: extra::gsoc_2018::Gsoc = read(p.name, &input);
        let mut run = standard(&cfg, p.name, &input, &value);
        borrowed_de_rows!(&mut run, &input, extra::gsoc_2018::borrowed::Gsoc);
        suite.finish(run);
        suite.unsupported(p.name, "simd_json_derive", NO_INTEGER_KEYS);
    }
    document::<extra::instruments::Module>(suite, payloads::INSTRUMENTS);
    document::<extra::marine_ik::Scene>(suite, payloads::MARINE_IK);
    document::<extra::mesh::Mesh>(suite, payloads::MESH);
    document::<extra::numbers::Numbers>(suite, payloads::NUMBERS);
    {
        let p = payloads::RANDOM;
        let input = p.load();
        let value: extra::random::Response = read(p.name, &input);
        let mut run = standard_derive(&cfg, p.name, &input, &value);
        borrowed_de_rows!(&mut run, &input, extra::random::borrowed::Response);
        derive_borrowed_de_row!(&mut run, &input, extra::random::borrowed::Response);
        suite.finish(run);
    }
    document::<twitter::Twitter>(suite, payloads::TWITTERESCAPED);
    document::<extra::update_center::UpdateCenter>(suite, payloads::UPDATE_CENTER);

    // Generated shapes.
    let repos = generated::api_repos::generate(sizes::API_REPOS);
    let repos_input = serde_json::to_vec(&repos).unwrap();
    generated_derive(suite, "api_repos", repos);
    // The same answer read by a client that declares a dozen of its fields.
    crate::corpora::skim_rows::<Vec<generated::api_repos::RepoSummary>>(
        suite,
        "api_repos_skim",
        &repos_input,
    );
    let (devices, per_device) = sizes::TELEMETRY;
    generated_derive(
        suite,
        "telemetry",
        generated::telemetry::generate(devices, per_device),
    );
    generated_derive(suite, "log_events", generated::logs::generate(sizes::LOGS));
    {
        let rows = generated::clicks::generate(sizes::CLICKS);
        let input = generated::clicks::lines(&rows, |r| serde_json::to_vec(r).unwrap());
        suite.finish(json_lines(&cfg, "clicks_jsonl", &input, &rows));
    }
    generated_derive(suite, "tree", generated::tree::generate(sizes::TREE));
    generated_derive(suite, "sparse", generated::sparse::generate(sizes::SPARSE));
    let (pages, per_page) = sizes::TIMELINE;
    generated_plain(
        suite,
        "timeline",
        generated::timeline::generate(pages, per_page),
        TAGGED_ENUM,
    );
    generated_derive(
        suite,
        "float_mesh",
        generated::float_mesh::generate(sizes::FLOAT_MESH),
    );
    let geojson = generated::geojson::generate(sizes::GEOJSON);
    generated_plain(suite, "geojson", geojson.clone(), TAGGED_ENUM);

    // Read and written pretty-printed.
    pretty(
        suite,
        "non_ascii_pretty",
        &generated::non_ascii::generate(sizes::NON_ASCII),
        Some(derive_de_row::<generated::non_ascii::Records>),
    );
    {
        let value: twitter::Twitter = read("twitter", &payloads::TWITTER.load());
        pretty(
            suite,
            "twitter_pretty",
            &value,
            Some(derive_de_row::<twitter::Twitter>),
        );
    }
    {
        let value: extra::github_events::Events =
            read("github_events", &payloads::GITHUB_EVENTS.load());
        pretty(suite, "github_events_pretty", &value, None);
    }
    pretty(suite, "geojson_pretty", &geojson, None);
}
