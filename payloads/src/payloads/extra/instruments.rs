//! `extra/instruments.json`: a tracker module's instruments, samples and patterns (an
//! OpenMPT-style export): many small objects of small integers, snake_case keys, fields that
//! are `null` until an editor fills them, and a pattern's cells only when it has any.

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

/// The whole document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Module {
    pub graphstate: Option<String>,
    pub instruments: Vec<Instrument>,
    pub message: Option<String>,
    pub name: String,
    pub orderlist: Option<Vec<u16>>,
    pub patterns: Vec<Pattern>,
    pub pluginstate: Option<String>,
    pub samples: Vec<Sample>,
    pub version: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Instrument {
    pub default_filter_cutoff: u8,
    pub default_filter_cutoff_enabled: bool,
    pub default_filter_mode: u8,
    pub default_filter_resonance: u8,
    pub default_filter_resonance_enabled: bool,
    pub default_pan: u16,
    pub duplicate_check_type: u8,
    pub duplicate_note_action: u8,
    pub fadeout: u32,
    pub global_volume: u16,
    pub graph_insert: u32,
    pub legacy_filename: String,
    pub midi_bank: u16,
    pub midi_channel: u8,
    pub midi_drum_set: u8,
    pub midi_program: u8,
    pub name: String,
    pub new_note_action: u8,
    pub note_map: Option<Vec<u8>>,
    pub panning_envelope: Envelope,
    pub pitch_envelope: Envelope,
    pub pitch_pan_center: u8,
    pub pitch_pan_separation: i8,
    pub pitch_to_tempo_lock: u16,
    pub random_cutoff_weight: u8,
    pub random_pan_weight: u8,
    pub random_resonance_weight: u8,
    pub random_volume_weight: u8,
    pub sample_map: Option<Vec<u16>>,
    pub tuning: Option<String>,
    pub volume_envelope: Envelope,
    pub volume_ramp_down: u16,
    pub volume_ramp_up: u16,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Envelope {
    pub loop_end: u16,
    pub loop_start: u16,
    pub nodes: Vec<EnvelopeNode>,
    pub release_node: u16,
    pub sustain_end: u16,
    pub sustain_start: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct EnvelopeNode {
    pub tick: u16,
    pub value: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Pattern {
    /// `null` for an empty pattern.
    pub data: Option<Vec<Cell>>,
    pub name: String,
    pub rows: u16,
    pub rows_per_beat: u16,
    pub rows_per_measure: u16,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Cell {
    pub channel: u8,
    pub fxcmd: u8,
    pub fxparam: u8,
    pub instr: u8,
    pub note: u8,
    pub row: u16,
    pub volcmd: u8,
    pub volval: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, FastJson)]
#[cfg_attr(
    feature = "simd-json-derive",
    derive(simd_json_derive::Serialize, simd_json_derive::Deserialize)
)]
pub struct Sample {
    pub c5_samplerate: u32,
    pub global_volume: u16,
    pub legacy_filename: String,
    pub length: u32,
    pub loop_end: u32,
    pub loop_start: u32,
    pub name: String,
    pub pan: u16,
    pub sustain_end: u32,
    pub sustain_start: u32,
    pub vibrato_depth: u8,
    pub vibrato_rate: u8,
    pub vibrato_sweep: u8,
    pub vibrato_type: u8,
    pub volume: u16,
}
