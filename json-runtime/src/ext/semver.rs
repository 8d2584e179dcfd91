//! `semver::Version`, `VersionReq` and `Comparator` as semver's serde impl writes and reads
//! them with serde_json: their `Display` text as a string (`"1.2.3-rc.1+build.5"`,
//! `">=1.2.3, <2.0.0"`), read from a string with `FromStr` (a parse error is a data error with
//! semver's message). They are map keys too, as serde_json allows for string-like types.
//!
//! ```
//! # #[cfg(feature = "semver")] {
//! use semver::{Version, VersionReq};
//! let v = Version::parse("1.2.3-rc.1").unwrap();
//! assert_eq!(json_runtime::to_string(&v).unwrap(), r#""1.2.3-rc.1""#);
//! assert_eq!(json_runtime::from_str::<Version>(r#""1.2.3-rc.1""#).unwrap(), v);
//! let req: VersionReq = json_runtime::from_str(r#""^1.2""#).unwrap();
//! assert!(req.matches(&Version::new(1, 4, 0)));
//! assert!(json_runtime::from_str::<Version>(r#""1.2""#).is_err());
//! # }
//! ```

// A std-only module (its feature implies `std`).
#[allow(unused_imports)]
use std::prelude::rust_2021::*;
#[allow(unused_imports)]
use std::thread_local;

use semver::{Comparator, Version, VersionReq};

super::display_from_str! {
    Version, 64, "semver version";
    VersionReq, 64, "semver version";
    Comparator, 64, "semver comparator";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_leave_the_stack_buffer() {
        let text = format!("1.2.3-{}", "a".repeat(100));
        let v = Version::parse(&text).unwrap();
        let json = crate::to_string(&v).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(crate::from_str::<Version>(&json).unwrap(), v);
    }
}
