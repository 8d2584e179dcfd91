//! Differential tests of the `uuid`, `chrono`, `time` and `rust_decimal` impls of json-runtime
//! against each crate's own serde impl run through serde_json: the same bytes on writing
//! (compact and pretty), the same Ok/Err (and error category) and the same values on reading,
//! for generated values and for generated, often malformed, input.

use std::fmt::Debug;

use json_runtime::{Compact, Pretty, Reader, Writer};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod ext_common;
use ext_common::*;

// ---- helpers ---------------------------------------------------------------------------------

/// A `with` module: the write and read functions and a serde newtype using the serde module.
trait WithModule {
    type T: PartialEq + Debug;
    type Serde: Serialize + DeserializeOwned + Debug;
    fn wrap(v: Self::T) -> Self::Serde;
    fn unwrap(s: Self::Serde) -> Self::T;
    fn write<F: json_runtime::Format>(v: &Self::T, w: &mut Writer<'_, F>);
    fn read(r: &mut Reader<'_>) -> json_runtime::Result<Self::T>;
}

fn check_with_write<M: WithModule>(v: M::T) -> std::result::Result<(), TestCaseError> {
    let mut ours = Vec::new();
    M::write(&v, &mut Writer::<Compact>::new(&mut ours));
    let mut ours_pretty = Vec::new();
    M::write(&v, &mut Writer::<Pretty>::new(&mut ours_pretty));
    let wrapped = M::wrap(v);
    let theirs = serde_json::to_vec(&wrapped).unwrap();
    prop_assert_eq!(
        String::from_utf8(ours.clone()).unwrap(),
        String::from_utf8(theirs).unwrap(),
        "{:?}",
        wrapped
    );
    prop_assert_eq!(ours, ours_pretty);
    Ok(())
}

fn check_with_read<M: WithModule>(input: &[u8]) -> std::result::Result<(), TestCaseError> {
    let mut r = Reader::new(input);
    let ours = M::read(&mut r).and_then(|v| r.end().map(|()| v));
    let theirs = serde_json::from_slice::<M::Serde>(input).map(M::unwrap);
    same_result(input, ours, theirs)
}

// ---- uuid ------------------------------------------------------------------------------------

mod uuid_tests {
    use super::*;
    use uuid::Uuid;

    fn uuid_text() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<u128>().prop_map(|v| Uuid::from_u128(v).hyphenated().to_string()),
            any::<u128>().prop_map(|v| Uuid::from_u128(v).simple().to_string()),
            any::<u128>().prop_map(|v| Uuid::from_u128(v).braced().to_string()),
            any::<u128>().prop_map(|v| Uuid::from_u128(v).urn().to_string().to_uppercase()),
            any::<u128>().prop_map(|v| Uuid::from_u128(v).hyphenated().to_string().to_uppercase()),
            "[0-9a-fA-F{}:urnidURNID-]{0,46}",
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-fg]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
            "\\{?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\\}?",
            ".{0,40}",
        ]
    }

    proptest! {
        #[test]
        fn write(v in any::<u128>()) {
            check_write(&Uuid::from_u128(v))?;
        }

        #[test]
        fn read_text(s in uuid_text(), escape_all in any::<bool>()) {
            check_read::<Uuid>(&json_string(&s, escape_all))?;
        }

        #[test]
        fn roundtrip(v in any::<u128>()) {
            let id = Uuid::from_u128(v);
            prop_assert_eq!(json_runtime::from_slice::<Uuid>(&json_runtime::to_vec(&id).unwrap()).unwrap(), id);
        }
    }

    #[test]
    fn read_non_strings() {
        for s in NON_STRINGS {
            check_read::<Uuid>(s.as_bytes()).unwrap();
        }
    }
}

// ---- chrono ----------------------------------------------------------------------------------

mod chrono_tests {
    use super::*;
    use chrono::{
        DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike,
        Utc,
    };

