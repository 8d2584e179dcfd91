//! Reading externally tagged (`"V"` or `{"V":..}`) and adjacently tagged
//! (`{"tag":"V","content":..}`) enums. Variant names are matched like field keys.

use proc_macro2::TokenStream;
use quote::quote;

use super::fields::Fields;
use crate::model::{Container, Style, Variant};

/// Variants that can be read, with their index in the enum.
pub fn readable<'a>(variants: &'a [Variant<'a>]) -> impl Iterator<Item = (u32, &'a Variant<'a>)> {
    variants
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.attrs.skip_de)
        .map(|(i, v)| (i as u32, v))
}

/// An expression giving the variant index for the name in `__name` (a `&str`), or returning an
/// unknown-variant error (or giving the `other` variant's index).
pub fn match_variant(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    match_variant_at(cont, variants, None, fj)
}

/// Like `match_variant`; for a name read as an object key, `key_at` is a checkpoint before the
/// key, so that the error is reported just after it (where serde_json reports it).
pub fn match_variant_at(
    _cont: &Container,
    variants: &[Variant],
    key_at: Option<TokenStream>,
    fj: &TokenStream,
) -> TokenStream {
    let arms = readable(variants)
        .filter(|(_, v)| !v.attrs.other)
        .map(|(i, v)| {
            let names = v.attrs.name.de_names();
            quote!(#(#names)|* => #i,)
        });
    let other = readable(variants).find(|(_, v)| v.attrs.other);
    let fallback = match other {
        Some((i, _)) => quote!(#i),
        None => {
            let expected: Vec<String> = readable(variants)
                .filter(|(_, v)| !v.attrs.other)
                .map(|(_, v)| v.attrs.name.de.clone())
                .collect();
            let reposition = key_at.map(super::after_variant_key);
            quote!({
                let __owned = #fj::ToString::to_string(__name);
                #reposition
                return #fj::Err(__r.unknown_variant(&__owned, &[#(#expected),*]));
            })
        }
    };
    quote! {
        match __name {
            #(#arms)*
            _ => #fallback,
        }
    }
}

/// How serde reads a variant's content, which decides the forms accepted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ContentForm {
    /// Externally tagged: a struct variant as an object or serde's array form.
    External,
    /// Untagged, and the content of adjacently tagged enums: a struct variant as an object
    /// only (serde's "untagged" struct form has no `visit_seq`).
    Untagged,
    /// Flattened externally tagged enums, read by serde from its buffer: as `External`, and a
    /// unit variant's `null` may also be `{}`.
    Buffered,
}

/// Statements reading variant `v`'s content (a value, not the tag), ending in `Ok(Self::V..)`.
pub fn content(cont: &Container, v: &Variant, form: ContentForm, fj: &TokenStream) -> TokenStream {
    let ident = &v.ident;
    match v.style {
        Style::Unit if form == ContentForm::Buffered => {
            quote!(__r.read_content_unit()?; #fj::Ok(Self::#ident))
        }
        Style::Unit if form == ContentForm::Untagged => {
            // serde: `deserialize_any` with a visitor of this variant, which takes a unit.
            let expecting = super::variant_expecting("unit variant", cont, v);
            quote!(__r.read_any_unit(#expecting)?; #fj::Ok(Self::#ident))
        }
        Style::Unit => quote!(__r.read_null_as("unit")?; #fj::Ok(Self::#ident)),
        Style::Newtype => {
            let read = super::fields::read_value(cont, &v.fields[0], fj);
            quote!(#fj::Ok(Self::#ident(#read?)))
        }
        Style::Tuple => {
            let expecting = super::variant_expecting("tuple variant", cont, v);
            super::tuple(cont, &v.fields, quote!(Self::#ident), expecting, false, fj)
        }
        Style::Struct => {
            let fields = Fields {
                cont,
                fields: &v.fields,
                construct: quote!(Self::#ident),
                ignore_keys: Vec::new(),
                expecting: super::variant_expecting("struct variant", cont, v),
                container_default: false,
            };
            match form {
                ContentForm::External | ContentForm::Buffered => fields.read_any(fj),
                ContentForm::Untagged => {
                    // serde reads it with `deserialize_any`, so serde_json reports another
                    // value's type where `deserialize_any` leaves it (after a `[`).
                    let expecting = fields.type_expecting();
                    let read = fields.read_object(fj);
                    quote! {
                        if __r.peek() != #fj::Some(b'{') {
                            return #fj::Err(__r.any_invalid_type(#expecting));
                        }
                        #read
                    }
                }
            }
        }
    }
}

/// `match __idx { i => { content } ... }` with errors carrying the variant name in their path.
pub fn dispatch_content(
    cont: &Container,
    variants: &[Variant],
    form: ContentForm,
    fj: &TokenStream,
) -> TokenStream {
    let arms = readable(variants).map(|(i, v)| {
        let body = content(cont, v, form, fj);
        let name = &v.attrs.name.de;
        quote! {
            #i => (|__r: &mut #fj::Reader<'de>| -> #fj::Result<Self, #fj::Error> { #body })(__r)
                .map_err(|__e| __e.in_field(#name)),
        }
    });
    quote! {
        match __idx {
            #(#arms)*
            _ => #fj::Err(__r.error("unreachable variant index")),
        }
    }
}

pub fn external(cont: &Container, variants: &[Variant], fj: &TokenStream) -> TokenStream {
    let match_name = match_variant(cont, variants, fj);
    let match_key = match_variant_at(cont, variants, Some(quote!(__key_at)), fj);
    let unit_arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        if v.style == Style::Unit {
            quote!(#i => #fj::Ok(Self::#ident),)
        } else {
            let msg = format!("invalid type: unit variant, expected {}", describe(v));
            quote!(#i => #fj::Err(__r.error(#msg)),)
        }
    });
    let dispatch = dispatch_content(cont, variants, ContentForm::External, fj);
    quote! {
        match __r.peek() {
            #fj::Some(b'"') => {
                let __idx: ::core::primitive::u32 = {
                    let __name: &::core::primitive::str = &*__r.read_str()?;
                    #match_name
                };
                match __idx {
                    #(#unit_arms)*
                    _ => #fj::Err(__r.error("unreachable variant index")),
                }
            }
            #fj::Some(b'{') => {
                __r.begin_object()?;
                let mut __first = true;
                if !__r.has_next_entry(&mut __first)? {
                    // serde_json wants a key (a variant's name) where the `}` is
                    return #fj::Err(__r.syntax("expected value"));
                }
                let __key_at = __r.checkpoint();
                let __idx: ::core::primitive::u32 = {
                    let __name: &::core::primitive::str = __r.read_key()?;
                    #match_key
                };
                let __value = #dispatch?;
                // exactly one entry
                match __r.peek() {
                    #fj::Some(b'}') => {
                        __r.has_next_entry(&mut __first)?;
                    }
                    // serde_json's words for a second entry or anything else
                    #fj::Some(_) => return #fj::Err(__r.syntax("expected value")),
                    #fj::None => return #fj::Err(__r.eof("an object")),
                }
                #fj::Ok(__value)
            }
            // serde_json's error for anything else: a syntax error at the value
            _ => #fj::Err(__r.expected_value()),
        }
    }
}

fn describe(v: &Variant) -> &'static str {
    match v.style {
        Style::Unit => "unit variant",
        Style::Newtype => "newtype variant",
        Style::Tuple => "tuple variant",
        Style::Struct => "struct variant",
    }
}

/// An adjacently tagged enum: as a value of its own, or (`flat`, in `FromJsonFlat::read_flat`)
/// from an enclosing object, where only the tag and content keys not taken by others are its
/// own (serde shows it no other key, so `deny_unknown_fields` does not apply).
pub fn adjacent(
    cont: &Container,
    variants: &[Variant],
    tag: &str,
    content_key: &str,
    flat: bool,
    fj: &TokenStream,
) -> TokenStream {
    let match_name = match_variant(cont, variants, fj);
    // The content is read in three places (after the tag, before it, serde's array form):
    // one closure holds the variants' readers, so that they are generated and checked once.
    let read_content = dispatch_content(cont, variants, ContentForm::Untagged, fj);
    let content_fn = quote! {
        let __content = |__r: &mut #fj::Reader<'de>, __idx: ::core::primitive::u32|
            -> #fj::Result<Self, #fj::Error> { #read_content };
    };
    let dispatch = quote!(__content(__r, __idx));
    // Without content: a unit variant, or a newtype variant whose type has a value for a missing
    // field (`Option`: `None`), as in serde.
    let unit_arms = readable(variants).map(|(i, v)| {
        let ident = &v.ident;
        match v.style {
            Style::Unit => quote!(#i => #fj::Ok(Self::#ident),),
            Style::Newtype if v.fields[0].attrs.serde.is_some() => {
                let with = &v.fields[0].attrs.with;
                quote!(#i => #with::missing_field(__r, #content_key).map(Self::#ident),)
            }
            Style::Newtype if v.fields[0].attrs.with.is_none() => {
                let ty = v.fields[0].ty;
                quote! {
                    #i => <#ty as #fj::FromJson<'de>>::missing_field(__r, #content_key)
                        .map(Self::#ident),
                }
            }
            _ => quote!(#i => #fj::Err(__r.missing_field(#content_key)),),
        }
    });
    let after_key = super::after_key(quote!(__key_at));
    let unknown = if cont.attrs.deny_unknown_fields && !flat {
        quote!({
            // serde's words for a key that is neither the tag nor the content
            let __owned = #fj::ToString::to_string(__k);
            #after_key
            return #fj::Err(__r.error(::core::format_args!(
                "invalid value: string {:?}, expected {:?} or {:?}",
                __owned,
                #tag,
                #content_key,
            )));
        })
    } else {
        quote!(2u8)
    };
    let taken = flat.then(|| quote!(_ if __taken(__k) => 2u8,));
    // serde checks the tag and content keys as they arrive: a second one is `duplicate field`
    // before its `:` (flattened, serde reads what the enclosing object buffered: the syntax
    // comes first, and the `:` is read with the key).
    let (read_key, colon) = if flat {
        (quote!(__r.read_key()?), None)
    } else {
        (
            quote!(__r.read_key_name()?),
            Some(quote! {
                match __which {
                    0 if __tag.is_some() => {
                        return #fj::Err(__r.duplicate_field_at(__key_at, #tag));
                    }
                    1 if __content_at.is_some() || __value.is_some() => {
                        return #fj::Err(__r.duplicate_field_at(__key_at, #content_key));
                    }
                    _ => __r.key_colon()?,
                }
            }),
        )
    };
    // Flattened, a repeated tag or content key reaches its arm below.
    let repeated = super::RepeatedKey::new(flat, fj);
    let tag_again = repeated.arm(quote!(__tag.is_some()), tag, fj);
    let content_again = repeated.arm(
        quote!(__content_at.is_some() || __value.is_some()),
        content_key,
        fj,
    );
    let (again_var, again_end) = (&repeated.decl, &repeated.end);
    let read_unit = if flat {
        quote!(__r.read_content_unit()?;)
    } else {
        quote!(__r.read_null()?;)
    };
    // Content that came before the tag: serde reads it from its buffer, and serde_json
    // positions its errors at the end of the object (flattened, at the end of the enclosing
    // object, while ours keep the content's: a known difference).
    let content_result = if flat {
        quote!(__read?)
    } else {
        quote! {
            match __read {
                #fj::Ok(__v) => __v,
                #fj::Err(__e) => return #fj::Err(__r.content_error_at_end(__e)),
            }
        }
    };
    let expecting = super::expecting(cont, "adjacently tagged enum");
    let seq = (!flat).then(|| {
        let short0 = format!("invalid length 0, expected {expecting}");
        let short1 = format!("invalid length 1, expected {expecting}");
        quote! {
            if __r.peek() == #fj::Some(b'[') {
                // serde's sequence form: [tag, content]
                __r.begin_array()?;
                let mut __first = true;
                if !__r.next_element(&mut __first)? {
                    return #fj::Err(__r.error(#short0));
                }
                if __r.peek() != #fj::Some(b'"') {
                    return #fj::Err(__r.invalid_type("variant identifier"));
                }
                let __idx: ::core::primitive::u32 = {
                    let __name: &::core::primitive::str = &*__r.read_str()?;
                    #match_name
                };
                if !__r.next_element(&mut __first)? {
                    return #fj::Err(__r.error(#short1));
                }
                let __value = #dispatch?;
                // serde's visitor reads two elements; serde_json then wants the `]`.
                __r.end_fixed_seq()?;
                return #fj::Ok(__value);
            }
        }
    });
    quote! {
        #content_fn
        #seq
        __r.begin_object_as(#expecting)?;
        let mut __tag: #fj::Option<::core::primitive::u32> = #fj::None;
        let mut __content_at = #fj::None;
        let mut __value: #fj::Option<Self> = #fj::None;
        #again_var
        let mut __first = true;
        while __r.has_next_entry(&mut __first)? {
            let __key_at = __r.checkpoint();
            let __which: ::core::primitive::u8 = {
                let __k: &::core::primitive::str = #read_key;
                match __k {
                    #taken
                    #tag => 0u8,
                    #content_key => 1u8,
                    _ => #unknown,
                }
            };
            #colon
            match __which {
                0 => {
                    #tag_again
                    // serde reads the tag as a unit variant of the enum: `"V"` or `{"V":null}`
                    // (flattened, from its buffer, also `{"V":{}}`)
                    let __idx: ::core::primitive::u32 = if __r.peek() == #fj::Some(b'{') {
                        __r.begin_object()?;
                        let mut __in_tag = true;
                        if !__r.has_next_entry(&mut __in_tag)? {
                            return #fj::Err(__r.syntax("expected value"));
                        }
                        let __idx: ::core::primitive::u32 = {
                            let __name: &::core::primitive::str = __r.read_key()?;
                            #match_name
                        };
                        #read_unit
                        if __r.has_next_entry(&mut __in_tag)? {
                            return #fj::Err(__r.syntax("expected `}`"));
                        }
                        __idx
                    } else if __r.peek() == #fj::Some(b'"') {
                        let __name: &::core::primitive::str = &*__r.read_str()?;
                        #match_name
                    } else {
                        return #fj::Err(__r.unexpected_value("variant identifier"));
                    };
                    __tag = #fj::Some(__idx);
                    if let #fj::Some(__at) = __content_at {
                        let __here = __r.checkpoint();
                        __r.restore(__at);
                        let __read = #dispatch;
                        __r.restore(__here);
                        __value = #fj::Some(#content_result);
                    }
                }
                1 => {
                    #content_again
                    match __tag {
                        #fj::Some(__idx) => __value = #fj::Some(#dispatch?),
                        #fj::None => {
                            // serde buffers content that comes before the tag, validating it
                            __content_at = #fj::Some(__r.checkpoint());
                            __r.skip_content()?;
                        }
                    }
                }
                _ => __r.skip_value()?,
            }
        }
        #again_end
        match (__tag, __value) {
            (_, #fj::Some(__v)) => #fj::Ok(__v),
            (#fj::None, #fj::None) => #fj::Err(__r.missing_field(#tag)),
            (#fj::Some(__idx), #fj::None) => match __idx {
                #(#unit_arms)*
                _ => #fj::Err(__r.error("unreachable variant index")),
            },
        }
    }
}
