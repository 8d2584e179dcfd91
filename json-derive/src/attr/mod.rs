//! Reading `#[serde(...)]` and `#[fastjson(...)]` attributes into plain values.
//! Errors are recorded in the [`Ctxt`] and parsing goes on, so all of them are reported.

pub mod case;
mod container;
mod field;
mod variant;

pub use case::RenameRule;
pub use container::{Container, Default, TagType};
pub use field::Field;
pub use variant::Variant;

use syn::meta::ParseNestedMeta;

use crate::ctxt::Ctxt;
use crate::symbol::*;

/// Which attribute an item came from: serde's (shared with serde_derive) or ours.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Serde,
    FastJson,
}

/// Calls `f` for each item of every `#[serde(...)]` and `#[fastjson(...)]` attribute.
pub fn for_each_meta(
    cx: &Ctxt,
    attrs: &[syn::Attribute],
    mut f: impl FnMut(Origin, &ParseNestedMeta) -> syn::Result<()>,
) {
    for attr in attrs {
        let origin = if attr.path().is_ident(SERDE) {
            Origin::Serde
        } else if attr.path().is_ident(FASTJSON) {
            Origin::FastJson
        } else {
            continue;
        };
        if let syn::Meta::List(list) = &attr.meta {
            if list.tokens.is_empty() {
                continue;
            }
        }
        if let Err(err) = attr.parse_nested_meta(|meta| f(origin, &meta)) {
            cx.syn_error(err);
        }
    }
}

/// An attribute value that may be set once; a second setting is an error at its span.
pub struct Attr<T> {
    name: &'static str,
    value: Option<T>,
}

impl<T> Attr<T> {
    pub fn none(name: &'static str) -> Self {
        Attr { name, value: None }
    }

    pub fn set(&mut self, cx: &Ctxt, span: &ParseNestedMeta, value: T) {
        if self.value.is_some() {
            cx.syn_error(span.error(format!("duplicate attribute `{}`", self.name)));
        } else {
            self.value = Some(value);
        }
    }

    pub fn get(self) -> Option<T> {
        self.value
    }
}

/// Sets the writing and reading halves of a `(serialize, deserialize)` pair where given.
pub fn set_pair<T>(
    cx: &Ctxt,
    meta: &ParseNestedMeta,
    (ser, de): (Option<T>, Option<T>),
    ser_slot: &mut Attr<T>,
    de_slot: &mut Attr<T>,
) {
    if let Some(ser) = ser {
        ser_slot.set(cx, meta, ser);
    }
    if let Some(de) = de {
        de_slot.set(cx, meta, de);
    }
}

/// A boolean flag attribute.
pub struct Flag(Attr<()>);

impl Flag {
    pub fn none(name: &'static str) -> Self {
        Flag(Attr::none(name))
    }
    pub fn set(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) {
        self.0.set(cx, meta, ());
    }
    pub fn get(self) -> bool {
        self.0.get().is_some()
    }
}

/// A name that may differ between writing and reading.
#[derive(Clone, Debug)]
pub struct Name {
    pub ser: String,
    pub de: String,
    pub ser_renamed: bool,
    pub de_renamed: bool,
    /// Extra names accepted when reading.
    pub aliases: Vec<String>,
}

impl Name {
    /// Applies a rename rule where no explicit `rename` was given.
    pub fn apply_rules(&mut self, ser: Option<RenameRule>, de: Option<RenameRule>, field: bool) {
        let apply = |rule: RenameRule, s: &str| {
            if field {
                rule.apply_to_field(s)
            } else {
                rule.apply_to_variant(s)
            }
        };
        if let (Some(rule), false) = (ser, self.ser_renamed) {
            self.ser = apply(rule, &self.ser);
        }
        if let (Some(rule), false) = (de, self.de_renamed) {
            self.de = apply(rule, &self.de);
        }
    }

    /// The reading name followed by the aliases, without duplicates.
    pub fn de_names(&self) -> Vec<String> {
        let mut names = vec![self.de.clone()];
        for alias in &self.aliases {
            if !names.contains(alias) {
                names.push(alias.clone());
            }
        }
        names
    }
}

