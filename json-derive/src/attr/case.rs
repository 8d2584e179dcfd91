//! serde's `rename_all` rules.

use self::RenameRule::*;

/// A case convention applied to field or variant names.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

const RULES: &[(&str, RenameRule)] = &[
    ("lowercase", Lower),
    ("UPPERCASE", Upper),
    ("PascalCase", Pascal),
    ("camelCase", Camel),
    ("snake_case", Snake),
    ("SCREAMING_SNAKE_CASE", ScreamingSnake),
    ("kebab-case", Kebab),
    ("SCREAMING-KEBAB-CASE", ScreamingKebab),
];

impl RenameRule {
    pub fn from_str(s: &str) -> Result<Self, String> {
        RULES
            .iter()
            .find(|(name, _)| *name == s)
            .map(|&(_, rule)| rule)
            .ok_or_else(|| {
                let all: Vec<String> = RULES.iter().map(|(n, _)| format!("{n:?}")).collect();
                format!(
                    "unknown rename rule `rename_all = {s:?}`, expected one of {}",
                    all.join(", ")
                )
            })
    }

    /// Applies the rule to a variant name (written in PascalCase in Rust).
    pub fn apply_to_variant(self, variant: &str) -> String {
        match self {
            Pascal => variant.to_owned(),
            Lower => variant.to_ascii_lowercase(),
            Upper => variant.to_ascii_uppercase(),
            Camel => variant[..1].to_ascii_lowercase() + &variant[1..],
            Snake => {
                let mut snake = String::new();
                for (i, ch) in variant.char_indices() {
                    if i > 0 && ch.is_uppercase() {
                        snake.push('_');
                    }
                    snake.push(ch.to_ascii_lowercase());
                }
                snake
            }
            ScreamingSnake => Snake.apply_to_variant(variant).to_ascii_uppercase(),
            Kebab => Snake.apply_to_variant(variant).replace('_', "-"),
            ScreamingKebab => ScreamingSnake.apply_to_variant(variant).replace('_', "-"),
        }
    }

    /// Applies the rule to a field name (written in snake_case in Rust).
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            Lower | Snake => field.to_owned(),
            Upper | ScreamingSnake => field.to_ascii_uppercase(),
            Pascal => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            Camel => {
                let pascal = Pascal.apply_to_field(field);
                match pascal.chars().next() {
                    Some(c) => c.to_ascii_lowercase().to_string() + &pascal[c.len_utf8()..],
                    None => pascal,
                }
            }
            Kebab => field.replace('_', "-"),
            ScreamingKebab => ScreamingSnake.apply_to_field(field).replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants() {
        let cases = [
            (
                "Outcome", "outcome", "OUTCOME", "outcome", "outcome", "OUTCOME", "outcome",
                "OUTCOME",
            ),
            (
                "VeryTasty",
                "verytasty",
                "VERYTASTY",
                "veryTasty",
                "very_tasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ),
            ("A", "a", "A", "a", "a", "A", "a", "A"),
            ("Z42", "z42", "Z42", "z42", "z42", "Z42", "z42", "Z42"),
        ];
        for (orig, lower, upper, camel, snake, ss, kebab, sk) in cases {
            assert_eq!(Lower.apply_to_variant(orig), lower);
            assert_eq!(Upper.apply_to_variant(orig), upper);
            assert_eq!(Pascal.apply_to_variant(orig), orig);
            assert_eq!(Camel.apply_to_variant(orig), camel);
            assert_eq!(Snake.apply_to_variant(orig), snake);
            assert_eq!(ScreamingSnake.apply_to_variant(orig), ss);
            assert_eq!(Kebab.apply_to_variant(orig), kebab);
            assert_eq!(ScreamingKebab.apply_to_variant(orig), sk);
        }
    }

    #[test]
    fn fields() {
        let cases = [
            (
                "outcome", "OUTCOME", "Outcome", "outcome", "OUTCOME", "outcome", "OUTCOME",
            ),
            (
                "very_tasty",
                "VERY_TASTY",
                "VeryTasty",
                "veryTasty",
                "VERY_TASTY",
                "very-tasty",
                "VERY-TASTY",
            ),
            ("a", "A", "A", "a", "A", "a", "A"),
            ("z42", "Z42", "Z42", "z42", "Z42", "z42", "Z42"),
        ];
        for (orig, upper, pascal, camel, ss, kebab, sk) in cases {
            assert_eq!(Lower.apply_to_field(orig), orig);
            assert_eq!(Upper.apply_to_field(orig), upper);
            assert_eq!(Pascal.apply_to_field(orig), pascal);
            assert_eq!(Camel.apply_to_field(orig), camel);
            assert_eq!(Snake.apply_to_field(orig), orig);
            assert_eq!(ScreamingSnake.apply_to_field(orig), ss);
            assert_eq!(Kebab.apply_to_field(orig), kebab);
            assert_eq!(ScreamingKebab.apply_to_field(orig), sk);
        }
    }
}
