//! The serde bridge's cost (json-runtime feature `serde`): one document of 1000 items written
//! and read with a small nested struct (`Price`, both derives) through its derived FastJson
//! impl (`fastjson`) and through its serde impl (`fastjson_serde_field`, `#[fastjson(serde)]`:
//! serde_json's serializer and deserializer run on FastJson's buffer and input for that one
//! field), next to serde_json. The difference between the two FastJson rows is what bridging
//! one small value costs.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

use crate::report::{self, fill_ratios, Direction, Row};
use crate::{Config, Sampler};

const PAYLOAD: &str = "serde_bridge";

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct Price {
    cents: i64,
    currency: String,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct Item {
    name: String,
    price: Price,
    stock: u16,
    listed: bool,
}

#[derive(Serialize, Deserialize, FastJson, PartialEq, Debug)]
struct BridgedItem {
    name: String,
    #[fastjson(serde)]
    price: Price,
    stock: u16,
    listed: bool,
}

/// 1000 items from a fixed linear congruential sequence.
fn items() -> Vec<Item> {
    let mut x: u32 = 12345;
    (0..1000)
        .map(|i| {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            Item {
                name: format!("item-{i}"),
                price: Price {
                    cents: i64::from(x % 100_000),
                    currency: ["EUR", "USD", "GBP"][(x >> 20) as usize % 3].to_string(),
                },
                stock: (x >> 16) as u16,
                listed: x & 1 == 0,
            }
        })
        .collect()
}

/// Measures the rows, prints their table and returns them.
pub fn run(cfg: &Config) -> Vec<Row> {
    let value = items();
    let input = serde_json::to_vec(&value).unwrap();
    let bridged: Vec<BridgedItem> = serde_json::from_slice(&input).unwrap();
    assert_eq!(json_runtime::to_vec(&value).unwrap(), input);
    assert_eq!(json_runtime::to_vec(&bridged).unwrap(), input);
    assert_eq!(
        json_runtime::from_slice::<Vec<Item>>(&input).unwrap(),
        value
    );
    assert_eq!(
        json_runtime::from_slice::<Vec<BridgedItem>>(&input).unwrap(),
        bridged
    );

    let (value, bridged, input) = (&value, &bridged, &input[..]);
    let mut ser = Sampler::new(cfg, &format!("{PAYLOAD}/ser"));
    let mut out = Vec::new();
    ser.add("serde_json", move || {
        out.clear();
        serde_json::to_writer(&mut out, value).unwrap();
        out.len()
    });
    let mut pool = json_runtime::JsonBuffer::new();
    ser.add("fastjson_pooled", move || pool.write(value).unwrap().len());
    let mut pool = json_runtime::JsonBuffer::new();
    ser.add("fastjson_serde_field_pooled", move || {
        pool.write(bridged).unwrap().len()
    });
    let mut de = Sampler::new(cfg, &format!("{PAYLOAD}/de"));
    de.add("serde_json", move || {
        serde_json::from_slice::<Vec<Item>>(input).unwrap()
    });
    de.add("fastjson", move || {
        json_runtime::from_slice::<Vec<Item>>(input).unwrap()
    });
    de.add("fastjson_serde_field", move || {
        json_runtime::from_slice::<Vec<BridgedItem>>(input).unwrap()
    });

    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for (direction, sampler) in [(Direction::Ser, ser), (Direction::De, de)] {
        for (method, result) in sampler.run() {
            match result {
                Ok(m) => rows.push(Row::new(PAYLOAD, direction, &method, &m, input.len())),
                Err(msg) => {
                    failures.push((format!("{PAYLOAD}/{}/{method}", direction.as_str()), msg))
                }
            }
        }
    }
    if rows.is_empty() && failures.is_empty() {
        return rows;
    }
    fill_ratios(&mut rows);
    let title = format!(
        "== {PAYLOAD}: {} bytes in and out; 1000 objects, one nested Price each, derived or #[fastjson(serde)]",
        input.len()
    );
    let refs: Vec<&Row> = rows.iter().collect();
    print!("{}", report::table(&title, &refs, &failures));
    rows
}
