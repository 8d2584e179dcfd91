//! The two traits `#[derive(FastJson)]` implements, and the two for map keys.

use crate::{Format, Reader, Result, Writer};

/// A type that writes itself as JSON. Derived by `#[derive(FastJson)]`; implement it by hand
/// for a custom JSON form.
///
/// ```
/// use json_runtime::{ToJson, Writer, Format};
/// struct Celsius(f64);
/// impl ToJson for Celsius {
///     fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
///         w.str(&format!("{}C", self.0));
///     }
/// }
/// assert_eq!(json_runtime::to_string(&Celsius(21.5)), r#""21.5C""#);
/// ```
pub trait ToJson {
    /// Appends this value's JSON.
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>);
}

/// A type that reads itself from JSON. Derived by `#[derive(FastJson)]`; implement it by hand
/// for a custom JSON form. `'de` is the input's lifetime, for types that borrow from it.
///
/// ```
/// use json_runtime::{FromJson, Reader, Result};
/// struct Celsius(f64);
/// impl<'de> FromJson<'de> for Celsius {
///     fn read_json(r: &mut Reader<'de>) -> Result<Self> {
///         let s = r.read_str()?;
///         match s.strip_suffix('C').and_then(|n| n.parse().ok()) {
///             Some(v) => Ok(Celsius(v)),
///             None => Err(r.error("expected a temperature like \"21.5C\"")),
///         }
///     }
/// }
/// assert_eq!(json_runtime::from_str::<Celsius>(r#""21.5C""#).unwrap().0, 21.5);
/// ```
pub trait FromJson<'de>: Sized {
    /// Reads one value at the reader's cursor.
    fn read_json(r: &mut Reader<'de>) -> Result<Self>;

    /// The value for a struct field that is absent from the input. An error by default;
    /// `Option` gives `None` (as serde does).
    #[inline]
    fn missing_field(r: &Reader<'de>, name: &'static str) -> Result<Self> {
        Err(r.missing_field(name))
    }
}

/// A type usable as a JSON object key when writing (keys are always strings in JSON).
pub trait ToJsonKey {
    /// Writes the key as a quoted JSON string.
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>);
}

/// A type that can be read from a JSON object key.
pub trait FromJsonKey<'de>: Sized {
    /// Reads the key (a string) at the cursor.
    fn read_key(r: &mut Reader<'de>) -> Result<Self>;
}

#[allow(dead_code)]
#[cfg(feature = "std")]
fn _assert_error_traits()
where
    crate::Error: Send + Sync + 'static + std::error::Error,
{
}
