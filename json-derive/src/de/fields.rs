//! Reading named fields: how a struct field's key is matched (exact `match` on the key, then the
//! case-insensitive fallback if asked), duplicates, unknown keys, missing fields and defaults,
//! `flatten`, and serde's array form of a struct.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::attr::Default;
use crate::model::{Container, Field};

/// Where an object of named fields is read (a struct's own reader chooses at compile time
/// between these and `FromJsonFlat::read_flat`'s use, see [`Fields::read_generic`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ObjectMode {
    /// As a value of its own (`FromJson::read_json`).
    Value,
    /// As the content of an internally tagged newtype variant (`FromJsonFlat::read_tagged`):
    /// keys for which `__taken` holds (the tag) are skipped; otherwise as a value.
    Tagged,
}

/// Whether the way a reader is used is known when generating it, or chosen by the const
/// parameter `__M` of the struct's `FromJsonFlat::__read_fields`.
#[derive(Clone, Copy)]
enum Dispatch {
    Static(ObjectMode),
    Generic,
}

/// What to generate a named-field reader for.
pub struct Fields<'a> {
    pub cont: &'a Container<'a>,
    pub fields: &'a [Field<'a>],
    /// `Self` or `Self::Variant`.
    pub construct: TokenStream,
    /// Keys that belong to the enclosing enum (an internal tag) and are skipped.
    pub ignore_keys: Vec<String>,
    /// `struct Name` / `struct variant Enum::V`, for messages.
    pub expecting: String,
    /// Whether the container's `default` applies (structs only).
    pub container_default: bool,
}

/// The expression that reads one field's value (type `Result<T>`), through
/// `FromJson::read_field`: numbers are read by one out-of-line reader in the runtime instead of
/// a parser inlined at every field.
pub fn read_value(cont: &Container, f: &Field, fj: &TokenStream) -> TokenStream {
    read_with(cont, f, fj, quote!(read_field))
}

/// Like [`read_value`], through `FromJson::read_json`: for a newtype or transparent struct,
/// which stands for its one field wherever it is read (an element of a `Vec`, where the
/// number parser is inlined into the loop).
pub fn read_inner_value(cont: &Container, f: &Field, fj: &TokenStream) -> TokenStream {
    read_with(cont, f, fj, quote!(read_json))
}