    fn nanos() -> impl Strategy<Value = u32> {
        prop_oneof![
            Just(0u32),
            (0..1000u32).prop_map(|v| v * 1_000_000),
            (0..1_000_000u32).prop_map(|v| v * 1000),
            0..1_000_000_000u32,
        ]
    }

    fn naive_date() -> impl Strategy<Value = NaiveDate> {
        let min = NaiveDate::MIN.num_days_from_ce() + 2;
        let max = NaiveDate::MAX.num_days_from_ce() - 2;
        prop_oneof![
            (min..=max).prop_map(|d| NaiveDate::from_num_days_from_ce_opt(d).unwrap()),
            // Years 0..=9999, where most dates are.
            (1..=3_652_059i32).prop_map(|d| NaiveDate::from_num_days_from_ce_opt(d).unwrap()),
        ]
    }

    fn naive_time() -> impl Strategy<Value = NaiveTime> {
        (0..24u32, 0..60u32, 0..60u32, nanos(), any::<bool>()).prop_map(|(h, m, s, n, leap)| {
            // chrono keeps a leap second as second 59 with a fraction of 1e9 or more.
            if leap && s == 59 {
                NaiveTime::from_hms_nano_opt(h, m, 59, n + 1_000_000_000).unwrap()
            } else {
                NaiveTime::from_hms_nano_opt(h, m, s, n).unwrap()
            }
        })
    }

    fn naive_date_time() -> impl Strategy<Value = NaiveDateTime> {
        (naive_date(), naive_time()).prop_map(|(d, t)| d.and_time(t))
    }

    fn offset() -> impl Strategy<Value = FixedOffset> {
        prop_oneof![
            Just(0i32),
            (-23..=23i32).prop_map(|h| h * 3600),
            (-95..=95i32).prop_map(|q| q * 900),
            -86_399..=86_399i32,
        ]
        .prop_map(|s| FixedOffset::east_opt(s).unwrap())
    }

    /// Text near the RFC 3339 shape: sometimes right, often off in one component.
    fn datetime_text() -> impl Strategy<Value = String> {
        let year = prop_oneof![
            (0..=9999u32).prop_map(|y| format!("{y:04}")),
            "[+-][0-9]{4,6}",
            "[0-9]{1,5}"
        ];
        let two = |max: u32| {
            prop_oneof![
                4 => (0..=max).prop_map(|v| format!("{v:02}")),
                1 => "[0-9]{1,3}",
            ]
        };
        let frac = prop_oneof![Just(String::new()), "\\.[0-9]{1,12}", Just(".".to_string()),];
        let sep = prop_oneof![8 => Just("T"), 1 => Just("t"), 1 => Just(" "), 1 => Just("x")];
        let off = prop_oneof![
            Just("Z".to_string()),
            Just("z".to_string()),
            Just("-00:00".to_string()),
            Just("UTC".to_string()),
            (any::<bool>(), 0..=25u32, 0..=61u32)
                .prop_map(|(neg, h, m)| format!("{}{h:02}:{m:02}", if neg { '-' } else { '+' })),
            "[+-][0-9]{2,4}",
            Just(String::new()),
        ];
        (
            year,
            two(13),
            two(32),
            sep,
            (two(24), two(60), two(61)),
            frac,
            off,
            prop_oneof![8 => Just(""), 1 => Just(" "), 1 => Just("x")],
        )
            .prop_map(|(y, mo, d, sep, (h, mi, s), frac, off, tail)| {
                format!("{y}-{mo}-{d}{sep}{h}:{mi}:{s}{frac}{off}{tail}")
            })
    }

