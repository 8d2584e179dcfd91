//! The `actix_service` example's server, on 127.0.0.1 on a free port, driven by hyper's
//! HTTP/1.1 client (`common`; the same client and cases as `axum_service.rs`): GET and POST,
//! and the rejections (400 with line/column, 415, 422 with a path, 413 for a 10 MB body, with
//! and without `Content-Length`). Then the JSON Lines parts: a streamed `JsonLines` response
//! read as it arrives, one that ends with an error on an item that cannot be serialized, and
//! (with `tokio`) the `JsonLinesStream` extractor over a chunked body.

use std::net::SocketAddr;
use std::time::Duration;

mod common;

use common::{post_chunked, post_unfinished, request};

#[allow(dead_code)]
#[path = "../examples/actix_service.rs"]
mod actix_service;

use actix_service::{seed_order, Order, BODY_LIMIT};

/// Starts the service on its own thread and actix system; returns its address (bound before
/// the thread starts, so connections wait in the backlog). The thread lives until the test
/// process ends.
fn start() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        actix_web::rt::System::new()
            .block_on(actix_service::server(listener).unwrap())
            .unwrap();
    });
    addr
}

/// serde_json's bytes for `order`.
fn serde_bytes(order: &Order) -> Vec<u8> {
    common::serde_order_bytes(
        order.id,
        &order.customer,
        order.placed_at_utc,
        order
            .items
            .iter()
            .map(|i| (i.name.as_str(), i.quantity, i.unit_price)),
        order.note.as_deref(),
    )
}

#[test]
fn get_serves_serde_json_bytes() {
    let addr = start();
    let res = request(addr, "GET", "/order", None, Vec::new());
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), Some("application/json"));
    let want = serde_bytes(&seed_order());
    assert_eq!(
        String::from_utf8(res.body).unwrap(),
        String::from_utf8(want).unwrap()
    );
}

#[test]
fn get_matches_the_seed_file() {
    // The seed file from the repository's data/ folder.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/seeds/order_small.json");
    let seed = std::fs::read(&path).expect("data/seeds/order_small.json");
    let addr = start();
    let res = request(addr, "GET", "/order", None, Vec::new());
    assert_eq!(res.status, 200);
    let seed = std::str::from_utf8(&seed)
        .unwrap()
        .trim_end()
        .as_bytes()
        .to_vec();
    assert_eq!(
        String::from_utf8(res.body).unwrap(),
        String::from_utf8(seed).unwrap()
    );
}

#[test]
fn post_good_order_is_echoed_and_stored() {
    let addr = start();
    let mut order = seed_order();
    order.note = None;
    order.customer = "Globex \"East\" \u{e9}".into();
    order.items[1].quantity = 7;
    let body = json_runtime::to_vec(&order).unwrap();
    let res = request(
        addr,
        "POST",
        "/order",
        Some("application/json; charset=utf-8"),
        body.clone(),
    );
    assert_eq!(res.status, 200, "{}", String::from_utf8_lossy(&res.body));
    assert_eq!(res.body, serde_bytes(&order));
    assert_eq!(json_runtime::from_slice::<Order>(&res.body).unwrap(), order);
    let res = request(addr, "GET", "/order", None, Vec::new());
    assert_eq!(res.body, body);
}

#[test]
fn malformed_body_is_400_with_line_and_column() {
    let addr = start();
    let body = b"{\"id\":\"8a1f6c2e-0b3d-4e5a-9c7f-112233445566\",\n  \"customer\": }".to_vec();
    let want = json_runtime::from_slice::<Order>(&body).unwrap_err();
    let res = request(addr, "POST", "/order", Some("application/json"), body);
    assert_eq!(res.status, 400);
    assert_eq!(res.header("content-type"), Some("application/json"));
    let err = res.json();
    assert_eq!(err["line"], 2);
    assert_eq!(err["line"], want.line());
    assert_eq!(err["column"], want.column());
    assert!(want.column() > 0);
    assert_eq!(err["error"], want.message());
    assert_eq!(err["path"], want.path());

    // Cut short: EOF is a syntax-class error too.
    let res = request(
        addr,
        "POST",
        "/order",
        Some("application/json"),
        b"{\"id\":".to_vec(),
    );
    assert_eq!(res.status, 400);
    assert_eq!(res.json()["line"], 1);
}

#[test]
fn wrong_shape_is_422_with_path() {
    let addr = start();
    let mut text = String::from_utf8(json_runtime::to_vec(&seed_order()).unwrap()).unwrap();
    text = text.replacen("\"quantity\":1", "\"quantity\":\"one\"", 1);
    let res = request(
        addr,
        "POST",
        "/order",
        Some("application/json"),
        text.into_bytes(),
    );
    assert_eq!(res.status, 422);
    let err = res.json();
    assert_eq!(err["path"], "items[1].quantity");
    assert!(err["line"].as_u64().unwrap() >= 1);
    assert!(err["column"].as_u64().unwrap() > 0);

    // The handler's own validation: a 422 in the same shape.
    let mut order = seed_order();
    order.items[2].quantity = 0;
    let res = request(
        addr,
        "POST",
        "/order",
        Some("application/json"),
        json_runtime::to_vec(&order).unwrap(),
    );
    assert_eq!(res.status, 422);
    assert_eq!(res.json()["path"], "items[2].quantity");
}

