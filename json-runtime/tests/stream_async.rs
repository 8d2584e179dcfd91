//! The async stream readers and writer (`json_runtime::stream::tokio`, feature `tokio`) against
//! the sync ones: inputs handed out by an `AsyncRead` in pieces split at every byte (inside
//! strings, numbers, multi-byte UTF-8 characters, between `\r` and `\n`), with `Pending`
//! between the pieces, must give exactly the items of the sync readers over the whole input:
//! values, bad lines that iteration goes on after, limit errors, truncated final values, and
//! the same error positions. The async writer must write the bytes of the sync `LinesWriter`
//! and serde_json whatever the writer accepts per call.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use json_runtime::stream::{self, StreamOptions};
use json_runtime::FastJson;
use serde::Serialize;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

#[derive(FastJson, Serialize, Debug, PartialEq, Clone)]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    price: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// Hands out `data` in pieces whose sizes cycle through `sizes`, answering `Pending` (after
/// waking the task) before every other piece, as a socket would.
struct Pieces<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
    pending: bool,
    /// The most room a read was given: the reader's buffer bounds it.
    max_room: usize,
}

impl AsyncRead for Pieces<'_> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.pending = !self.pending;
        if self.pending {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        let want = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        self.max_room = self.max_room.max(buf.remaining());
        let n = want.min(buf.remaining()).min(self.data.len());
        buf.put_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Poll::Ready(Ok(()))
    }
}

fn pieces<'a>(data: &'a [u8], sizes: &[usize]) -> Pieces<'a> {
    Pieces {
        data,
        sizes: sizes.to_vec(),
        turn: 0,
        pending: false,
        max_room: 0,
    }
}

/// One byte at a time, a few irregular patterns, the whole input at once, and two pieces cut
/// at every byte.
fn cuts(len: usize) -> Vec<Vec<usize>> {
    let mut all = vec![
        vec![1],
        vec![2, 3, 1, 7],
        vec![5, 1, 1, 13, 2],
        vec![usize::MAX],
    ];
    for cut in 1..len {
        all.push(vec![cut, usize::MAX]);
    }
    all
}

/// Small buffers as well as the default, so refills happen inside values.
fn option_sets() -> Vec<StreamOptions> {
    vec![
        StreamOptions::new(),
        StreamOptions::new().buffer_size(1),
        StreamOptions::new().buffer_size(7),
    ]
}

