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

/// Whether the next entry (or element) is the first one written: known at compile time while
/// nothing conditional came before, else tracked at run time in a local `__first`.
struct FirstFlag {
    known: Option<bool>,
    /// Whether a statement refers to `__first` (so the object or array must declare it).
    used: bool,
    stmts: Vec<TokenStream>,
}

impl FirstFlag {
    fn new(known: Option<bool>) -> Self {
        FirstFlag {
            known,
            used: known.is_none(),
            stmts: Vec::new(),
        }
    }

    /// Before a conditional write: move what is known into the run-time flag.
    fn make_runtime(&mut self) {
        if let Some(known) = self.known.take() {
            self.stmts.push(quote!(__first = #known;));
        }
        self.used = true;
    }

    /// An entry that is always written: `sep` gets the "is first" expression.
    fn always(&mut self, sep: impl FnOnce(TokenStream) -> TokenStream, write: TokenStream) {
        let first = match self.known {
            Some(b) => quote!(#b),
            None => quote!(__first),
        };
        let sep = sep(first);
        self.stmts.push(quote!(#sep #write));
        if self.known.is_none() {
            self.stmts.push(quote!(__first = false;));
        }
        self.known = Some(false);
    }

    /// An entry written unless `pred(value)` holds (`skip_serializing_if`).
    fn unless(
        &mut self,
        pred: &syn::ExprPath,
        value: &TokenStream,
        sep: impl FnOnce(TokenStream) -> TokenStream,
        write: TokenStream,
    ) {
        self.make_runtime();
        let sep = sep(quote!(__first));
        self.stmts.push(quote! {
            if !#pred(#value) {
                #sep
                __first = false;
                #write
            }
        });
    }

    /// The declaration of `__first` (if used) and the "anything written" expression.
    fn finish(self) -> (Vec<TokenStream>, Option<TokenStream>, TokenStream) {
        let decl = self
            .used
            .then(|| quote!(#[allow(unused_assignments)] let mut __first = true;));
        let nonempty = match self.known {
            Some(first) => {
                let nonempty = !first;
                quote!(#nonempty)
            }
            None => quote!(!__first),
        };
        (self.stmts, decl, nonempty)
    }
}

/// Statements writing the object entries of `fields`, with `__first` tracking the comma.
/// `first_known` is `Some(true)` if nothing was written before (so the first unconditional key
/// needs no run-time flag), `Some(false)` if something was (a tag), `None` if unknown.
fn entry_statements(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    first_known: Option<bool>,
    fj: &TokenStream,
) -> FirstFlag {
    let mut flag = FirstFlag::new(first_known);
    for f in fields.iter().filter(|f| !f.attrs.skip_ser) {
        let value = access(f);
        if f.attrs.flatten {
            flag.make_runtime();
            let write = quote!(#fj::ToJsonFlat::write_flat(#value, __w, &mut __first););
            flag.stmts.push(match &f.attrs.skip_ser_if {
                Some(pred) => quote!(if !#pred(#value) { #write }),
                None => write,
            });
            continue;
        }
        let key = lit::key(&f.attrs.name.ser);
        let sep = |first: TokenStream| quote!(__w.key(#first, #key););
        let write = write_value(cont, f, &value, fj);
        match &f.attrs.skip_ser_if {
            Some(pred) => flag.unless(pred, &value, sep, write),
            None => flag.always(sep, write),
        }
    }
    flag
}

/// A whole object: `{`, the entries, `}`. `prefix` is an entry already written first (a tag).
pub fn object(
    cont: &Container,
    fields: &[Field],
    access: &dyn Fn(&Field) -> TokenStream,
    prefix: Option<TokenStream>,
    fj: &TokenStream,
) -> TokenStream {
    let start = Some(prefix.is_none());
    let (stmts, decl, nonempty) = entry_statements(cont, fields, access, start, fj).finish();
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
    let stmts = entry_statements(cont, fields, access, None, fj).stmts;
    quote! {
        #[allow(unused_mut)]
        let mut __first: ::core::primitive::bool = *__first_out;
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
    let stmts = entry_statements(cont, fields, access, None, fj).stmts;
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
    let mut flag = FirstFlag::new(Some(true));
    for f in fields.iter().filter(|f| !f.attrs.skip_ser) {
        let value = access(f);
        let write = write_value(cont, f, &value, fj);
        let sep = |first: TokenStream| quote!(__w.elem(#first););
        match &f.attrs.skip_ser_if {
            Some(pred) => flag.unless(pred, &value, sep, write),
            None => flag.always(sep, write),
        }
    }
    let (stmts, decl, nonempty) = flag.finish();
    quote! {
        __w.begin_array();
        #decl
        #(#stmts)*
        __w.end_array(#nonempty);
    }
}
