//! The async stream readers over real loopback TCP, and axum's JSON Lines parts.
//!
//! - A tokio server writes JSON Lines and a top-level array in small pieces split at arbitrary
//!   bytes (flushed, with `TCP_NODELAY`, yields and short sleeps between them); the client reads
//!   them with `stream::tokio::lines_from_reader` and `array_from_reader` and must get what the
//!   sync readers get from the whole bytes.
//! - An axum server: a POST whose chunked body arrives in small pieces is read by the
//!   `JsonLinesStream` extractor; a GET answers with `JsonLines` built from a stream that is
//!   often not ready, and must send serde_json's bytes, one line per item; a stream with an
//!   item that cannot be serialized ends its body with an error after the lines before it.
//!
//! The GETs go through hyper's HTTP/1.1 client (`common`), the body read frame by frame as it
//! arrives. The POSTs are written by hand over `tokio::net::TcpStream` (HTTP/1.1,
//! `Connection: close`): their chunked framing is cut at arbitrary bytes, chunk-size lines
//! included, which no client library does.

use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::routing::{get, post};
use axum::{Extension, Router};
use futures_core::Stream;
use json_runtime::axum::{JsonLines, JsonLinesStream};
use json_runtime::stream::{self, StreamOptions};
use json_runtime::FastJson;
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

mod common;

#[derive(FastJson, Serialize, Debug, PartialEq, Clone)]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    price: f64,
}

const LINES: &str = concat!(
    "{\"id\":1,\"name\":\"plain\",\"tags\":[],\"price\":1.5}\n",
    "{\"id\":2,\"name\":\"日本 é 😀 \\\"q\\\"\",\"tags\":[\"a\",\"\\u00e9\"],\"price\":-0.25}\r\n",
    "\n",
    "{\"id\":3,\"name\":\"bad\",\"tags\":[1],\"price\":0}\n",
    "{\"id\":123456789012,\"name\":\"ok\",\"tags\":[\"z\"],\"price\":123456.789e-3}\r\n",
    "not json\n",
    "{\"id\":6,\"name\":\"last, no newline\",\"tags\":[],\"price\":3}"
);

const ARRAY: &str = "[\n {\"id\":1,\"name\":\"a\",\"tags\":[\"x\",\"日本\"],\"price\":1},\r\n {\"id\":2,\"name\":\"b\\n😀\",\"tags\":[],\"price\":-1e-7} ,{\"id\":3,\"name\":\"\",\"tags\":[\"\"],\"price\":12345678901234567890}\n]\n";

/// The ways the server cuts what it sends: piece sizes, cycled.
fn cut_patterns(len: usize) -> Vec<Vec<usize>> {
    let mut all = vec![vec![1], vec![2, 3, 1, 7], vec![5, 1, 1, 13, 2], vec![64]];
    for cut in (1..len).step_by(11) {
        all.push(vec![cut, len]);
    }
    all
}

/// Writes `data` in pieces whose sizes cycle through `sizes`, flushing each and pausing
/// between them (a yield, and every third time a millisecond's sleep).
async fn trickle<W: AsyncWrite + Unpin>(out: &mut W, data: &[u8], sizes: &[usize]) {
    let (mut at, mut turn) = (0, 0);
    while at < data.len() {
        let n = sizes[turn % sizes.len()].max(1).min(data.len() - at);
        out.write_all(&data[at..at + n]).await.unwrap();
        out.flush().await.unwrap();
        if turn % 3 == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        } else {
            tokio::task::yield_now().await;
        }
        at += n;
        turn += 1;
    }
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

// ---- plain TCP ------------------------------------------------------------------------------

