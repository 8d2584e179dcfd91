//! Generates `ToJson` (and `ToJsonFlat`): straight-line writes of byte-literal keys and values.

mod enums;
mod fields;

use proc_macro2::TokenStream;
use quote::quote;

use crate::bound;
use crate::model::{Container, Data, Field, Style};

pub use fields::write_value;

pub fn expand(cont: &Container, fj: &TokenStream) -> TokenStream {
    let ident = &cont.ident;
    let bound_path: syn::Path = syn::parse_quote!(#fj::ToJson);
    let flat_path: syn::Path = syn::parse_quote!(#fj::ToJsonFlat);
    let key_path: syn::Path = syn::parse_quote!(#fj::ToJsonKey);
    let generics = bound::with_bounds(
        cont,
        &bound::Inference {
            include: |f, v| !f.attrs.skip_ser && !v.is_some_and(|v| v.attrs.skip_ser),
            bound: &bound_path,
            flat_bound: &flat_path,
            key_bound: &key_path,
            container_bound: cont.attrs.ser_bound.as_ref(),
            field_bound: |f| f.attrs.ser_bound.as_ref(),
            variant_bound: |v| v.attrs.ser_bound.as_ref(),
        },
    );
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();

    if let Some(into) = &cont.attrs.into {
        return quote! {
            #[automatically_derived]
            impl #impl_generics #fj::ToJson for #ident #ty_generics #where_clause {
                #[inline]
                fn write_json<__F: #fj::Format>(&self, __w: &mut #fj::Writer<'_, __F>) {
                    let __v: #into = #fj::Into::into(#fj::Clone::clone(self));
                    #fj::ToJson::write_json(&__v, __w)
                }
            }
        };
    }

    let (body, flat) = match &cont.data {
        Data::Struct(style, fields) => struct_body(cont, *style, fields, fj),
        Data::Enum(variants) => {
            // An untagged newtype variant is flattened through its inner type, which may not
            // support it (a number); such enums get no flat impl.
            let flattenable = !matches!(cont.attrs.tag, crate::attr::TagType::None)
                || variants.iter().all(|v| v.style != Style::Newtype);
            let flat = flattenable.then(|| enums::flat_body(cont, variants, fj));
            (enums::body(cont, variants, fj), flat)
        }
    };
    let flat_impl = flat.map(|flat| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #fj::ToJsonFlat for #ident #ty_generics #where_clause {
                #[inline]
                fn write_flat<__F: #fj::Format>(&self, __w: &mut #fj::Writer<'_, __F>, __first_out: &mut ::core::primitive::bool) {
                    #flat
                }
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #impl_generics #fj::ToJson for #ident #ty_generics #where_clause {
            fn write_json<__F: #fj::Format>(&self, __w: &mut #fj::Writer<'_, __F>) {
                #body
            }
        }
        #flat_impl
    }
}

/// The body of `write_json` for a struct, and of `write_flat` for a struct with named fields.
fn struct_body(
    cont: &Container,
    style: Style,
    fields: &[Field],
    fj: &TokenStream,
) -> (TokenStream, Option<TokenStream>) {
    let access = |f: &Field| {
        let member = &f.member;
        quote!(&self.#member)
    };
    if cont.attrs.transparent {
        let field = fields
            .iter()
            .find(|f| !f.attrs.skip_ser || !f.attrs.skip_de);
        let body = match field {
            Some(f) => write_value(cont, f, &access(f), fj),
            None => quote!(__w.null();),
        };
        return (body, None);
    }
    match style {
        Style::Unit => (quote!(__w.null();), None),
        Style::Newtype => {
            let f = &fields[0];
            (write_value(cont, f, &access(f), fj), None)
        }
        Style::Tuple => (fields::tuple(cont, fields, access, fj), None),
        Style::Struct => {
            // The entries are generated once, in `write_flat`, which `write_json` calls between
            // the braces (inlined, the first entry's comma test folds away).
            let object = quote! {
                __w.begin_object();
                let mut __first = true;
                <Self as #fj::ToJsonFlat>::write_flat(self, __w, &mut __first);
                __w.end_object(!__first);
            };
            let entries = fields::entries(cont, fields, &access, fj);
            (object, Some(entries))
        }
    }
}
