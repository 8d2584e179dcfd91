//! Rules that span several attributes, one function per rule. Each records its errors.

use crate::attr::TagType;
use crate::ctxt::Ctxt;
use crate::model::{Container, Data, Style};

pub fn check(cx: &Ctxt, cont: &Container) {
    check_tag_on_struct(cx, cont);
    check_internal_tag_tuple_variants(cx, cont);
    check_internal_tag_field_conflicts(cx, cont);
    check_flatten(cx, cont);
    check_transparent(cx, cont);
    check_from_and_try_from(cx, cont);
    check_other(cx, cont);
    check_with_and_number_string(cx, cont);
    check_serde_bridge(cx, cont);
}

/// `tag`, `content` and `untagged` only make sense on enums.
fn check_tag_on_struct(cx: &Ctxt, cont: &Container) {
    if let Data::Struct(..) = cont.data {
        if !matches!(cont.attrs.tag, TagType::External) || !cont.attrs.tag_spans.is_empty() {
            let span = cont.attrs.tag_spans.first().cloned().unwrap_or_default();
            cx.error_spanned_by(
                span,
                "`tag`, `content` and `untagged` are only supported on enums by FastJson",
            );
        }
    }
}

/// An internally tagged enum writes its tag next to the variant's fields, which a tuple has not.
fn check_internal_tag_tuple_variants(cx: &Ctxt, cont: &Container) {
    let (Data::Enum(variants), TagType::Internal { .. }) = (&cont.data, &cont.attrs.tag) else {
        return;
    };
    for variant in variants {
        if variant.style == Style::Tuple && !(variant.attrs.skip_ser && variant.attrs.skip_de) {
            cx.error_spanned_by(
                variant.original,
                "#[serde(tag = \"...\")] cannot be used with tuple variants",
            );
        }
    }
}

/// A struct variant's field may not have the internal tag's name.
fn check_internal_tag_field_conflicts(cx: &Ctxt, cont: &Container) {
    let (Data::Enum(variants), TagType::Internal { tag }) = (&cont.data, &cont.attrs.tag) else {
        return;
    };
    for variant in variants {
        for field in &variant.fields {
            if variant.style == Style::Struct
                && (field.attrs.name.ser == *tag || field.attrs.name.de_names().contains(tag))
            {
                cx.error_spanned_by(
                    field.original,
                    format!("variant field name `{tag}` conflicts with internal tag"),
                );
            }
        }
    }
}

/// `flatten` needs named fields, and is not combined with `deny_unknown_fields` or a skip.
fn check_flatten(cx: &Ctxt, cont: &Container) {
    let check_fields = |style: Style, fields: &[crate::model::Field], in_variant: bool| {
        for field in fields {
            if !field.attrs.flatten {
                continue;
            }
            let span = field.attrs.flatten_span.clone().unwrap_or_default();
            if style != Style::Struct {
                cx.error_spanned_by(&span, "#[serde(flatten)] cannot be used on tuple fields");
            } else if in_variant {
                cx.error_spanned_by(
                    &span,
                    "#[serde(flatten)] inside enum variants is not supported by FastJson; \
                     move the variant's fields into a struct",
                );
            }
            if cont.attrs.deny_unknown_fields {
                cx.error_spanned_by(
                    &span,
                    "#[serde(flatten)] cannot be combined with #[serde(deny_unknown_fields)] in FastJson",
                );
            }
            if field.attrs.skip_ser || field.attrs.skip_de {
                cx.error_spanned_by(
                    &span,
                    "#[serde(flatten)] cannot be combined with skip attributes",
                );
            }
            if field.attrs.with.is_some() && field.attrs.serde.is_none() {
                cx.error_spanned_by(&span, "#[serde(flatten)] cannot be combined with `with`");
            }
        }
    };
    match &cont.data {
        Data::Struct(style, fields) => check_fields(*style, fields, false),
        Data::Enum(variants) => {
            for v in variants {
                check_fields(v.style, &v.fields, true);
            }
        }
    }
}