#[tokio::test]
async fn tcp_lines_and_array_in_small_pieces() {
    let want_lines: Vec<String> = stream::lines_from_reader::<Rec, _>(LINES.as_bytes())
        .map(outcome)
        .collect();
    assert_eq!(want_lines.iter().filter(|o| o.starts_with("ok")).count(), 4);
    let want_array: Vec<String> = stream::array_from_reader::<Rec, _>(ARRAY.as_bytes())
        .map(outcome)
        .collect();
    assert_eq!(want_array.len(), 3);
    assert!(want_array.iter().all(|o| o.starts_with("ok")));

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    // Each connection: the client names the input and the cut in its first line.
    let server = tokio::spawn(async move {
        loop {
            let (mut socket, _) = listener.accept().await.unwrap();
            socket.set_nodelay(true).unwrap();
            tokio::spawn(async move {
                let mut request = Vec::new();
                while !request.ends_with(b"\n") {
                    let mut byte = [0u8];
                    if socket.read(&mut byte).await.unwrap() == 0 {
                        return;
                    }
                    request.push(byte[0]);
                }
                let request = String::from_utf8(request).unwrap();
                let (what, sizes) = request.trim().split_once(' ').unwrap();
                let sizes: Vec<usize> = sizes.split(',').map(|s| s.parse().unwrap()).collect();
                let data = if what == "lines" { LINES } else { ARRAY };
                trickle(&mut socket, data.as_bytes(), &sizes).await;
                socket.shutdown().await.unwrap();
            });
        }
    });

    let small = StreamOptions::new().buffer_size(5);
    for (what, len) in [("lines", LINES.len()), ("array", ARRAY.len())] {
        for sizes in cut_patterns(len) {
            for opts in [StreamOptions::new(), small.clone()] {
                let mut socket = TcpStream::connect(addr).await.unwrap();
                let sizes_text: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
                let ask = format!("{what} {}\n", sizes_text.join(","));
                socket.write_all(ask.as_bytes()).await.unwrap();
                let mut got = Vec::new();
                if what == "lines" {
                    let mut lines = stream::tokio::lines_from_reader_with::<Rec, _>(socket, &opts);
                    while let Some(item) = lines.next().await {
                        got.push(outcome(item));
                    }
                    assert_eq!(got, want_lines, "{what} cut {sizes:?}");
                } else {
                    let mut items = stream::tokio::array_from_reader_with::<Rec, _>(socket, &opts);
                    while let Some(item) = items.next().await {
                        got.push(outcome(item));
                    }
                    assert_eq!(got, want_array, "{what} cut {sizes:?}");
                    assert_eq!(items.byte_offset(), ARRAY.len());
                }
            }
        }
    }
    server.abort();
}

// ---- axum -----------------------------------------------------------------------------------

/// The items of an iterator, answering `Pending` (after waking the task) before every other
/// one: a stream that is often not ready.
struct Slow<I> {
    items: I,
    pending: bool,
}

fn slow<I: IntoIterator>(items: I) -> Slow<I::IntoIter> {
    Slow {
        items: items.into_iter(),
        pending: false,
    }
}

impl<I: Iterator + Unpin> Stream for Slow<I> {
    type Item = I::Item;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<I::Item>> {
        self.pending = !self.pending;
        if self.pending {
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        Poll::Ready(self.items.next())
    }
}

fn records() -> Vec<Rec> {
    (0..300u64)
        .map(|i| Rec {
            id: i * 7919,
            name: format!("n{i} \"é\" 😀\n{}", "x".repeat((i % 23) as usize)),
            tags: (0..i % 4).map(|t| format!("t{t}")).collect(),
            price: i as f64 * 1.25 - 100.0 + 1e-9,
        })
        .collect()
}

/// Reads the request body line by line; answers with one JSON string per item: its outcome.
async fn ingest(mut body: JsonLinesStream<Rec>) -> JsonLines<Slow<std::vec::IntoIter<String>>> {
    let mut outcomes = Vec::new();
    while let Some(item) = body.next().await {
        outcomes.push(outcome(item));
    }
    JsonLines(slow(outcomes))
}

async fn events() -> JsonLines<Slow<std::vec::IntoIter<Rec>>> {
    JsonLines(slow(records()))
}

/// The third item has no JSON form (a time before 1970).
async fn broken() -> JsonLines<Slow<std::vec::IntoIter<std::time::SystemTime>>> {
    let epoch = std::time::UNIX_EPOCH;
    let before = epoch - Duration::from_secs(1);
    JsonLines(slow(vec![epoch, epoch, before, epoch]))
}

async fn start_axum() -> SocketAddr {
    let small = StreamOptions::new().max_value_len(60).buffer_size(8);
    let app = Router::new()
        .route("/ingest", post(ingest))
        .route("/ingest_small", post(ingest).layer(Extension(small)))
        .route("/events", get(events))
        .route("/broken", get(broken));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

struct Answer {
    head: String,
    body: Vec<u8>,
    /// The chunked body ended with its last (empty) chunk.
    complete: bool,
}

/// A GET through hyper's client; the body read to its end (or to the cut). `head` is the
/// status line and headers as they would read on the wire.
async fn http_get(addr: SocketAddr, path: &str) -> Answer {
    let res = common::get(addr, path).await;
    let mut head = format!("HTTP/1.1 {}", res.status());
    for (name, value) in res.headers() {
        head.push_str(&format!("\r\n{name}: {}", value.to_str().unwrap()));
    }
    assert_eq!(res.version(), hyper::Version::HTTP_11);
    assert!(
        head.to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "{head}"
    );
    let (body, complete) = common::read_to_end(res.into_body()).await;
    Answer {
        head,
        body,
        complete,
    }
}

/// A POST on a fresh connection; the body is sent chunked, each HTTP chunk cut in pieces by
/// `trickle`. Reads the answer to the end of the connection.
async fn http_post(addr: SocketAddr, path: &str, body: &[u8], sizes: &[usize]) -> Answer {
    let mut socket = TcpStream::connect(addr).await.unwrap();
    socket.set_nodelay(true).unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    socket.write_all(request.as_bytes()).await.unwrap();
    // HTTP chunks of 50 bytes at most, each sent in pieces.
    let mut framed = Vec::new();
    for chunk in body.chunks(50) {
        framed.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        framed.extend_from_slice(chunk);
        framed.extend_from_slice(b"\r\n");
    }
    framed.extend_from_slice(b"0\r\n\r\n");
    trickle(&mut socket, &framed, sizes).await;
    let mut raw = Vec::new();
    // A connection cut after a body error may end with a reset: keep what arrived.
    let _ = tokio::time::timeout(Duration::from_secs(20), socket.read_to_end(&mut raw)).await;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "{head}"
    );
    // De-chunk as far as the bytes go.
    let (mut rest, mut body, mut complete) = (&raw[split + 4..], Vec::new(), false);
    while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap(), 16).unwrap();
        rest = &rest[end + 2..];
        if size == 0 {
            complete = true;
            break;
        }
        if rest.len() < size + 2 {
            break;
        }
        body.extend_from_slice(&rest[..size]);
        rest = &rest[size + 2..];
    }
    Answer {
        head,
        body,
        complete,
    }
}

