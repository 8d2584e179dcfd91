//! The internal model the code generators work from: the syn input reduced to what matters,
//! with attributes parsed and rename rules applied. Keeps references to the syn nodes for spans.

use crate::attr;
use crate::ctxt::Ctxt;

pub struct Container<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Container,
    pub data: Data<'a>,
    pub generics: &'a syn::Generics,
}

pub enum Data<'a> {
    Enum(Vec<Variant<'a>>),
    Struct(Style, Vec<Field<'a>>),
}

pub struct Variant<'a> {
    pub ident: syn::Ident,
    pub attrs: attr::Variant,
    pub style: Style,
    pub fields: Vec<Field<'a>>,
    pub original: &'a syn::Variant,
}

pub struct Field<'a> {
    pub member: syn::Member,
    pub attrs: attr::Field,
    pub ty: &'a syn::Type,
    pub original: &'a syn::Field,
}

#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Style {
    /// Named fields.
    Struct,
    /// Several unnamed fields.
    Tuple,
    /// One unnamed field.
    Newtype,
    /// No fields.
    Unit,
}

impl<'a> Container<'a> {
    /// Builds the model; `None` (with the error recorded) for input we cannot handle at all.
    pub fn from_ast(cx: &Ctxt, item: &'a syn::DeriveInput) -> Option<Self> {
        let attrs = attr::Container::from_ast(cx, item);
        let mut data = match &item.data {
            syn::Data::Enum(data) => Data::Enum(
                data.variants
                    .iter()
                    .map(|v| {
                        let (style, fields) = fields_from_ast(cx, &v.fields);
                        Variant {
                            ident: v.ident.clone(),
                            attrs: attr::Variant::from_ast(cx, v),
                            style,
                            fields,
                            original: v,
                        }
                    })
                    .collect(),
            ),
            syn::Data::Struct(data) => {
                let (style, fields) = fields_from_ast(cx, &data.fields);
                Data::Struct(style, fields)
            }
            syn::Data::Union(data) => {
                cx.error_spanned_by(
                    data.union_token,
                    "FastJson does not support unions: their active field is not known",
                );
                return None;
            }
        };
        let runtime: syn::Path = match &attrs.crate_path {
            Some(path) => syn::parse_quote!(#path::__private),
            None => syn::parse_quote!(::json_runtime::__private),
        };
        match &mut data {
            Data::Struct(_, fields) => {
                for field in fields {
                    field.bridge_serde(&runtime);
                    field
                        .attrs
                        .name
                        .apply_rules(attrs.rename_all_ser, attrs.rename_all_de, true);
                }
            }
            Data::Enum(variants) => {
                for variant in variants {
                    variant.attrs.name.apply_rules(
                        attrs.rename_all_ser,
                        attrs.rename_all_de,
                        false,
                    );
                    let ser = variant.attrs.rename_all_ser.or(attrs.rename_all_fields_ser);
                    let de = variant.attrs.rename_all_de.or(attrs.rename_all_fields_de);
                    for field in &mut variant.fields {
                        field.bridge_serde(&runtime);
                        field.attrs.name.apply_rules(ser, de, true);
                    }
                }
            }
        }
        Some(Container {
            ident: item.ident.clone(),
            attrs,
            data,
            generics: &item.generics,
        })
    }
}

fn fields_from_ast<'a>(cx: &Ctxt, fields: &'a syn::Fields) -> (Style, Vec<Field<'a>>) {
    let list = |fields: &'a syn::punctuated::Punctuated<syn::Field, syn::Token![,]>| {
        fields
            .iter()
            .enumerate()
            .map(|(i, field)| Field {
                member: match &field.ident {
                    Some(ident) => syn::Member::Named(ident.clone()),
                    None => syn::Member::Unnamed(i.into()),
                },
                attrs: attr::Field::from_ast(cx, i, field),
                ty: &field.ty,
                original: field,
            })
            .collect()
    };
    match fields {
        syn::Fields::Named(f) => (Style::Struct, list(&f.named)),
        syn::Fields::Unnamed(f) if f.unnamed.len() == 1 => (Style::Newtype, list(&f.unnamed)),
        syn::Fields::Unnamed(f) => (Style::Tuple, list(&f.unnamed)),
        syn::Fields::Unit => (Style::Unit, Vec::new()),
    }
}

impl Field<'_> {
    /// `#[fastjson(serde)]` is `#[fastjson(with = "<runtime>::SerdeField::<Type>")]`: the
    /// generated code calls the bridge like any `with` module (and `missing_field` for an
    /// absent field, see `de::fields`).
    fn bridge_serde(&mut self, runtime: &syn::Path) {
        if self.attrs.serde.is_some() && self.attrs.with.is_none() {
            let ty = self.ty;
            self.attrs.with = Some(syn::parse_quote!(#runtime::SerdeField::<#ty>));
        }
    }

    /// True if the field's type is, syntactically, a number (or an Option/Vec/Box of one): the
    /// fields a container-level `number_from_string`/`number_as_string` applies to.
    pub fn is_numeric(&self) -> bool {
        fn numeric(ty: &syn::Type) -> bool {
            let syn::Type::Path(p) = ty else { return false };
            let Some(last) = p.path.segments.last() else {
                return false;
            };
            let name = last.ident.to_string();
            const NUMBERS: &[&str] = &[
                "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
                "isize", "f32", "f64",
            ];
            if NUMBERS.contains(&name.as_str()) {
                return true;
            }
            if matches!(name.as_str(), "Option" | "Vec" | "Box") {
                if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                    if let Some(syn::GenericArgument::Type(inner)) = args.args.first() {
                        return numeric(inner);
                    }
                }
            }
            false
        }
        numeric(self.ty)
    }
}
