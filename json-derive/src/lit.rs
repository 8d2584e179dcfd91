//! Literals baked into generated code: keys as `,"name":`, names as `"name"`. What the writer
//! appends is a string literal (the writer takes text as `&str` only); what the reader
//! compares with is a byte literal.

use proc_macro2::Literal;

/// `s` as a JSON string, quoted and escaped exactly like serde_json.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The key literal `,"name":` that `DeriveWriter::key` takes.
pub fn key(name: &str) -> Literal {
    Literal::string(&format!(",{}:", json_string(name)))
}

/// The quoted name `"name"` as a string literal (for `Writer::raw`).
pub fn quoted_text(name: &str) -> Literal {
    Literal::string(&json_string(name))
}

/// The quoted name `"name"` as a byte literal (for `DeriveReader::eat_key`).
pub fn quoted(name: &str) -> Literal {
    Literal::byte_string(json_string(name).as_bytes())
}
