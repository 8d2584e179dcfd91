//! One suite for both JSON Lines writers, `stream::LinesWriter` over an `io::Write` and
//! `stream::tokio::LinesWriter` over an `AsyncWrite`: the same script of writes and flushes
//! runs against each, into a destination that takes 1..n bytes per call (and, async, answers
//! `Pending` before every other call), with every chunk size from 1 byte to the default. Both
//! must give the same transcript (each call's result, the output after each call, the write
//! and flush calls made), and the transcript must show: the bytes of `to_vec` plus `\n` per
//! record; whole records handed over once a chunk is buffered; a value with no JSON form
//! dropped whole, the lines before and after it kept; after an I/O error, an output that is a
//! prefix of the stream, with nothing lost or repeated once the destination takes bytes again.

use std::io::{self, Write};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use json_runtime::stream::{self, WRITE_CHUNK};
use json_runtime::{Category, FastJson};
use tokio::io::AsyncWrite;

#[derive(FastJson, Clone, Debug)]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    /// Written last: a time before the epoch fails after the rest of the record is out.
    when: Option<SystemTime>,
}

fn rec(id: u64, tags: usize) -> Rec {
    Rec {
        id,
        name: format!("r{id} \"é\" 😀\n"),
        tags: (0..tags).map(|t| format!("tag-{t:05}")).collect(),
        when: Some(UNIX_EPOCH + Duration::from_secs(id)),
    }
}

/// A record that fails at its last field, after `tags` tags are written.
fn bad(id: u64, tags: usize) -> Rec {
    Rec {
        when: Some(UNIX_EPOCH - Duration::from_secs(1)),
        ..rec(id, tags)
    }
}

#[derive(Clone, Debug)]
enum Op {
    Write(Rec),
    Flush,
}

/// Small records (about 80 bytes), medium ones (about 400), ones larger than most chunks
/// (about 12 KB), a bad small one and a bad large one (12 KB written before it fails), and
/// flushes in between.
fn script() -> Vec<Op> {
    let mut ops = Vec::new();
    for i in 0..40u64 {
        let tags = match i % 10 {
            3 => 30,
            7 => 1000,
            _ => (i % 3) as usize,
        };
        ops.push(Op::Write(rec(i, tags)));
        match i {
            5 => ops.push(Op::Write(bad(1000, 0))),
            17 => ops.push(Op::Write(bad(1001, 1000))),
            12 | 30 => ops.push(Op::Flush),
            _ => {}
        }
    }
    ops.push(Op::Flush);
    ops
}

/// The stream the script must produce: each good record's `to_vec` and a `\n`.
fn expected(ops: &[Op]) -> Vec<u8> {
    let mut out = Vec::new();
    for op in ops {
        if let Op::Write(r) = op {
            if let Ok(bytes) = json_runtime::to_vec(r) {
                out.extend_from_slice(&bytes);
                out.push(b'\n');
            }
        }
    }
    out
}

/// The destination of both writers: takes at most `per_call` bytes per write; once `fail_at`
/// bytes are taken, fails `failures` writes (`usize::MAX`: for good) with `BrokenPipe`.
#[derive(Default)]
struct Dest {
    out: Vec<u8>,
    per_call: usize,
    fail_at: Option<usize>,
    failures: usize,
    writes: usize,
    largest_write: usize,
    flushes: usize,
    pending: bool,
}

impl Dest {
    fn new(per_call: usize) -> Self {
        Dest {
            per_call,
            ..Dest::default()
        }
    }

    fn failing(per_call: usize, fail_at: usize, failures: usize) -> Self {
        Dest {
            fail_at: Some(fail_at),
            failures,
            ..Dest::new(per_call)
        }
    }

