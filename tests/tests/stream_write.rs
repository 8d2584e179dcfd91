//! Streaming writes: `to_writer` and `stream::LinesWriter` give the bytes serde_json gives,
//! reach the `io::Write` in chunks of about `WRITE_CHUNK` bytes (`to_writer` flushes inside a
//! value, so a huge value is never held whole; `LinesWriter` hands over whole records), and
//! report the first `io::Error`.

use std::io::{self, Write};

use json_runtime::stream::{LinesWriter, WRITE_CHUNK};
use json_runtime::FastJson;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(FastJson, Serialize, Clone)]
struct Rec {
    id: u64,
    name: String,
    scores: Vec<f64>,
    attrs: BTreeMap<String, i32>,
}

fn records(n: u64) -> Vec<Rec> {
    (0..n)
        .map(|i| Rec {
            id: i,
            name: format!("record \"{i}\" é"),
            scores: (0..(i % 7)).map(|k| k as f64 / 3.0).collect(),
            attrs: (0..(i % 4))
                .map(|k| (format!("k{k}"), -(k as i32)))
                .collect(),
        })
        .collect()
}

/// Records every write's size; fails once `fail_after` bytes were taken.
#[derive(Default)]
struct Recorder {
    bytes: Vec<u8>,
    largest_write: usize,
    writes: usize,
    fail_after: Option<usize>,
}

impl Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(limit) = self.fail_after {
            if self.bytes.len() + buf.len() > limit {
                return Err(io::Error::other("pipe closed"));
            }
        }
        self.largest_write = self.largest_write.max(buf.len());
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn to_writer_writes_serde_json_bytes_in_chunks() {
    let value = records(20_000);
    let mut sink = Recorder::default();
    json_runtime::to_writer(&mut sink, &value).unwrap();
    assert_eq!(sink.bytes, serde_json::to_vec(&value).unwrap());
    assert!(sink.bytes.len() > 20 * WRITE_CHUNK);
    // A chunk plus at most one record (the check is between elements).
    assert!(
        sink.largest_write < WRITE_CHUNK + 1024,
        "{}",
        sink.largest_write
    );
    assert!(sink.writes >= sink.bytes.len() / (WRITE_CHUNK + 1024));
    // A map of vectors: boundaries inside maps count too.
    let map: BTreeMap<String, Vec<u32>> = (0..300)
        .map(|i| (format!("{i:04}"), (0..i).collect()))
        .collect();
    let mut sink = Recorder::default();
    json_runtime::to_writer(&mut sink, &map).unwrap();
    assert_eq!(sink.bytes, serde_json::to_vec(&map).unwrap());
    assert!(sink.largest_write < WRITE_CHUNK + 1024);
}

#[test]
fn to_writer_reports_the_first_io_error() {
    let value = records(20_000);
    let mut sink = Recorder {
        fail_after: Some(3 * WRITE_CHUNK),
        ..Recorder::default()
    };
    let err = json_runtime::to_writer(&mut sink, &value).unwrap_err();
    assert_eq!(err.to_string(), "pipe closed");
    assert!(sink.bytes.len() <= 3 * WRITE_CHUNK);
    // Small values: one write, and errors surface too.
    let mut sink = Recorder {
        fail_after: Some(0),
        ..Recorder::default()
    };
    assert!(json_runtime::to_writer(&mut sink, &1u8).is_err());
}

#[test]
fn lines_writer_matches_serde_json_per_line() {
    let recs = records(5_000);
    let mut want = Vec::new();
    for r in &recs {
        serde_json::to_writer(&mut want, r).unwrap();
        want.push(b'\n');
    }
    for chunk in [1, 100, WRITE_CHUNK] {
        let mut lines = LinesWriter::with_chunk(Recorder::default(), chunk);
        for r in &recs {
            lines.write(r).unwrap();
        }
        let out = lines.into_inner().unwrap();
        assert_eq!(out.bytes, want, "chunk {chunk}");
        assert!(out.largest_write < chunk + 1024);
        // Read back with the line reader.
        let back: Vec<u64> = json_runtime::stream::lines_from_slice::<IdOnly>(&out.bytes)
            .map(|r| r.unwrap().id)
            .collect();
        assert_eq!(back, (0..5_000).collect::<Vec<u64>>());
    }
    // A record larger than a chunk is serialized whole, then handed over at once (the JSON
    // Lines writers buffer whole records; only `to_writer` flushes inside a value).
    let big = records(3_000);
    let want_big = [serde_json::to_vec(&big).unwrap(), b"\n".to_vec()].concat();
    let mut lines = LinesWriter::with_chunk(Recorder::default(), 4096);
    lines.write(&big).unwrap();
    let sent = lines.get_ref();
    assert_eq!((sent.writes, sent.largest_write), (1, want_big.len()));
    let out = lines.into_inner().unwrap();
    assert_eq!(out.bytes, want_big);
    // Errors surface; dropping flushes what is buffered.
    let mut lines = LinesWriter::with_chunk(
        Recorder {
            fail_after: Some(10_000),
            ..Recorder::default()
        },
        4096,
    );
    assert!(recs.iter().map(|r| lines.write(r)).any(|r| r.is_err()));
    let mut out = Vec::new();
    {
        let mut lines = LinesWriter::new(&mut out);
        lines.write(&recs[0]).unwrap();
    }
    assert_eq!(
        out,
        [serde_json::to_vec(&recs[0]).unwrap(), b"\n".to_vec()].concat()
    );
}

#[derive(FastJson)]
struct IdOnly {
    id: u64,
}