#[test]
fn wrong_or_missing_content_type_is_415() {
    let addr = start();
    let body = json_runtime::to_vec(&seed_order()).unwrap();
    for ct in [Some("text/plain"), Some("text/json"), None] {
        let res = request(addr, "POST", "/order", ct, body.clone());
        assert_eq!(res.status, 415, "{ct:?}");
        assert_eq!(res.header("content-type"), Some("application/json"));
        assert!(res.json()["error"]
            .as_str()
            .unwrap()
            .contains("Content-Type"));
    }
}

#[test]
fn body_over_the_limit_is_413() {
    let addr = start();
    // 10 MB of valid JSON (a long note), well over the 1 MiB limit.
    let mut order = seed_order();
    order.note = Some("x".repeat(10 * 1000 * 1000));
    let body = json_runtime::to_vec(&order).unwrap();
    assert!(body.len() > 10 * BODY_LIMIT / 2);
    // Announced, and the first 64 KiB sent: the answer comes before the rest is sent.
    let res = post_unfinished(addr, "/order", "application/json", &body, 64 * 1024, true);
    assert_eq!(res.status, 413);
    assert!(res.json()["error"]
        .as_str()
        .unwrap()
        .contains("length limit"));

    // Just under the limit is read.
    let mut order = seed_order();
    let overhead = json_runtime::to_vec(&order).unwrap().len();
    order.note = Some("y".repeat(BODY_LIMIT - overhead));
    let body = json_runtime::to_vec(&order).unwrap();
    assert!(body.len() <= BODY_LIMIT);
    let res = request(addr, "POST", "/order", Some("application/json"), body);
    assert_eq!(res.status, 200);
}

#[test]
fn chunked_body_over_the_limit_is_413() {
    // No Content-Length: the limit is found while streaming.
    let addr = start();
    let mut order = seed_order();
    order.note = Some("z".repeat(3 * BODY_LIMIT));
    let json = json_runtime::to_vec(&order).unwrap();
    // 64 KiB over the limit sent, the rest held back: the answer comes first.
    let sent = BODY_LIMIT + 64 * 1024;
    let res = post_unfinished(addr, "/order", "application/json", &json, sent, false);
    assert_eq!(res.status, 413);
    assert!(res.json()["error"]
        .as_str()
        .unwrap()
        .contains("length limit"));

    // A small chunked body is read as usual.
    let json = json_runtime::to_vec(&seed_order()).unwrap();
    let res = post_chunked(addr, "/order", "application/json", &json, json.len());
    assert_eq!(res.status, 200);
    assert_eq!(res.body, json);
}

// ---- JSON Lines -----------------------------------------------------------------------------

/// Handlers with the JSON Lines parts and a value serde_json refuses.
mod lines {
    use std::pin::Pin;
    use std::task::{Context, Poll};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use actix_web::{web, App, HttpServer};
    use json_runtime::actix::{FastJson, JsonLines};

    /// The items of an iterator, answering `Pending` (after waking the task) before every
    /// other one: a stream that is often not ready.
    pub struct Slow<I> {
        items: I,
        pending: bool,
    }

    pub fn slow<I: IntoIterator>(items: I) -> Slow<I::IntoIter> {
        Slow {
            items: items.into_iter(),
            pending: false,
        }
    }

    impl<I: Iterator + Unpin> futures_core::Stream for Slow<I> {
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

    pub fn numbers() -> Vec<(u32, String)> {
        (0..2000)
            .map(|i| {
                (
                    i,
                    format!("n{i} \"\u{e9}\" {}", "x".repeat((i % 37) as usize)),
                )
            })
            .collect()
    }

    async fn events() -> JsonLines<Slow<std::vec::IntoIter<(u32, String)>>> {
        JsonLines(slow(numbers()))
    }

    /// The third item has no JSON form (a time before 1970).
    async fn broken() -> JsonLines<Slow<std::vec::IntoIter<SystemTime>>> {
        let before = UNIX_EPOCH - Duration::from_secs(1);
        JsonLines(slow(vec![UNIX_EPOCH, UNIX_EPOCH, before, UNIX_EPOCH]))
    }

    async fn unwritable() -> FastJson<SystemTime> {
        FastJson(UNIX_EPOCH - Duration::from_secs(5))
    }

    /// Reads the body line by line; answers with one JSON string per item: its outcome.
    #[cfg(feature = "tokio")]
    async fn ingest(
        mut body: json_runtime::actix::JsonLinesStream<(u32, String)>,
    ) -> JsonLines<Slow<std::vec::IntoIter<String>>> {
        let mut outcomes = Vec::new();
        while let Some(item) = body.next().await {
            outcomes.push(match item {
                Ok(v) => format!("ok {v:?} line {}", body.line()),
                Err(e) => format!("err {} line {}", e.message(), e.line()),
            });
        }
        JsonLines(slow(outcomes))
    }

