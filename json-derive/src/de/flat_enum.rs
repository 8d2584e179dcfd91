//! `FromJsonFlat` for enums: an enum flattened into an enclosing struct, read from the entries
//! the enclosing struct does not take, as serde reads it. An externally tagged enum takes the
//! first entry whose key names a variant; an internally tagged one reads its tag and fields
//! from all the entries (taking none, like a map); an adjacently tagged one takes its tag and
//! content entries. Untagged enums cannot be flattened (serde tries their variants on a map).

use proc_macro2::TokenStream;
use quote::quote;

use super::enums::{self, dispatch_content, readable, ContentForm};
use super::tagged;
use crate::attr::TagType;
use crate::model::{Container, Variant};

/// The bodies of `read_flat` and `claims`, or `None` if the enum cannot be flattened.
pub fn read_flat(
    cont: &Container,
    variants: &[Variant],
    fj: &TokenStream,
) -> Option<(TokenStream, TokenStream)> {
    match &cont.attrs.tag {
        TagType::External => Some(external(cont, variants, fj)),
        TagType::Internal { tag } => Some((
            tagged::internal(cont, variants, tag, true, fj),
            quote!({
                let _ = __key;
                false
            }),
        )),
        TagType::Adjacent { tag, content } => Some((
            enums::adjacent(cont, variants, tag, content, true, fj),
            quote!(__key == #tag || __key == #content),
        )),
        TagType::None => None,
    }
}

/// The first entry (not taken by others) whose key names a variant is the enum.
fn external(
    cont: &Container,
    variants: &[Variant],
    fj: &TokenStream,
) -> (TokenStream, TokenStream) {
    let names: Vec<(u32, Vec<String>)> = readable(variants)
        .map(|(i, v)| (i, v.attrs.name.de_names()))
        .collect();
    let arms = names.iter().map(|(i, names)| quote!(#(#names)|* => #i,));
    let all_names = names.iter().flat_map(|(_, names)| names);
    let claims = quote!(::core::matches!(__key, #(#all_names |)* "\u{0}__fastjson_never"));
    let dispatch = dispatch_content(cont, variants, ContentForm::Buffered, fj);
    let missing = format!(
        "no variant of enum {} found in flattened data",
        cont.attrs.name.de
    );
    let body = quote! {
        __r.begin_object()?;
        let mut __first = true;
        while __r.has_next_entry(&mut __first)? {
            let __idx: ::core::primitive::u32 = {
                let __k: &::core::primitive::str = __r.read_key()?;
                if __taken(__k) {
                    ::core::primitive::u32::MAX
                } else {
                    match __k {
                        #(#arms)*
                        _ => ::core::primitive::u32::MAX,
                    }
                }
            };
            if __idx == ::core::primitive::u32::MAX {
                __r.skip_value()?;
                continue;
            }
            let __value = #dispatch?;
            // the other entries are not the enum's
            while __r.has_next_entry(&mut __first)? {
                __r.read_key()?;
                __r.skip_value()?;
            }
            return #fj::Ok(__value);
        }
        #fj::Err(__r.error(#missing))
    };
    (body, claims)
}