/// `transparent` needs a struct with exactly one field that is not skipped.
fn check_transparent(cx: &Ctxt, cont: &Container) {
    if !cont.attrs.transparent {
        return;
    }
    let span = cont.attrs.transparent_span.clone().unwrap_or_default();
    let fields = match &cont.data {
        Data::Enum(_) => {
            cx.error_spanned_by(&span, "#[serde(transparent)] is not allowed on an enum");
            return;
        }
        Data::Struct(_, fields) => fields,
    };
    let live = fields
        .iter()
        .filter(|f| !f.attrs.skip_ser || !f.attrs.skip_de)
        .count();
    if live != 1 {
        cx.error_spanned_by(
            &span,
            "#[serde(transparent)] requires exactly one field that is not skipped",
        );
    }
    if cont.attrs.from.is_some() || cont.attrs.try_from.is_some() || cont.attrs.into.is_some() {
        cx.error_spanned_by(
            &span,
            "#[serde(transparent)] is not allowed with #[serde(from)], #[serde(try_from)] or #[serde(into)]",
        );
    }
}

/// `from` and `try_from` both say how to read; only one may.
fn check_from_and_try_from(cx: &Ctxt, cont: &Container) {
    if let (Some(_), Some(try_from)) = (&cont.attrs.from, &cont.attrs.try_from) {
        cx.error_spanned_by(
            try_from,
            "#[serde(from = \"...\")] and #[serde(try_from = \"...\")] conflict with each other",
        );
    }
}

/// `other` marks the one unit variant that takes unknown tags; untagged enums have no tags.
fn check_other(cx: &Ctxt, cont: &Container) {
    let Data::Enum(variants) = &cont.data else {
        return;
    };
    let mut seen = false;
    for variant in variants {
        if !variant.attrs.other {
            continue;
        }
        let span = variant.attrs.other_span.clone().unwrap_or_default();
        if variant.style != Style::Unit {
            cx.error_spanned_by(&span, "#[serde(other)] must be on a unit variant");
        }
        if matches!(cont.attrs.tag, TagType::None) {
            cx.error_spanned_by(&span, "#[serde(other)] cannot appear on untagged enum");
        }
        if seen {
            cx.error_spanned_by(&span, "#[serde(other)] may appear on one variant only");
        }
        seen = true;
    }
}

/// A field is converted by its `with` module or by the number-string rules, not both.
fn check_with_and_number_string(cx: &Ctxt, cont: &Container) {
    let check = |fields: &[crate::model::Field]| {
        for field in fields {
            if field.attrs.with.is_some()
                && field.attrs.serde.is_none()
                && (field.attrs.number_from_string || field.attrs.number_as_string)
            {
                cx.error_spanned_by(
                    field.attrs.number_span.clone().unwrap_or_default(),
                    "#[fastjson(with)] conflicts with number_from_string/number_as_string",
                );
            }
        }
    };
    match &cont.data {
        Data::Struct(_, fields) => check(fields),
        Data::Enum(variants) => variants.iter().for_each(|v| check(&v.fields)),
    }
}

/// A field that goes through serde (`#[fastjson(serde)]`) is written and read by its serde
/// impls alone: FastJson's number-string rules and flattening do not apply to it. (Together
/// with `#[fastjson(with)]` it is an error where the attributes are parsed.)
fn check_serde_bridge(cx: &Ctxt, cont: &Container) {
    let check = |fields: &[crate::model::Field]| {
        for field in fields {
            let Some(span) = &field.attrs.serde else {
                continue;
            };
            if field.attrs.number_from_string || field.attrs.number_as_string {
                cx.error_spanned_by(
                    field.attrs.number_span.clone().unwrap_or_default(),
                    "#[fastjson(serde)] fields are read and written by their serde impls; \
                     number_from_string/number_as_string do not apply to them",
                );
            }
            if field.attrs.flatten {
                cx.error_spanned_by(
                    span,
                    "#[fastjson(serde)] cannot be combined with #[serde(flatten)]: a flattened \
                     field's entries are merged into the enclosing object, which serde_json's \
                     serializer cannot write into",
                );
            }
        }
    };
    match &cont.data {
        Data::Struct(_, fields) => check(fields),
        Data::Enum(variants) => variants.iter().for_each(|v| check(&v.fields)),
    }
}
