//! What the web tests share: an HTTP/1.1 client (hyper's, one connection per request over a
//! tokio `TcpStream`, with whole or streamed response bodies) and serde_json's bytes for the
//! order of the example services, to compare with.

// Each test file uses a part of it.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use http_body_util::{BodyExt, Empty, Full};
use hyper::body::{Body, Bytes, Frame, Incoming};
use hyper::header::{HeaderMap, CONTENT_TYPE, HOST};
use hyper::Request;
use hyper_util::rt::TokioIo;

/// A whole response.
pub struct Response {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Response {
    /// The value of header `name`, if present and text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The body read as JSON (panics with the body if it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// A request body sent as the given chunks, without a `Content-Length` (so HTTP/1.1 chunked).
pub struct Chunked(pub VecDeque<Bytes>);

impl Chunked {
    /// `data` in chunks of `size` bytes.
    pub fn new(data: &[u8], size: usize) -> Self {
        Chunked(data.chunks(size).map(Bytes::copy_from_slice).collect())
    }
}

impl Body for Chunked {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        Poll::Ready(self.0.pop_front().map(|b| Ok(Frame::data(b))))
    }
}

/// A request body whose sender is still sending when the answer comes: `chunks` go out, then
/// the body neither ends nor sends more. With `len`, `Content-Length: len` is announced.
///
/// A server that refuses a body answers and closes the connection with the rest unread; a
/// client still writing then may fail on the write before it reads the answer. Holding the
/// rest back lets the answer be read every time.
pub struct Unfinished {
    chunks: VecDeque<Bytes>,
    len: Option<u64>,
}

impl Body for Unfinished {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.chunks.pop_front() {
            Some(b) => Poll::Ready(Some(Ok(Frame::data(b)))),
            // Never woken: the connection ends when the response has been read.
            None => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        false
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        match self.len {
            Some(n) => hyper::body::SizeHint::with_exact(n),
            None => hyper::body::SizeHint::default(),
        }
    }
}

/// A POST that sends the first `sent` bytes of `body` (in 64 KiB chunks) and then waits for
/// the answer: with `Content-Length: body.len()` if `announce`, else chunked. For requests
/// the server refuses (413) before the end of the body.
pub fn post_unfinished(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    body: &[u8],
    sent: usize,
    announce: bool,
) -> Response {
    let unfinished = Unfinished {
        chunks: body[..sent]
            .chunks(64 * 1024)
            .map(Bytes::copy_from_slice)
            .collect(),
        len: announce.then_some(body.len() as u64),
    };
    block_on(fetch(
        addr,
        build(addr, "POST", path, Some(content_type), unfinished),
    ))
}

/// A request to `path` on `addr`, with a `Host` and (if given) a `Content-Type` header.
pub fn build<B>(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: B,
) -> Request<B> {
    let mut req = Request::builder()
        .method(method)
        .uri(path)
        .header(HOST, addr.to_string());
    if let Some(ct) = content_type {
        req = req.header(CONTENT_TYPE, ct);
    }
    req.body(body).unwrap()
}

/// Sends `req` on a fresh connection (on the current tokio runtime); returns the response
/// with its body still to be read, as it arrives.
pub async fn send<B>(addr: SocketAddr, req: Request<B>) -> hyper::Response<Incoming>
where
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    // The connection ends with the response (or, for an `Unfinished` body, is dropped with
    // the runtime); an error after the response is not a failure of the test.
    tokio::spawn(async move {
        let _ = conn.await;
    });
    sender.send_request(req).await.unwrap()
}

/// A GET on a fresh connection; the response with its body still to be read.
pub async fn get(addr: SocketAddr, path: &str) -> hyper::Response<Incoming> {
    send(addr, build(addr, "GET", path, None, Empty::<Bytes>::new())).await
}

/// Reads a streamed body to its end: the bytes that arrived, and whether it ended normally
/// (false: the connection was cut, for HTTP/1.1 chunked no last chunk).
pub async fn read_to_end(mut body: Incoming) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(frame) => {
                if let Ok(data) = frame.into_data() {
                    out.extend_from_slice(&data);
                }
            }
            Err(_) => return (out, false),
        }
    }
    (out, true)
}

/// Sends `req` and reads the whole response (async).
pub async fn fetch<B>(addr: SocketAddr, req: Request<B>) -> Response
where
    B: Body + Send + 'static,
    B::Data: Send,
    B::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    let (head, body) = send(addr, req).await.into_parts();
    let body = body.collect().await.unwrap().to_bytes().to_vec();
    Response {
        status: head.status.as_u16(),
        headers: head.headers,
        body,
    }
}

/// Runs `fut` on a new current-thread runtime: the blocking form for `#[test]` functions.
pub fn block_on<F: std::future::Future>(fut: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(fut)
}

/// One request with a `Content-Length` body; the whole response.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> Response {
    let req = build(
        addr,
        method,
        path,
        content_type,
        Full::new(Bytes::from(body)),
    );
    block_on(fetch(addr, req))
}

/// One POST with a chunked body (chunks of `chunk` bytes, no `Content-Length`).
pub fn post_chunked(
    addr: SocketAddr,
    path: &str,
    content_type: &str,
    body: &[u8],
    chunk: usize,
) -> Response {
    let req = build(
        addr,
        "POST",
        path,
        Some(content_type),
        Chunked::new(body, chunk),
    );
    block_on(fetch(addr, req))
}

/// The order of the example services as serde types, to get serde_json's bytes for it.
mod serde_mirror {
    use serde::Serialize;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Order<'a> {
        pub id: uuid::Uuid,
        pub customer: &'a str,
        pub placed_at_utc: chrono::DateTime<chrono::Utc>,
        pub items: Vec<LineItem<'a>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<&'a str>,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct LineItem<'a> {
        pub name: &'a str,
        pub quantity: u32,
        #[serde(with = "rust_decimal::serde::float")]
        pub unit_price: rust_decimal::Decimal,
    }
}

/// serde_json's bytes for an order given by its fields (each example service has its own
/// `Order` type; `items` are `(name, quantity, unit price)`).
pub fn serde_order_bytes<'a>(
    id: uuid::Uuid,
    customer: &'a str,
    placed_at_utc: chrono::DateTime<chrono::Utc>,
    items: impl IntoIterator<Item = (&'a str, u32, rust_decimal::Decimal)>,
    note: Option<&'a str>,
) -> Vec<u8> {
    let order = serde_mirror::Order {
        id,
        customer,
        placed_at_utc,
        items: items
            .into_iter()
            .map(|(name, quantity, unit_price)| serde_mirror::LineItem {
                name,
                quantity,
                unit_price,
            })
            .collect(),
        note,
    };
    serde_json::to_vec(&order).unwrap()
}