/// A result reduced to what must agree: the value, or the error's message, line, column, path.
fn outcome<T: std::fmt::Debug>(r: json_runtime::Result<T>) -> String {
    match r {
        Ok(v) => format!("ok {v:?}"),
        Err(e) => format!(
            "err {} @{}:{} path {:?}",
            e.message(),
            e.line(),
            e.column(),
            e.path()
        ),
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

// ---- JSON Lines -----------------------------------------------------------------------------

/// Splits inside strings (escapes, 2-, 3- and 4-byte characters), inside numbers, between `\r`
/// and `\n`; blank lines; bad lines that iteration goes on after; a last line without `\n`.
const LINES: &str = concat!(
    "{\"id\":1,\"name\":\"plain\",\"tags\":[],\"price\":1.5}\n",
    "{\"id\":2,\"name\":\"日本 é 😀\",\"tags\":[\"a\\\"b\",\"\\u00e9\\ud83d\\ude00\"],\"price\":-0.25,\"note\":\"x\"}\r\n",
    "\n",
    "   \r\n",
    "{\"id\":3,\"name\":\"bad\",\"tags\":[1],\"price\":0}\n",
    "{\"id\":4,\"name\":\"trailing\",\"tags\":[],\"price\":2e10} x\n",
    "{\"id\":123456789012,\"name\":\"ok\",\"tags\":[\"z\"],\"price\":123456.789e-3}\r\n",
    "not json\n",
    "{\"id\":6,\"name\":\"last, no newline\",\"tags\":[],\"price\":3}"
);

fn sync_lines(input: &[u8], opts: &StreamOptions) -> Vec<String> {
    stream::lines_from_reader_with::<Rec, _>(input, opts)
        .map(outcome)
        .collect()
}

async fn async_lines<R: AsyncRead + Unpin>(input: R, opts: &StreamOptions) -> Vec<String> {
    let mut lines = stream::tokio::lines_from_reader_with::<Rec, _>(input, opts);
    let mut out = Vec::new();
    while let Some(item) = lines.next().await {
        out.push(outcome(item));
    }
    // Fused: the end stays the end.
    assert!(lines.next().await.is_none());
    out
}

/// Every cut of `input`, with every option set, gives the sync reader's items over the whole
/// input.
fn lines_agree(input: &[u8], option_sets: &[StreamOptions]) -> Vec<String> {
    let rt = runtime();
    let mut whole = None;
    for opts in option_sets {
        let want = sync_lines(input, opts);
        for sizes in cuts(input.len()) {
            let got = rt.block_on(async_lines(pieces(input, &sizes), opts));
            assert_eq!(got, want, "pieces {sizes:?}");
        }
        whole.get_or_insert(want);
    }
    whole.unwrap()
}

#[test]
fn lines_agree_with_sync_reader_at_every_split() {
    let whole = lines_agree(LINES.as_bytes(), &option_sets());
    assert_eq!(whole.len(), 7);
    assert_eq!(whole.iter().filter(|o| o.starts_with("ok")).count(), 4);
    assert!(whole[2].contains("@5:"), "{}", whole[2]);
    assert!(
        whole[5].starts_with("err expected ident @8:2"),
        "{}",
        whole[5]
    );
    // And the values are serde_json's reading of each line.
    let ok: Vec<Rec> = LINES
        .split('\n')
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| json_runtime::from_str::<Rec>(&v.to_string()).ok())
        .collect();
    let want: Vec<String> = ok.into_iter().map(|v| outcome(Ok(v))).collect();
    let got: Vec<String> = whole.into_iter().filter(|o| o.starts_with("ok")).collect();
    assert_eq!(got, want);
}

#[test]
fn lines_limit_errors_and_truncation_agree() {
    // Over the limit (12 bytes): reported once, the rest of the line skipped as it arrives,
    // then the next lines are read; a truncated final value is an EOF error on its line.
    let input = b"[1,2]\n[1,2,3,4,5,6,7,8]\n\"\xe6\x97\xa5\xe6\x9c\xac\"\n[3]\r\n{\"a\":[1,";
    let limited = [
        StreamOptions::new().max_value_len(12),
        StreamOptions::new().max_value_len(12).buffer_size(1),
        StreamOptions::new().max_value_len(12).buffer_size(5),
    ];
    let rt = runtime();
    for opts in &limited {
        let want: Vec<String> =
            stream::lines_from_reader_with::<json_runtime::RawJsonBuf, _>(&input[..], opts)
                .map(raw_outcome)
                .collect();
        assert_eq!(want.len(), 5, "{want:?}");
        assert!(
            want[1].contains("longer than 12 bytes (StreamOptions::max_value_len) @2:1"),
            "{want:?}"
        );
        assert!(
            want[4].starts_with("err EOF") || want[4].contains("@5:"),
            "{want:?}"
        );
        for sizes in cuts(input.len()) {
            let got =
                rt.block_on(async {
                    let mut lines = stream::tokio::lines_from_reader_with::<
                        json_runtime::RawJsonBuf,
                        _,
                    >(pieces(input, &sizes), opts);
                    let mut out = Vec::new();
                    while let Some(item) = lines.next().await {
                        out.push(raw_outcome(item));
                    }
                    out
                });
            assert_eq!(got, want, "pieces {sizes:?}");
        }
    }
}

#[test]
fn lines_endless_line_stays_within_the_bound() {
    // 1 MB in one line with a 1 KiB limit: one error, the next line read, and reads never asked
    // for more than the buffer can hold.
    let mut input = vec![b'"'; 1 << 20];
    input.extend_from_slice(b"\n7\n");
    let opts = StreamOptions::new().max_value_len(1024).buffer_size(256);
    let (got, max_room) = runtime().block_on(async {
        let mut lines =
            stream::tokio::lines_from_reader_with::<u64, _>(pieces(&input, &[4096]), &opts);
        let mut out = Vec::new();
        while let Some(item) = lines.next().await {
            out.push(outcome(item));
        }
        (out, lines.into_inner().max_room)
    });
    assert!(max_room <= 1024 + 256, "{max_room}");
    assert_eq!(got.len(), 2);
    assert!(
        got[0].contains("longer than 1024 bytes (StreamOptions::max_value_len) @1:1"),
        "{got:?}"
    );
    assert_eq!(got[1], "ok 7");
}

#[test]
fn lines_reader_is_a_stream_and_reports_io_errors() {
    use futures_core::Stream;

    /// Two lines, then an I/O error.
    struct Failing(bool);
    impl AsyncRead for Failing {
        fn poll_read(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            buf: &mut ReadBuf<'_>,
        ) -> Poll<io::Result<()>> {
            if self.0 {
                return Poll::Ready(Err(io::Error::new(io::ErrorKind::ConnectionReset, "gone")));
            }
            self.0 = true;
            buf.put_slice(b"1\n2\n3");
            Poll::Ready(Ok(()))
        }
    }
    let got = runtime().block_on(async {
        let mut lines = stream::tokio::lines_from_reader::<u64, _>(Failing(false));
        let mut out = Vec::new();
        // Through the `Stream` impl.
        while let Some(item) = std::future::poll_fn(|cx| Pin::new(&mut lines).poll_next(cx)).await {
            out.push(outcome(item));
        }
        out
    });
    assert_eq!(got[..2], ["ok 1", "ok 2"]);
    assert_eq!(got.len(), 3);
    assert!(got[2].starts_with("err gone"), "{got:?}");
}

// ---- array elements -------------------------------------------------------------------------

const ARRAY: &str = "[\n  {\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"日本\"],\"price\":1},\r\n  {\"id\":2,\"name\":\"b\\n\\\"😀\",\"tags\":[],\"price\":-1e-7,\"note\":null} ,{\"id\":3,\"name\":\"\",\"tags\":[\"\"],\"price\":12345678901234567890}\n]  \n";

fn sync_array(input: &[u8], opts: &StreamOptions) -> Vec<String> {
    stream::array_from_reader_with::<Rec, _>(input, opts)
        .map(outcome)
        .collect()
}

async fn async_array<R: AsyncRead + Unpin>(input: R, opts: &StreamOptions) -> Vec<String> {
    let mut items = stream::tokio::array_from_reader_with::<Rec, _>(input, opts);
    let mut out = Vec::new();
    while let Some(item) = items.next().await {
        out.push(outcome(item));
    }
    assert!(items.next().await.is_none());
    out
}

fn array_agrees(input: &[u8], option_sets: &[StreamOptions]) -> Vec<String> {
    let rt = runtime();
    let mut whole = None;
    for opts in option_sets {
        let want = sync_array(input, opts);
        for sizes in cuts(input.len()) {
            let got = rt.block_on(async_array(pieces(input, &sizes), opts));
            assert_eq!(
                got,
                want,
                "{:?} pieces {sizes:?}",
                String::from_utf8_lossy(input)
            );
        }
        whole.get_or_insert(want);
    }
    whole.unwrap()
}

#[test]
fn array_elements_agree_with_sync_reader_at_every_split() {
    let whole = array_agrees(ARRAY.as_bytes(), &option_sets());
    let want: Vec<Rec> = json_runtime::from_slice(ARRAY.as_bytes()).unwrap();
    let want: Vec<String> = want.into_iter().map(|v| outcome(Ok(v))).collect();
    assert_eq!(whole, want);
}

#[test]
fn array_errors_agree_with_sync_reader_at_every_split() {
    let cases: &[&[u8]] = &[
        b"[1,2,\"x\"]",
        b"[1,2,3",
        b"[1,2,",
        b"[1,2,]",
        b"[1 2]",
        b"[1,2] 3",
        b"{\"a\":1}",
        b"",
        b"  [\r\n12.5e]",
        b"[1,\"\xe6\x97\"]",
        b"[1, 18446744073709551616]",
        b"[[1],[2,[3]]]",
    ];
    let rt = runtime();
    for &input in cases {
        // Elements as u64 and as nested arrays.
        for opts in option_sets() {
            let want: Vec<String> = stream::array_from_reader_with::<u64, _>(input, &opts)
                .map(outcome)
                .collect();
            let want_nested: Vec<String> =
                stream::array_from_reader_with::<json_runtime::RawJsonBuf, _>(input, &opts)
                    .map(raw_outcome)
                    .collect();
            for sizes in cuts(input.len()) {
                let got = rt.block_on(async {
                    let mut items = stream::tokio::array_from_reader_with::<u64, _>(
                        pieces(input, &sizes),
                        &opts,
                    );
                    let mut out = Vec::new();
                    while let Some(item) = items.next().await {
                        out.push(outcome(item));
                    }
                    out
                });
                assert_eq!(
                    got,
                    want,
                    "{:?} pieces {sizes:?}",
                    String::from_utf8_lossy(input)
                );
                let got = rt.block_on(async {
                    let mut items = stream::tokio::array_from_reader_with::<
                        json_runtime::RawJsonBuf,
                        _,
                    >(pieces(input, &sizes), &opts);
                    let mut out = Vec::new();
                    while let Some(item) = items.next().await {
                        out.push(raw_outcome(item));
                    }
                    out
                });
                assert_eq!(
                    got,
                    want_nested,
                    "{:?} pieces {sizes:?}",
                    String::from_utf8_lossy(input)
                );
            }
        }
    }
}

/// Elements kept as their raw JSON text.
fn raw_outcome(r: json_runtime::Result<json_runtime::RawJsonBuf>) -> String {
    outcome(r.map(|v| v.get().to_string()))
}

#[test]
fn array_limit_and_position_after_refills() {
    // An element over the limit ends the iteration with the error at its start; the elements
    // before it are read; positions are the stream's.
    let input = b"[1,\n [2,3,4,5,6,7,8,9,10,11,12], 4]";
    let opts = [
        StreamOptions::new().max_value_len(10),
        StreamOptions::new().max_value_len(10).buffer_size(3),
    ];
    let rt = runtime();
    for opts in &opts {
        let want: Vec<String> =
            stream::array_from_reader_with::<json_runtime::RawJsonBuf, _>(&input[..], opts)
                .map(raw_outcome)
                .collect();
        assert_eq!(want.len(), 2, "{want:?}");
        assert!(
            want[1]
                .contains("longer than 10 bytes (StreamOptions::max_value_len) @2:2 path \"[1]\""),
            "{want:?}"
        );
        for sizes in cuts(input.len()) {
            let got =
                rt.block_on(async {
                    let mut items = stream::tokio::array_from_reader_with::<
                        json_runtime::RawJsonBuf,
                        _,
                    >(pieces(input, &sizes), opts);
                    let mut out = Vec::new();
                    while let Some(item) = items.next().await {
                        out.push(raw_outcome(item));
                    }
                    out
                });
            assert_eq!(got, want, "pieces {sizes:?}");
        }
    }

    // elements_read and byte_offset follow the sync reader's.
    rt.block_on(async {
        let input = b"[10, 20 ,30]";
        let mut items = stream::tokio::array_from_reader::<u64, _>(pieces(input, &[1]));
        let mut sync = stream::array_from_reader::<u64, _>(&input[..]);
        while let Some(item) = items.next().await {
            assert_eq!(item.unwrap(), sync.next().unwrap().unwrap());
            assert_eq!(items.elements_read(), sync.elements_read());
        }
        assert!(sync.next().is_none());
        assert_eq!(items.byte_offset(), input.len());
    });
}

// ---- writing --------------------------------------------------------------------------------

/// Accepts at most `per_call` bytes per `poll_write`, answering `Pending` before every other
/// call; counts flushes and shutdowns.
#[derive(Default)]
struct Trickle {
    out: Vec<u8>,
    per_call: usize,
    pending: bool,
    writes: usize,
    flushes: usize,
    shut: bool,
}

impl AsyncWrite for Trickle {
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
        let n = buf.len().min(self.per_call.max(1));
        self.out.extend_from_slice(&buf[..n]);
        self.writes += 1;
        Poll::Ready(Ok(n))
    }

    fn poll_flush(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.flushes += 1;
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.shut = true;
        Poll::Ready(Ok(()))
    }
}

