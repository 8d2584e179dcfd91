//! Enum variant attributes.

use super::{
    for_each_meta, get_lit_str, parse_bounds, parse_ser_de_str, set_pair, unsupported, Attr, Flag,
    Name, Origin, RenameRule,
};
use crate::ctxt::Ctxt;
use crate::symbol::*;

pub struct Variant {
    pub name: Name,
    pub rename_all_ser: Option<RenameRule>,
    pub rename_all_de: Option<RenameRule>,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub other: bool,
    pub other_span: Option<proc_macro2::TokenStream>,
    pub ser_bound: Option<Vec<syn::WherePredicate>>,
    pub de_bound: Option<Vec<syn::WherePredicate>>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut ser_name = Attr::none(RENAME);
        let mut de_name = Attr::none(RENAME);
        let mut aliases = Vec::new();
        let mut rename_all_ser = Attr::none(RENAME_ALL);
        let mut rename_all_de = Attr::none(RENAME_ALL);
        let mut skip_ser = Flag::none(SKIP_SERIALIZING);
        let mut skip_de = Flag::none(SKIP_DESERIALIZING);
        let mut other = Flag::none(OTHER);
        let mut other_span = None;
        let mut ser_bound = Attr::none(BOUND);
        let mut de_bound = Attr::none(BOUND);

        for_each_meta(cx, &variant.attrs, |origin, meta| {
            let p = &meta.path;
            let serde = origin == Origin::Serde;
            if p.is_ident(RENAME) && serde {
                set_pair(
                    cx,
                    meta,
                    parse_ser_de_str(meta, RENAME)?,
                    &mut ser_name,
                    &mut de_name,
                );
            } else if p.is_ident(ALIAS) && serde {
                aliases.push(get_lit_str(meta)?);
            } else if p.is_ident(RENAME_ALL) && serde {
                let (s, d) = parse_ser_de_str(meta, RENAME_ALL)?;
                for (value, slot) in [(s, &mut rename_all_ser), (d, &mut rename_all_de)] {
                    if let Some(value) = value {
                        match RenameRule::from_str(&value) {
                            Ok(rule) => slot.set(cx, meta, rule),
                            Err(msg) => cx.syn_error(meta.error(msg)),
                        }
                    }
                }
            } else if p.is_ident(SKIP) && serde {
                skip_ser.set(cx, meta);
                skip_de.set(cx, meta);
            } else if p.is_ident(SKIP_SERIALIZING) && serde {
                skip_ser.set(cx, meta);
            } else if p.is_ident(SKIP_DESERIALIZING) && serde {
                skip_de.set(cx, meta);
            } else if p.is_ident(OTHER) && serde {
                other_span = Some(quote::quote!(#p));
                other.set(cx, meta);
            } else if p.is_ident(BOUND) && serde {
                set_pair(cx, meta, parse_bounds(meta)?, &mut ser_bound, &mut de_bound);
            } else if p.is_ident(BORROW) && serde {
                if meta.input.peek(syn::Token![=]) {
                    get_lit_str(meta)?;
                }
            } else {
                // including serde's `with` family: a variant has no `#[fastjson(with)]` to pair it
                cx.syn_error(unsupported(meta, origin, "variant"));
            }
            Ok(())
        });

        let ident = syn::ext::IdentExt::unraw(&variant.ident).to_string();
        let ser = ser_name.get();
        let de = de_name.get();
        Variant {
            name: Name {
                ser_renamed: ser.is_some(),
                de_renamed: de.is_some(),
                ser: ser.unwrap_or_else(|| ident.clone()),
                de: de.unwrap_or(ident),
                aliases,
            },
            rename_all_ser: rename_all_ser.get(),
            rename_all_de: rename_all_de.get(),
            skip_ser: skip_ser.get(),
            skip_de: skip_de.get(),
            other: other.get(),
            other_span,
            ser_bound: ser_bound.get(),
            de_bound: de_bound.get(),
        }
    }
}