    fn take(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut n = buf.len().min(self.per_call.max(1));
        if let Some(at) = self.fail_at {
            if self.out.len() >= at && self.failures > 0 {
                self.failures -= 1;
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
            }
            if self.out.len() < at {
                n = n.min(at - self.out.len());
            }
        }
        self.writes += 1;
        self.largest_write = self.largest_write.max(buf.len());
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl Write for Dest {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.take(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

impl AsyncWrite for Dest {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.pending = !self.pending;
        if self.pending {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        Poll::Ready(self.take(buf))
    }
    fn poll_flush(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.flushes += 1;
        Poll::Ready(Ok(()))
    }
    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

/// What a run must agree on between the two front ends.
#[derive(Debug, PartialEq)]
struct Transcript {
    /// Per op: `ok`, `data <message>` or `io <kind>`.
    results: Vec<String>,
    /// Bytes the destination holds after each op.
    seen: Vec<usize>,
    out: Vec<u8>,
    writes: usize,
    largest_write: usize,
    flushes: usize,
    /// What `into_inner` hands back at the end (`None`: an error).
    into_inner: Option<Vec<u8>>,
}

fn outcome(r: json_runtime::Result<()>) -> String {
    match r {
        Ok(()) => "ok".into(),
        Err(e) => match e.classify() {
            Category::Data => format!("data {e}"),
            Category::Io => format!("io {:?}", e.io_error_kind().unwrap()),
            other => panic!("unexpected {other:?}: {e}"),
        },
    }
}

fn io_outcome(r: io::Result<()>) -> String {
    match r {
        Ok(()) => "ok".into(),
        Err(e) => format!("io {:?}", e.kind()),
    }
}

fn transcript(results: Vec<String>, seen: Vec<usize>, dest: &Dest) -> Transcript {
    Transcript {
        results,
        seen,
        out: dest.out.clone(),
        writes: dest.writes,
        largest_write: dest.largest_write,
        flushes: dest.flushes,
        into_inner: None,
    }
}

fn run_sync(chunk: usize, dest: Dest, ops: &[Op]) -> Transcript {
    let mut lines = stream::LinesWriter::with_chunk(dest, chunk);
    let (mut results, mut seen) = (Vec::new(), Vec::new());
    for op in ops {
        results.push(match op {
            Op::Write(r) => outcome(lines.write(r)),
            Op::Flush => io_outcome(lines.flush()),
        });
        seen.push(lines.get_ref().out.len());
    }
    let mut t = transcript(results, seen, lines.get_ref());
    t.into_inner = lines.into_inner().ok().map(|d| d.out);
    t
}

fn run_async(chunk: usize, dest: Dest, ops: &[Op]) -> Transcript {
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    rt.block_on(async {
        let mut lines = stream::tokio::LinesWriter::with_chunk(dest, chunk);
        let (mut results, mut seen) = (Vec::new(), Vec::new());
        for op in ops {
            results.push(match op {
                Op::Write(r) => outcome(lines.write(r).await),
                Op::Flush => io_outcome(lines.flush().await),
            });
            seen.push(lines.get_ref().out.len());
        }
        let mut t = transcript(results, seen, lines.get_ref());
        t.into_inner = lines.into_inner().await.ok().map(|d| d.out);
        t
    })
}

/// Runs `ops` through both front ends, checks they agree, and returns the transcript.
fn both(chunk: usize, dest: impl Fn() -> Dest, ops: &[Op]) -> Transcript {
    let sync = run_sync(chunk, dest(), ops);
    let async_ = run_async(chunk, dest(), ops);
    assert_eq!(sync, async_, "chunk {chunk}");
    sync
}

const CHUNKS: [usize; 7] = [1, 2, 7, 100, 4096, 20_000, WRITE_CHUNK];
const PER_CALL: [usize; 5] = [1, 3, 64, 1000, usize::MAX];

#[test]
fn same_bytes_for_every_chunk_and_split() {
    let ops = script();
    let want = expected(&ops);
    assert!(want.len() > 4 * 12_000, "{}", want.len());
    let longest_line = want.split(|&b| b == b'\n').map(|l| l.len() + 1).max();
    let longest_line = longest_line.unwrap();
    assert!(longest_line > 12_000, "{longest_line}");
    for chunk in CHUNKS {
        for per_call in PER_CALL {
            let t = both(chunk, || Dest::new(per_call), &ops);
            assert_eq!(t.out, want, "chunk {chunk} per call {per_call}");
            assert_eq!(t.into_inner.as_ref(), Some(&want));
            // Each good record is ok; each bad one a data error, with nothing of it written.
            let mut written = 0; // bytes of the records written so far
            for (op, (result, &seen)) in ops.iter().zip(t.results.iter().zip(&t.seen)) {
                match op {
                    Op::Write(r) => match json_runtime::to_vec(r) {
                        Ok(bytes) => {
                            assert_eq!(result, "ok");
                            written += bytes.len() + 1;
                        }
                        Err(_) => {
                            assert_eq!(result, "data SystemTime must be later than UNIX_EPOCH")
                        }
                    },
                    Op::Flush => {
                        assert_eq!(result, "ok");
                        assert_eq!(seen, written);
                    }
                }
                // Whole records, handed over once a chunk is buffered: less than a chunk
                // stays behind, and the destination never holds part of a line.
                assert!(written - seen < chunk, "chunk {chunk} per call {per_call}");
                assert!(seen == 0 || want[seen - 1] == b'\n');
            }
            // What is handed over at once: the lines buffered before the record that filled
            // the chunk (less than a chunk) and that record.
            assert!(t.largest_write < chunk + longest_line);
            assert_eq!(t.flushes, 3);
        }
    }
}

#[test]
fn the_default_chunk_writes_small_records_once() {
    let ops: Vec<Op> = (0..100).map(|i| Op::Write(rec(i, 2))).collect();
    let t = both(WRITE_CHUNK, || Dest::new(usize::MAX), &ops);
    // All below a chunk: nothing is written until `into_inner`, which writes it all at once.
    assert!(t.seen.iter().all(|&n| n == 0));
    assert_eq!(t.into_inner, Some(expected(&ops)));
    assert_eq!(t.writes, 0);
}

#[test]
fn a_bad_value_keeps_the_lines_around_it() {
    // The bad record is larger than the chunk and fails after 12 KB of output, with lines
    // buffered before it: they stay, it goes, the next line follows.
    for chunk in [1, 100, 4096, WRITE_CHUNK] {
        let ops = vec![
            Op::Write(rec(1, 0)),
            Op::Write(rec(2, 1)),
            Op::Write(bad(3, 1000)),
            Op::Write(rec(4, 0)),
            Op::Write(bad(5, 0)),
            Op::Flush,
        ];
        let t = both(chunk, || Dest::new(7), &ops);
        assert_eq!(t.out, expected(&ops));
        let ids: Vec<u64> = stream::lines_from_slice::<IdOnly>(&t.out)
            .map(|r| r.unwrap().id)
            .collect();
        assert_eq!(ids, [1, 2, 4]);
        assert!(t.results[2].starts_with("data ") && t.results[4].starts_with("data "));
    }
}

#[derive(FastJson)]
struct IdOnly {
    id: u64,
}

/// Byte offsets to fail at: the start, inside the first line, at a line boundary, inside a
/// large record, near the end.
fn fail_points(want: &[u8]) -> Vec<usize> {
    let first_nl = want.iter().position(|&b| b == b'\n').unwrap();
    vec![
        0,
        1,
        first_nl,
        first_nl + 1,
        want.len() / 3,
        want.len() / 2 + 17,
        want.len() - 1,
    ]
}

#[test]
fn an_io_error_for_good() {
    let ops = script();
    let want = expected(&ops);
    for at in fail_points(&want) {
        for chunk in [1, 100, 4096, WRITE_CHUNK] {
            for per_call in [1, 64, usize::MAX] {
                let t = both(chunk, || Dest::failing(per_call, at, usize::MAX), &ops);
                let ctx = format!("at {at} chunk {chunk} per call {per_call}");
                // Everything before the error point went out, nothing after it.
                assert_eq!(t.out, want[..at], "{ctx}");
                let first = t.results.iter().position(|r| r.starts_with("io "));
                let first = first.unwrap_or_else(|| panic!("no I/O error, {ctx}"));
                assert_eq!(t.results[first], "io BrokenPipe", "{ctx}");
                // Until then all went well; the final flush reports the error too.
                assert!(t.results[..first]
                    .iter()
                    .all(|r| r == "ok" || r.starts_with("data ")));
                assert_eq!(t.results.last().unwrap(), "io BrokenPipe", "{ctx}");
                assert_eq!(t.into_inner, None, "{ctx}");
                // The destination's flush is called only after a whole hand-over.
                let flushes_before = ops[..first]
                    .iter()
                    .filter(|op| matches!(op, Op::Flush))
                    .count();
                assert_eq!(t.flushes, flushes_before, "{ctx}");
            }
        }
    }
}

#[test]
fn an_io_error_once_loses_nothing() {
    let ops = script();
    let want = expected(&ops);
    for at in fail_points(&want) {
        for chunk in [1, 100, 4096, WRITE_CHUNK] {
            for per_call in [1, 64, usize::MAX] {
                let t = both(chunk, || Dest::failing(per_call, at, 1), &ops);
                let ctx = format!("at {at} chunk {chunk} per call {per_call}");
                // The call that met the error reports it; the bytes the destination did not
                // take stay buffered and go out with the next hand-over (a write or flush
                // after it, or else `into_inner`): the stream is whole, no line is cut or
                // repeated.
                let errors: Vec<usize> = (0..t.results.len())
                    .filter(|&i| t.results[i].starts_with("io "))
                    .collect();
                assert_eq!(errors.len(), 1, "{ctx}");
                assert_eq!(t.seen[errors[0]], at, "{ctx}");
                if errors[0] + 1 < ops.len() {
                    assert_eq!(t.out, want, "{ctx}");
                    assert_eq!(t.results.last().unwrap(), "ok", "{ctx}");
                } else {
                    // The final flush met it: the rest is still buffered.
                    assert_eq!(t.out, want[..at], "{ctx}");
                }
                assert_eq!(t.into_inner.as_ref(), Some(&want), "{ctx}");
            }
        }
    }
}

#[test]
fn an_io_error_in_flush() {
    // Buffered lines, then a flush into a destination that fails: the error comes from
    // `flush`, a second flush (the destination taking bytes again) writes them.
    let ops = vec![
        Op::Write(rec(1, 0)),
        Op::Write(rec(2, 0)),
        Op::Flush,
        Op::Flush,
    ];
    let t = both(WRITE_CHUNK, || Dest::failing(5, 10, 1), &ops);
    assert_eq!(t.results, ["ok", "ok", "io BrokenPipe", "ok"]);
    assert_eq!(t.seen, [0, 0, 10, expected(&ops).len()]);
    assert_eq!(t.out, expected(&ops));
    assert_eq!(t.flushes, 1);
}
