//! Writing enums in the four representations: external `{"V":..}`, internal
//! `{"tag":"V",..}`, adjacent `{"tag":"V","content":..}`, untagged.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::fields;
use crate::attr::TagType;
use crate::lit;
use crate::model::{Container, Field, Style, Variant};

/// The match pattern binding a variant's fields to `__f0`, `__f1`, ...
pub fn pattern(variant: &Variant) -> TokenStream {
    let ident = &variant.ident;
    let binds = (0..variant.fields.len()).map(|i| format_ident!("__f{}", i));
    match variant.style {
        Style::Unit => quote!(Self::#ident),
        Style::Newtype | Style::Tuple => quote!(Self::#ident(#(#binds),*)),
        Style::Struct => {
            let members = variant.fields.iter().map(|f| &f.member);
            quote!(Self::#ident { #(#members: #binds),* })
        }
    }
}

fn binding(variant: &Variant, f: &Field) -> TokenStream {
    let i = variant
        .fields
        .iter()
        .position(|x| std::ptr::eq(x, f))
        .unwrap_or(0);
    let ident = format_ident!("__f{}", i);
    quote!(#ident)
}

/// The variant's content as a value: null, the inner value, an array or an object.
fn content(cont: &Container, variant: &Variant, fj: &TokenStream) -> TokenStream {
    let access = |f: &Field| binding(variant, f);
    match variant.style {
        Style::Unit => quote!(__w.null();),
        Style::Newtype => {
            fields::write_value(cont, &variant.fields[0], &access(&variant.fields[0]), fj)
        }
        Style::Tuple => fields::tuple(cont, &variant.fields, access, fj),
        Style::Struct => fields::object(cont, &variant.fields, &access, None, fj),
    }
}

/// A `skip_serializing` variant: records serde's error in the writer (`to_vec` and the other
/// entry points return it) and writes nothing.
fn unserializable(cont: &Container, variant: &Variant) -> TokenStream {
    let msg = format!(
        "the enum variant {} cannot be serialized",
        variant_path(cont, variant)
    );
    quote!(__w.fail(#msg))
}

/// `Enum::Variant`, as serde names a variant in its error messages.
fn variant_path(cont: &Container, variant: &Variant) -> String {
    format!("{}::{}", cont.ident, variant.ident)
}

pub fn body(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    if variants.is_empty() {
        return quote!(match *self {});
    }
    if !matches!(cont.attrs.tag, TagType::None) {
        return object_body(cont, variants, fj);
    }
    let arms = variants.iter().map(|variant| {
        let pat = pattern(variant);
        if variant.attrs.skip_ser {
            let fail = unserializable(cont, variant);
            return quote!(#pat => #fail,);
        }
        let name = &variant.attrs.name.ser;
        let write = match &cont.attrs.tag {
            TagType::External => {
                if variant.style == Style::Unit {
                    let q = lit::quoted_text(name);
                    quote!(__w.raw(#q);)
                } else {
                    let key = lit::key(name);
                    let content = content(cont, variant, fj);
                    quote! {
                        __w.begin_object();
                        __w.key(true, #key);
                        #content
                        __w.end_object(true);
                    }
                }
            }
            TagType::Internal { tag } => {
                let prefix = tag_entry(tag, name);
                match variant.style {
                    Style::Struct => {
                        let access = |f: &Field| binding(variant, f);
                        fields::object(cont, &variant.fields, &access, Some(prefix), fj)
                    }
                    Style::Newtype => {
                        let inner = binding(variant, &variant.fields[0]);
                        let path = variant_path(cont, variant);
                        quote! {
                            __w.begin_object();
                            #prefix
                            let mut __first = false;
                            #fj::ToJsonFlat::write_tagged(#inner, __w, &mut __first, #path);
                            __w.end_object(true);
                        }
                    }
                    _ => quote! {
                        __w.begin_object();
                        #prefix
                        __w.end_object(true);
                    },
                }
            }
            TagType::Adjacent {
                tag,
                content: content_key,
            } => {
                let prefix = tag_entry(tag, name);
                let body = if variant.style == Style::Unit {
                    quote!()
                } else {
                    let key = lit::key(content_key);
                    let content = content(cont, variant, fj);
                    quote! {
                        __w.key(false, #key);
                        #content
                    }
                };
                quote! {
                    __w.begin_object();
                    #prefix
                    #body
                    __w.end_object(true);
                }
            }
            TagType::None => content(cont, variant, fj),
        };
        quote!(#pat => { #write })
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}

/// `write_json` of a tagged enum: every variant but an externally tagged unit one (a string)
/// is an object whose entries are the variant's flat form, so the value is written as an
/// object around `write_flat`, which is `#[inline]`: the variants' code is generated and
/// type-checked once, not once per form.
fn object_body(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    let external = matches!(cont.attrs.tag, TagType::External);
    let own_arms = variants.iter().filter_map(|variant| {
        let pat = pattern(variant);
        if variant.attrs.skip_ser {
            let fail = unserializable(cont, variant);
            return Some(quote!(#pat => #fail,));
        }
        (external && variant.style == Style::Unit).then(|| {
            let q = lit::quoted_text(&variant.attrs.name.ser);
            quote!(#pat => __w.raw(#q),)
        })
    });
    quote! {
        #[allow(unreachable_patterns)]
        match self {
            #(#own_arms)*
            _ => {
                __w.begin_object();
                let mut __first = true;
                <Self as #fj::ToJsonFlat>::write_flat(self, __w, &mut __first);
                __w.end_object(true);
            }
        }
    }
}

/// `"tag":"Name"` as the first entry of an object.
fn tag_entry(tag: &str, name: &str) -> TokenStream {
    let key = lit::key(tag);
    let value = lit::quoted_text(name);
    quote! {
        __w.key(true, #key);
        __w.raw(#value);
    }
}

/// `ToJsonFlat::write_flat` for an enum: its entries written into the enclosing object.
/// A unit variant writes `"Variant":null` when externally tagged (as serde's flattening
/// serializer does) and nothing when untagged.
pub fn flat_body(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    if variants.is_empty() {
        return quote!(let _ = (__w, __first_out); match *self {});
    }
    let arms = variants.iter().map(|variant| {
        let pat = pattern(variant);
        if variant.attrs.skip_ser {
            let fail = unserializable(cont, variant);
            return quote!(#pat => #fail,);
        }
        let name = &variant.attrs.name.ser;
        let access = |f: &Field| binding(variant, f);
        let entry = |key_name: &str, value: TokenStream| {
            let key = lit::key(key_name);
            quote! {
                __w.key(__first, #key);
                __first = false;
                #value
            }
        };
        // An internally tagged newtype variant's content is written as serde's tagged
        // serializer does (which refuses an `Option`), an untagged one's as flattened.
        let own_entries = |variant: &Variant, tagged: bool| match variant.style {
            Style::Struct => fields::entries_inline(cont, &variant.fields, &access, fj),
            Style::Newtype if tagged => {
                let inner = access(&variant.fields[0]);
                let path = variant_path(cont, variant);
                quote!(#fj::ToJsonFlat::write_tagged(#inner, __w, &mut __first, #path);)
            }
            Style::Newtype => {
                let inner = access(&variant.fields[0]);
                quote!(#fj::ToJsonFlat::write_flat(#inner, __w, &mut __first);)
            }
            _ => quote!(),
        };
        let write = match &cont.attrs.tag {
            TagType::External => {
                if variant.style == Style::Unit {
                    entry(name, quote!(__w.null();))
                } else {
                    entry(name, content(cont, variant, fj))
                }
            }
            TagType::Internal { tag } => {
                let tag_entry = entry(tag, {
                    let q = lit::quoted_text(name);
                    quote!(__w.raw(#q);)
                });
                let rest = own_entries(variant, true);
                quote!(#tag_entry #rest)
            }
            TagType::Adjacent {
                tag,
                content: content_key,
            } => {
                let tag_entry = entry(tag, {
                    let q = lit::quoted_text(name);
                    quote!(__w.raw(#q);)
                });
                let rest = if variant.style == Style::Unit {
                    quote!()
                } else {
                    entry(content_key, content(cont, variant, fj))
                };
                quote!(#tag_entry #rest)
            }
            TagType::None => own_entries(variant, false),
        };
        quote!(#pat => { #write })
    });
    quote! {
        #[allow(unused_mut)]
        let mut __first: ::core::primitive::bool = *__first_out;
        match self {
            #(#arms)*
        }
        *__first_out = __first;
    }
}
