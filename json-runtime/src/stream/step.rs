//! What the sans-IO stream cores answer: an item, or "read more input into the buffer, then
//! ask again". The sync readers answer `NeedInput` with an `io::Read`, the async ones (feature
//! `tokio`) with an `AsyncRead`; the cores keep every bit of state between the two calls, so
//! both front ends give the same items for the same bytes however the reads split them.

/// An answer of a stream core.
pub(crate) enum Step<T> {
    /// The answer.
    Ready(T),
    /// The buffer holds no complete answer: refill it (once) and call again.
    NeedInput,
}

/// `Step::Ready(v)` gives `v`; `Step::NeedInput` is returned from the calling function.
macro_rules! ready {
    ($step:expr) => {
        match $step {
            $crate::stream::step::Step::Ready(v) => v,
            $crate::stream::step::Step::NeedInput => return $crate::stream::step::Step::NeedInput,
        }
    };
}
pub(crate) use ready;
