//! `#[serde(flatten)]` support: a flattened value writes its entries into the enclosing object,
//! and reads its entries from it (re-reading the object from its start, never buffering).

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::ToString;
#[cfg(feature = "std")]
use std::collections::HashMap;
#[cfg(feature = "std")]
use std::hash::{BuildHasher, Hash};

use crate::{Format, FromJson, FromJsonKey, Reader, Result, ToJson, ToJsonKey, Writer};

/// A value that can be flattened into an enclosing object when writing: structs and enums
/// deriving FastJson, maps, and `Option`/`Box` of those.
pub trait ToJsonFlat {
    /// Writes this value's entries (not the braces); `first` is true while the enclosing object
    /// has no entry yet, and is updated.
    fn write_flat<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool);

    /// Writes this value as the content of an internally tagged newtype variant (`variant`
    /// is `Enum::Variant`, for the message): its entries, as [`ToJsonFlat::write_flat`] does.
    /// serde refuses an `Option` there, `Some` or `None`, which `Option`'s impl records with
    /// [`Writer::fail`].
    #[inline]
    fn write_tagged<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool, variant: &str) {
        let _ = variant;
        self.write_flat(w, first);
    }
}

/// A value that can be read from the entries of an enclosing object.
pub trait FromJsonFlat<'de>: Sized {
    /// Reads from the object at the cursor, taking the entries this type knows. Entries whose
    /// key makes `taken` true belong to the enclosing type or an earlier flattened field.
    fn read_flat(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self>;

    /// Whether this type takes the entry with `key` from the enclosing object, so that later
    /// flattened fields do not see it. As in serde: a struct takes its own keys; maps, and
    /// structs with flattened fields of their own (read like maps), take none.
    fn claims(key: &str) -> bool;

    /// Reads this value from the object at the cursor as the content of an internally tagged
    /// newtype variant: every entry except those for which `taken` holds (the tag, and what an
    /// enclosing struct takes) is this value's. Unlike a flattened value it is a whole value to
    /// serde: `deny_unknown_fields` applies, and an `Option` fails when its content does.
    fn read_tagged(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        Self::read_flat(r, taken)
    }

    /// Reads this value from the elements that remain in the array being read (its first
    /// element was already read; `first` is that array's element flag), consuming the `]`.
    ///
    /// serde reads an internally tagged enum from a sequence too, `["Variant", ...]`, and a
    /// newtype variant's value from the rest of it: a struct in its array form. A map cannot
    /// be read from a sequence, which is the default.
    fn read_flat_seq(r: &mut Reader<'de>, first: &mut bool) -> Result<Self> {
        let _ = first;
        Err(r.error("invalid type: sequence, expected a map"))
    }

    /// Reads this value as the content of an internally tagged newtype variant whose tag was
    /// the first entry of the object: the object is open and that entry read, and `taken`
    /// holds for the tag's key (a duplicate if it comes again). `None`, having read nothing,
    /// where this type is not read that way (the default): the enum then reads the object
    /// again from its start with [`FromJsonFlat::read_tagged`], after checking every entry.
    /// Derived structs without flattened fields read it in the same pass as the tag.
    #[doc(hidden)]
    #[inline]
    fn __read_after_tag(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Option<Result<Self>> {
        let _ = (r, taken);
        None
    }

    /// The one reader the derive generates for a struct with named fields, used by its
    /// `read_json` (`M` = [`READ_VALUE`]: the object or serde's array form), `read_flat`
    /// ([`READ_FLAT`]), `read_tagged` ([`READ_TAGGED`]), `read_flat_seq` ([`READ_SEQ`],
    /// with `first`) and `__read_after_tag` ([`READ_AFTER_TAG`], with `first` false). One
    /// generic body instead of one per use: the struct's reading code is type-checked once, and
    /// only the uses a program makes are generated. Not for other implementations, whose
    /// default is an error.
    #[doc(hidden)]
    #[inline]
    fn __read_fields<const M: u8>(
        r: &mut Reader<'de>,
        taken: &dyn Fn(&str) -> bool,
        first: &mut bool,
    ) -> Result<Self> {
        let _ = (taken, first);
        Err(r.error("invalid type: expected a struct"))
    }
}

/// [`FromJsonFlat::__read_fields`]: a value of its own.
#[doc(hidden)]
pub const READ_VALUE: u8 = 0;
/// [`FromJsonFlat::__read_fields`]: flattened into an enclosing object.
#[doc(hidden)]
pub const READ_FLAT: u8 = 1;
/// [`FromJsonFlat::__read_fields`]: the content of an internally tagged newtype variant.
#[doc(hidden)]
pub const READ_TAGGED: u8 = 2;
/// [`FromJsonFlat::__read_fields`]: the rest of an array already begun.
#[doc(hidden)]
pub const READ_SEQ: u8 = 3;
/// [`FromJsonFlat::__read_fields`]: the rest of an object whose first entry was an internal
/// tag: other entries are checked as serde checks what it buffers, the tag again is a duplicate.
#[doc(hidden)]
pub const READ_AFTER_TAG: u8 = 4;

/// The mode tests of a derived `__read_fields::<M>`, as associated constants: a path to one is
/// a constant operand in the generic body, so rustc folds the branch once `M` is known and
/// does not generate the code of modes a type is never read in (`__M == READ_SEQ` written
/// as an expression is generated whole). Inline `const { .. }` blocks fold the same way, but
/// each is a body of its own whose type-check results (those of the whole reader) rustc
/// re-hashes in every incremental build: in an incremental `cargo check` after a one-field
/// edit of the compile-cost crate's `default` shape (364 derived types), rustc's type-check
/// queries executed 1.68 billion instructions with them, 0.77 billion with these constants
/// (serde's derives: 0.43 billion). A negation is a constant of its own (`ENCLOSED`,
/// `NOT_FLAT`): `!Mode::<M>::VALUE` would be an operation on a constant, not one.
#[doc(hidden)]
pub struct Mode<const M: u8>;

impl<const M: u8> Mode<M> {
    /// A value of its own ([`READ_VALUE`]).
    pub const VALUE: bool = M == READ_VALUE;
    /// Inside an enclosing object or array: anything but [`READ_VALUE`].
    pub const ENCLOSED: bool = M != READ_VALUE;
    /// Anything but flattened ([`READ_FLAT`]).
    pub const NOT_FLAT: bool = M != READ_FLAT;
    /// The rest of an array ([`READ_SEQ`]).
    pub const SEQ: bool = M == READ_SEQ;
    /// After an internal tag ([`READ_AFTER_TAG`]).
    pub const AFTER_TAG: bool = M == READ_AFTER_TAG;
    /// Inside a container already begun: [`READ_SEQ`] or [`READ_AFTER_TAG`].
    pub const BEGUN: bool = M == READ_SEQ || M == READ_AFTER_TAG;
    /// Where a key read in general may be one the enclosing type takes: [`READ_FLAT`] and
    /// [`READ_TAGGED`] (after a tag, the tag's key is refused as the key is read).
    pub const KEYS_TAKEN: bool = M == READ_FLAT || M == READ_TAGGED;
}

impl<T: ToJsonFlat> ToJsonFlat for Option<T> {
    #[inline]
    fn write_flat<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        if let Some(v) = self {
            v.write_flat(w, first);
        }
    }
    #[cold]
    #[inline(never)]
    fn write_tagged<F: Format>(&self, w: &mut Writer<'_, F>, _: &mut bool, variant: &str) {
        w.fail(format_args!(
            "cannot serialize tagged newtype variant {variant} containing an optional"
        ));
    }
}

