//! The `actix_service` example's server, on 127.0.0.1 on a free port, driven by a minimal
//! HTTP/1.1 client over `std::net::TcpStream` (the same client and cases as
//! `axum_service.rs`): GET and POST, and the rejections (400 with line/column, 415, 422 with a
//! path, 413 for a 10 MB body, with and without `Content-Length`).

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

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

struct HttpResponse {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl HttpResponse {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// One request on a fresh connection (`Connection: close`) with a `Content-Length` body.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> HttpResponse {
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(ct) = content_type {
        head.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    head.push_str("\r\n");
    exchange(addr, head, body)
}

/// Sends `head` and then `body` (already framed) and reads the response to the end. The body
/// is written from another thread while the response is read, so a server that answers before
/// reading all of a large body (413) is heard rather than deadlocking on full socket buffers.
fn exchange(addr: SocketAddr, head: String, body: Vec<u8>) -> HttpResponse {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let sender = std::thread::spawn(move || {
        // The server may stop reading (and close) early; a failed write is not a failure here.
        let _ = writer.write_all(&body);
        let _ = writer.flush();
    });
    let mut raw = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
            // A reset after the response arrived (the server closed with body bytes unread).
            Err(_) if !raw.is_empty() => break,
            Err(e) => panic!("reading the response failed: {e}"),
        }
    }
    let _ = stream.shutdown(Shutdown::Both);
    sender.join().unwrap();
    parse_response(&raw)
}

fn parse_response(raw: &[u8]) -> HttpResponse {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in {:?}", String::from_utf8_lossy(raw)));
    let head = std::str::from_utf8(&raw[..split]).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .map(|l| {
            let (k, v) = l.split_once(':').unwrap();
            (k.trim().to_string(), v.trim().to_string())
        })
        .collect();
    let rest = &raw[split + 4..];
    let chunked = headers.iter().any(|(k, v)| {
        k.eq_ignore_ascii_case("transfer-encoding") && v.eq_ignore_ascii_case("chunked")
    });
    let body = if chunked {
        let mut body = Vec::new();
        let mut rest = rest;
        loop {
            let end = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size_text = std::str::from_utf8(&rest[..end]).unwrap();
            let size =
                usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
            rest = &rest[end + 2..];
            if size == 0 {
                break;
            }
            body.extend_from_slice(&rest[..size]);
            rest = &rest[size + 2..];
        }
        body
    } else {
        match headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        {
            Some((_, n)) => rest[..n.parse::<usize>().unwrap()].to_vec(),
            None => rest.to_vec(),
        }
    };
    HttpResponse {
        status,
        headers,
        body,
    }
}

/// The same order as serde types, to get serde_json's bytes for it.
mod serde_mirror {
    use serde::Serialize;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub id: uuid::Uuid,
        pub customer: String,
        pub placed_at_utc: chrono::DateTime<chrono::Utc>,
        pub items: Vec<LineItem>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub note: Option<String>,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    pub struct LineItem {
        pub name: String,
        pub quantity: u32,
        #[serde(with = "rust_decimal::serde::float")]
        pub unit_price: rust_decimal::Decimal,
    }

    pub fn of(o: &super::Order) -> Order {
        Order {
            id: o.id,
            customer: o.customer.clone(),
            placed_at_utc: o.placed_at_utc,
            items: o
                .items
                .iter()
                .map(|i| LineItem {
                    name: i.name.clone(),
                    quantity: i.quantity,
                    unit_price: i.unit_price,
                })
                .collect(),
            note: o.note.clone(),
        }
    }
}

fn serde_bytes(order: &Order) -> Vec<u8> {
    serde_json::to_vec(&serde_mirror::of(order)).unwrap()
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
    let body = json_runtime::to_vec(&order);
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
    let mut text = String::from_utf8(json_runtime::to_vec(&seed_order())).unwrap();
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
        json_runtime::to_vec(&order),
    );
    assert_eq!(res.status, 422);
    assert_eq!(res.json()["path"], "items[2].quantity");
}

#[test]
fn wrong_or_missing_content_type_is_415() {
    let addr = start();
    let body = json_runtime::to_vec(&seed_order());
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
    let body = json_runtime::to_vec(&order);
    assert!(body.len() > 10 * BODY_LIMIT / 2);
    let res = request(addr, "POST", "/order", Some("application/json"), body);
    assert_eq!(res.status, 413);
    assert!(res.json()["error"]
        .as_str()
        .unwrap()
        .contains("length limit"));

    // Just under the limit is read.
    let mut order = seed_order();
    let overhead = json_runtime::to_vec(&order).len();
    order.note = Some("y".repeat(BODY_LIMIT - overhead));
    let body = json_runtime::to_vec(&order);
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
    let json = json_runtime::to_vec(&order);
    let mut body = Vec::new();
    for part in json.chunks(64 * 1024) {
        body.extend_from_slice(format!("{:x}\r\n", part.len()).as_bytes());
        body.extend_from_slice(part);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(b"0\r\n\r\n");
    let head = format!(
        "POST /order HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
    );
    let res = exchange(addr, head, body);
    assert_eq!(res.status, 413);
    assert!(res.json()["error"]
        .as_str()
        .unwrap()
        .contains("length limit"));

    // A small chunked body is read as usual.
    let json = json_runtime::to_vec(&seed_order());
    let mut body = format!("{:x}\r\n", json.len()).into_bytes();
    body.extend_from_slice(&json);
    body.extend_from_slice(b"\r\n0\r\n\r\n");
    let head = format!(
        "POST /order HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n"
    );
    let res = exchange(addr, head, body);
    assert_eq!(res.status, 200);
    assert_eq!(res.body, json);
}
