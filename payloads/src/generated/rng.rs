//! A small seeded generator (SplitMix64) for the generated payloads: the same seed gives the
//! same document on every machine, so nothing large is stored in the repository.

/// SplitMix64: 64 bits of state, good enough statistics for test data, no dependencies.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    /// A float in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A float in `[lo, hi)` at full precision (16-17 significant digits when written).
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// A float in `[lo, hi)` rounded to `decimals` decimal places (written with at most that
    /// many decimals).
    pub fn decimal(&mut self, lo: f64, hi: f64, decimals: i32) -> f64 {
        let scale = 10f64.powi(decimals);
        (self.float(lo, hi) * scale).round() / scale
    }

    /// A float in `[lo, hi)` rounded to `digits` significant digits.
    pub fn significant(&mut self, lo: f64, hi: f64, digits: usize) -> f64 {
        let x = self.float(lo, hi);
        format!("{x:.*e}", digits.saturating_sub(1))
            .parse()
            .unwrap_or(x)
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// `len` lowercase hex digits.
    pub fn hex(&mut self, len: usize) -> String {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        (0..len)
            .map(|_| DIGITS[self.below(16) as usize] as char)
            .collect()
    }

    /// Words from `words` joined by spaces, `n` of them.
    pub fn sentence(&mut self, words: &[&str], n: usize) -> String {
        let mut s = String::new();
        for i in 0..n {
            if i > 0 {
                s.push(' ');
            }
            let word: &&str = self.pick(words);
            s.push_str(word);
        }
        s
    }

    /// An RFC 3339 timestamp in 2025 with `micros` fractional digits (0, 3 or 6).
    pub fn timestamp(&mut self, micros: u32) -> String {
        let month = self.range(1, 12);
        let day = self.range(1, 28);
        let (h, m, s) = (self.range(0, 23), self.range(0, 59), self.range(0, 59));
        let frac = match micros {
            3 => format!(".{:03}", self.below(1000)),
            6 => format!(".{:06}", self.below(1_000_000)),
            _ => String::new(),
        };
        format!("2025-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}{frac}Z")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let x = a.range(-3, 5);
            assert_eq!(x, b.range(-3, 5));
            assert!((-3..=5).contains(&x));
            let f = a.unit();
            assert_eq!(f.to_bits(), b.unit().to_bits());
            assert!((0.0..1.0).contains(&f));
        }
        assert!(Rng::new(1).decimal(0.0, 1.0, 2).to_string().len() <= 4);
        let s = Rng::new(3).significant(1.0, 2.0, 12).to_string();
        assert!(s.len() <= 13, "{s}");
    }
}