fn records() -> Vec<Rec> {
    (0..200u64)
        .map(|i| Rec {
            id: i * 7919,
            name: format!("n{i} \"é\" 😀\n\t{}", "x".repeat((i % 17) as usize)),
            tags: (0..i % 4).map(|t| format!("t{t}")).collect(),
            price: i as f64 * 1.25 - 100.0 + 1e-9,
            note: (i % 3 == 0).then(|| format!("\u{1}{i}")),
        })
        .collect()
}

#[test]
fn writer_writes_the_bytes_of_lines_writer_and_serde_json() {
    let recs = records();
    let mut want = Vec::new();
    for r in &recs {
        serde_json::to_writer(&mut want, r).unwrap();
        want.push(b'\n');
    }
    let mut sync = stream::LinesWriter::with_chunk(Vec::new(), 100);
    for r in &recs {
        sync.write(r).unwrap();
    }
    assert_eq!(sync.into_inner().unwrap(), want);

    let rt = runtime();
    for (chunk, per_call) in [(1, 1), (100, 7), (4096, 1000), (1 << 20, usize::MAX)] {
        let out = rt.block_on(async {
            let dst = Trickle {
                per_call,
                ..Trickle::default()
            };
            let mut lines = stream::tokio::LinesWriter::with_chunk(dst, chunk);
            let mut so_far = 0;
            for r in &recs {
                lines.write(r).await.unwrap();
                so_far += serde_json::to_vec(r).unwrap().len() + 1;
                // Handed out in chunks: less than a chunk stays buffered.
                assert!(so_far - lines.get_ref().out.len() < chunk);
            }
            lines.shutdown().await.unwrap();
            let dst = lines.into_inner().await.unwrap();
            assert!(dst.shut && dst.flushes >= 1);
            if chunk >= want.len() {
                // Everything in one chunk: only written at the end.
                assert_eq!(dst.writes, want.len().div_ceil(per_call.min(want.len())));
            }
            dst.out
        });
        assert_eq!(out, want, "chunk {chunk} per call {per_call}");
    }
    // The default chunk, into a Vec.
    let out = rt.block_on(async {
        let mut lines = stream::tokio::LinesWriter::new(Vec::new());
        for r in &recs {
            lines.write(r).await.unwrap();
        }
        lines.into_inner().await.unwrap()
    });
    assert_eq!(out, want);
}

