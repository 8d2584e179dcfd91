//! The three classic corpora and the five seed payloads, with the rows they have always had,
//! plus simd-json-derive's where its derive can express the types; and skim reads (a few
//! fields of a large document, the rest skipped).

use json_payloads::payloads::{self, canada, citm, seeds, skim, twitter, Payload};

use crate::borrowed_de_rows;
use crate::rows::{de_rows, options_rows, pretty_rows, read, standard, standard_derive, Owned};
use crate::suite::{PayloadRun, Suite};

/// Why simd-json-derive has no cells for citm_catalog: its maps are keyed by integer ids.
pub const NO_INTEGER_KEYS: &str =
    "its derive writes and reads only string map keys (these maps have integer keys)";

/// Measures the corpora and the seed payloads.
pub fn run(suite: &mut Suite) {
    let cfg = suite.cfg.clone();
    {
        let p = payloads::TWITTER;
        let input = p.load();
        let value: twitter::Twitter = read(p.name, &input);
        let mut run = standard_derive(&cfg, p.name, &input, &value);
        borrowed_de_rows!(&mut run, &input, twitter::borrowed::Twitter);
        suite.finish(run);
    }
    {
        let p = payloads::CITM_CATALOG;
        let input = p.load();
        let value: citm::CitmCatalog = read(p.name, &input);
        let mut run = standard(&cfg, p.name, &input, &value);
        borrowed_de_rows!(&mut run, &input, citm::borrowed::CitmCatalog);
        suite.finish(run);
        suite.unsupported(p.name, "simd_json_derive", NO_INTEGER_KEYS);
    }
    {
        let p = payloads::CANADA;
        let input = p.load();
        let value: canada::Canada = read(p.name, &input);
        suite.finish(standard_derive(&cfg, p.name, &input, &value));
    }
    {
        let p = payloads::ORDER_SMALL;
        let input = p.load();
        let value: seeds::order_small::Order = read(p.name, &input);
        let mut run = standard_derive(&cfg, p.name, &input, &value);
        options_rows::<seeds::order_small::Order>(&mut run, &input);
        suite.finish(run);
    }
    {
        let p = payloads::FORECAST;
        let input = p.load();
        let value: seeds::forecast::WeatherForecast = read(p.name, &input);
        let mut run = standard(&cfg, p.name, &input, &value);
        pretty_rows(&mut run, &value);
        suite.finish(run);
        suite.unsupported(
            p.name,
            "simd_json_derive",
            "its derive knows only the camelCase and lowercase rename_all rules (this type is PascalCase)",
        );
    }
    {
        let p = payloads::COSMOS_ORDER;
        let input = p.load();
        let value: seeds::cosmos_order::Order = read(p.name, &input);
        suite.finish(standard_derive(&cfg, p.name, &input, &value));
    }
    {
        let p = payloads::WEATHER_STATION;
        let input = p.load();
        let value: seeds::weather_station::WeatherStation = read(p.name, &input);
        suite.finish(standard_derive(&cfg, p.name, &input, &value));
    }
    {
        let p = payloads::ORDER_1K;
        let input = p.load();
        let value: seeds::order_1k::Order = read(p.name, &input);
        suite.finish(standard_derive(&cfg, p.name, &input, &value));
    }
    skim_read::<skim::TwitterIds>(suite, payloads::TWITTER);
    skim_read::<skim::CanadaType>(suite, payloads::CANADA);
    skim_read::<skim::CitmAreas>(suite, payloads::CITM_CATALOG);
    skim_read::<skim::EventTypes>(suite, payloads::GITHUB_EVENTS);
}

/// A skim read: `p` read into `T`, which declares a few of its fields (read rows only, as
/// `<payload>_skim`; writing the few fields back is not the workload).
fn skim_read<T: Owned>(suite: &mut Suite, p: Payload) {
    skim_rows::<T>(suite, &format!("{}_skim", p.name), &p.load());
}

/// The read rows of `input` read into `T`, which declares a few of its fields, as payload
/// `name`.
pub(crate) fn skim_rows<T: Owned>(suite: &mut Suite, name: &str, input: &[u8]) {
    let value: T = read(name, input);
    let out_len = serde_json::to_vec(&value).unwrap().len();
    let mut run = PayloadRun::new(&suite.cfg, name, input.len(), out_len);
    run.layout = "read a few fields, skip the rest";
    de_rows::<T>(&mut run, input);
    suite.finish(run);
}
