//! An array filled one element at a time, for reading `[T; N]` without a `Vec`: the elements
//! read so far are dropped if reading stops early.

use core::mem::MaybeUninit;

pub(crate) struct PartialArray<T, const N: usize> {
    items: [MaybeUninit<T>; N],
    /// `items[..len]` are initialized.
    pub(crate) len: usize,
}

impl<T, const N: usize> PartialArray<T, N> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        PartialArray {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    /// Appends `item`; the array must not be full.
    #[inline(always)]
    pub(crate) fn push(&mut self, item: T) {
        // Bounds-checked: a full array panics instead of writing out of bounds (callers stop
        // at `N`).
        self.items[self.len].write(item);
        self.len += 1;
    }

    /// The full array; `None` if it is not full (the elements are then dropped).
    #[inline(always)]
    pub(crate) fn try_finish(mut self) -> Option<[T; N]> {
        if self.len != N {
            return None;
        }
        self.len = 0;
        // SAFETY: all `N` elements are initialized (`len == N`), and `[MaybeUninit<T>; N]` has
        // the layout of `[T; N]`. `len` is reset first so that `Drop` does not drop the
        // elements moved out here.
        Some(unsafe { (&self.items as *const [MaybeUninit<T>; N] as *const [T; N]).read() })
    }
}

impl<T, const N: usize> Drop for PartialArray<T, N> {
    fn drop(&mut self) {
        for item in &mut self.items[..self.len] {
            // SAFETY: `items[..len]` are initialized, and each is dropped once here (the array
            // is being dropped and `len` counts every element written).
            unsafe { item.assume_init_drop() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PartialArray;
    use std::rc::Rc;

    #[test]
    fn full_array_moves_out_partial_drops() {
        let counter = Rc::new(());
        let mut full = PartialArray::<Rc<()>, 3>::new();
        for _ in 0..3 {
            full.push(counter.clone());
        }
        let items = full.try_finish().unwrap();
        assert_eq!(Rc::strong_count(&counter), 4);
        drop(items);
        assert_eq!(Rc::strong_count(&counter), 1);

        let mut partial = PartialArray::<Rc<()>, 3>::new();
        partial.push(counter.clone());
        partial.push(counter.clone());
        assert_eq!(Rc::strong_count(&counter), 3);
        assert!(partial.try_finish().is_none());
        assert_eq!(Rc::strong_count(&counter), 1);

        let empty = PartialArray::<String, 0>::new();
        assert_eq!(empty.try_finish().map(|a| a.len()), Some(0));
    }

    #[test]
    fn arrays_read_and_fail_cleanly() {
        let v: [String; 2] = crate::from_str(r#"["a","b"]"#).unwrap();
        assert_eq!(v, ["a", "b"]);
        let err = crate::from_str::<[String; 2]>(r#"["a"]"#).unwrap_err();
        assert_eq!(
            err.message(),
            "invalid length 1, expected an array of length 2"
        );
        let err = crate::from_str::<[String; 2]>(r#"["a","b","c"]"#).unwrap_err();
        // serde_json's error once the elements are read: the array must end.
        assert_eq!(err.message(), "trailing characters");
        let err = crate::from_str::<[String; 2]>(r#"["a",1]"#).unwrap_err();
        assert_eq!(err.path(), "[1]");
        let v: [f64; 0] = crate::from_str("[]").unwrap();
        assert_eq!(v, [0.0f64; 0]);
    }

    /// `[T; N]`'s reader unwinding from a panicking element reader, or failing on an element
    /// error, at every index (and inside a nested array): the elements read so far are
    /// dropped exactly once.
    #[test]
    fn panics_and_errors_drop_each_element_once() {
        use std::cell::Cell;
        std::thread_local!(static LEFT: Cell<usize> = const { Cell::new(usize::MAX) });
        std::thread_local!(static MARKER: Rc<()> = Rc::new(()));
        struct Counted(#[allow(dead_code)] Rc<()>);
        impl<'de> crate::FromJson<'de> for Counted {
            fn read_json(r: &mut crate::Reader<'de>) -> crate::Result<Self> {
                r.read_u64()?;
                if LEFT.with(|l| l.replace(l.get().wrapping_sub(1))) == 0 {
                    panic!("element reader panics");
                }
                Ok(Counted(MARKER.with(Rc::clone)))
            }
        }
        for at in 0..6 {
            LEFT.with(|l| l.set(at));
            let caught = std::panic::catch_unwind(|| {
                let _ = crate::from_str::<[[Counted; 3]; 2]>("[[1,2,3],[4,5,6]]");
            });
            assert!(caught.is_err(), "at = {at}");
            assert_eq!(MARKER.with(Rc::strong_count), 1, "at = {at}");
        }
        LEFT.with(|l| l.set(usize::MAX));
        for text in [
            "[[1,2,3],[4,\"5\",6]]",
            "[[1,2,3],[4,5]]",
            "[[1,2,3],[4,5,6,7]]",
        ] {
            assert!(
                crate::from_str::<[[Counted; 3]; 2]>(text).is_err(),
                "{text}"
            );
            assert_eq!(MARKER.with(Rc::strong_count), 1, "{text}");
        }
    }
}