#[test]
fn writer_value_errors_and_io_errors() {
    use std::time::{Duration, UNIX_EPOCH};
    let before_epoch = UNIX_EPOCH - Duration::from_secs(1);

    // A value with no JSON form: a data error, nothing of it written, the lines before
    // and after it kept; the same as the sync writer.
    let rt = runtime();
    let out = rt.block_on(async {
        let mut lines = stream::tokio::LinesWriter::new(Vec::new());
        lines.write(&vec![Some(UNIX_EPOCH)]).await.unwrap();
        let err = lines
            .write(&vec![Some(UNIX_EPOCH), Some(before_epoch)])
            .await
            .unwrap_err();
        assert!(err.is_data());
        assert_eq!(err.to_string(), "SystemTime must be later than UNIX_EPOCH");
        lines
            .write(&vec![None::<std::time::SystemTime>])
            .await
            .unwrap();
        lines.into_inner().await.unwrap()
    });
    let mut sync = stream::LinesWriter::new(Vec::new());
    sync.write(&vec![Some(UNIX_EPOCH)]).unwrap();
    sync.write(&vec![Some(UNIX_EPOCH), Some(before_epoch)])
        .unwrap_err();
    sync.write(&vec![None::<std::time::SystemTime>]).unwrap();
    let sync = sync.into_inner().unwrap();
    assert_eq!(out, sync);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "[{\"secs_since_epoch\":0,\"nanos_since_epoch\":0}]\n[null]\n"
    );

    /// Takes 5 bytes, then fails.
    struct Broken(usize);
    impl AsyncWrite for Broken {
        fn poll_write(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            buf: &[u8],
        ) -> Poll<io::Result<usize>> {
            if self.0 >= 5 {
                return Poll::Ready(Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed")));
            }
            let n = buf.len().min(5 - self.0);
            self.0 += n;
            Poll::Ready(Ok(n))
        }
        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }
    rt.block_on(async {
        let mut lines = stream::tokio::LinesWriter::with_chunk(Broken(0), 8);
        lines.write(&1234u32).await.unwrap(); // 5 bytes: buffered
        let err = lines.write(&5678u32).await.unwrap_err(); // 10 bytes: written, fails
        assert_eq!(err.io_error_kind(), Some(io::ErrorKind::BrokenPipe));
        assert_eq!(lines.get_ref().0, 5);
        lines.write(&1u8).await.unwrap();
        assert_eq!(
            lines.flush().await.unwrap_err().kind(),
            io::ErrorKind::BrokenPipe
        );
    });
}
