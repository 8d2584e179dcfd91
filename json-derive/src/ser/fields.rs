//! Writing fields: objects of named fields (with `skip_serializing_if` and `flatten`), tuples,
//! and one field's value (plain, `with`, or number-as-string).

use proc_macro2::TokenStream;
use quote::quote;

use crate::lit;
use crate::model::{Container, Field};

/// The expression that writes one field's value, `value` being a reference to it.
pub fn write_value(
    cont: &Container,
    f: &Field,
    value: &TokenStream,
    fj: &TokenStream,
) -> TokenStream {
    if let Some(with) = &f.attrs.with {
        return quote!(#with::write_json(#value, __w););
    }
    if f.attrs.number_as_string || (cont.attrs.number_as_string && f.is_numeric()) {
        return quote!(#fj::number_string::write_json(#value, __w););
    }
    let ty = f.ty;
    quote!(<#ty as #fj::ToJson>::write_json(#value, __w);)
}

/// Statements writing the object entries of `fields`, with `__first` tracking the comma.
/// `first_known` is `Some(true)` if nothing was written before (so the first unconditional key
/// needs no run-time flag), `Some(false)` if something was (a tag), `None` if unknown.
fn entry_statements(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    mut first_known: Option<bool>,
    fj: &TokenStream,
) -> (Vec<TokenStream>, Option<bool>) {
    let mut out = Vec::new();
    for f in fields.iter().filter(|f| !f.attrs.skip_ser) {
        let value = access(f);
        if f.attrs.flatten {
            if let Some(known) = first_known {
                out.push(quote!(__first = #known;));
            }
            let write = quote!(#fj::ToJsonFlat::write_flat(#value, __w, &mut __first););
            out.push(match &f.attrs.skip_ser_if {
                Some(pred) => quote!(if !#pred(#value) { #write }),
                None => write,
            });
            first_known = None;
            continue;
        }
        let key = lit::key(&f.attrs.name.ser);
        let write = write_value(cont, f, &value, fj);
        let first = match first_known {
            Some(b) => quote!(#b),
            None => quote!(__first),
        };
        let entry = quote! {
            __w.key(#first, #key);
            #write
        };
        match &f.attrs.skip_ser_if {
            Some(pred) => {
                if let Some(known) = first_known {
                    out.push(quote!(__first = #known;));
                }
                out.push(quote! {
                    if !#pred(#value) {
                        __w.key(__first, #key);
                        __first = false;
                        #write
                    }
                });
                first_known = None;
            }
            None => {
                out.push(entry);
                if first_known.is_none() {
                    out.push(quote!(__first = false;));
                }
                first_known = Some(false);
            }
        }
    }
    (out, first_known)
}

/// A whole object: `{`, the entries, `}`. `prefix` is an entry already written first (a tag).
pub fn object(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: Option<TokenStream>,
    fj: &TokenStream,
) -> TokenStream {
    let start = if prefix.is_some() {
        Some(false)
    } else {
        Some(true)
    };
    let (stmts, end) = entry_statements(cont, fields, access, start, fj);
    let nonempty = match end {
        Some(first) => {
            let nonempty = !first;
            quote!(#nonempty)
        }
        None => quote!(!__first),
    };
    let uses_flag = stmts.iter().any(|s| s.to_string().contains("__first"));
    let decl = uses_flag.then(|| quote!(#[allow(unused_assignments)] let mut __first = true;));
    quote! {
        __w.begin_object();
        #prefix
        #decl
        #(#stmts)*
        __w.end_object(#nonempty);
    }
}

/// The entries alone, for `ToJsonFlat::write_flat` (whose flag parameter is `__first_out`).
pub fn entries(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    fj: &TokenStream,
) -> TokenStream {
    let (stmts, _) = entry_statements(cont, fields, access, None, fj);
    quote! {
        #[allow(unused_mut)]
        let mut __first: bool = *__first_out;
        #(#stmts)*
        *__first_out = __first;
    }
}

/// Entry statements using an existing local `__first: bool` (for enum variants flattened).
pub fn entries_inline(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    fj: &TokenStream,
) -> TokenStream {
    let (stmts, _) = entry_statements(cont, fields, access, None, fj);
    quote!(#(#stmts)*)
}

/// A tuple struct or tuple variant: an array of the fields that are not skipped (a field with
/// `skip_serializing_if` is left out when its predicate holds, as serde does).
pub fn tuple(
    cont: &Container,
    fields: &[Field],
    access: impl Fn(&Field) -> TokenStream,
    fj: &TokenStream,
) -> TokenStream {
    // Like `entry_statements`: whether the next element is the first, when known statically.
    let mut first_known = Some(true);
    let mut stmts = Vec::new();
    for f in fields.iter().filter(|f| !f.attrs.skip_ser) {
        let value = access(f);
        let write = write_value(cont, f, &value, fj);
        match &f.attrs.skip_ser_if {
            Some(pred) => {
                if let Some(known) = first_known {
                    stmts.push(quote!(__first = #known;));
                }
                stmts.push(quote! {
                    if !#pred(#value) {
                        __w.elem(__first);
                        __first = false;
                        #write
                    }
                });
                first_known = None;
            }
            None => {
                let first = match first_known {
                    Some(b) => quote!(#b),
                    None => quote!(__first),
                };
                stmts.push(quote! {
                    __w.elem(#first);
                    #write
                });
                if first_known.is_none() {
                    stmts.push(quote!(__first = false;));
                }
                first_known = Some(false);
            }
        }
    }
    let nonempty = match first_known {
        Some(first) => {
            let nonempty = !first;
            quote!(#nonempty)
        }
        None => quote!(!__first),
    };
    let uses_flag = stmts.iter().any(|s| s.to_string().contains("__first"));
    let decl = uses_flag.then(|| quote!(#[allow(unused_assignments)] let mut __first = true;));
    quote! {
        __w.begin_array();
        #decl
        #(#stmts)*
        __w.end_array(#nonempty);
    }
}