/// Like serde: `Some` if the inner value can be read from the entries, else `None`.
impl<'de, T: FromJsonFlat<'de>> FromJsonFlat<'de> for Option<T> {
    fn read_flat(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        let start = r.checkpoint();
        match T::read_flat(r, taken) {
            Ok(v) => Ok(Some(v)),
            Err(_) => {
                r.restore(start);
                r.skip_value()?;
                Ok(None)
            }
        }
    }
    fn claims(key: &str) -> bool {
        T::claims(key)
    }
    fn read_flat_seq(r: &mut Reader<'de>, first: &mut bool) -> Result<Self> {
        T::read_flat_seq(r, first).map(Some)
    }
    fn read_tagged(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        T::read_tagged(r, taken).map(Some)
    }
    #[inline]
    fn __read_after_tag(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Option<Result<Self>> {
        T::__read_after_tag(r, taken).map(|v| v.map(Some))
    }
}

impl<T: ToJsonFlat + ?Sized> ToJsonFlat for Box<T> {
    #[inline]
    fn write_flat<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        (**self).write_flat(w, first);
    }
    #[inline]
    fn write_tagged<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool, variant: &str) {
        (**self).write_tagged(w, first, variant);
    }
}
impl<'de, T: FromJsonFlat<'de>> FromJsonFlat<'de> for Box<T> {
    fn read_flat(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        T::read_flat(r, taken).map(Box::new)
    }
    fn claims(key: &str) -> bool {
        T::claims(key)
    }
    fn read_flat_seq(r: &mut Reader<'de>, first: &mut bool) -> Result<Self> {
        T::read_flat_seq(r, first).map(Box::new)
    }
    fn read_tagged(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        T::read_tagged(r, taken).map(Box::new)
    }
    #[inline]
    fn __read_after_tag(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Option<Result<Self>> {
        T::__read_after_tag(r, taken).map(|v| v.map(Box::new))
    }
}

