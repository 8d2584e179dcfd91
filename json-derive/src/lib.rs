//! `#[derive(FastJson)]`: reads `#[serde(...)]` and `#[fastjson(...)]` attributes, builds a small
//! model of the type, checks it, and generates `ToJson`/`FromJson` impls that write and read
//! JSON with straight-line code.
//!
//! The pipeline, one module per stage: `attr` (attributes) → `model` (the type) →
//! `check` (rules across attributes) → `ser` and `de` (code). Errors from every stage are
//! collected in a `ctxt::Ctxt` and reported together.
//!
//! For `#[derive(FastJson)] struct Point { x: i32, y: i32 }` the writer is, in essence:
//!
//! ```text
//! fn write_json<__F: Format>(&self, __w: &mut Writer<'_, __F>) {
//!     __w.begin_object();
//!     __w.key(true, ",\"x\":");
//!     <i32 as ToJson>::write_json(&self.x, __w);
//!     __w.key(false, ",\"y\":");
//!     <i32 as ToJson>::write_json(&self.y, __w);
//!     __w.end_object(true);
//! }
//! ```
//!
//! and the reader loops over keys with `match __k { "x" => 0, "y" => 1, _ => 2 }`, reading
//! each value straight into a local `Option`.

mod attr;
mod bound;
mod check;
mod ctxt;
mod de;
mod lit;
mod model;
mod ser;
mod symbol;

use proc_macro2::{Span, TokenStream};
use quote::quote;

/// Implements `json_runtime::ToJson` and `json_runtime::FromJson` for a struct or enum.
#[proc_macro_derive(FastJson, attributes(serde, fastjson))]
pub fn derive_fast_json(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(err) => {
            let errors = err.to_compile_error();
            // Also emit impls with the same signatures, so users see only the real errors and
            // not a cascade of "trait not implemented".
            let fallback = fallback(&input);
            quote!(#errors #fallback).into()
        }
    }
}

fn expand(input: &syn::DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let cx = ctxt::Ctxt::new();
    let Some(cont) = model::Container::from_ast(&cx, input) else {
        cx.check()?;
        return Ok(proc_macro2::TokenStream::new());
    };
    check::check(&cx, &cont);
    cx.check()?;
    let runtime = runtime_path(&cont);
    // Generated code names the runtime through a short alias in the block: the path is in
    // almost every statement, and every token of it is parsed, resolved and hashed (2% fewer
    // instructions for `cargo check` of a crate of 120 types).
    let fj = quote!(__fj);
    let unit = code_unit(&cont, &fj);
    let ser = ser::expand(&cont, &fj);
    let de = de::expand(&cont, &fj, unit.as_ref());
    Ok(quote! {
        #[doc(hidden)]
        #[allow(
            non_upper_case_globals,
            unreachable_code,
            unused_attributes,
            unused_imports,
            unused_qualifications,
            unused_variables,
            clippy::all
        )]
        const _: () = {
            use #runtime as __fj;
            use __fj::{DeriveReader as _, DeriveWriter as _};
            #ser
            #de
        };
    })
}

/// The runtime's type (one of `__private::units`) whose `ReadIn` impl holds the reader of a
/// struct with named fields or an enum without generics, chosen by a hash of the type's name.
/// rustc compiles a method in the codegen unit of its `Self` type's module; left in the impls
/// of the type itself, every reader of a module goes into that module's one unit, which LLVM
/// optimizes on one core. `units`' docs in the runtime give the measurements.
fn code_unit(cont: &model::Container, fj: &TokenStream) -> Option<TokenStream> {
    let attrs = &cont.attrs;
    let split = match &cont.data {
        model::Data::Struct(style, _) => *style == model::Style::Struct && !attrs.transparent,
        model::Data::Enum(_) => true,
    };
    let conversion = attrs.from.is_some() || attrs.try_from.is_some() || attrs.into.is_some();
    (split && !conversion && cont.generics.params.is_empty()).then(|| {
        // FNV-1a: deterministic, so that a build does not depend on the machine.
        let name = cont.ident.to_string();
        let hash = name.bytes().fold(0x811c_9dc5_u32, |h, b| {
            (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
        });
        let unit = syn::Ident::new(&format!("u{}", hash % UNITS), Span::call_site());
        quote!(#fj::units::#unit::Unit)
    })
}

/// How many `__private::units` the derive spreads readers over (the runtime defines as many).
const UNITS: u32 = 8;

fn runtime_path(cont: &model::Container) -> proc_macro2::TokenStream {
    match &cont.attrs.crate_path {
        Some(path) => quote!(#path::__private),
        None => quote!(::json_runtime::__private),
    }
}

fn fallback(input: &syn::DeriveInput) -> proc_macro2::TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let de_generics = bound::with_de_lifetime(&input.generics);
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    let fj = quote!(::json_runtime::__private);
    quote! {
        const _: () = {
            impl #impl_generics #fj::ToJson for #ident #ty_generics #where_clause {
                fn write_json<__F: #fj::Format>(&self, _: &mut #fj::Writer<'_, __F>) {
                    ::core::unimplemented!()
                }
            }
            impl #de_impl_generics #fj::FromJson<'de> for #ident #ty_generics #where_clause {
                fn read_json(_: &mut #fj::Reader<'de>) -> #fj::Result<Self, #fj::Error> {
                    ::core::unimplemented!()
                }
            }
        };
    }
}
