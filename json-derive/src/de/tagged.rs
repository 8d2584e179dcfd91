//! Reading internally tagged and untagged enums without buffering: the object is scanned for
//! the tag, then re-read from a saved checkpoint; untagged variants are tried in order from the
//! same checkpoint.

use proc_macro2::TokenStream;
use quote::quote;

use super::enums::{content, match_variant, readable, ContentForm};
use super::fields::{Fields, ObjectMode};
use crate::model::{Container, Style, Variant};

/// An internally tagged enum: as a value of its own, or (`flat`, in `FromJsonFlat::read_flat`)
/// from an enclosing object, skipping the keys for which `__taken` holds.
pub fn internal(
    cont: &Container,
    variants: &[Variant],
    tag: &str,
    flat: bool,
    fj: &TokenStream,
) -> TokenStream {
    let expecting = super::expecting(cont, "internally tagged enum");
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
                        __not_content,
                    )?))
                }
            }
            Style::Struct => {
                let fields = struct_variant_fields(cont, v, tag, flat);
                if flat {
                    let read = fields.read_object_as(ObjectMode::Tagged, fj);
                    quote! {
                        let __taken = __not_content;
                        #read
                    }
                } else {
                    fields.read_object(fj)
                }
            }
            Style::Tuple => {
                quote!(#fj::Err(__r.error("tuple variants cannot be internally tagged")))
            }
        };
        quote!(#i => { #body })
    });
    let read_tag = if flat {
        // Flattened, serde reads the tag from its buffer, where a variant's index names the
        // variant as well as its name does.
        let by_index = match_index(variants, fj);
        quote! {
            if ::core::matches!(__r.peek(), #fj::Some(b'0'..=b'9')) {
                let __n: ::core::primitive::u64 = __r.read_u64()?;
                #by_index
            } else {
                let __name: &::core::primitive::str = &*__r.read_str()?;
                #match_name
            }
        }
    } else {
        quote!({
            let __name: &::core::primitive::str = &*__r.read_str()?;
            #match_name
        })
    };
    // Serde reads a flattened enum from the enclosing object's entries, never a sequence.
    let seq = (!flat).then(|| {
        let seq = internal_seq(cont, variants, tag, &match_name, fj);
        quote! {
            if __r.peek() == #fj::Some(b'[') {
                #seq
            }
        }
    });
    // The keys that are not the content's: the tag (and what an enclosing struct takes).
    let not_content = if flat {
        quote!(&|__key: &::core::primitive::str| __key == #tag || __taken(__key))
    } else {
        quote!(&|__key: &::core::primitive::str| __key == #tag)
    };
    // Whether the key is the tag, with its `:` read. serde checks the tag's key as it arrives
    // (a second one is `duplicate field` before its `:`); flattened, it reads from what the
    // enclosing object buffered, so the syntax comes first there.
    let is_tag = if flat {
        quote!({
            let __k: &::core::primitive::str = __r.read_key()?;
            __k == #tag && !__taken(__k)
        })
    } else {
        quote!({
            let __is_tag = __r.read_key_name()? == #tag;
            if __is_tag && __tag.is_some() {
                return #fj::Err(__r.duplicate_field_at(__key_at, #tag));
            }
            __r.key_colon()?;
            __is_tag
        })
    };
    // The tag first, as GeoJSON, serde and most writers put it: a struct variant, or a newtype
    // variant whose content reads that way (`__read_after_tag`: derived structs), is read in
    // the same pass (no scan for the tag and second read of the content). Any other variant,
    // or a tag that is not the first key, takes the general path from the object's start.
    let tag_first = (!flat).then(|| {
        let quoted_tag = crate::lit::quoted(tag);
        let arms = readable(variants).filter_map(|(i, v)| match v.style {
            Style::Struct => {
                let fields = struct_variant_fields(cont, v, tag, false);
                fields.can_read_after_tag(tag).then(|| {
                    let rest = fields.read_rest_after_tag(tag, fj);
                    quote!(#i => return { #rest },)
                })
            }
            Style::Newtype => {
                let ident = &v.ident;
                let ty = v.fields[0].ty;
                Some(quote! {
                    #i => {
                        if let #fj::Some(__v) = <#ty as #fj::FromJsonFlat<'de>>::__read_after_tag(
                            __r,
                            &|__key: &::core::primitive::str| __key == #tag,
                        ) {
                            return __v.map(Self::#ident);
                        }
                    }
                })
            }
            _ => None,
        });
        quote! {
            {
                let __start = __r.checkpoint();
                __r.begin_object_as(#expecting)?;
                let mut __first = true;
                if __r.has_next_entry(&mut __first)? && __r.eat_key(#quoted_tag) {
                    let __idx: ::core::primitive::u32 = #read_tag;
                    match __idx {
                        #(#arms)*
                        _ => {}
                    }
                }
                __r.restore(__start);
            }
        }
    });
    // Flattened, a repeated tag reaches this check (not flattened, `is_tag` refused it).
    let repeated = super::RepeatedKey::new(flat, fj);
    let tag_again = repeated.arm(quote!(__tag.is_some()), tag, fj);
    let (again_var, again_end) = (&repeated.decl, &repeated.end);
    let taken_ty = super::taken_type();
    quote! {
        #seq
        #tag_first
        let __not_content: #taken_ty = #not_content;
        let __start = __r.checkpoint();
        __r.begin_object_as(#expecting)?;
        let mut __tag: #fj::Option<::core::primitive::u32> = #fj::None;
        #again_var
        let mut __first = true;
        while __r.has_next_entry(&mut __first)? {
            let __key_at = __r.checkpoint();
            let __is_tag = #is_tag;
            if !__is_tag {
                // serde buffers the other entries, validating them as it goes
                __r.skip_content()?;
                continue;
            }
            #tag_again
            let __idx: ::core::primitive::u32 = #read_tag;
            __tag = #fj::Some(__idx);
        }
        #again_end
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

/// The reader of an internally tagged struct variant's fields; the tag is skipped unless the
/// enum is flattened (then the enclosing struct's `__taken` skips it).
fn struct_variant_fields<'a>(
    cont: &'a Container<'a>,
    v: &'a Variant<'a>,
    tag: &str,
    flat: bool,
) -> Fields<'a> {
    let ident = &v.ident;
    Fields {
        cont,
        fields: &v.fields,
        construct: quote!(Self::#ident),
        ignore_keys: if flat {
            Vec::new()
        } else {
            vec![tag.to_string()]
        },
        expecting: super::variant_expecting("struct variant", cont, v),
        container_default: false,
    }
}

/// The variant whose index (among the variants that are read) is `__n`, as serde's variant
/// identifiers read an integer: the `other` variant or an error when there is none.
fn match_index(variants: &[Variant], fj: &TokenStream) -> TokenStream {
    let readable: Vec<(u32, &Variant)> = readable(variants).collect();
    let count = readable.len();
    let arms = readable.iter().enumerate().map(|(pos, (i, _))| {
        let pos = pos as u64;
        quote!(#pos => #i,)
    });
    let fallback = match readable.iter().find(|(_, v)| v.attrs.other) {
        Some((i, _)) => quote!(#i),
        None => {
            let msg = format!("expected variant index 0 <= i < {count}");
            quote!(return #fj::Err(__r.error(#fj::format!(
                "invalid value: integer `{}`, {}", __n, #msg
            ))))
        }
    };
    quote! {
        match __n {
            #(#arms)*
            _ => #fallback,
        }
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
                __r.content_seq_end(&mut __first, 0)?;
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
                expecting: super::variant_expecting("struct variant", cont, v),
                container_default: false,
            }
            .read_elements(fj, true),
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
        // serde reads this first element straight from the input as the variant's identifier
        // (from a buffer, as inside an untagged enum, serde also takes a variant's index:
        // a known difference, docs/errors.md)
        if __r.peek() != #fj::Some(b'"') {
            return #fj::Err(__r.invalid_type("variant identifier"));
        }
        let __idx: ::core::primitive::u32 = {
            let __name: &::core::primitive::str = &*__r.read_str()?;
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
        let body = content(cont, v, ContentForm::Untagged, fj);
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
