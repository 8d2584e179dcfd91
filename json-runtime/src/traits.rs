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
/// assert_eq!(json_runtime::to_string(&Celsius(21.5)).unwrap(), r#""21.5C""#);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToJson`, so FastJson cannot write it",
    label = "FastJson cannot write `{Self}`",
    note = "if `{Self}` is your type, add `#[derive(FastJson)]` to it",
    note = "if it is another crate's type, enable json-runtime's cargo feature named after that crate, if there is one (docs/types.md)",
    note = "if it implements serde's `Serialize`/`Deserialize`, mark the field `#[fastjson(serde)]` (json-runtime feature `serde`) or wrap it in `json_runtime::Serde<_>`; or convert it yourself with `#[fastjson(with = \"module\")]`"
)]
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
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `FromJson`, so FastJson cannot read it",
    label = "FastJson cannot read `{Self}`",
    note = "if `{Self}` is your type, add `#[derive(FastJson)]` to it",
    note = "if it is another crate's type, enable json-runtime's cargo feature named after that crate, if there is one (docs/types.md)",
    note = "if it implements serde's `Serialize`/`Deserialize`, mark the field `#[fastjson(serde)]` (json-runtime feature `serde`) or wrap it in `json_runtime::Serde<_>`; or convert it yourself with `#[fastjson(with = \"module\")]`"
)]
pub trait FromJson<'de>: Sized {
    /// Reads one value at the reader's cursor.
    fn read_json(r: &mut Reader<'de>) -> Result<Self>;

    /// Reads one value as a field of a derived struct or variant: `read_json` by default.
    /// Numbers call one out-of-line reader each instead, so that a crate with hundreds of
    /// number fields does not carry an inlined number parser at each (an element of a `Vec`
    /// or array still gets the inlined parser, through `read_json`).
    #[doc(hidden)]
    #[inline(always)]
    fn read_field(r: &mut Reader<'de>) -> Result<Self> {
        Self::read_json(r)
    }

    /// Reads a JSON array into a `Vec` of this type: element by element by default. Numbers
    /// read theirs in a loop that keeps the cursor in a register (impls/vec_read.rs).
    #[doc(hidden)]
    #[inline]
    fn read_vec(r: &mut Reader<'de>) -> Result<alloc::vec::Vec<Self>> {
        crate::impls::read_vec(r)
    }

    /// The value for a struct field that is absent from the input. An error by default;
    /// `Option` gives `None` (as serde does).
    #[inline]
    fn missing_field(r: &Reader<'de>, name: &'static str) -> Result<Self> {
        Err(r.missing_field(name))
    }
}

/// A type usable as a JSON object key when writing (keys are always strings in JSON).
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `ToJsonKey`, so FastJson cannot write it as an object key",
    label = "FastJson cannot write `{Self}` as a map key",
    note = "map keys are strings, chars, integers, floats and bools (written as strings), or types with a json-runtime feature that gives them a key form",
    note = "a key type that implements serde's `Serialize` can be wrapped in `json_runtime::Serde<_>` (json-runtime feature `serde`), which writes what serde_json writes"
)]
pub trait ToJsonKey {
    /// Writes the key as a quoted JSON string.
    fn write_key<F: Format>(&self, w: &mut Writer<'_, F>);
}

/// A type that can be read from a JSON object key.
#[diagnostic::on_unimplemented(
    message = "`{Self}` does not implement `FromJsonKey`, so FastJson cannot read it from an object key",
    label = "FastJson cannot read `{Self}` as a map key",
    note = "map keys are strings, chars, integers, floats and bools (written as strings), or types with a json-runtime feature that gives them a key form",
    note = "a key type that implements serde's `Deserialize` can be wrapped in `json_runtime::Serde<_>` (json-runtime feature `serde`), which reads what serde_json reads"
)]
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
