//! Reading internally tagged and untagged enums without buffering: the object is scanned for
//! the tag, then re-read from a saved checkpoint; untagged variants are tried in order from the
//! same checkpoint.

use proc_macro2::TokenStream;
use quote::quote;

use super::enums::{content, match_variant, readable};
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
                    #fj::Ok(Self::#ident(<#ty as #fj::FromJsonFlat<'de>>::read_flat(
                        __r,
                        &|__key: &str| __key == #tag,
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
    quote! {
        let __start = __r.checkpoint();
        __r.begin_object()?;
        let mut __tag: #fj::Option<u32> = #fj::None;
        let mut __first = true;
        while __r.has_next_entry(&mut __first)? {
            let __is_tag = __r.read_key()? == #tag;
            if !__is_tag {
                __r.skip_value()?;
                continue;
            }
            if __tag.is_some() {
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

pub fn untagged(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    let attempts = readable(variants).map(|(_, v)| {
        let body = content(cont, v, fj);
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
        #(#attempts)*
        __r.restore(__start);
        __r.skip_value()?;
        #fj::Err(__r.error(#msg))
    }
}