    proptest! {
        #[test]
        fn write_datetime_utc(dt in naive_date_time()) {
            check_write(&Utc.from_utc_datetime(&dt))?;
        }

        #[test]
        fn write_datetime_fixed(dt in naive_date_time(), off in offset()) {
            check_write(&off.from_utc_datetime(&dt))?;
        }

        #[test]
        fn write_naive(dt in naive_date_time()) {
            check_write(&dt)?;
            check_write(&dt.date())?;
            check_write(&dt.time())?;
        }

        #[test]
        fn read_written(dt in naive_date_time(), off in offset()) {
            let fixed = off.from_utc_datetime(&dt);
            let text = serde_json::to_vec(&fixed).unwrap();
            check_read::<DateTime<FixedOffset>>(&text)?;
            check_read::<DateTime<Utc>>(&text)?;
            check_read::<NaiveDateTime>(&serde_json::to_vec(&dt).unwrap())?;
            check_read::<NaiveDate>(&serde_json::to_vec(&dt.date()).unwrap())?;
            check_read::<NaiveTime>(&serde_json::to_vec(&dt.time()).unwrap())?;
        }

        #[test]
        fn read_text(s in datetime_text(), escape_all in any::<bool>()) {
            let json = json_string(&s, escape_all);
            check_read::<DateTime<FixedOffset>>(&json)?;
            check_read::<DateTime<Utc>>(&json)?;
            check_read::<NaiveDateTime>(&json)?;
        }

        #[test]
        fn read_date_and_time_text(s in datetime_text()) {
            // Split off the date and the time parts, to feed NaiveDate and NaiveTime.
            let (date, time) = s.split_at(s.len().min(10));
            check_read::<NaiveDate>(&json_string(date, false))?;
            check_read::<NaiveTime>(&json_string(time.get(1..).unwrap_or(""), false))?;
            check_read::<NaiveDate>(&json_string(&s, false))?;
            check_read::<NaiveTime>(&json_string(&s, false))?;
        }
    }

    #[test]
    fn leap_second_and_edges() {
        let leap = NaiveDate::from_ymd_opt(2016, 12, 31)
            .unwrap()
            .and_hms_nano_opt(23, 59, 59, 1_500_000_000)
            .unwrap();
        assert_eq!(leap.nanosecond(), 1_500_000_000);
        for dt in [leap, NaiveDateTime::MIN, NaiveDateTime::MAX] {
            check_write(&dt).unwrap();
            check_write(&Utc.from_utc_datetime(&dt)).unwrap();
        }
        for s in NON_STRINGS {
            check_read::<DateTime<Utc>>(s.as_bytes()).unwrap();
            check_read::<DateTime<FixedOffset>>(s.as_bytes()).unwrap();
            check_read::<NaiveDate>(s.as_bytes()).unwrap();
            check_read::<NaiveTime>(s.as_bytes()).unwrap();
            check_read::<NaiveDateTime>(s.as_bytes()).unwrap();
        }
    }
}

// ---- time ------------------------------------------------------------------------------------

mod time_tests {
    use super::*;
    use time::{Date, OffsetDateTime, Time, UtcOffset};

    fn offset_date_time() -> impl Strategy<Value = OffsetDateTime> {
        let date = (Date::MIN.to_julian_day()..=Date::MAX.to_julian_day())
            .prop_map(|d| Date::from_julian_day(d).unwrap());
        let nanos = prop_oneof![
            Just(0u32),
            (0..1000u32).prop_map(|v| v * 1_000_000),
            0..1_000_000_000u32
        ];
        let time = (0..24u8, 0..60u8, 0..60u8, nanos)
            .prop_map(|(h, m, s, n)| Time::from_hms_nano(h, m, s, n).unwrap());
        let offset = prop_oneof![
            Just(0i32),
            (-23..=23i32).prop_map(|h| h * 3600),
            (-92..=92i32).prop_map(|q| q * 900),
            -93_599..=93_599i32,
        ]
        .prop_map(|s| UtcOffset::from_whole_seconds(s).unwrap());
        (date, time, offset).prop_map(|(d, t, o)| d.with_time(t).assume_offset(o))
    }

