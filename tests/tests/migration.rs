//! Migrating from serde_json is replacing the path: the same program, written once against a
//! module alias `json`, compiles with `json` = `serde_json` and with `json` = `json_runtime`,
//! and both give the same results (`?` on every entry point, the error's category, line and
//! column, the kind of an I/O error).

use json_runtime::FastJson;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, FastJson, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Order {
    order_id: u64,
    items: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// What each program reports, for comparing the two.
#[derive(Debug, PartialEq)]
struct Outcome {
    compact: String,
    pretty: Vec<u8>,
    streamed: Vec<u8>,
    eof: (bool, usize, usize),
    syntax_is_syntax: bool,
    data_is_data: bool,
    io_kind: Option<std::io::ErrorKind>,
}

macro_rules! program {
    () => {
        use std::io::{self, Write};

        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::WriteZero, "full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }

        fn round_trip(order: &Order) -> json::Result<Order> {
            let bytes = json::to_vec(order)?;
            let back: Order = json::from_slice(&bytes)?;
            let text = json::to_string(&back)?;
            json::from_str(&text)
        }

        pub fn run() -> Result<super::Outcome, Box<dyn std::error::Error>> {
            let order = Order {
                order_id: 7,
                items: vec!["tea".into(), "milk".into()],
                note: None,
            };
            assert_eq!(round_trip(&order)?, order);
            let compact = json::to_string(&order)?;
            let pretty = json::to_vec_pretty(&order)?;
            assert_eq!(json::to_string_pretty(&order)?.as_bytes(), &pretty[..]);
            let mut streamed = Vec::new();
            json::to_writer(&mut streamed, &order)?;
            json::to_writer_pretty(&mut streamed, &order)?;
            let read: Order = json::from_reader(&streamed[..compact.len()])?;
            assert_eq!(read, order);

            let eof = json::from_str::<Order>("{\"orderId\":1,").unwrap_err();
            let syntax = json::from_str::<Order>("{\"orderId\":1}x").unwrap_err();
            let data = json::from_str::<Order>("{\"orderId\":\"1\"}").unwrap_err();
            let io = json::to_writer(Full, &order).unwrap_err();
            let as_io: io::Error = eof.classify_into_io();
            assert_eq!(as_io.kind(), io::ErrorKind::UnexpectedEof);
            let eof = json::from_str::<Order>("{\"orderId\":1,").unwrap_err();
            Ok(super::Outcome {
                compact,
                pretty,
                streamed,
                eof: (eof.is_eof(), eof.line(), eof.column()),
                syntax_is_syntax: syntax.is_syntax(),
                data_is_data: data.is_data(),
                io_kind: io.io_error_kind(),
            })
        }
    };
}

/// `io::Error::from(err)`, spelled the same for both error types.
trait IntoIo {
    fn classify_into_io(self) -> std::io::Error;
}
impl IntoIo for serde_json::Error {
    fn classify_into_io(self) -> std::io::Error {
        self.into()
    }
}
impl IntoIo for json_runtime::Error {
    fn classify_into_io(self) -> std::io::Error {
        self.into()
    }
}

mod with_serde_json {
    use super::{IntoIo, Order};
    use serde_json as json;
    program!();
}

mod with_fastjson {
    use super::{IntoIo, Order};
    use json_runtime as json;
    program!();
}

#[test]
fn the_same_program_runs_on_both() {
    let theirs = with_serde_json::run().unwrap();
    let ours = with_fastjson::run().unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.compact, r#"{"orderId":7,"items":["tea","milk"]}"#);
}

#[test]
fn categories_are_serde_jsons() {
    use json_runtime::error::Category as Ours;
    use serde_json::error::Category as Theirs;
    for input in [
        "",
        "[",
        "{\"orderId\":",
        "]",
        "{\"orderId\":1}x",
        "{\"orderId\":-1}",
        "{}",
    ] {
        let ours = json_runtime::from_str::<Order>(input).unwrap_err();
        let theirs = serde_json::from_str::<Order>(input).unwrap_err();
        let same = matches!(
            (ours.classify(), theirs.classify()),
            (Ours::Io, Theirs::Io)
                | (Ours::Syntax, Theirs::Syntax)
                | (Ours::Data, Theirs::Data)
                | (Ours::Eof, Theirs::Eof)
        );
        assert!(same, "{input:?}: {ours:?} vs {theirs:?}");
        assert_eq!(
            (ours.line(), ours.column()),
            (theirs.line(), theirs.column())
        );
    }
}

/// A difference on purpose: our `source()` of an I/O error is the `io::Error` itself;
/// serde_json's is that `io::Error`'s own source (none for an error made from a message).
#[test]
fn source_of_an_io_error_is_the_io_error() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::new(std::io::ErrorKind::WriteZero, "full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let ours = json_runtime::to_writer(Full, &1u8).unwrap_err();
    let source = std::error::Error::source(&ours).expect("the io::Error");
    let io = source
        .downcast_ref::<std::io::Error>()
        .expect("an io::Error");
    assert_eq!(io.kind(), std::io::ErrorKind::WriteZero);
    let theirs = serde_json::to_writer(Full, &1u8).unwrap_err();
    assert!(std::error::Error::source(&theirs).is_none());
}
