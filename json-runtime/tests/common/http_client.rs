// The minimal HTTP/1.1 client and the serde mirror of the order types that
// actix_service.rs and axum_service.rs share (included textually: it names the including
// test's `Order` and imports).

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