    /// Arrays near time's 9-tuple: right or wrong in length, range and number kind.
    fn tuple_text() -> impl Strategy<Value = String> {
        let num = prop_oneof![
            4 => (-10..100i64).prop_map(|v| v.to_string()),
            1 => (-20_000..20_000i64).prop_map(|v| v.to_string()),
            1 => (0..2_000_000_000i64).prop_map(|v| v.to_string()),
            1 => Just("1.0".to_string()),
            1 => Just("\"1\"".to_string()),
            1 => Just("null".to_string()),
        ];
        prop::collection::vec(num, 0..11).prop_map(|v| format!("[{}]", v.join(",")))
    }

    fn rfc3339_text() -> impl Strategy<Value = String> {
        (
            prop_oneof![
                (0..=9999u32).prop_map(|y| format!("{y:04}")),
                "[+-]?[0-9]{3,6}"
            ],
            (0..=13u32, 0..=32u32),
            prop_oneof![Just('T'), Just('t'), Just(' '), Just('x')],
            (0..=24u32, 0..=60u32, 0..=61u32),
            prop_oneof![Just(String::new()), "\\.[0-9]{0,12}"],
            prop_oneof![
                Just("Z".to_string()),
                Just("z".to_string()),
                Just("-00:00".to_string()),
                "[+-][0-9]{2}:[0-9]{2}",
                "[+-][0-9]{1,4}",
                Just(String::new()),
            ],
        )
            .prop_map(|(y, (mo, d), sep, (h, mi, s), frac, off)| {
                format!("{y}-{mo:02}-{d:02}{sep}{h:02}:{mi:02}:{s:02}{frac}{off}")
            })
    }

