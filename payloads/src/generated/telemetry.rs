//! Device telemetry: batches of sensor readings mixing short decimals (`21.37`, `1013.2`)
//! with full-precision floats (positions, accelerometer axes), small unit enums and an error
//! code present only on faults.

use super::rng::Rng;
use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document: one upload of several devices' batches.
pub type Telemetry = Vec<Batch>;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    pub device_id: String,
    pub firmware: String,
    pub site: Site,
    pub readings: Vec<Reading>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub enum Site {
    Warehouse,
    Field,
    Vehicle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub enum Status {
    Ok,
    Degraded,
    Fault,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    /// Milliseconds since the epoch.
    pub ts: u64,
    pub temperature_c: f64,
    pub humidity: f64,
    pub pressure_hpa: f64,
    pub battery_v: f64,
    pub lat: f64,
    pub lon: f64,
    pub accel: [f64; 3],
    pub rssi: i16,
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_code: Option<u16>,
}

/// `devices` batches of `per_device` readings.
pub fn generate(devices: usize, per_device: usize) -> Telemetry {
    let mut rng = Rng::new(0x7e1e_3e7e);
    let mut ts = 1_735_689_600_000u64;
    (0..devices)
        .map(|d| Batch {
            device_id: format!("dev-{:04}-{}", d, rng.hex(8)),
            firmware: format!(
                "{}.{}.{}",
                rng.range(1, 4),
                rng.range(0, 20),
                rng.range(0, 99)
            ),
            site: *rng.pick(&[Site::Warehouse, Site::Field, Site::Vehicle]),
            readings: (0..per_device)
                .map(|_| {
                    ts += rng.range(900, 1100) as u64;
                    let status = match rng.below(20) {
                        0 => Status::Fault,
                        1 | 2 => Status::Degraded,
                        _ => Status::Ok,
                    };
                    Reading {
                        ts,
                        temperature_c: rng.decimal(-20.0, 45.0, 2),
                        humidity: rng.decimal(5.0, 100.0, 1),
                        pressure_hpa: rng.decimal(950.0, 1050.0, 2),
                        battery_v: rng.decimal(3.0, 4.2, 3),
                        lat: rng.float(-60.0, 70.0),
                        lon: rng.float(-180.0, 180.0),
                        accel: [
                            rng.float(-2.0, 2.0),
                            rng.float(-2.0, 2.0),
                            rng.float(8.0, 11.0),
                        ],
                        rssi: rng.range(-120, -30) as i16,
                        status,
                        error_code: (status == Status::Fault).then(|| rng.range(100, 999) as u16),
                    }
                })
                .collect(),
        })
        .collect()
}
