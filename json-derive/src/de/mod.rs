//! Generates `FromJson` (and `FromJsonFlat` for structs with named fields): straight-line reads
//! from the slice reader, keys matched by a `match` on the key text, no intermediate tree.

mod enums;
mod fields;
mod flat_enum;
mod tagged;

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr::TagType;
use crate::bound;
use crate::model::{Container, Data, Field, Style, Variant};

pub use fields::Fields;

pub fn expand(cont: &Container, fj: &TokenStream, unit: Option<&TokenStream>) -> TokenStream {
    let ident = &cont.ident;
    let bound_path: syn::Path = syn::parse_quote!(#fj::FromJson<'de>);
    let flat_path: syn::Path = syn::parse_quote!(#fj::FromJsonFlat<'de>);
    let key_path: syn::Path = syn::parse_quote!(#fj::FromJsonKey<'de>);
    let generics = bound::with_bounds(
        cont,
        &bound::Inference {
            include: |f, v| !f.attrs.skip_de && !v.is_some_and(|v| v.attrs.skip_de),
            bound: &bound_path,
            flat_bound: &flat_path,
            key_bound: &key_path,
            container_bound: cont.attrs.de_bound.as_ref(),
            field_bound: |f| f.attrs.de_bound.as_ref(),
            variant_bound: |v| v.attrs.de_bound.as_ref(),
        },
    );
    let (_, ty_generics, where_clause) = generics.split_for_impl();
    let de_generics = bound::with_de_lifetime(&generics);
    let (impl_generics, _, _) = de_generics.split_for_impl();

    let conversion = cont.attrs.from.as_ref().map(|from| (from, false));
    let conversion = conversion.or(cont.attrs.try_from.as_ref().map(|t| (t, true)));
    if let Some((from, fallible)) = conversion {
        let convert = if fallible {
            quote! {
                match <Self as #fj::TryFrom<#from>>::try_from(__v) {
                    #fj::Ok(__x) => #fj::Ok(__x),
                    #fj::Err(__e) => #fj::Err(__r.error(__e)),
                }
            }
        } else {
            quote!(#fj::Ok(<Self as #fj::From<#from>>::from(__v)))
        };
        return quote! {
            #[automatically_derived]
            impl #impl_generics #fj::FromJson<'de> for #ident #ty_generics #where_clause {
                fn read_json(__r: &mut #fj::Reader<'de>) -> #fj::Result<Self, #fj::Error> {
                    let __v = <#from as #fj::FromJson<'de>>::read_json(__r)?;
                    #convert
                }
            }
        };
    }

    let (body, flat) = match &cont.data {
        Data::Struct(style, fields) => struct_body(cont, *style, fields, fj),
        Data::Enum(variants) => {
            let flat = flat_enum::read_flat(cont, variants, fj).map(|(read, claims)| FlatBodies {
                read,
                claims,
                seq: None,
                tagged: None,
                after_tag: None,
                fields: None,
            });
            let body = match &cont.attrs.tag {
                TagType::External => enums::external(cont, variants, fj),
                TagType::Adjacent { tag, content } => {
                    enums::adjacent(cont, variants, tag, content, false, fj)
                }
                TagType::Internal { tag } => tagged::internal(cont, variants, tag, false, fj),
                TagType::None => tagged::untagged(cont, variants, fj),
            };
            (body, flat)
        }
    };
    let flat_impl = flat.map(|flat| {
        let FlatBodies {
            read,
            claims,
            seq,
            tagged,
            after_tag,
            fields,
        } = flat;
        let taken_ty = taken_type();
        let read_fields = fields.map(|body| {
            quote! {
                #[inline]
                fn __read_fields<const __M: ::core::primitive::u8>(
                    __r: &mut #fj::Reader<'de>,
                    __taken: #taken_ty,
                    __first_in: &mut ::core::primitive::bool,
                ) -> #fj::Result<Self, #fj::Error> {
                    #body
                }
            }
        });
        let read_tagged = tagged.map(|body| {
            quote! {
                #[inline]
                fn read_tagged(
                    __r: &mut #fj::Reader<'de>,
                    __taken: #taken_ty,
                ) -> #fj::Result<Self, #fj::Error> {
                    #body
                }
            }
        });
        let read_after_tag = after_tag.map(|body| {
            quote! {
                #[inline]
                fn __read_after_tag(
                    __r: &mut #fj::Reader<'de>,
                    __taken: #taken_ty,
                ) -> #fj::Option<#fj::Result<Self, #fj::Error>> {
                    #fj::Some(#body)
                }
            }
        });
        let read_seq = seq.map(|body| {
            quote! {
                #[inline]
                fn read_flat_seq(
                    __r: &mut #fj::Reader<'de>,
                    __first_in: &mut ::core::primitive::bool,
                ) -> #fj::Result<Self, #fj::Error> {
                    #body
                }
            }
        });
        quote! {
            #[automatically_derived]
            // `#[inline]`: these are codegen'd only where a type is really flattened, instead of
            // for every type (they were a third of the generated code of the corpus types).
            impl #impl_generics #fj::FromJsonFlat<'de> for #ident #ty_generics #where_clause {
                #[inline]
                fn read_flat(
                    __r: &mut #fj::Reader<'de>,
                    __taken: #taken_ty,
                ) -> #fj::Result<Self, #fj::Error> {
                    #read
                }
                #[inline]
                fn claims(__key: &::core::primitive::str) -> ::core::primitive::bool {
                    #claims
                }
                #read_seq
                #read_tagged
                #read_after_tag
                #read_fields
            }
        }
    });
    // With a unit, the body goes into the unit's codegen unit: `read_json` is an inlined call of
    // the unit's function, the only caller of the inlined body (see `code_unit` and the
    // runtime's `units`).
    let (inline, read_json, unit_impls) = match unit {
        None => (None, body, None),
        Some(unit) => (
            Some(quote!(#[inline])),
            quote!(<#unit as #fj::ReadIn<'de, Self>>::read(__r)),
            Some(quote! {
                impl #impl_generics #fj::ReadIn<'de, #ident> for #unit #where_clause {
                    #[inline(never)]
                    fn read(__r: &mut #fj::Reader<'de>) -> #fj::Result<#ident, #fj::Error> {
                        <#ident as #fj::ReadBody<'de>>::read_body(__r)
                    }
                }
                #[automatically_derived]
                impl #impl_generics #fj::ReadBody<'de> for #ident #ty_generics #where_clause {
                    #[inline]
                    fn read_body(__r: &mut #fj::Reader<'de>) -> #fj::Result<Self, #fj::Error> {
                        #body
                    }
                }
            }),
        ),
    };
    quote! {
        #[automatically_derived]
        impl #impl_generics #fj::FromJson<'de> for #ident #ty_generics #where_clause {
            #inline
            fn read_json(__r: &mut #fj::Reader<'de>) -> #fj::Result<Self, #fj::Error> {
                #read_json
            }
        }
        #unit_impls
        #flat_impl
    }
}

