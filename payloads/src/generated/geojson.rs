//! GeoJSON: a feature collection whose geometry is an internally tagged enum (`"type"` first,
//! as GeoJSON writers put it) with 6-decimal coordinates, and typed properties.

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
pub enum GeoJson {
    FeatureCollection {
        features: Vec<Feature>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bbox: Option<[f64; 4]>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
pub enum Feature {
    Feature {
        id: u64,
        geometry: Geometry,
        properties: Properties,
    },
}

/// `[longitude, latitude]`.
pub type Position = [f64; 2];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[serde(tag = "type")]
pub enum Geometry {
    Point { coordinates: Position },
    LineString { coordinates: Vec<Position> },
    Polygon { coordinates: Vec<Vec<Position>> },
    MultiPoint { coordinates: Vec<Position> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
pub struct Properties {
    pub name: String,
    pub category: Category,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub population: Option<u32>,
    pub elevation_m: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Settlement,
    Road,
    Lake,
    Landmark,
}

/// `n` features around a random centre each.
pub fn generate(n: usize) -> GeoJson {
    let mut rng = Rng::new(0x0009_e015);
    let pos = |rng: &mut Rng, lon: f64, lat: f64, spread: f64| -> Position {
        [
            ((lon + rng.float(-spread, spread)) * 1e6).round() / 1e6,
            ((lat + rng.float(-spread, spread)) * 1e6).round() / 1e6,
        ]
    };
    let features = (0..n)
        .map(|i| {
            let (lon, lat) = (rng.float(-170.0, 170.0), rng.float(-60.0, 70.0));
            let (geometry, category) = match rng.below(4) {
                0 => (
                    Geometry::Point {
                        coordinates: pos(&mut rng, lon, lat, 0.0),
                    },
                    Category::Landmark,
                ),
                1 => (
                    Geometry::LineString {
                        coordinates: (0..rng.range(2, 40))
                            .map(|_| pos(&mut rng, lon, lat, 0.05))
                            .collect(),
                    },
                    Category::Road,
                ),
                2 => {
                    let mut ring: Vec<Position> = (0..rng.range(4, 60))
                        .map(|_| pos(&mut rng, lon, lat, 0.02))
                        .collect();
                    ring.push(ring[0]);
                    (
                        Geometry::Polygon {
                            coordinates: vec![ring],
                        },
                        Category::Lake,
                    )
                }
                _ => (
                    Geometry::MultiPoint {
                        coordinates: (0..rng.range(1, 8))
                            .map(|_| pos(&mut rng, lon, lat, 0.01))
                            .collect(),
                    },
                    Category::Settlement,
                ),
            };
            Feature::Feature {
                id: i as u64 + 1,
                properties: Properties {
                    name: format!(
                        "{} {}",
                        rng.pick(&["North", "Lake", "Mount", "Saint", "Old"]),
                        rng.hex(5)
                    ),
                    category,
                    population: (category == Category::Settlement)
                        .then(|| rng.below(2_000_000) as u32),
                    elevation_m: rng.chance(0.7).then(|| rng.decimal(-50.0, 4000.0, 1)),
                },
                geometry,
            }
        })
        .collect();
    GeoJson::FeatureCollection {
        features,
        bbox: Some([-180.0, -90.0, 180.0, 90.0]),
    }
}
