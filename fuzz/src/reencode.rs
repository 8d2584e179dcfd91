//! Re-encoding of valid documents: the same JSON value written in other legal ways (escapes in
//! strings and keys, other number spellings, whitespace), and small value-level mutations
//! (a replaced value, a dropped or duplicated key), all driven by a PRNG seeded from the input.
//! Byte-level mutation rarely keeps a payload document valid; this reaches the typed readers
//! with valid-but-unusual text.

use serde_json::{Map, Number, Value};

/// xorshift64*: small and deterministic (a crash reproduces from its input alone).
pub struct Rng(u64);

impl Rng {
    pub fn from_input(data: &[u8]) -> Rng {
        // FNV-1a over the input.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for &b in data {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// `true` with probability `n` in `d`.
    pub fn chance(&mut self, n: u64, d: u64) -> bool {
        self.next() % d < n
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How much of the value to disturb: 0 writes the value unchanged (only spelled differently).
#[derive(Clone, Copy)]
pub struct Style {
    /// Chance in 100 that a character of a string or key is written as a `\u` escape.
    pub escape: u64,
    /// Chance in 100 of whitespace around a token.
    pub space: u64,
    /// Chance in 100 that a number is spelled differently.
    pub number: u64,
    /// Chance in 1000 that a value is replaced, a key dropped or a key written twice.
    pub mutate: u64,
}

/// Writes `v` as JSON text in the given style.
pub fn encode(v: &Value, style: Style, rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    ws(&mut out, style, rng);
    value(&mut out, v, style, rng, 0);
    ws(&mut out, style, rng);
    out
}

fn ws(out: &mut Vec<u8>, style: Style, rng: &mut Rng) {
    if rng.chance(style.space, 100) {
        for _ in 0..=rng.below(3) {
            out.push(b" \t\n\r"[rng.below(4)]);
        }
    }
}

/// Replacement values for mutations: the boundaries readers get wrong.
fn interesting(rng: &mut Rng) -> Value {
    const TEXT: &[&str] = &[
        "null", "true", "false", "0", "-0", "-1", "1", "255", "256", "65535", "65536",
        "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "0.5", "-0.0", "1e308", "1e-320", "3.4028235e38", "3.5e38",
        "\"\"", "\"x\"", "\"\\ud83d\\ude00\"", "\"2013-01-01\"", "[]", "[0]", "[0,0]", "{}",
        "{\"a\":null}", "\"Unit\"", "\"Polygon\"",
    ];
    serde_json::from_str(TEXT[rng.below(TEXT.len())]).expect("interesting values parse")
}

fn value(out: &mut Vec<u8>, v: &Value, style: Style, rng: &mut Rng, depth: usize) {
    if depth > 0 && rng.chance(style.mutate, 1000) {
        let replacement = interesting(rng);
        return value(out, &replacement, Style { mutate: 0, ..style }, rng, depth);
    }
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => number(out, n, style, rng),
        Value::String(s) => string(out, s, style, rng),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    ws(out, style, rng);
                    out.push(b',');
                }
                ws(out, style, rng);
                value(out, item, style, rng, depth + 1);
            }
            ws(out, style, rng);
            out.push(b']');
        }
        Value::Object(map) => object(out, map, style, rng, depth),
    }
}

fn object(out: &mut Vec<u8>, map: &Map<String, Value>, style: Style, rng: &mut Rng, depth: usize) {
    out.push(b'{');
    let mut first = true;
    for (k, v) in map {
        if rng.chance(style.mutate, 1000) {
            continue; // drop the key
        }
        let times = if rng.chance(style.mutate, 1000) { 2 } else { 1 };
        for _ in 0..times {
            if !first {
                ws(out, style, rng);
                out.push(b',');
            }
            first = false;
            ws(out, style, rng);
            string(out, k, style, rng);
            ws(out, style, rng);
            out.push(b':');
            ws(out, style, rng);
            value(out, v, style, rng, depth + 1);
        }
    }
    ws(out, style, rng);
    out.push(b'}');
}

fn string(out: &mut Vec<u8>, s: &str, style: Style, rng: &mut Rng) {
    out.push(b'"');
    for c in s.chars() {
        let must = c == '"' || c == '\\' || (c as u32) < 0x20;
        if rng.chance(style.escape, 100) || (must && rng.chance(1, 2)) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                if rng.chance(1, 2) {
                    out.extend_from_slice(format!("\\u{:04x}", u).as_bytes());
                } else {
                    out.extend_from_slice(format!("\\u{:04X}", u).as_bytes());
                }
            }
        } else if must || (c == '/' && rng.chance(1, 2)) {
            let short: &[u8] = match c {
                '"' => b"\\\"",
                '\\' => b"\\\\",
                '/' => b"\\/",
                '\n' => b"\\n",
                '\r' => b"\\r",
                '\t' => b"\\t",
                '\u{8}' => b"\\b",
                '\u{c}' => b"\\f",
                _ => {
                    out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
                    continue;
                }
            };
            out.extend_from_slice(short);
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out.push(b'"');
}

/// Writes a number, sometimes in another spelling of the same value: the shortest text's digits
/// with zeros added before or after and the decimal point moved into an exponent (`1.5` as
/// `15e-1`, `0.0150E+2`, `1.50`). Integers keep their integer form unless mutating (`5` as `5e0`
/// is a float, which readers of integer types must reject).
fn number(out: &mut Vec<u8>, n: &Number, style: Style, rng: &mut Rng) {
    let text = n.to_string();
    let is_float = n.is_f64();
    // Integers are respelled as floats only when mutating (it changes a `Value`'s kind).
    if !rng.chance(style.number, 100) || (!is_float && (style.mutate == 0 || !rng.chance(1, 4))) {
        out.extend_from_slice(text.as_bytes());
        return;
    }
    // Split into sign, digits and a decimal exponent: value = digits * 10^exp.
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text.as_str()),
    };
    let (mantissa, mut exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], body[i + 1..].parse::<i64>().unwrap_or(0)),
        None => (body, 0),
    };
    let mut digits = String::new();
    if let Some(dot) = mantissa.find('.') {
        digits.push_str(&mantissa[..dot]);
        digits.push_str(&mantissa[dot + 1..]);
        exp -= (mantissa.len() - dot - 1) as i64;
    } else {
        digits.push_str(mantissa);
    }
    // Trailing zeros: more digits, smaller exponent.
    for _ in 0..rng.below(4) {
        digits.push('0');
        exp -= 1;
    }
    let digits = digits.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    // Where the decimal point goes: after `int_len` digits (0 means "0.digits").
    let int_len = rng.below(digits.len() + 1);
    let frac_len = digits.len() - int_len;
    let exp = exp + frac_len as i64;
    if neg {
        out.push(b'-');
    }
    if int_len == 0 {
        out.extend_from_slice(b"0.");
        out.extend_from_slice(digits.as_bytes());
    } else {
        out.extend_from_slice(digits[..int_len].as_bytes());
        if frac_len > 0 {
            out.push(b'.');
            out.extend_from_slice(digits[int_len..].as_bytes());
        }
    }
    if exp != 0 || rng.chance(1, 3) {
        out.push(if rng.chance(1, 2) { b'e' } else { b'E' });
        match rng.below(3) {
            0 if exp >= 0 => out.push(b'+'),
            _ => {}
        }
        out.extend_from_slice(exp.to_string().as_bytes());
    }
}