/// The type of the `__taken` parameters of `FromJsonFlat`'s methods (the runtime's
/// `&dyn Fn(&str) -> bool`), by absolute paths.
fn taken_type() -> TokenStream {
    quote!(&dyn ::core::ops::Fn(&::core::primitive::str) -> ::core::primitive::bool)
}

/// A statement moving the reader back to just after the key that started at checkpoint `at`
/// (and the whitespace after it), where serde_json reports errors about a field's key:
/// unknown and duplicate fields.
fn after_key(at: TokenStream) -> TokenStream {
    quote!(__r.after_key(#at);)
}

/// A flattened tagged enum's repeated tag (or content) key. serde finds it in the object it
/// buffered whole, so serde_json places the error at that object's end, after its syntax is
/// checked: the entry loop records the first repeated key (`arm(seen, key)` at the start of
/// the key's arm: `seen` says it was read before) and reads the rest of the object as syntax
/// only; `decl` goes before the loop and `end` after it. `None`s when not flattened, where the
/// key was refused before its `:`.
struct RepeatedKey {
    decl: Option<TokenStream>,
    end: Option<TokenStream>,
}

impl RepeatedKey {
    fn new(flat: bool, fj: &TokenStream) -> Self {
        RepeatedKey {
            decl: flat.then(|| {
                quote!(let mut __again: #fj::Option<&'static ::core::primitive::str> = #fj::None;)
            }),
            end: flat.then(|| {
                quote! {
                    if let #fj::Some(__key) = __again {
                        return #fj::Err(__r.duplicate_field(__key));
                    }
                }
            }),
        }
    }

    fn arm(&self, seen: TokenStream, key: &str, fj: &TokenStream) -> Option<TokenStream> {
        self.decl.as_ref().map(|_| {
            quote! {
                if __again.is_some() || #seen {
                    __again = __again.or(#fj::Some(#key));
                    __r.skip_content()?;
                    continue;
                }
            }
        })
    }
}

/// Like `after_key`, without the whitespace: where serde_json reports an unknown variant
/// read from a key.
fn after_variant_key(at: TokenStream) -> TokenStream {
    quote! {
        __r.restore(#at);
        let _ = __r.read_str();
    }
}

/// The bodies of a type's `FromJsonFlat` methods; `None` keeps the trait's default.
struct FlatBodies {
    read: TokenStream,
    claims: TokenStream,
    seq: Option<TokenStream>,
    tagged: Option<TokenStream>,
    after_tag: Option<TokenStream>,
    fields: Option<TokenStream>,
}

/// `read_json`'s body for a struct, and the `FromJsonFlat` bodies for named fields.
fn struct_body(
    cont: &Container,
    style: Style,
    fields: &[Field],
    fj: &TokenStream,
) -> (TokenStream, Option<FlatBodies>) {
    if cont.attrs.transparent {
        let inits = fields.iter().map(|f| {
            let member = &f.member;
            if f.attrs.skip_de {
                let ty = f.ty;
                quote!(#member: <#ty as #fj::Default>::default())
            } else {
                let read = fields::read_inner_value(cont, f, fj);
                quote!(#member: #read?)
            }
        });
        return (quote!(#fj::Ok(Self { #(#inits),* })), None);
    }
    match style {
        Style::Unit => {
            let expecting = expecting(cont, "unit struct");
            (quote!(__r.read_null_as(#expecting)?; #fj::Ok(Self)), None)
        }
        Style::Newtype => {
            let read = fields::read_inner_value(cont, &fields[0], fj);
            (quote!(#fj::Ok(Self(#read?))), None)
        }
        Style::Tuple => {
            let expecting = format!("tuple struct {}", cont.ident);
            (tuple(cont, fields, quote!(Self), expecting, true, fj), None)
        }
        Style::Struct => {
            let reader = Fields {
                cont,
                fields,
                construct: quote!(Self),
                ignore_keys: Vec::new(),
                expecting: format!("struct {}", cont.ident),
                container_default: true,
            };
            // Every use calls the one generic reader. A struct with flattened fields has no
            // array form (serde reads it as a map).
            let call = |mode: &str, taken: TokenStream, first: TokenStream| {
                let mode = syn::Ident::new(mode, proc_macro2::Span::call_site());
                quote! {
                    <Self as #fj::FromJsonFlat<'de>>::__read_fields::<{ #fj::flat::#mode }>(
                        __r, #taken, #first,
                    )
                }
            };
            let not_taken = quote!(&|_: &::core::primitive::str| false);
            // Both need the array-capable reader, which a struct with flattened fields (read
            // from the object's start again) does not have.
            let no_flatten = fields.iter().all(|f| !f.attrs.flatten);
            let seq = no_flatten.then(|| call("READ_SEQ", not_taken.clone(), quote!(__first_in)));
            let after_tag =
                no_flatten.then(|| call("READ_AFTER_TAG", quote!(__taken), quote!(&mut false)));
            let flat = FlatBodies {
                read: call("READ_FLAT", quote!(__taken), quote!(&mut true)),
                claims: reader.claims(fj),
                seq,
                // Only `deny_unknown_fields` makes a difference to the default `read_tagged`.
                tagged: cont
                    .attrs
                    .deny_unknown_fields
                    .then(|| call("READ_TAGGED", quote!(__taken), quote!(&mut true))),
                after_tag,
                fields: Some(reader.read_generic(fj)),
            };
            (call("READ_VALUE", not_taken, quote!(&mut true)), Some(flat))
        }
    }
}

/// What serde's visitor for `cont` expects in an `invalid type` error: its `expecting`
/// attribute, else `kind` and the type's Rust name (`internally tagged enum Event`).
pub fn expecting(cont: &Container, kind: &str) -> String {
    cont.attrs
        .expecting
        .clone()
        .unwrap_or_else(|| format!("{kind} {}", cont.ident))
}

/// How serde's derive names variant `v` in its errors: `kind` (`struct variant`, `tuple
/// variant`) and the Rust names, `struct variant Event::Push`.
pub fn variant_expecting(kind: &str, cont: &Container, v: &Variant) -> String {
    format!("{kind} {}::{}", cont.ident, v.ident)
}

/// A tuple struct or tuple variant: an array of the fields not skipped; missing elements take
/// their field's (or a tuple struct's container) default, as in serde.
pub fn tuple(
    cont: &Container,
    fields: &[Field],
    construct: TokenStream,
    expecting: String,
    container_default: bool,
    fj: &TokenStream,
) -> TokenStream {
    // `Self(a, b)` is built as `Self { 0: a, 1: b }`, like a struct.
    Fields {
        cont,
        fields,
        construct,
        ignore_keys: Vec::new(),
        expecting,
        container_default,
    }
    .read_array(fj)
}