fn write_entries<'a, K, V, F, I>(w: &mut Writer<'_, F>, first: &mut bool, entries: I)
where
    K: ToJsonKey + 'a,
    V: ToJson + 'a,
    F: Format,
    I: IntoIterator<Item = (&'a K, &'a V)>,
{
    for (k, v) in entries {
        w.begin_key(*first);
        *first = false;
        k.write_key(w);
        w.end_key();
        v.write_json(w);
    }
}

/// Reads the entries not taken by others.
fn read_entries<'de, K: FromJsonKey<'de> + ToString, V: FromJson<'de>>(
    r: &mut Reader<'de>,
    taken: &dyn Fn(&str) -> bool,
    mut insert: impl FnMut(K, V),
) -> Result<()> {
    r.begin_object()?;
    let mut first = true;
    while r.has_next_entry(&mut first)? {
        let before_key = r.checkpoint();
        if taken(r.read_key()?) {
            r.skip_value()?;
            continue;
        }
        r.restore(before_key);
        let k = K::read_key(r)?;
        match V::read_json(r) {
            Ok(v) => insert(k, v),
            Err(e) => return Err(e.in_field(&k.to_string())),
        }
    }
    Ok(())
}

#[cfg(feature = "std")]
impl<K: ToJsonKey, V: ToJson, S> ToJsonFlat for HashMap<K, V, S> {
    fn write_flat<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        write_entries(w, first, self);
    }
}
impl<K: ToJsonKey, V: ToJson> ToJsonFlat for BTreeMap<K, V> {
    fn write_flat<F: Format>(&self, w: &mut Writer<'_, F>, first: &mut bool) {
        write_entries(w, first, self);
    }
}
#[cfg(feature = "std")]
impl<'de, K, V, S> FromJsonFlat<'de> for HashMap<K, V, S>
where
    K: FromJsonKey<'de> + Eq + Hash + ToString,
    V: FromJson<'de>,
    S: BuildHasher + Default,
{
    fn read_flat(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        let mut m = HashMap::with_hasher(S::default());
        read_entries(r, taken, |k, v| {
            m.insert(k, v);
        })?;
        Ok(m)
    }
    fn claims(_: &str) -> bool {
        false
    }
}
impl<'de, K, V> FromJsonFlat<'de> for BTreeMap<K, V>
where
    K: FromJsonKey<'de> + Ord + ToString,
    V: FromJson<'de>,
{
    fn read_flat(r: &mut Reader<'de>, taken: &dyn Fn(&str) -> bool) -> Result<Self> {
        let mut m = BTreeMap::new();
        read_entries(r, taken, |k, v| {
            m.insert(k, v);
        })?;
        Ok(m)
    }
    fn claims(_: &str) -> bool {
        false
    }
}
