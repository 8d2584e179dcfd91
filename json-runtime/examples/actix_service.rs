//! The order service of `order_service.rs` on actix-web: `GET /order` serves the current order
//! (the seed order to begin with), `POST /order` validates an order and makes it the current
//! one. Same types, same JSON, same rejections; only the framework differs.
//!
//! ```text
//! cargo run -p json-runtime --example actix_service --features actix,uuid,chrono,rust_decimal -- 127.0.0.1:3000
//! curl -s localhost:3000/order
//! curl -s -XPOST -H 'content-type: application/json' -d @order.json localhost:3000/order
//! ```
//!
//! The address comes from the first argument, else `ORDER_SERVICE_ADDR`, else `127.0.0.1:0`
//! (a free port); the bound address is printed. Bodies over 1 MiB get 413.

use std::sync::Mutex;

use actix_web::dev::Server;
use actix_web::http::StatusCode;
use actix_web::{web, App, Either, HttpServer, Responder};
use chrono::{DateTime, TimeZone, Utc};
use json_runtime::actix::{FastJson, FastJsonConfig};
use rust_decimal::Decimal;
use uuid::Uuid;

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 1 << 20;

/// An order, in the seed's JSON shape (`order_small.json`).
#[derive(Debug, Clone, PartialEq, json_runtime::FastJson)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: Uuid,
    pub customer: String,
    pub placed_at_utc: DateTime<Utc>,
    pub items: Vec<LineItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One line of an order. The price is a `Decimal` written as a JSON number, as in the seed.
#[derive(Debug, Clone, PartialEq, json_runtime::FastJson)]
#[serde(rename_all = "camelCase")]
pub struct LineItem {
    pub name: String,
    pub quantity: u32,
    #[fastjson(with = "json_runtime::ext::decimal::float")]
    pub unit_price: Decimal,
}

/// The error body of a rejected order (the same shape as `FastJson`'s own rejections).
#[derive(Debug, json_runtime::FastJson)]
pub struct ApiError {
    pub error: String,
    pub line: u32,
    pub column: u32,
    pub path: String,
}

/// The seed order of `order_small.json`.
pub fn seed_order() -> Order {
    Order {
        id: Uuid::from_u128(0x8a1f6c2e_0b3d_4e5a_9c7f_112233445566),
        customer: "Acme Robotics".into(),
        placed_at_utc: Utc.with_ymd_and_hms(2026, 11, 6, 7, 10, 0).unwrap(),
        items: vec![
            LineItem {
                name: "Servo motor".into(),
                quantity: 4,
                unit_price: Decimal::new(235, 1),
            },
            LineItem {
                name: "Control board".into(),
                quantity: 1,
                unit_price: Decimal::new(1890, 1),
            },
            LineItem {
                name: "Cable harness".into(),
                quantity: 2,
                unit_price: Decimal::new(725, 2),
            },
        ],
        note: Some("Leave at the loading dock".into()),
    }
}

type Shared = web::Data<Mutex<Order>>;

async fn get_order(current: Shared) -> FastJson<Order> {
    FastJson(current.lock().unwrap().clone())
}

/// The same business rules as the axum service (at least one item, positive quantities, no
/// negative prices): a 422 with the path of the offending field.
fn validate(order: &Order) -> Result<(), ApiError> {
    let reject = |error: &str, path: String| ApiError {
        error: error.into(),
        line: 0,
        column: 0,
        path,
    };
    if order.items.is_empty() {
        return Err(reject("an order needs at least one item", "items".into()));
    }
    for (i, item) in order.items.iter().enumerate() {
        if item.quantity == 0 {
            return Err(reject(
                "quantity must be positive",
                format!("items[{i}].quantity"),
            ));
        }
        if item.unit_price.is_sign_negative() {
            return Err(reject(
                "unitPrice must not be negative",
                format!("items[{i}].unitPrice"),
            ));
        }
    }
    Ok(())
}

type OrderOrError = Either<FastJson<Order>, (FastJson<ApiError>, StatusCode)>;

async fn post_order(current: Shared, FastJson(order): FastJson<Order>) -> OrderOrError {
    match validate(&order) {
        Ok(()) => {
            *current.lock().unwrap() = order.clone();
            Either::Left(FastJson(order))
        }
        Err(e) => Either::Right((FastJson(e), StatusCode::UNPROCESSABLE_ENTITY)),
    }
}

/// The service's routes, with the body limit, on a listener; run the returned server (on an
/// actix system) to serve.
pub fn server(listener: std::net::TcpListener) -> std::io::Result<Server> {
    let current: Shared = web::Data::new(Mutex::new(seed_order()));
    let server = HttpServer::new(move || {
        App::new()
            .app_data(current.clone())
            .app_data(FastJsonConfig::default().limit(BODY_LIMIT))
            .route("/order", web::get().to(get_order))
            .route("/order", web::post().to(post_order))
            .route("/seed", web::get().to(seed))
    })
    .workers(1)
    .listen(listener)?
    .run();
    Ok(server)
}

/// `GET /seed`: a handler may return `impl Responder` too.
async fn seed() -> impl Responder {
    FastJson(seed_order())
}

fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("ORDER_SERVICE_ADDR").ok())
        .unwrap_or_else(|| "127.0.0.1:0".into());
    let listener = std::net::TcpListener::bind(&addr)?;
    println!(
        "actix_service listening on http://{}",
        listener.local_addr()?
    );
    actix_web::rt::System::new().block_on(server(listener)?)
}
