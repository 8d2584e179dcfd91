//! The `order_service` example's router, served on 127.0.0.1 on a free port, driven by
//! hyper's HTTP/1.1 client (`common`): GET and POST, and the rejections
//! (400 with line/column, 415, 422 with a path, 413 for a 10 MB body), and a response value
//! serde_json refuses (500 with a JSON error body, no panic).

use std::net::SocketAddr;
use std::time::Duration;

mod common;

use common::{post_chunked, post_unfinished, request};

#[allow(dead_code)]
#[path = "../examples/order_service.rs"]
mod order_service;

use order_service::{seed_order, Order, BODY_LIMIT};

/// Starts the service on its own thread and runtime; returns its address. The thread lives
/// until the test process ends.
fn start() -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let app = order_service::router().merge(unwritable::router());
            axum::serve(listener, app).await.unwrap();
        });
    });
    rx.recv_timeout(Duration::from_secs(10)).unwrap()
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
    // No Content-Length: the limit is found while streaming, from axum's length-limit error.
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

/// Handlers answering with values serde_json refuses to serialize.
mod unwritable {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    use axum::{routing::get, Router};
    use json_runtime::axum::FastJson;

    #[derive(json_runtime::FastJson, serde::Serialize)]
    pub enum Status {
        Open,
        #[serde(skip_serializing)]
        Internal(u32),
    }

    #[derive(json_runtime::FastJson, serde::Serialize)]
    pub struct Reading {
        pub at: SystemTime,
        pub status: Vec<Status>,
    }

    pub fn before_epoch() -> Reading {
        Reading {
            at: UNIX_EPOCH - Duration::from_secs(5),
            status: vec![Status::Open],
        }
    }

    pub fn internal_status() -> Reading {
        Reading {
            at: UNIX_EPOCH + Duration::from_secs(5),
            status: vec![Status::Open, Status::Internal(3)],
        }
    }

    pub fn router() -> Router {
        Router::new()
            .route(
                "/unwritable/time",
                get(|| async { FastJson(before_epoch()) }),
            )
            .route(
                "/unwritable/variant",
                get(|| async { FastJson(internal_status()) }),
            )
    }
}

#[test]
fn unserializable_response_is_500_with_serde_json_message() {
    let addr = start();
    let cases = [
        ("/unwritable/time", unwritable::before_epoch()),
        ("/unwritable/variant", unwritable::internal_status()),
    ];
    for (path, value) in cases {
        let want = serde_json::to_vec(&value).unwrap_err().to_string();
        let res = request(addr, "GET", path, None, Vec::new());
        assert_eq!(res.status, 500, "{path}");
        assert_eq!(res.header("content-type"), Some("application/json"));
        assert_eq!(res.json(), serde_json::json!({ "error": want }), "{path}");
    }
    // The server thread is still serving, and the pooled buffer holds no leftovers.
    let res = request(addr, "GET", "/order", None, Vec::new());
    assert_eq!(res.status, 200);
    assert_eq!(res.body, serde_bytes(&seed_order()));
}

#[test]
fn wrapper_and_rejection_methods() {
    use axum::http::StatusCode;
    use json_runtime::axum::{FastJson, FastJsonRejection};

    let mut order = FastJson::from(seed_order());
    order.items.pop(); // DerefMut
    assert_eq!(order.items.len(), 2); // Deref
    assert_eq!(order.into_inner().items.len(), 2);
    let r = FastJsonRejection::PayloadTooLarge;
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        r.to_string(),
        "Failed to buffer the request body: length limit exceeded"
    );
}
