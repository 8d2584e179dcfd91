//! Where-clauses for the generated impls: bounds inferred for the type parameters that fields
//! use (like serde), or the user's `bound = "..."`.

use std::collections::HashSet;

use crate::model::{Container, Data, Field, Variant};

/// Which fields a bound is inferred from, and what to require of the type parameters in them.
pub struct Inference<'p> {
    pub include: fn(&Field, Option<&Variant>) -> bool,
    /// `::json_runtime::__private::ToJson` etc.
    pub bound: &'p syn::Path,
    /// The bound for flattened fields' parameters (the flat trait).
    pub flat_bound: &'p syn::Path,
    /// The bound for parameters used as map keys (the key trait).
    pub key_bound: &'p syn::Path,
    pub container_bound: Option<&'p Vec<syn::WherePredicate>>,
    pub field_bound: for<'x> fn(&'x Field<'x>) -> Option<&'x Vec<syn::WherePredicate>>,
    pub variant_bound: for<'x> fn(&'x Variant<'x>) -> Option<&'x Vec<syn::WherePredicate>>,
}

/// The generics with the inferred (or given) predicates added to the where-clause.
pub fn with_bounds(cont: &Container, inf: &Inference) -> syn::Generics {
    let mut generics = cont.generics.clone();
    let where_clause = generics.make_where_clause();
    if let Some(preds) = inf.container_bound {
        where_clause.predicates.extend(preds.iter().cloned());
        return generics;
    }
    let params: HashSet<syn::Ident> = cont
        .generics
        .type_params()
        .map(|p| p.ident.clone())
        .collect();
    if params.is_empty() && !has_field_bounds(cont, inf) {
        return generics;
    }
    let mut plain = Vec::new();
    let mut flat = Vec::new();
    let mut keys = Vec::new();
    let mut given: Vec<syn::WherePredicate> = Vec::new();
    let mut visit_field = |field: &Field, variant: Option<&Variant>| {
        if let Some(preds) = (inf.field_bound)(field) {
            given.extend(preds.iter().cloned());
            return;
        }
        if !(inf.include)(field, variant) || field.attrs.with.is_some() {
            return;
        }
        let mut finder = ParamFinder {
            params: &params,
            found: Vec::new(),
            keys: Vec::new(),
            in_key: false,
        };
        // A flattened `T` (or `Option<T>`, `Box<T>`) needs the flat trait; the parameters of
        // any other flattened type (a map's values) the plain one.
        let flat_param = field
            .attrs
            .flatten
            .then(|| bare_param(field.ty, &params))
            .flatten();
        match flat_param {
            Some(ident) => push_unique(&mut flat, ident),
            None => finder.visit_type(field.ty),
        }
        for ident in finder.found {
            push_unique(&mut plain, ident);
        }
        for ident in finder.keys {
            push_unique(&mut keys, ident);
        }
    };
    let mut variant_given: Vec<syn::WherePredicate> = Vec::new();
    match &cont.data {
        Data::Struct(_, fields) => fields.iter().for_each(|f| visit_field(f, None)),
        Data::Enum(variants) => {
            for v in variants {
                if let Some(preds) = (inf.variant_bound)(v) {
                    variant_given.extend(preds.iter().cloned());
                    continue;
                }
                v.fields.iter().for_each(|f| visit_field(f, Some(v)));
            }
        }
    }
    where_clause.predicates.extend(given);
    where_clause.predicates.extend(variant_given);
    let bound = inf.bound;
    let flat_bound = inf.flat_bound;
    for ident in plain {
        where_clause
            .predicates
            .push(syn::parse_quote!(#ident: #bound));
    }
    for ident in flat {
        where_clause
            .predicates
            .push(syn::parse_quote!(#ident: #flat_bound));
    }
    let key_bound = inf.key_bound;
    for ident in keys {
        where_clause
            .predicates
            .push(syn::parse_quote!(#ident: #key_bound));
    }
    generics
}

fn push_unique(list: &mut Vec<syn::Ident>, ident: syn::Ident) {
    if !list.contains(&ident) {
        list.push(ident);
    }
}

/// The type parameter a type is, directly or inside `Option`/`Box`.
fn bare_param(ty: &syn::Type, params: &HashSet<syn::Ident>) -> Option<syn::Ident> {
    let syn::Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    if let Some(ident) = p.path.get_ident() {
        return params.contains(ident).then(|| ident.clone());
    }
    let last = p.path.segments.last()?;
    if last.ident != "Option" && last.ident != "Box" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(inner) => bare_param(inner, params),
        _ => None,
    }
}

fn has_field_bounds(cont: &Container, inf: &Inference) -> bool {
    match &cont.data {
        Data::Struct(_, fields) => fields.iter().any(|f| (inf.field_bound)(f).is_some()),
        Data::Enum(variants) => variants.iter().any(|v| {
            (inf.variant_bound)(v).is_some()
                || v.fields.iter().any(|f| (inf.field_bound)(f).is_some())
        }),
    }
}

/// Finds the type parameters a type mentions, except inside `PhantomData<...>`; those in the key
/// position of a map (`BTreeMap<K, V>`, `HashMap<K, V>`) go to `keys`.
struct ParamFinder<'p> {
    params: &'p HashSet<syn::Ident>,
    found: Vec<syn::Ident>,
    keys: Vec<syn::Ident>,
    in_key: bool,
}

/// Map types whose first type argument is written as an object key.
const MAPS: &[&str] = &["BTreeMap", "HashMap", "IndexMap"];

// A walk of the type by hand rather than `syn::visit`: the derive then builds `syn` without its
// `visit` feature (as serde_derive does), which is compile time for every user.
impl ParamFinder<'_> {
    fn visit_type(&mut self, ty: &syn::Type) {
        match ty {
            syn::Type::Path(ty) => self.visit_type_path(ty),
            syn::Type::Array(a) => self.visit_type(&a.elem),
            syn::Type::Group(g) => self.visit_type(&g.elem),
            syn::Type::Paren(p) => self.visit_type(&p.elem),
            syn::Type::Ptr(p) => self.visit_type(&p.elem),
            syn::Type::Reference(r) => self.visit_type(&r.elem),
            syn::Type::Slice(s) => self.visit_type(&s.elem),
            syn::Type::Tuple(t) => t.elems.iter().for_each(|t| self.visit_type(t)),
            syn::Type::BareFn(f) => {
                f.inputs.iter().for_each(|a| self.visit_type(&a.ty));
                if let syn::ReturnType::Type(_, ty) = &f.output {
                    self.visit_type(ty);
                }
            }
            syn::Type::TraitObject(t) => t.bounds.iter().for_each(|b| self.visit_bound(b)),
            syn::Type::ImplTrait(t) => t.bounds.iter().for_each(|b| self.visit_bound(b)),
            // macros, `_`, `!` and verbatim tokens name no parameter we can see
            _ => {}
        }
    }

    fn visit_bound(&mut self, bound: &syn::TypeParamBound) {
        if let syn::TypeParamBound::Trait(t) = bound {
            self.visit_path(&t.path);
        }
    }

    fn visit_path(&mut self, path: &syn::Path) {
        for seg in &path.segments {
            self.visit_arguments(&seg.arguments);
        }
    }

    fn visit_arguments(&mut self, args: &syn::PathArguments) {
        match args {
            syn::PathArguments::None => {}
            syn::PathArguments::AngleBracketed(args) => args
                .args
                .iter()
                .for_each(|a| self.visit_generic_argument(a)),
            syn::PathArguments::Parenthesized(p) => {
                p.inputs.iter().for_each(|t| self.visit_type(t));
                if let syn::ReturnType::Type(_, ty) = &p.output {
                    self.visit_type(ty);
                }
            }
        }
    }

    fn visit_generic_argument(&mut self, arg: &syn::GenericArgument) {
        match arg {
            syn::GenericArgument::Type(ty) => self.visit_type(ty),
            syn::GenericArgument::AssocType(a) => self.visit_type(&a.ty),
            syn::GenericArgument::Constraint(c) => {
                c.bounds.iter().for_each(|b| self.visit_bound(b))
            }
            _ => {}
        }
    }

    fn visit_type_path(&mut self, ty: &syn::TypePath) {
        if let Some(q) = &ty.qself {
            self.visit_type(&q.ty);
        } else {
            if let Some(first) = ty.path.segments.first() {
                if self.params.contains(&first.ident) {
                    let list = if self.in_key {
                        &mut self.keys
                    } else {
                        &mut self.found
                    };
                    push_unique(list, first.ident.clone());
                }
            }
            let last = ty.path.segments.last();
            if last.is_some_and(|s| s.ident == "PhantomData") {
                return;
            }
            if let Some(last) = last.filter(|s| MAPS.iter().any(|m| s.ident == m)) {
                if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                    for (i, arg) in args.args.iter().enumerate() {
                        let outer = self.in_key;
                        self.in_key = i == 0;
                        self.visit_generic_argument(arg);
                        self.in_key = outer;
                    }
                    return;
                }
            }
        }
        self.visit_path(&ty.path);
    }
}

/// Adds `'de` (bounded to outlive every lifetime of the type) in front of the generics.
pub fn with_de_lifetime(generics: &syn::Generics) -> syn::Generics {
    let mut generics = generics.clone();
    let de: syn::Lifetime = syn::parse_quote!('de);
    let mut de_param = syn::LifetimeParam::new(de);
    for lt in generics.lifetimes() {
        de_param.bounds.push(lt.lifetime.clone());
    }
    generics
        .params
        .insert(0, syn::GenericParam::Lifetime(de_param));
    generics
}
