//! A fixed-count write loop for instruction counting, where timings are too noisy:
//!
//! ```text
//! cargo build --release -p json-benches --example write_instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/write_instructions twitter pooled 100
//! ```
//!
//! Run it with a count of 0 and of N: the difference of the two totals over N is the cost of
//! one call. Payload: `twitter` or `order_small`; path: `vec` (`to_vec`), `pooled`
//! (`JsonBuffer::write`) or `pretty` (`to_vec_pretty`).
//!
//! The fallible write path (the `Writer` records an unserializable value and the error is
//! checked once per call) against the writer before it (which could not fail), instructions per call, each
//! measured twice with identical results (twitter x20, order_small x2000):
//!
//! | payload/path | before | after |
//! | --- | ---: | ---: |
//! | twitter/vec | 1,489,162 | 1,489,163 |
//! | twitter/pooled | 1,485,926 | 1,485,924 |
//! | twitter/pretty | 2,808,905 | 2,808,906 |
//! | order_small/vec | 2,807 | 2,807 |
//! | order_small/pooled | 2,004 | 2,004 |
//! | order_small/pretty | 4,077 | 4,081 |

use json_payloads::payloads::{self, seeds, twitter};
use json_runtime::{JsonBuffer, ToJson};

fn run<T: ToJson>(value: &T, path: &str, count: usize) -> usize {
    let mut total = 0;
    let mut buf = JsonBuffer::with_capacity(1 << 20);
    for _ in 0..count {
        total += match path {
            "vec" => json_runtime::to_vec(value).unwrap().len(),
            "pooled" => buf.write(value).unwrap().len(),
            "pretty" => json_runtime::to_vec_pretty(value).unwrap().len(),
            other => panic!("unknown path {other}: vec, pooled or pretty"),
        };
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (payload, path) = (args[1].as_str(), args[2].as_str());
    let count: usize = args[3].parse().expect("a count");
    let total = match payload {
        "twitter" => {
            let value: twitter::Twitter =
                json_runtime::from_slice(&payloads::TWITTER.load()).unwrap();
            run(&value, path, count)
        }
        "order_small" => {
            let value: seeds::order_small::Order =
                json_runtime::from_slice(&payloads::ORDER_SMALL.load()).unwrap();
            run(&value, path, count)
        }
        other => panic!("unknown payload {other}: twitter or order_small"),
    };
    println!("{payload}/{path} x{count}: {total} bytes");
}