    /// Serves the handlers on a free port; returns its address.
    pub fn start() -> std::net::SocketAddr {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            let server = HttpServer::new(|| {
                let app = App::new()
                    .route("/events", web::get().to(events))
                    .route("/broken", web::get().to(broken))
                    .route("/unwritable", web::get().to(unwritable));
                #[cfg(feature = "tokio")]
                let app = app.route("/ingest", web::post().to(ingest));
                app
            })
            .workers(1)
            .listen(listener)
            .unwrap()
            .run();
            actix_web::rt::System::new().block_on(server).unwrap();
        });
        addr
    }
}

#[test]
fn json_lines_response_is_streamed_serde_json_lines() {
    let addr = lines::start();
    let mut want = Vec::new();
    for n in lines::numbers() {
        serde_json::to_writer(&mut want, &n).unwrap();
        want.push(b'\n');
    }
    let (status, content_type, frames, body, complete) = common::block_on(async {
        let res = common::get(addr, "/events").await;
        let status = res.status().as_u16();
        let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
        // Frame by frame as they arrive (the client's frames follow its reads, not the
        // server's chunks).
        let mut body = res.into_body();
        let (mut frames, mut all) = (0, Vec::new());
        use http_body_util::BodyExt;
        while let Some(frame) = body.frame().await {
            all.extend_from_slice(&frame.unwrap().into_data().unwrap());
            frames += 1;
        }
        (status, content_type, frames, all, true)
    });
    assert_eq!(status, 200);
    assert_eq!(content_type, json_runtime::actix::NDJSON_CONTENT_TYPE);
    assert!(complete);
    assert!(frames > 1, "{frames} frames");
    assert_eq!(
        String::from_utf8(body).unwrap(),
        String::from_utf8(want).unwrap()
    );
}

#[test]
fn json_lines_response_ends_with_an_error_on_an_unwritable_item() {
    let addr = lines::start();
    let (status, body, complete) = common::block_on(async {
        let res = common::get(addr, "/broken").await;
        let status = res.status().as_u16();
        let (body, complete) = common::read_to_end(res.into_body()).await;
        (status, body, complete)
    });
    assert_eq!(status, 200);
    // The connection is cut: no last chunk, and nothing of the failing item.
    assert!(!complete);
    let line = "{\"secs_since_epoch\":0,\"nanos_since_epoch\":0}\n";
    let body = String::from_utf8(body).unwrap();
    assert!(
        ["", line, &line.repeat(2)].contains(&body.as_str()),
        "{body:?}"
    );
    // The server is still up.
    let res = request(addr, "GET", "/events", None, Vec::new());
    assert_eq!(res.status, 200);
}

#[test]
fn unserializable_response_is_500_with_serde_json_message() {
    let addr = lines::start();
    let value = std::time::UNIX_EPOCH - Duration::from_secs(5);
    let want = serde_json::to_vec(&value).unwrap_err().to_string();
    let res = request(addr, "GET", "/unwritable", None, Vec::new());
    assert_eq!(res.status, 500);
    assert_eq!(res.header("content-type"), Some("application/json"));
    assert_eq!(res.json(), serde_json::json!({ "error": want }));
}

#[cfg(feature = "tokio")]
#[test]
fn json_lines_extractor_reads_a_chunked_body() {
    let addr = lines::start();
    let input = "[1,\"a\"]\n\r\n[2,\"\\u00e9\"]\r\n[3]\nnot json\n\n[4,\"last\"]";
    let want = [
        "ok (1, \"a\") line 1",
        "ok (2, \"\u{e9}\") line 3",
        "err line 4",
        "err line 5",
        "ok (4, \"last\") line 7",
    ];
    for chunk in [1, 3, 7, input.len()] {
        let res = post_chunked(
            addr,
            "/ingest",
            "application/x-ndjson",
            input.as_bytes(),
            chunk,
        );
        assert_eq!(res.status, 200);
        let got: Vec<String> = res
            .body
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice::<String>(l).unwrap())
            .collect();
        assert_eq!(got.len(), want.len(), "{got:?}");
        for (got, want) in got.iter().zip(want) {
            if let Some(line) = want.strip_prefix("err ") {
                assert!(got.starts_with("err ") && got.ends_with(line), "{got}");
            } else {
                assert_eq!(got, want);
            }
        }
    }
}

#[test]
fn wrapper_and_rejection_methods() {
    use actix_web::http::StatusCode;
    use json_runtime::actix::{FastJson, FastJsonRejection};

    let mut order = FastJson::from(seed_order());
    order.items.pop(); // DerefMut
    assert_eq!(order.items.len(), 2); // Deref
    assert_eq!(order.into_inner().items.len(), 2);
    let r = FastJsonRejection::PayloadTooLarge { limit: BODY_LIMIT };
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        r.to_string(),
        "Failed to buffer the request body: length limit exceeded"
    );
}