fn read_with(cont: &Container, f: &Field, fj: &TokenStream, method: TokenStream) -> TokenStream {
    let ty = f.ty;
    if let Some(with) = &f.attrs.with {
        return quote!(#with::read_json(__r));
    }
    // `number_as_string` reads both forms too, so that what it writes reads back.
    let field = f.attrs.number_from_string || f.attrs.number_as_string;
    let container = cont.attrs.number_from_string || cont.attrs.number_as_string;
    if field || (container && f.is_numeric()) {
        return quote!(#fj::number_string::read_json::<#ty>(__r));
    }
    quote!(<#ty as #fj::FromJson<'de>>::#method(__r))
}

/// Whether `key` belongs to the enclosing type (`__taken`, read from an enclosing object
/// only); `None` where there is no enclosing type.
fn taken(dispatch: Dispatch, key: TokenStream, fj: &TokenStream) -> Option<TokenStream> {
    match dispatch {
        Dispatch::Static(ObjectMode::Value) => None,
        Dispatch::Static(_) => Some(quote!(__taken(#key))),
        Dispatch::Generic => Some(quote!((#fj::flat::Mode::<__M>::ENCLOSED && __taken(#key)))),
    }
}

fn var(i: usize) -> syn::Ident {
    format_ident!("__v{}", i)
}

impl Fields<'_> {
    /// What an `invalid type` error expects: the container's `expecting`, else `struct S`.
    pub(super) fn type_expecting(&self) -> String {
        self.cont
            .attrs
            .expecting
            .clone()
            .unwrap_or_else(|| self.expecting.clone())
    }

    /// What an `invalid length` error of the array form expects, as serde words it: the
    /// container's `expecting` if it has one, else `struct S with 1 element` / `with N elements`.
    fn length_expecting(&self, count: usize) -> String {
        match (&self.cont.attrs.expecting, count) {
            (Some(expecting), _) => expecting.clone(),
            (None, 1) => format!("{} with 1 element", self.expecting),
            (None, n) => format!("{} with {n} elements", self.expecting),
        }
    }

    fn live(&self) -> impl Iterator<Item = (usize, &Field<'_>)> + '_ {
        self.fields
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.attrs.skip_de && !f.attrs.flatten)
    }

    fn flattened(&self) -> impl Iterator<Item = (usize, &Field<'_>)> + '_ {
        self.fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.attrs.flatten)
    }

    /// `"a" | "alias_of_a"` patterns for the `match` on a key, one per live field.
    fn key_patterns(&self) -> Vec<(usize, TokenStream)> {
        self.live()
            .map(|(i, f)| {
                let names = f.attrs.name.de_names();
                (i, quote!(#(#names)|*))
            })
            .collect()
    }

    /// The names listed in an unknown-field error.
    pub fn expected_names(&self) -> Vec<String> {
        self.live().map(|(_, f)| f.attrs.name.de.clone()).collect()
    }

    /// An expression: true if `__key` is one of this struct's own keys (or an ignored key), in
    /// any ASCII case for a `case_insensitive` container. A call of a runtime helper with the
    /// names as a slice rather than a `match`: this runs only for `flatten`, and a `match` on
    /// a string is one comparison call per name for the compiler to check in every struct.
    pub fn owns_key(&self, fj: &TokenStream) -> TokenStream {
        let exact = self
            .live()
            .flat_map(|(_, f)| f.attrs.name.de_names())
            .chain(self.ignore_keys.iter().cloned());
        let any_case: Vec<String> = if self.cont.attrs.case_insensitive {
            self.live()
                .flat_map(|(_, f)| f.attrs.name.de_names())
                .collect()
        } else {
            Vec::new()
        };
        quote!(#fj::owns_key(__key, &[#(#exact),*], &[#(#any_case),*]))
    }

    /// The value used when a field is absent (or skipped when reading).
    fn missing(&self, f: &Field, fj: &TokenStream) -> TokenStream {
        let ty = f.ty;
        let name = &f.attrs.name.de;
        let member = &f.member;
        match &f.attrs.default {
            Default::Default => return quote!(<#ty as #fj::Default>::default()),
            Default::Path(path) => return quote!(#path()),
            Default::None => {}
        }
        if self.container_default {
            match &self.cont.attrs.default {
                Default::Default => return quote!(<Self as #fj::Default>::default().#member),
                Default::Path(path) => return quote!({ let __d: Self = #path(); __d.#member }),
                Default::None => {}
            }
        }
        if f.attrs.skip_de {
            return quote!(<#ty as #fj::Default>::default());
        }
        if let (Some(with), Some(_)) = (&f.attrs.with, &f.attrs.serde) {
            // As serde: an absent `Option` is `None`.
            return quote!(#with::missing_field(__r, #name)?);
        }
        if f.attrs.with.is_some() {
            return quote!(return #fj::Err(__r.missing_field(#name)));
        }
        // a `match` rather than `?`: no `Try`/`From` obligations to solve per field
        quote!(match <#ty as #fj::FromJson<'de>>::missing_field(__r, #name) {
            #fj::Ok(__x) => __x,
            #fj::Err(__e) => return #fj::Err(__e),
        })
    }

    /// Whether the field has a default of its own or from its container: serde's array form
    /// may then end before it.
    fn has_default(&self, f: &Field) -> bool {
        match (&f.attrs.default, self.container_default) {
            (Default::None, false) => false,
            (Default::None, true) => !matches!(self.cont.attrs.default, Default::None),
            _ => true,
        }
    }

    /// A field absent from serde's array form (the array ended before element `pos`): serde
    /// takes the default if the field has one (`None` here: the object form's missing value),
    /// else fails with `invalid length`, `Option` fields included.
    fn missing_element(
        &self,
        f: &Field,
        pos: usize,
        expecting: &str,
        fj: &TokenStream,
    ) -> Option<TokenStream> {
        (!self.has_default(f))
            .then(|| quote!(return #fj::Err(__r.invalid_length(#pos, #expecting, false))))
    }

    /// Statements reading the object form (cursor at `{`), ending in `Ok(value)`.
    pub fn read_object(&self, fj: &TokenStream) -> TokenStream {
        self.read_object_as(ObjectMode::Value, fj)
    }

    /// Like `read_object`, for the given mode (`Tagged` needs a local `__taken`).
    pub fn read_object_as(&self, mode: ObjectMode, fj: &TokenStream) -> TokenStream {
        self.read_fields(Dispatch::Static(mode), None, false, fj)
    }

    /// Whether [`Fields::read_rest_after_tag`] can read this variant: no flattened field (which
    /// would re-read the object from its start) and no field named like the tag.
    pub fn can_read_after_tag(&self, tag: &str) -> bool {
        self.flattened().next().is_none()
            && !self
                .live()
                .any(|(_, f)| f.attrs.name.de_names().iter().any(|n| n == tag))
    }

    /// The rest of an internally tagged struct variant's object, read in the same pass as its
    /// tag: the cursor is just past the first entry (the tag's), so the object is already open.
    /// The tag's key seen again is a duplicate, and other keys are skipped as strictly as
    /// serde's buffering validates them.
    pub fn read_rest_after_tag(&self, tag: &str, fj: &TokenStream) -> TokenStream {
        self.read_fields(Dispatch::Static(ObjectMode::Value), Some(tag), false, fj)
    }

    /// Either form: `[` reads the array form (unless flattened fields forbid it), else an
    /// object; both with the same code.
    pub fn read_any(&self, fj: &TokenStream) -> TokenStream {
        let array = self.flattened().next().is_none();
        self.read_fields(Dispatch::Static(ObjectMode::Value), None, array, fj)
    }

    /// The body of a struct's `FromJsonFlat::__read_fields::<__M>`: one reader for every way a
    /// struct with named fields is read (`__M` is a `READ_*` constant of the runtime's `flat`
    /// module), so that the struct's reading code is generated and type-checked once.
    /// `__taken` and `__first_in` are that method's parameters.
    pub fn read_generic(&self, fj: &TokenStream) -> TokenStream {
        let array = self.flattened().next().is_none();
        let body = self.read_fields(Dispatch::Generic, None, array, fj);
        if array {
            body
        } else {
            quote!(let _ = __first_in; #body)
        }
    }

    /// The reader of named fields. `after_tag`: resume after an internal tag (see
    /// [`Fields::read_rest_after_tag`]). `array`: serde's array form of the struct is read by
    /// the same loop, the position in the array standing for the key.
    fn read_fields(
        &self,
        dispatch: Dispatch,
        after_tag: Option<&str>,
        array: bool,
        fj: &TokenStream,
    ) -> TokenStream {
        let construct = &self.construct;
        let has_flatten = self.flattened().next().is_some();
        let decls = self.live().map(|(i, f)| {
            let v = var(i);
            let ty = f.ty;
            quote!(let mut #v: #fj::Option<#ty> = #fj::None;)
        });
        let n = self.fields.len() as u32;
        let n_fields = self.fields.len();
        let ignore_idx = n;
        let unknown_idx = n + 1;
        let exact_arms = self.key_patterns().into_iter().map(|(i, pat)| {
            let i = i as u32;
            quote!(#pat => #i,)
        });
        // The key that usually comes next: fields arrive in declaration order, so after the
        // field at live position `pos` (skipped and flattened fields do not count) the reader
        // first tries the exact key text of the one at `pos + 1`, and nothing after an unknown
        // or ignored key. Each expected key is a constant in its own arm of a `match` on
        // `__expect`, so the compare is against immediates and the arm's field index is a
        // constant the compiler threads into the jump to that field's code; any other key is
        // matched in general. In the array form, `__expect` is the position of the next
        // element, `__ORDER` maps it to a field index.
        let live: Vec<(usize, &Field)> = self.live().collect();
        let live_count = live.len();
        let order_const = array.then(|| {
            let order = live.iter().map(|(i, _)| *i as u32);
            quote!(const __ORDER: [::core::primitive::u32; #live_count] = [#(#order),*];)
        });
        let ignore = &self.ignore_keys;
        let ignore_arm = (!ignore.is_empty()).then(|| quote!(#(#ignore)|* => #ignore_idx,));
        let after_key = super::after_key(quote!(__key_at));
        let taken = |key: TokenStream| taken(dispatch, key, fj);
        // `deny_unknown_fields` does not apply to a flattened struct (serde shows it only its
        // own keys).
        let deny = self.cont.attrs.deny_unknown_fields;
        let deny = match dispatch {
            _ if !deny => None,
            Dispatch::Static(_) => Some(None),
            Dispatch::Generic => Some(Some(quote!(#fj::flat::Mode::<__M>::NOT_FLAT))),
        };
        let unknown_key = match deny {
            None => quote!(#unknown_idx),
            Some(when) => {
                let expected = self.expected_names();
                // reported just after the key, where serde_json reports it
                let error = quote!({
                    let __owned = #fj::ToString::to_string(__k);
                    #after_key
                    return #fj::Err(__r.unknown_field(&__owned, &[#(#expected),*]));
                });
                match when {
                    None => error,
                    Some(when) => quote!(if #when #error else { #unknown_idx }),
                }
            }
        };
        let fallback = if self.cont.attrs.case_insensitive {
            let checks = self.live().flat_map(|(i, f)| {
                let i = i as u32;
                f.attrs
                    .name
                    .de_names()
                    .into_iter()
                    .map(move |name| quote!(if __k.eq_ignore_ascii_case(#name) { #i } else))
            });
            quote!(#(#checks)* { #unknown_key })
        } else {
            unknown_key
        };
        let expecting = self.length_expecting(live_count);
        // A value's error leaves the `match` on the field (`break 'field`) and gets its member
        // added once, after it: the field's position is `__expect - 1` and its name
        // `__NAMES[__idx]` there; a duplicate leaves by `break 'duplicate`. No arm has an
        // error path of its own.
        let value_arms = live.iter().enumerate().map(|(pos, (i, f))| {
            let v = var(*i);
            let i = *i as u32;
            let read = read_value(self.cont, f, fj);
            let next = pos + 1;
            quote! {
                #i => {
                    __expect = #next;
                    if let #fj::Some(_) = #v {
                        break 'duplicate;
                    }
                    #v = #fj::Some(match #read {
                        #fj::Ok(__x) => __x,
                        #fj::Err(__e) => break 'field __e,
                    });
                }
            }
        });
        let name = quote!(__NAMES[__idx as ::core::primitive::usize]);
        let wrap = if array {
            quote!(#fj::in_member(__e, __array, __expect - 1, #name))
        } else {
            quote!(__e.in_field(#name))
        };
        // With flattened fields serde buffers every entry that is not the struct's own, which
        // validates it more strictly than skipping does.
        // So does an internally tagged enum (its tag read first, `READ_AFTER_TAG`).
        let after_tag_mode = matches!(dispatch, Dispatch::Generic) && array;
        let skip_unknown = if has_flatten || after_tag.is_some() {
            quote!(__r.skip_content()?)
        } else if after_tag_mode {
            quote! {
                if #fj::flat::Mode::<__M>::AFTER_TAG {
                    __r.skip_content()?
                } else {
                    __r.skip_value()?
                }
            }
        } else {
            quote!(__r.skip_value()?)
        };
        // A key the enclosing type takes is skipped; after an internal tag it can only be
        // the tag again.
        let taken_idx = if after_tag_mode {
            quote!({
                if #fj::flat::Mode::<__M>::AFTER_TAG {
                    return #fj::Err(__r.duplicate_key_at(__key_at));
                }
                #unknown_idx
            })
        } else {
            quote!(#unknown_idx)
        };
        let unknown = quote!(_ => {
            __expect = #live_count;
            #skip_unknown;
        });
        let start = has_flatten.then(|| quote!(let __start = __r.checkpoint();));
        let flatten_reads = self.flatten_reads(dispatch, fj);
        // serde's array form ended early: `invalid length` at the first field from there on
        // without a default, checked once (the elements arrive in order, so the fields not
        // read are those from position `__expect` on).
        let required: Vec<usize> = live
            .iter()
            .enumerate()
            .filter(|(_, (_, f))| !self.has_default(f))
            .map(|(pos, _)| pos)
            .collect();
        let array_short = required.last().filter(|_| array).map(|last_required| {
            quote! {
                if __array && __expect <= #last_required {
                    #fj::array_short(__r, __expect, &[#(#required),*], #expecting)?;
                }
            }
        });
        let finish = live.iter().map(|(i, f)| {
            let v = var(*i);
            let missing = self.missing(f, fj);
            quote! {
                let #v = match #v {
                    #fj::Some(__x) => __x,
                    #fj::None => #missing,
                };
            }
        });
        let inits = self.fields.iter().enumerate().map(|(i, f)| {
            let member = &f.member;
            let v = var(i);
            if f.attrs.skip_de {
                let missing = self.missing(f, fj);
                quote!(#member: #missing)
            } else {
                quote!(#member: #v)
            }
        });
        let key_match = quote! {
            match __k {
                #(#exact_arms)*
                #ignore_arm
                _ => #fallback,
            }
        };
        // From an enclosing object, a key another field takes is skipped. (After a tag,
        // `read_key_after_tag` has already refused the one key taken: the tag's.)
        let general_taken = match dispatch {
            Dispatch::Generic => Some(quote!(
                (#fj::flat::Mode::<__M>::KEYS_TAKEN && __taken(__k))
            )),
            _ => taken(quote!(__k)),
        };
        let key_match = match general_taken {
            None => key_match,
            Some(taken_key) => quote! {
                if #taken_key { #taken_idx } else { #key_match }
            },
        };
        let expected_arms = live.iter().enumerate().map(|(pos, (i, f))| {
            let quoted = crate::lit::quoted(&f.attrs.name.de);
            let i = *i as u32;
            quote!(#pos if __r.eat_key(#quoted) => #i,)
        });
        // A key matched where it was expected is the field's own name: whether the enclosing
        // type takes it is asked once, after the `match`, by index (one check instead of one
        // per field: less code to type-check in every struct).
        let names = self.fields.iter().map(|f| &f.attrs.name.de);
        let expected_taken = taken(quote!(__NAMES[__i as ::core::primitive::usize]));
        let has_ignored = ignore_arm.is_some();
        let ignored_value_arm = match after_tag {
            Some(tag) => Some(quote! {
                #ignore_idx => return #fj::Err(__r.duplicate_field_at(__key_at, #tag)),
            }),
            None => has_ignored.then(|| {
                quote!(#ignore_idx => {
                    __expect = #live_count;
                    __r.skip_value()?;
                })
            }),
        };
        let type_expecting = self.type_expecting();
        let open = match (after_tag, array, dispatch) {
            (Some(_), _, _) => quote!(let mut __first = false;),
            (None, false, _) => {
                quote!(__r.begin_object_as(#type_expecting)?; let mut __first = true;)
            }
            (None, true, Dispatch::Static(_)) => quote! {
                let __array = __r.peek() == #fj::Some(b'[');
                if __array {
                    __r.begin_array()?;
                } else {
                    __r.begin_object_as(#type_expecting)?;
                }
                let mut __first = true;
            },
            (None, true, Dispatch::Generic) => quote! {
                let __array = #fj::flat::Mode::<__M>::SEQ
                    || (#fj::flat::Mode::<__M>::VALUE && __r.peek() == #fj::Some(b'['));
                let mut __first = true;
                if #fj::flat::Mode::<__M>::BEGUN {
                    __first = *__first_in;
                } else if __array {
                    __r.begin_array()?;
                } else {
                    __r.begin_object_as(#type_expecting)?;
                }
            },
        };
        let object_next = quote!(__r.has_next_entry(&mut __first)?);
        // The key is matched before its `:` is read, so that a duplicate (or, with
        // `deny_unknown_fields`, an unknown key) is the error when the `:` is missing, as in
        // serde's derive, which checks the key as it arrives. Whether the field is already set
        // is asked only on that error path. After an internal tag serde reads from the object
        // it buffered whole, so there a syntax error comes first: the `:` is read with the key,
        // except after the tag's own key, which serde checks as it arrives.
        let is_set = live.iter().map(|(i, _)| {
            let v = var(*i);
            let i = *i as u32;
            quote!(#i => #v.is_some(),)
        });
        let colon_or_duplicate = quote! {
            if let #fj::Err(__e) = __r.key_colon() {
                let __set = match __i {
                    #(#is_set)*
                    _ => false,
                };
                return #fj::Err(if __set {
                    __r.duplicate_field_at(__key_at, __NAMES[__i as ::core::primitive::usize])
                } else {
                    __e
                });
            }
        };
        // One `match` on the key in every mode (`AFTER_TAG` is a constant). After the tag,
        // the tag's key seen again is the duplicate before its `:` (serde checks the tag's key
        // as it arrives; the other keys only once the object is buffered).
        let (read_key, colon) = if let Some(tag) = after_tag {
            let is_tag = quote!(|__t: &::core::primitive::str| __t == #tag);
            (quote!(__r.read_key_after_tag(__key_at, #is_tag)?), None)
        } else if after_tag_mode {
            let after_tag = quote!(#fj::flat::Mode::<__M>::AFTER_TAG);
            (
                quote! {
                    if #after_tag {
                        __r.read_key_after_tag(__key_at, __taken)?
                    } else {
                        __r.read_key_name()?
                    }
                },
                Some(quote!(if !#after_tag { #colon_or_duplicate })),
            )
        } else {
            (quote!(__r.read_key_name()?), Some(colon_or_duplicate))
        };
        let general = quote! {
            let __k: &::core::primitive::str = #read_key;
            let __i: ::core::primitive::u32 = #key_match;
            #colon
            __i
        };
        let object_idx = match expected_taken {
            None => quote! {
                match __expect {
                    #(#expected_arms)*
                    _ => { #general }
                }
            },
            Some(taken_name) => quote! {
                'key: {
                    let __i: ::core::primitive::u32 = match __expect {
                        #(#expected_arms)*
                        _ => break 'key { #general },
                    };
                    if #taken_name { #taken_idx } else { __i }
                }
            },
        };
        let (has_next, idx) = if array {
            (
                // Once every field is read, the array must end (serde_json's errors for more).
                quote! {
                    if __array {
                        if __expect == #live_count {
                            __r.end_fixed_seq()?;
                            false
                        } else {
                            __r.next_element(&mut __first)?
                        }
                    } else {
                        #object_next
                    }
                },
                quote!(if __array { __ORDER[__expect] } else { #object_idx }),
            )
        } else {
            (object_next, object_idx)
        };
        quote! {
            #start
            #(#decls)*
            #open
            #order_const
            const __NAMES: [&::core::primitive::str; #n_fields] = [#(#names),*];
            let mut __expect: ::core::primitive::usize = 0;
            'entries: while #has_next {
                // where the key starts: errors about it are reported just after it
                #[allow(unused_variables)]
                let __key_at = __r.checkpoint();
                let __idx: ::core::primitive::u32 = #idx;
                let __e: #fj::Error = 'field: {
                    'duplicate: {
                        match __idx {
                            #(#value_arms)*
                            #ignored_value_arm
                            #unknown
                        }
                        continue 'entries;
                    }
                    return #fj::Err(__r.duplicate_field_at(__key_at, #name));
                };
                return #fj::Err(#wrap);
            }
            #array_short
            // The struct's own fields first, then the flattened ones, as serde's derive checks
            // them (a missing own field is the error before any in a flattened value).
            #(#finish)*
            #flatten_reads
            #fj::Ok(#construct { #(#inits),* })
        }
    }

    /// After the main pass: each flattened field re-reads the object from `__start`, skipping
    /// the keys this struct reads itself, those earlier flattened structs take, and (read from
    /// an enclosing object) those the enclosing type takes.
    fn flatten_reads(&self, dispatch: Dispatch, fj: &TokenStream) -> TokenStream {
        let owns = self.owns_key(fj);
        let enclosing = taken(dispatch, quote!(__key), fj).map(|t| quote!(#t ||));
        let mut earlier: Vec<&syn::Type> = Vec::new();
        let mut out = Vec::new();
        for (i, f) in self.flattened() {
            let v = var(i);
            let ty = f.ty;
            let claims = earlier
                .iter()
                .map(|t| quote!(|| <#t as #fj::FromJsonFlat<'de>>::claims(__key)));
            out.push(quote! {
                let __end = __r.checkpoint();
                __r.restore(__start);
                let #v: #ty = <#ty as #fj::FromJsonFlat<'de>>::read_flat(
                    __r,
                    &|__key: &::core::primitive::str| #enclosing #owns #(#claims)*,
                )?;
                __r.restore(__end);
            });
            earlier.push(ty);
        }
        quote!(#(#out)*)
    }

    /// For `FromJsonFlat::claims`: the keys this struct takes from an enclosing object, so
    /// that later flattened fields do not see them. As in serde, a struct takes its own keys
    /// (and aliases); one with flattened fields of its own is read like a map and takes none.
    pub fn claims(&self, fj: &TokenStream) -> TokenStream {
        if self.flattened().next().is_some() {
            return quote!({
                let _ = __key;
                false
            });
        }
        self.owns_key(fj)
    }

    /// Statements reading serde's array form of a struct (cursor at `[`), ending in `Ok(value)`.
    pub fn read_array(&self, fj: &TokenStream) -> TokenStream {
        let elements = self.read_elements(fj, false);
        let expecting = self.type_expecting();
        quote! {
            __r.begin_array_as(#expecting)?;
            let mut __first = true;
            #elements
        }
    }

    /// Statements reading the fields from the elements that remain in an array already begun
    /// (with its element flag in a local `__first`), consuming the `]`; ending in `Ok(value)`.
    /// `content`: the array is one serde reads from its buffered content (an internally tagged
    /// variant), which words an element too many its own way.
    pub fn read_elements(&self, fj: &TokenStream, content: bool) -> TokenStream {
        let construct = &self.construct;
        let live: Vec<(usize, &Field)> = self.live().collect();
        let count = live.len();
        let expecting = self.length_expecting(count);
        let reads = live.iter().enumerate().map(|(pos, (i, f))| {
            let v = var(*i);
            let read = read_value(self.cont, f, fj);
            let missing = self
                .missing_element(f, pos, &expecting, fj)
                .unwrap_or_else(|| self.missing(f, fj));
            quote! {
                let #v = if !__done && __r.next_element(&mut __first)? {
                    match #read {
                        #fj::Ok(__x) => __x,
                        #fj::Err(__e) => return #fj::Err(__e.in_index(#pos)),
                    }
                } else {
                    __done = true;
                    #missing
                };
                let _ = __done;
            }
        });
        let inits = self.fields.iter().enumerate().map(|(i, f)| {
            let member = &f.member;
            let v = var(i);
            if f.attrs.skip_de {
                let missing = self.missing(f, fj);
                quote!(#member: #missing)
            } else {
                quote!(#member: #v)
            }
        });
        let end = if content {
            quote!(__r.content_seq_end(&mut __first, #count)?;)
        } else {
            quote!(__r.end_fixed_seq()?;)
        };
        quote! {
            #[allow(unused_mut, unused_assignments)]
            let mut __done = false;
            #(#reads)*
            if !__done {
                #end
            }
            #fj::Ok(#construct { #(#inits),* })
        }
    }
}