    #[derive(Serialize, Deserialize, Debug)]
    struct Rfc3339(#[serde(with = "time::serde::rfc3339")] OffsetDateTime);
    #[derive(Serialize, Deserialize, Debug)]
    struct Rfc3339Opt(#[serde(with = "time::serde::rfc3339::option")] Option<OffsetDateTime>);

    struct WithRfc3339;
    impl WithModule for WithRfc3339 {
        type T = OffsetDateTime;
        type Serde = Rfc3339;
        fn wrap(v: OffsetDateTime) -> Rfc3339 {
            Rfc3339(v)
        }
        fn unwrap(s: Rfc3339) -> OffsetDateTime {
            s.0
        }
        fn write<F: json_runtime::Format>(v: &OffsetDateTime, w: &mut Writer<'_, F>) {
            json_runtime::ext::time::rfc3339::write_json(v, w)
        }
        fn read(r: &mut Reader<'_>) -> json_runtime::Result<OffsetDateTime> {
            json_runtime::ext::time::rfc3339::read_json(r)
        }
    }

    struct WithRfc3339Opt;
    impl WithModule for WithRfc3339Opt {
        type T = Option<OffsetDateTime>;
        type Serde = Rfc3339Opt;
        fn wrap(v: Option<OffsetDateTime>) -> Rfc3339Opt {
            Rfc3339Opt(v)
        }
        fn unwrap(s: Rfc3339Opt) -> Option<OffsetDateTime> {
            s.0
        }
        fn write<F: json_runtime::Format>(v: &Option<OffsetDateTime>, w: &mut Writer<'_, F>) {
            json_runtime::ext::time::rfc3339::option::write_json(v, w)
        }
        fn read(r: &mut Reader<'_>) -> json_runtime::Result<Option<OffsetDateTime>> {
            json_runtime::ext::time::rfc3339::option::read_json(r)
        }
    }

    /// What RFC 3339 can express (serde_json fails on the rest).
    fn rfc3339_expressible(v: &OffsetDateTime) -> bool {
        (0..=9999).contains(&v.year())
            && v.offset().seconds_past_minute() == 0
            && v.offset().whole_hours().abs() <= 23
    }

    proptest! {
        #[test]
        fn write_tuple(v in offset_date_time()) {
            check_write(&v)?;
        }

        #[test]
        fn read_tuple_written(v in offset_date_time()) {
            check_read::<OffsetDateTime>(&serde_json::to_vec(&v).unwrap())?;
            check_read::<OffsetDateTime>(&serde_json::to_vec_pretty(&v).unwrap())?;
        }

        #[test]
        fn read_tuple_text(s in tuple_text()) {
            check_read::<OffsetDateTime>(s.as_bytes())?;
        }

        #[test]
        fn write_rfc3339(v in offset_date_time()) {
            if rfc3339_expressible(&v) {
                check_with_write::<WithRfc3339>(v)?;
                check_with_write::<WithRfc3339Opt>(Some(v))?;
                let text = serde_json::to_vec(&Rfc3339(v)).unwrap();
                check_with_read::<WithRfc3339>(&text)?;
            } else {
                // serde_json fails; ours writes an extended form that reads back as an error.
                prop_assert!(serde_json::to_vec(&Rfc3339(v)).is_err());
                let mut out = Vec::new();
                WithRfc3339::write(&v, &mut Writer::<Compact>::new(&mut out));
                check_with_read::<WithRfc3339>(&out)?;
            }
        }

        #[test]
        fn read_rfc3339_text(s in rfc3339_text(), escape_all in any::<bool>()) {
            let json = json_string(&s, escape_all);
            check_with_read::<WithRfc3339>(&json)?;
            check_with_read::<WithRfc3339Opt>(&json)?;
        }
    }

    #[test]
    fn rfc3339_option_and_non_strings() {
        check_with_write::<WithRfc3339Opt>(None).unwrap();
        for s in NON_STRINGS {
            check_with_read::<WithRfc3339>(s.as_bytes()).unwrap();
            check_with_read::<WithRfc3339Opt>(s.as_bytes()).unwrap();
            check_read::<OffsetDateTime>(s.as_bytes()).unwrap();
        }
    }
}

// ---- rust_decimal ----------------------------------------------------------------------------

mod decimal_tests {
    use super::*;
    use rust_decimal::Decimal;

    fn decimal() -> impl Strategy<Value = Decimal> {
        let mantissa = prop_oneof![
            Just(0u128),
            0..1000u128,
            0..1_000_000_000_000u128,
            0..(1u128 << 96),
        ];
        (mantissa, 0..=28u32, any::<bool>()).prop_map(|(m, scale, neg)| {
            Decimal::from_parts(m as u32, (m >> 32) as u32, (m >> 64) as u32, neg, scale)
        })
    }

    /// Number and string text near what Decimal reads.
    fn decimal_text() -> impl Strategy<Value = String> {
        prop_oneof![
            "-?[0-9]{1,30}",
            "-?[0-9]{1,20}\\.[0-9]{1,30}",
            "-?[0-9]{1,3}(\\.[0-9]{1,5})?[eE][+-]?[0-9]{1,3}",
            "-?0\\.0{0,30}[1-9]{1,5}",
            // The fast path for short float text (at most 15 significant digits).
            "-?(0|[1-9][0-9]{0,9})\\.[0-9]{1,10}0{0,3}",
            "-?0\\.0{0,22}[1-9][0-9]{0,4}",
            any::<f64>().prop_map(|v| v.to_string()),
            any::<i64>().prop_map(|v| v.to_string()),
            any::<u64>().prop_map(|v| v.to_string()),
            "[-+0-9.eE_ ]{0,12}",
        ]
    }

    #[derive(Serialize, Deserialize, Debug)]
    struct Float(#[serde(with = "rust_decimal::serde::float")] Decimal);
    #[derive(Serialize, Deserialize, Debug)]
    struct FloatOpt(#[serde(with = "rust_decimal::serde::float_option")] Option<Decimal>);
    #[derive(Serialize, Deserialize, Debug)]
    struct Str(#[serde(with = "rust_decimal::serde::str")] Decimal);
    #[derive(Serialize, Deserialize, Debug)]
    struct StrOpt(#[serde(with = "rust_decimal::serde::str_option")] Option<Decimal>);

    macro_rules! with_module {
        ($name:ident, $t:ty, $serde:ident, $module:path) => {
            struct $name;
            impl WithModule for $name {
                type T = $t;
                type Serde = $serde;
                fn wrap(v: $t) -> $serde {
                    $serde(v)
                }
                fn unwrap(s: $serde) -> $t {
                    s.0
                }
                fn write<F: json_runtime::Format>(v: &$t, w: &mut Writer<'_, F>) {
                    use $module as m;
                    m::write_json(v, w)
                }
                fn read(r: &mut Reader<'_>) -> json_runtime::Result<$t> {
                    use $module as m;
                    m::read_json(r)
                }
            }
        };
    }
    with_module!(WithFloat, Decimal, Float, json_runtime::ext::decimal::float);
    with_module!(
        WithFloatOpt,
        Option<Decimal>,
        FloatOpt,
        json_runtime::ext::decimal::float::option
    );
    with_module!(WithStr, Decimal, Str, json_runtime::ext::decimal::str);
    with_module!(
        WithStrOpt,
        Option<Decimal>,
        StrOpt,
        json_runtime::ext::decimal::str::option
    );

    proptest! {
        #[test]
        fn write(d in decimal()) {
            check_write(&d)?;
            check_with_write::<WithFloat>(d)?;
            check_with_write::<WithFloatOpt>(Some(d))?;
            check_with_write::<WithStr>(d)?;
            check_with_write::<WithStrOpt>(Some(d))?;
        }

        #[test]
        fn read_written(d in decimal()) {
            let s = serde_json::to_vec(&d).unwrap();
            check_read::<Decimal>(&s)?;
            check_with_read::<WithStr>(&s)?;
            let f = serde_json::to_vec(&Float(d)).unwrap();
            check_read::<Decimal>(&f)?;
            check_with_read::<WithFloat>(&f)?;
            check_with_read::<WithFloatOpt>(&f)?;
            check_with_read::<WithStr>(&f)?;
        }

        #[test]
        fn read_text(s in decimal_text(), escape_all in any::<bool>()) {
            // As a JSON number (when it is one) and as a JSON string.
            for json in [s.clone().into_bytes(), json_string(&s, escape_all)] {
                check_read::<Decimal>(&json)?;
                check_with_read::<WithFloat>(&json)?;
                check_with_read::<WithFloatOpt>(&json)?;
                check_with_read::<WithStr>(&json)?;
                check_with_read::<WithStrOpt>(&json)?;
            }
        }
    }

    #[test]
    fn edges() {
        for d in [
            Decimal::MAX,
            Decimal::MIN,
            Decimal::ZERO,
            -Decimal::ZERO,
            Decimal::new(-1, 28),
        ] {
            check_write(&d).unwrap();
            check_with_write::<WithFloat>(d).unwrap();
        }
        check_with_write::<WithFloatOpt>(None).unwrap();
        check_with_write::<WithStrOpt>(None).unwrap();
        // A float beyond Decimal's range: the message shows it as serde_json prints floats.
        for s in ["1e30", "-1.5e40", "1e300"] {
            let ours = json_runtime::from_str::<Decimal>(s)
                .unwrap_err()
                .to_string();
            let theirs = serde_json::from_str::<Decimal>(s).unwrap_err().to_string();
            assert_eq!(ours, theirs, "{s}");
        }
        for s in NON_STRINGS {
            let s = s.as_bytes();
            check_read::<Decimal>(s).unwrap();
            check_with_read::<WithFloat>(s).unwrap();
            check_with_read::<WithFloatOpt>(s).unwrap();
            check_with_read::<WithStr>(s).unwrap();
            check_with_read::<WithStrOpt>(s).unwrap();
        }
    }
}