/// `rename = "x"` or `rename(serialize = "a", deserialize = "b")`.
pub fn parse_ser_de_str(
    meta: &ParseNestedMeta,
    attr_name: &str,
) -> syn::Result<(Option<String>, Option<String>)> {
    if meta.input.peek(syn::Token![=]) {
        let s = get_lit_str(meta)?;
        return Ok((Some(s.clone()), Some(s)));
    }
    let mut ser = None;
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident(SERIALIZE) {
            ser = Some(get_lit_str(&inner)?);
        } else if inner.path.is_ident(DESERIALIZE) {
            de = Some(get_lit_str(&inner)?);
        } else {
            return Err(inner.error(format!(
                "malformed {attr_name} attribute, expected `{attr_name}(serialize = ..., deserialize = ...)`"
            )));
        }
        Ok(())
    })?;
    Ok((ser, de))
}

/// `bound = "T: Trait"` or `bound(serialize = "...", deserialize = "...")`.
pub type Bounds = (
    Option<Vec<syn::WherePredicate>>,
    Option<Vec<syn::WherePredicate>>,
);

pub fn parse_bounds(meta: &ParseNestedMeta) -> syn::Result<Bounds> {
    let (ser, de) = parse_ser_de_lit(meta, BOUND)?;
    let parse = |lit: Option<syn::LitStr>| -> syn::Result<Option<Vec<syn::WherePredicate>>> {
        match lit {
            None => Ok(None),
            Some(lit) => {
                let clause: syn::WhereClause = syn::parse_str(&format!("where {}", lit.value()))
                    .map_err(|e| syn::Error::new(lit.span(), e))?;
                Ok(Some(clause.predicates.into_iter().collect()))
            }
        }
    };
    Ok((parse(ser)?, parse(de)?))
}

fn parse_ser_de_lit(
    meta: &ParseNestedMeta,
    attr_name: &str,
) -> syn::Result<(Option<syn::LitStr>, Option<syn::LitStr>)> {
    if meta.input.peek(syn::Token![=]) {
        let s: syn::LitStr = meta.value()?.parse()?;
        return Ok((Some(s.clone()), Some(s)));
    }
    let mut ser = None;
    let mut de = None;
    meta.parse_nested_meta(|inner| {
        if inner.path.is_ident(SERIALIZE) {
            ser = Some(inner.value()?.parse()?);
        } else if inner.path.is_ident(DESERIALIZE) {
            de = Some(inner.value()?.parse()?);
        } else {
            return Err(inner.error(format!("malformed {attr_name} attribute")));
        }
        Ok(())
    })?;
    Ok((ser, de))
}

/// `key = "string"`.
pub fn get_lit_str(meta: &ParseNestedMeta) -> syn::Result<String> {
    let lit: syn::LitStr = meta.value()?.parse()?;
    Ok(lit.value())
}

/// `key = "some::path"` parsed as a path.
pub fn get_path(meta: &ParseNestedMeta) -> syn::Result<syn::ExprPath> {
    let lit: syn::LitStr = meta.value()?.parse()?;
    lit.parse().map_err(|_| {
        syn::Error::new(
            lit.span(),
            format!("failed to parse path: {:?}", lit.value()),
        )
    })
}

/// `key = "Type"` parsed as a type.
pub fn get_type(meta: &ParseNestedMeta) -> syn::Result<syn::Type> {
    let lit: syn::LitStr = meta.value()?.parse()?;
    lit.parse().map_err(|_| {
        syn::Error::new(
            lit.span(),
            format!("failed to parse type: {:?}", lit.value()),
        )
    })
}

/// Skips the value of an attribute item (if any), so parsing can go on after an error.
pub fn skip_value(meta: &ParseNestedMeta) {
    if meta.input.peek(syn::Token![=]) {
        let _ = meta.value().and_then(|v| v.parse::<syn::Expr>());
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            skip_value(&inner);
            Ok(())
        });
    }
}

/// The error for serde's `with`/`serialize_with`/`deserialize_with`.
pub fn serde_with_error(meta: &ParseNestedMeta) -> syn::Error {
    let name = meta
        .path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_default();
    skip_value(meta);
    meta.error(format!(
        "`#[serde({name} = ...)]` takes serde functions, which cannot drive FastJson's writer and \
         reader; add `#[fastjson(with = \"module\")]` next to it, where `module::write_json` \
         and `module::read_json` convert the field for FastJson"
    ))
}

/// The error for any attribute item we do not implement.
pub fn unsupported(meta: &ParseNestedMeta, origin: Origin, place: &str) -> syn::Error {
    let name = meta
        .path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_else(|| "?".into());
    skip_value(meta);
    match origin {
        Origin::Serde => meta.error(format!(
            "`#[serde({name})]` on a {place} is not supported by FastJson (it would change the JSON \
             silently); remove it or implement ToJson/FromJson by hand"
        )),
        Origin::FastJson => meta.error(format!("unknown fastjson {place} attribute `{name}`")),
    }
}
