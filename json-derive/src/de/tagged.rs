//! Reading internally tagged and untagged enums without buffering: the object is scanned for
//! the tag, then re-read from a saved checkpoint; untagged variants are tried in order from the
//! same checkpoint.

use proc_macro2::TokenStream;
use quote::quote;

use super::enums::{content, match_variant, readable, StructForm};
use super::fields::Fields;
use crate::model::{Container, Style, Variant};

pub fn internal(
    cont: &Container,
    variants: &[Variant],
    tag: &str,
    fj: &TokenStream,
) -> TokenStream {
    let match_name = match_variant(cont, variants, fj);
    let arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        let body = match v.style {
            Style::Unit => quote! {
                __r.skip_value()?;
                #fj::Ok(Self::#ident)
            },
            Style::Newtype => {
                let ty = v.fields[0].ty;
                quote! {
                    #fj::Ok(Self::#ident(<#ty as #fj::FromJsonFlat<'de>>::read_tagged(
                        __r,
                        #tag,
                    )?))
                }
            }
            Style::Struct => Fields {
                cont,
                fields: &v.fields,
                construct: quote!(Self::#ident),
                ignore_keys: vec![tag.to_string()],
                expecting: format!("struct variant {}::{}", cont.attrs.name.de, v.attrs.name.de),
                container_default: false,
            }
            .read_object(fj),
            Style::Tuple => {
                quote!(#fj::Err(__r.error("tuple variants cannot be internally tagged")))
            }
        };
        quote!(#i => { #body })
    });
    let seq = internal_seq(cont, variants, tag, &match_name, fj);
    let after_key = super::after_key(quote!(__key_at));
    quote! {
        if __r.peek() == #fj::Some(b'[') {
            #seq
        }
        let __start = __r.checkpoint();
        __r.begin_object()?;
        let mut __tag: #fj::Option<u32> = #fj::None;
        let mut __first = true;
        while __r.has_next_entry(&mut __first)? {
            let __key_at = __r.checkpoint();
            let __is_tag = __r.read_key()? == #tag;
            if !__is_tag {
                // serde buffers the other entries, validating them as it goes
                __r.skip_content()?;
                continue;
            }
            if __tag.is_some() {
                #after_key
                return #fj::Err(__r.duplicate_field(#tag));
            }
            let __idx: u32 = {
                let __name: &str = &*__r.read_str()?;
                #match_name
            };
            __tag = #fj::Some(__idx);
        }
        let __idx = match __tag {
            #fj::Some(__idx) => __idx,
            #fj::None => return #fj::Err(__r.missing_field(#tag)),
        };
        let __end = __r.checkpoint();
        __r.restore(__start);
        let __value: #fj::Result<Self, #fj::Error> = match __idx {
            #(#arms)*
            _ => #fj::Err(__r.error("unreachable variant index")),
        };
        let __value = __value?;
        __r.restore(__end);
        #fj::Ok(__value)
    }
}

/// serde's sequence form of an internally tagged enum, `["Variant", ...]`: the tag, then the
/// variant read from the remaining elements (a struct variant in its array form). Returns.
fn internal_seq(
    cont: &Container,
    variants: &[Variant],
    tag: &str,
    match_name: &TokenStream,
    fj: &TokenStream,
) -> TokenStream {
    let arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        let body = match v.style {
            Style::Unit => quote! {
                if __r.next_element(&mut __first)? {
                    return #fj::Err(__r.error("invalid length, expected 0 elements in sequence"));
                }
                #fj::Ok(Self::#ident)
            },
            Style::Newtype => {
                let ty = v.fields[0].ty;
                quote! {
                    #fj::Ok(Self::#ident(<#ty as #fj::FromJsonFlat<'de>>::read_flat_seq(
                        __r,
                        &mut __first,
                    )?))
                }
            }
            Style::Struct => Fields {
                cont,
                fields: &v.fields,
                construct: quote!(Self::#ident),
                ignore_keys: Vec::new(),
                expecting: format!("struct variant {}::{}", cont.attrs.name.de, v.attrs.name.de),
                container_default: false,
            }
            .read_elements(fj),
            Style::Tuple => {
                quote!(#fj::Err(__r.error("tuple variants cannot be internally tagged")))
            }
        };
        quote!(#i => { #body })
    });
    quote! {
        __r.begin_array()?;
        let mut __first = true;
        if !__r.next_element(&mut __first)? {
            return #fj::Err(__r.missing_field(#tag));
        }
        let __idx: u32 = {
            let __name: &str = &*__r.read_str()?;
            #match_name
        };
        // serde buffers the rest, validating it as it goes
        let __rest = __r.checkpoint();
        let mut __more = __first;
        while __r.next_element(&mut __more)? {
            __r.skip_content()?;
        }
        __r.restore(__rest);
        return match __idx {
            #(#arms)*
            _ => #fj::Err(__r.error("unreachable variant index")),
        };
    }
}

pub fn untagged(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    let attempts = readable(variants).map(|(_, v)| {
        let body = content(cont, v, StructForm::Object, fj);
        quote! {
            __r.restore(__start);
            if let #fj::Ok(__v) = (|__r: &mut #fj::Reader<'de>| -> #fj::Result<Self, #fj::Error> { #body })(__r) {
                return #fj::Ok(__v);
            }
        }
    });
    let msg = cont.attrs.expecting.clone().unwrap_or_else(|| {
        format!(
            "data did not match any variant of untagged enum {}",
            cont.attrs.name.de
        )
    });
    quote! {
        let __start = __r.checkpoint();
        // serde buffers the value before trying the variants, validating it as it goes
        __r.skip_content()?;
        let __end = __r.checkpoint();
        #(#attempts)*
        __r.restore(__end);
        #fj::Err(__r.error(#msg))
    }
}
