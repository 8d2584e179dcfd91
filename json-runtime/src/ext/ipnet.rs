//! `ipnet::IpNet`, `Ipv4Net` and `Ipv6Net` as ipnet's serde impl writes and reads them with
//! serde_json (a human-readable format): the `Display` text as a string (`"10.1.0.0/16"`,
//! `"fd00::/8"`), read from a string with `FromStr`. Map keys too.
//!
//! ```
//! # #[cfg(feature = "ipnet")] {
//! use ipnet::IpNet;
//! let net: IpNet = "10.1.0.0/16".parse().unwrap();
//! assert_eq!(json_runtime::to_string(&net).unwrap(), r#""10.1.0.0/16""#);
//! assert_eq!(json_runtime::from_str::<IpNet>(r#""10.1.0.0/16""#).unwrap(), net);
//! assert!(json_runtime::from_str::<IpNet>(r#""10.1.0.0/33""#).is_err());
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use ipnet::{IpNet, Ipv4Net, Ipv6Net};

super::display_from_str! {
    IpNet, 48, "IPv4 or IPv6 network address";
    Ipv4Net, 24, "IPv4 network address";
    Ipv6Net, 48, "IPv6 network address";
}
