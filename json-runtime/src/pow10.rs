//! Powers of ten as `u64`, shared by the number readers (a digit run appended to a
//! significand: `m * 10^n + run`) and the integer writer (digit counts).

/// `POW10_U64[n]` is `10^n`, for every power of ten a `u64` holds (n in 0..=19).
pub(crate) const POW10_U64: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};