/// The lines of an NDJSON body, each read back as a JSON string.
fn string_lines(body: &[u8]) -> Vec<String> {
    assert!(body.is_empty() || body.ends_with(b"\n"));
    body.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice::<String>(l).unwrap())
        .collect()
}

#[tokio::test]
async fn axum_extractor_reads_a_chunked_body_in_pieces() {
    let addr = start_axum().await;
    let want: Vec<String> = stream::lines_from_reader::<Rec, _>(LINES.as_bytes())
        .map(outcome)
        .collect();
    for sizes in [
        vec![1],
        vec![2, 3, 1, 7],
        vec![5, 1, 1, 13, 2],
        vec![1 << 20],
    ] {
        let answer = http_post(addr, "/ingest", LINES.as_bytes(), &sizes).await;
        assert!(answer.head.starts_with("HTTP/1.1 200"), "{}", answer.head);
        assert!(
            answer
                .head
                .to_ascii_lowercase()
                .contains("content-type: application/x-ndjson"),
            "{}",
            answer.head
        );
        assert!(answer.complete);
        assert_eq!(string_lines(&answer.body), want, "cut {sizes:?}");
    }

    // The options from the request's extensions: lines over 60 bytes are errors, skipped.
    let opts = StreamOptions::new().max_value_len(60).buffer_size(8);
    let want: Vec<String> = stream::lines_from_reader_with::<Rec, _>(LINES.as_bytes(), &opts)
        .map(outcome)
        .collect();
    assert!(want[1].contains("longer than 60 bytes"), "{want:?}");
    let answer = http_post(addr, "/ingest_small", LINES.as_bytes(), &[3, 1]).await;
    assert_eq!(string_lines(&answer.body), want);
}

#[tokio::test]
async fn axum_json_lines_response_is_serde_json_lines() {
    let addr = start_axum().await;
    let mut want = Vec::new();
    for r in records() {
        serde_json::to_writer(&mut want, &r).unwrap();
        want.push(b'\n');
    }
    let answer = http_get(addr, "/events").await;
    assert!(answer.head.starts_with("HTTP/1.1 200"), "{}", answer.head);
    assert!(answer
        .head
        .to_ascii_lowercase()
        .contains("content-type: application/x-ndjson"));
    assert!(answer.complete);
    assert_eq!(
        String::from_utf8(answer.body).unwrap(),
        String::from_utf8(want).unwrap()
    );

    // Read back with the async reader: the same records.
    let answer = http_get(addr, "/events").await;
    let mut lines = stream::tokio::lines_from_reader::<Rec, _>(&answer.body[..]);
    let mut got = Vec::new();
    while let Some(r) = lines.next().await {
        got.push(r.unwrap());
    }
    assert_eq!(got, records());
}

#[tokio::test]
async fn axum_json_lines_response_ends_with_an_error_on_an_unwritable_item() {
    let addr = start_axum().await;
    let answer = http_get(addr, "/broken").await;
    assert!(answer.head.starts_with("HTTP/1.1 200"), "{}", answer.head);
    // The connection is cut: no last chunk. Of the two lines before the failing item, hyper
    // sends what it had written when the body failed (it drops the rest): whole lines only,
    // nothing of the failing item.
    assert!(!answer.complete);
    let line = "{\"secs_since_epoch\":0,\"nanos_since_epoch\":0}\n";
    let body = String::from_utf8(answer.body).unwrap();
    assert!(
        ["", line, &line.repeat(2)].contains(&body.as_str()),
        "{body:?}"
    );
    // The server is still up.
    let answer = http_get(addr, "/events").await;
    assert!(answer.complete);
}
