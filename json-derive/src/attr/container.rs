//! Container (struct or enum) attributes.

use super::{
    for_each_meta, get_lit_str, get_path, get_type, parse_bounds, parse_ser_de_str, set_pair,
    unsupported, Attr, Flag, Name, Origin, RenameRule,
};
use crate::ctxt::Ctxt;
use crate::symbol::*;

/// How an enum is represented.
pub enum TagType {
    /// `{"Variant": content}` (the default).
    External,
    /// `{"tag": "Variant", ...fields}`.
    Internal { tag: String },
    /// `{"tag": "Variant", "content": content}`.
    Adjacent { tag: String, content: String },
    /// The content alone.
    None,
}

/// Missing-field defaults.
#[allow(clippy::enum_variant_names)]
#[derive(Clone)]
pub enum Default {
    None,
    /// `Default::default()`.
    Default,
    /// A function path.
    Path(syn::ExprPath),
}

pub struct Container {
    pub name: Name,
    pub rename_all_ser: Option<RenameRule>,
    pub rename_all_de: Option<RenameRule>,
    pub rename_all_fields_ser: Option<RenameRule>,
    pub rename_all_fields_de: Option<RenameRule>,
    pub deny_unknown_fields: bool,
    pub default: Default,
    pub transparent: bool,
    /// The `transparent` attribute's tokens, for errors.
    pub transparent_span: Option<proc_macro2::TokenStream>,
    pub ser_bound: Option<Vec<syn::WherePredicate>>,
    pub de_bound: Option<Vec<syn::WherePredicate>>,
    pub from: Option<syn::Type>,
    pub try_from: Option<syn::Type>,
    pub into: Option<syn::Type>,
    pub tag: TagType,
    /// Spans of the tag attributes, for errors.
    pub tag_spans: Vec<proc_macro2::TokenStream>,
    pub expecting: Option<String>,
    pub number_from_string: bool,
    pub number_as_string: bool,
    pub case_insensitive: bool,
    pub crate_path: Option<syn::Path>,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, item: &syn::DeriveInput) -> Self {
        let mut ser_name = Attr::none(RENAME);
        let mut de_name = Attr::none(RENAME);
        let mut rename_all_ser = Attr::none(RENAME_ALL);
        let mut rename_all_de = Attr::none(RENAME_ALL);
        let mut rename_all_fields_ser = Attr::none(RENAME_ALL_FIELDS);
        let mut rename_all_fields_de = Attr::none(RENAME_ALL_FIELDS);
        let mut deny = Flag::none(DENY_UNKNOWN_FIELDS);
        let mut default = Attr::none(DEFAULT);
        let mut transparent = Flag::none(TRANSPARENT);
        let mut ser_bound = Attr::none(BOUND);
        let mut de_bound = Attr::none(BOUND);
        let mut from = Attr::none(FROM);
        let mut try_from = Attr::none(TRY_FROM);
        let mut into = Attr::none(INTO);
        let mut tag = Attr::none(TAG);
        let mut content = Attr::none(CONTENT);
        let mut untagged = Flag::none(UNTAGGED);
        let mut expecting = Attr::none(EXPECTING);
        let mut number_from_string = Flag::none(NUMBER_FROM_STRING);
        let mut number_as_string = Flag::none(NUMBER_AS_STRING);
        let mut case_insensitive = Flag::none(CASE_INSENSITIVE);
        let mut crate_path = Attr::none(CRATE);
        let mut tag_spans = Vec::new();
        let mut transparent_span = None;

        let rule = |cx: &Ctxt, meta: &syn::meta::ParseNestedMeta, s: Option<String>| {
            s.and_then(|s| match RenameRule::from_str(&s) {
                Ok(rule) => Some(rule),
                Err(msg) => {
                    cx.syn_error(meta.error(msg));
                    None
                }
            })
        };

        for_each_meta(cx, &item.attrs, |origin, meta| {
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
            } else if p.is_ident(RENAME_ALL) && serde {
                let (s, d) = parse_ser_de_str(meta, RENAME_ALL)?;
                if let Some(r) = rule(cx, meta, s) {
                    rename_all_ser.set(cx, meta, r);
                }
                if let Some(r) = rule(cx, meta, d) {
                    rename_all_de.set(cx, meta, r);
                }
            } else if p.is_ident(RENAME_ALL_FIELDS) && serde {
                let (s, d) = parse_ser_de_str(meta, RENAME_ALL_FIELDS)?;
                if let Some(r) = rule(cx, meta, s) {
                    rename_all_fields_ser.set(cx, meta, r);
                }
                if let Some(r) = rule(cx, meta, d) {
                    rename_all_fields_de.set(cx, meta, r);
                }
            } else if p.is_ident(DENY_UNKNOWN_FIELDS) && serde {
                deny.set(cx, meta);
            } else if p.is_ident(DEFAULT) && serde {
                if meta.input.peek(syn::Token![=]) {
                    default.set(cx, meta, Default::Path(get_path(meta)?));
                } else {
                    default.set(cx, meta, Default::Default);
                }
            } else if p.is_ident(TRANSPARENT) && serde {
                transparent_span = Some(quote::quote!(#p));
                transparent.set(cx, meta);
            } else if p.is_ident(BOUND) && serde {
                set_pair(cx, meta, parse_bounds(meta)?, &mut ser_bound, &mut de_bound);
            } else if p.is_ident(FROM) && serde {
                from.set(cx, meta, get_type(meta)?);
            } else if p.is_ident(TRY_FROM) && serde {
                try_from.set(cx, meta, get_type(meta)?);
            } else if p.is_ident(INTO) && serde {
                into.set(cx, meta, get_type(meta)?);
            } else if p.is_ident(TAG) && serde {
                tag_spans.push(quote::quote!(#p));
                tag.set(cx, meta, get_lit_str(meta)?);
            } else if p.is_ident(CONTENT) && serde {
                tag_spans.push(quote::quote!(#p));
                content.set(cx, meta, get_lit_str(meta)?);
            } else if p.is_ident(UNTAGGED) && serde {
                tag_spans.push(quote::quote!(#p));
                untagged.set(cx, meta);
            } else if p.is_ident(EXPECTING) && serde {
                expecting.set(cx, meta, get_lit_str(meta)?);
            } else if p.is_ident(NUMBER_FROM_STRING) && !serde {
                number_from_string.set(cx, meta);
            } else if p.is_ident(NUMBER_AS_STRING) && !serde {
                number_as_string.set(cx, meta);
            } else if p.is_ident(CASE_INSENSITIVE) && !serde {
                case_insensitive.set(cx, meta);
            } else if p.is_ident(CRATE) && !serde {
                let lit: syn::LitStr = meta.value()?.parse()?;
                crate_path.set(cx, meta, lit.parse()?);
            } else {
                cx.syn_error(unsupported(meta, origin, "container"));
            }
            Ok(())
        });

        let ident = item.ident.to_string();
        let ser = ser_name.get();
        let de = de_name.get();
        let name = Name {
            ser_renamed: ser.is_some(),
            de_renamed: de.is_some(),
            ser: ser.unwrap_or_else(|| ident.clone()),
            de: de.unwrap_or(ident),
            aliases: Vec::new(),
        };

        let tag = match (tag.get(), content.get(), untagged.get()) {
            (None, None, false) => TagType::External,
            (Some(tag), None, false) => TagType::Internal { tag },
            (Some(tag), Some(content), false) => TagType::Adjacent { tag, content },
            (None, None, true) => TagType::None,
            (tag, content, untagged) => {
                let span = tag_spans.first().cloned().unwrap_or_default();
                let msg = match (tag.is_some(), content.is_some(), untagged) {
                    (false, true, false) => {
                        "#[serde(tag = \"...\", content = \"...\")] must be used together"
                    }
                    _ => "enum cannot be both untagged and tagged (`tag`/`content`)",
                };
                cx.error_spanned_by(span, msg);
                TagType::External
            }
        };

        Container {
            name,
            rename_all_ser: rename_all_ser.get(),
            rename_all_de: rename_all_de.get(),
            rename_all_fields_ser: rename_all_fields_ser.get(),
            rename_all_fields_de: rename_all_fields_de.get(),
            deny_unknown_fields: deny.get(),
            default: default.get().unwrap_or(Default::None),
            transparent: transparent.get(),
            transparent_span,
            ser_bound: ser_bound.get(),
            de_bound: de_bound.get(),
            from: from.get(),
            try_from: try_from.get(),
            into: into.get(),
            tag,
            tag_spans,
            expecting: expecting.get(),
            number_from_string: number_from_string.get(),
            number_as_string: number_as_string.get(),
            case_insensitive: case_insensitive.get(),
            crate_path: crate_path.get(),
        }
    }
}
