//! Field attributes.

use super::container::Default;
use super::{
    for_each_meta, get_lit_str, get_path, parse_bounds, parse_ser_de_str, serde_with_error,
    set_pair, unsupported, Attr, Flag, Name, Origin,
};
use crate::ctxt::Ctxt;
use crate::symbol::*;

pub struct Field {
    pub name: Name,
    pub skip_ser: bool,
    pub skip_de: bool,
    pub skip_ser_if: Option<syn::ExprPath>,
    pub default: Default,
    pub flatten: bool,
    pub ser_bound: Option<Vec<syn::WherePredicate>>,
    pub de_bound: Option<Vec<syn::WherePredicate>>,
    /// `#[fastjson(with = "module")]`; for `#[fastjson(serde)]` the model sets it to the
    /// runtime's bridge for the field's type.
    pub with: Option<syn::ExprPath>,
    /// The tokens of `#[fastjson(serde)]`, if given: the field is written and read through its
    /// serde impls.
    pub serde: Option<proc_macro2::TokenStream>,
    pub number_from_string: bool,
    pub number_as_string: bool,
    /// The attribute tokens of `flatten`, `skip...` etc., for pointing errors at them.
    pub flatten_span: Option<proc_macro2::TokenStream>,
    /// The tokens of `number_from_string`/`number_as_string`, for errors.
    pub number_span: Option<proc_macro2::TokenStream>,
}

impl Field {
    /// `index` names tuple fields; `ident` named ones.
    pub fn from_ast(cx: &Ctxt, index: usize, field: &syn::Field) -> Self {
        let mut ser_name = Attr::none(RENAME);
        let mut de_name = Attr::none(RENAME);
        let mut aliases = Vec::new();
        let mut skip_ser = Flag::none(SKIP_SERIALIZING);
        let mut skip_de = Flag::none(SKIP_DESERIALIZING);
        let mut skip_ser_if = Attr::none(SKIP_SERIALIZING_IF);
        let mut default = Attr::none(DEFAULT);
        let mut flatten = Flag::none(FLATTEN);
        let mut ser_bound = Attr::none(BOUND);
        let mut de_bound = Attr::none(BOUND);
        let mut with = Attr::none(WITH);
        let mut serde_bridge = Flag::none(SERDE_BRIDGE);
        let mut serde_span = None;
        let mut number_from_string = Flag::none(NUMBER_FROM_STRING);
        let mut number_as_string = Flag::none(NUMBER_AS_STRING);
        let mut flatten_span = None;
        let mut number_span = None;

        let mut serde_with: Vec<syn::Error> = Vec::new();
        for_each_meta(cx, &field.attrs, |origin, meta| {
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
            } else if p.is_ident(SKIP) && serde {
                skip_ser.set(cx, meta);
                skip_de.set(cx, meta);
            } else if p.is_ident(SKIP_SERIALIZING) && serde {
                skip_ser.set(cx, meta);
            } else if p.is_ident(SKIP_DESERIALIZING) && serde {
                skip_de.set(cx, meta);
            } else if p.is_ident(SKIP_SERIALIZING_IF) && serde {
                skip_ser_if.set(cx, meta, get_path(meta)?);
            } else if p.is_ident(DEFAULT) && serde {
                if meta.input.peek(syn::Token![=]) {
                    default.set(cx, meta, Default::Path(get_path(meta)?));
                } else {
                    default.set(cx, meta, Default::Default);
                }
            } else if p.is_ident(FLATTEN) && serde {
                flatten_span = Some(quote::quote!(#p));
                flatten.set(cx, meta);
            } else if p.is_ident(BORROW) && serde {
                // Every lifetime of a FastJson type may borrow from the input already.
                if meta.input.peek(syn::Token![=]) {
                    get_lit_str(meta)?;
                }
            } else if p.is_ident(BOUND) && serde {
                set_pair(cx, meta, parse_bounds(meta)?, &mut ser_bound, &mut de_bound);
            } else if serde
                && (p.is_ident(WITH) || p.is_ident(SERIALIZE_WITH) || p.is_ident(DESERIALIZE_WITH))
            {
                // Allowed only next to `#[fastjson(with)]`, which then converts the field for
                // FastJson (serde's functions keep serving serde); checked after the loop.
                serde_with.push(serde_with_error(meta));
            } else if p.is_ident(WITH) && !serde {
                with.set(cx, meta, get_path(meta)?);
            } else if p.is_ident(SERDE_BRIDGE) && !serde {
                serde_span = Some(quote::quote!(#p));
                serde_bridge.set(cx, meta);
            } else if p.is_ident(NUMBER_FROM_STRING) && !serde {
                number_span = Some(quote::quote!(#p));
                number_from_string.set(cx, meta);
            } else if p.is_ident(NUMBER_AS_STRING) && !serde {
                number_span = Some(quote::quote!(#p));
                number_as_string.set(cx, meta);
            } else {
                cx.syn_error(unsupported(meta, origin, "field"));
            }
            Ok(())
        });
        let with = with.get();
        let serde_bridge = serde_span.filter(|_| serde_bridge.get());
        if let (Some(span), Some(_)) = (&serde_bridge, &with) {
            cx.error_spanned_by(
                span,
                "#[fastjson(serde)] and #[fastjson(with = \"...\")] both say how to convert this \
                 field; keep one",
            );
        }
        if with.is_none() {
            for err in serde_with {
                cx.syn_error(err);
            }
        }

        let ident = match &field.ident {
            Some(ident) => syn::ext::IdentExt::unraw(ident).to_string(),
            None => index.to_string(),
        };
        let ser = ser_name.get();
        let de = de_name.get();
        Field {
            name: Name {
                ser_renamed: ser.is_some(),
                de_renamed: de.is_some(),
                ser: ser.unwrap_or_else(|| ident.clone()),
                de: de.unwrap_or(ident),
                aliases,
            },
            skip_ser: skip_ser.get(),
            skip_de: skip_de.get(),
            skip_ser_if: skip_ser_if.get(),
            default: default.get().unwrap_or(Default::None),
            flatten: flatten.get(),
            ser_bound: ser_bound.get(),
            de_bound: de_bound.get(),
            with,
            serde: serde_bridge,
            number_from_string: number_from_string.get(),
            number_as_string: number_as_string.get(),
            flatten_span,
            number_span,
        }
    }
}
