//! Reading a JSON array into `Vec<T>` with one allocation of the right size for short arrays.
//!
//! JSON does not say how long an array is, so a `Vec` that grows as elements arrive (serde's
//! way: 4, 8, 16, ... elements) allocates, copies and frees once per doubling, and keeps up to
//! twice the memory it needs. Here the first elements are read into a 256-byte buffer on the
//! stack ([`Filling`]); an array that ends within it (most arrays in API data: tags, ids, a
//! handful of records) gets one allocation of exactly its length, and a longer one moves to a
//! `Vec` with room for twice the buffer and grows from there. Types too big for eight elements in
//! the buffer (over 32 bytes) or over-aligned keep the plain growing `Vec`.

use alloc::vec::Vec;
use core::marker::PhantomData;
use core::mem::{align_of, size_of, MaybeUninit};
use core::ptr;

use super::collections::read_seq;
use crate::reader::number::at::NumberAt;
use crate::{FromJson, Reader, Result};

/// The stack buffer's size in bytes, in the frame of every function that reads a staged `Vec`:
/// a type recursive through `Vec` (`struct Tree(Vec<Tree>)`) carries it once per level, up to
/// the depth limit. 256 keeps such a type at the default limit (127 arrays) within a 64 KiB
/// stack in an optimized build (tests/tests/hostile.rs; 512 overflowed it), with read
/// instruction counts within 0.3% of 512's on citm, canada, mesh, marine_ik, random and
/// telemetry. It also halved the largest staged element (64 -> 32 bytes, see `MIN_STAGED`).
const STAGE_BYTES: usize = 256;

#[repr(C, align(16))]
struct Bytes([MaybeUninit<u8>; STAGE_BYTES]);

/// Element types of which fewer fit the stage (over 32 bytes) are not staged: for few
/// elements per stage, the copy out of it costs about what the one or two reallocations it
/// saves do (measured with a 512-byte stage on random.json's 230-byte records: +1.2%
/// instructions with a stage of two). Types of 33-64 bytes, staged at 512 bytes, were not
/// measured separately.
const MIN_STAGED: usize = 8;

/// The elements read so far: in the stack buffer until it is full, then in `heap`. `ptr`,
/// `len` and `cap` describe whichever holds them, so that appending costs what `Vec::push`
/// does (one compare, one store), with one call site for the element reader (two loops, one
/// per buffer, made LLVM stop inlining the element reader: +1.5% instructions on canada).
struct Filling<'stage, T> {
    /// Capacity only: its length stays 0 while `ptr[..len]` are counted here (see `finish`).
    heap: Vec<T>,
    /// The first slot: the stage until it is full, then `heap`'s buffer.
    ptr: *mut T,
    /// `ptr[..len]` are initialized and owned by this struct.
    len: usize,
    cap: usize,
    /// The stage, borrowed for as long as `ptr` may point into it.
    _stage: PhantomData<&'stage mut Bytes>,
}

impl<'stage, T> Filling<'stage, T> {
    /// How many `T` the stage holds (0 for zero-sized and over-aligned types, never staged).
    const CAP: usize = if size_of::<T>() == 0 || align_of::<T>() > 16 {
        0
    } else {
        STAGE_BYTES / size_of::<T>()
    };
    /// Whether `T` is staged: a constant, so that for types that are not, the staging code is
    /// not even generated (rustc leaves out the branches a constant condition rules out).
    const STAGED: bool = Self::CAP >= MIN_STAGED;

    /// Empty, filling `stage` first. Its bytes are reached only through `ptr` from here on.
    #[inline(always)]
    fn new(stage: &'stage mut Bytes) -> Self {
        // Staging over-aligned or large types would hand misaligned pointers to the copies
        // and `drop_in_place` below; `read_vec` and `read_number_vec` never do (a constant, so
        // no run-time cost).
        assert!(Self::CAP >= MIN_STAGED);
        Filling {
            heap: Vec::new(),
            ptr: stage.0.as_mut_ptr().cast::<T>(),
            len: 0,
            cap: Self::CAP,
            _stage: PhantomData,
        }
    }

    #[inline(always)]
    fn push(&mut self, item: T) {
        if self.len == self.cap {
            self.grow();
        }
        // SAFETY: `len < cap` (after `grow`), and `ptr[..cap]` is room for `cap` elements,
        // aligned for `T`: the stage (`CAP * size_of::<T>() <= STAGE_BYTES` bytes, 16-aligned, and
        // `align_of::<T>() <= 16`, else `CAP` is 0 and nothing is staged) or `heap`'s buffer
        // (its capacity). Slot `len` is not initialized, so nothing is lost.
        unsafe { self.ptr.add(self.len).write(item) };
        self.len += 1;
    }

    /// Room for at least one more element: the stage's elements move to a `Vec` with room for
    /// twice as many; a full `Vec` grows as `Vec::push` would grow it.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        if self.heap.capacity() == 0 {
            let mut heap = Vec::with_capacity(2 * Self::CAP);
            // SAFETY: `ptr[..len]` are the staged elements (initialized) and `heap` has room
            // for more than `len`; two allocations, so no overlap. From here `heap`'s buffer
            // owns them (its length stays 0; `len` counts them).
            unsafe { ptr::copy_nonoverlapping(self.ptr, heap.as_mut_ptr(), self.len) };
            self.heap = heap;
        } else {
            // `heap` owns the elements while it grows (`len` is 0 meanwhile): should `reserve`
            // panic (capacity overflow), unwinding drops them once, through `heap`, and
            // `Drop` for `self` drops none.
            let len = core::mem::replace(&mut self.len, 0);
            // SAFETY: `heap`'s first `len` elements are initialized (see above); with its
            // length set, `reserve` moves them to the new buffer. The length goes back to 0
            // and `len` owns them again.
            unsafe {
                self.heap.set_len(len);
                self.heap.reserve(1);
                self.heap.set_len(0);
            }
            self.len = len;
        }
        self.ptr = self.heap.as_mut_ptr();
        self.cap = self.heap.capacity();
    }

    /// The elements as a `Vec`: the heap one as it is, or a new one of exactly `len` for staged
    /// elements. The struct is left empty.
    #[inline(always)]
    fn finish(&mut self) -> Vec<T> {
        if self.heap.capacity() != 0 {
            let len = core::mem::replace(&mut self.len, 0);
            let mut v = core::mem::take(&mut self.heap);
            // SAFETY: `v`'s first `len` elements are initialized and owned here alone (its
            // length was 0, and `self.len` is 0 now).
            unsafe { v.set_len(len) };
            return v;
        }
        // Allocated while the stage still owns its elements, so that they are dropped, not
        // leaked, should the allocation unwind.
        let mut v = Vec::with_capacity(self.len);
        let len = core::mem::replace(&mut self.len, 0);
        // SAFETY: `ptr[..len]` are the staged elements and `v` has room for `len`; the stage
        // gives them up (`self.len` is 0 now), so each is owned once, by `v`.
        unsafe {
            ptr::copy_nonoverlapping(self.ptr, v.as_mut_ptr(), len);
            v.set_len(len);
        }
        v
    }
}

impl<T> Drop for Filling<'_, T> {
    fn drop(&mut self) {
        // SAFETY: `ptr[..len]` are initialized and owned by this struct alone (`heap`'s
        // length is 0); they are dropped once, here, and `heap` then frees only its buffer.
        unsafe { ptr::drop_in_place(ptr::slice_from_raw_parts_mut(self.ptr, self.len)) };
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Vec<T> {
    /// One copy per element type, called: inlined, the array loop, the stage and the growth
    /// were copied into every struct with a `Vec` field. Out of line, a release build of an
    /// app-sized crate of 300 types took 10% less CPU time, and the bench's reads moved by
    /// -0.8% to +0.6% instructions (one call per array, not per element).
    #[inline(never)]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        T::read_vec(r)
    }
}

/// Reads an array into a `Vec`: for element types of at most 32 bytes, exactly sized if it
/// has at most [`Filling::CAP`] elements.
/// Errors carry the element's index in their path, as [`read_seq`]'s do.
#[inline]
pub(crate) fn read_vec<'de, T: FromJson<'de>>(r: &mut Reader<'de>) -> Result<Vec<T>> {
    if !Filling::<T>::STAGED {
        let mut v = Vec::new();
        read_seq(r, |x| v.push(x))?;
        return Ok(v);
    }
    let mut stage = Bytes([MaybeUninit::uninit(); STAGE_BYTES]);
    let mut items = Filling::<T>::new(&mut stage);
    read_seq(r, |x| items.push(x))?;
    Ok(items.finish())
}

/// [`read_vec`] for numbers, with the cursor in a local. Through the reader, the cursor is a
/// field that any call in the element loop may change, so it was loaded and stored for each
/// element, and the element's checks repeated: mesh.json's `positions` took 162 instructions
/// per `f64` that way, 150 here; its `indices` 91 per `u32`, 67 here (callgrind). The first
/// element right after `[`, and each one after `,` (or `, `, or `,`, a newline and
/// indentation), is read from the input alone ([`NumberAt`]); anything else (other whitespace,
/// `]`, a number the scans leave to the reader, another value) takes one step of
/// [`read_seq`]'s loop through the reader, which decides, and the next element is tried from
/// the input again. (Read the same way, `[f64; 3]` took as many instructions as through the
/// reader: three elements leave little to save.)
#[inline]
pub(crate) fn read_number_vec<'de, T: NumberAt + FromJson<'de>>(
    r: &mut Reader<'de>,
) -> Result<Vec<T>> {
    r.begin_array()?;
    let mut stage = Bytes([MaybeUninit::uninit(); STAGE_BYTES]);
    let mut items = Filling::<T>::new(&mut stage);
    let input = r.input;
    let mut pos = r.pos;
    let mut first = true;
    loop {
        let at = if first {
            Some(pos)
        } else {
            element_after_comma(input, pos)
        };
        if let Some((v, end)) = at.and_then(|at| T::at(input, at)) {
            items.push(v);
            pos = end;
            first = false;
            continue;
        }
        r.pos = pos;
        if !r.next_element(&mut first)? {
            return Ok(items.finish());
        }
        match T::read_json(r) {
            Ok(v) => items.push(v),
            Err(e) => return Err(e.in_index(items.len)),
        }
        pos = r.pos;
    }
}

/// Where the element after the `,` at `input[pos]` starts: right after it, after one space, or
/// after a newline and its indentation. `None` if `input[pos]` is not `,`. Whatever is there is
/// not checked: [`NumberAt::at`] refuses anything but a number.
#[inline(always)]
fn element_after_comma(input: &[u8], pos: usize) -> Option<usize> {
    if input.get(pos) != Some(&b',') {
        return None;
    }
    Some(match input.get(pos + 1) {
        Some(b' ') => pos + 2,
        Some(b'\n' | b'\r') => crate::simd::skip_whitespace(input, pos + 2),
        _ => pos + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::{read_number_vec, read_vec, Bytes, Filling, STAGE_BYTES};
    use crate::reader::number::at::NumberAt;
    use crate::FromJson;
    use crate::Reader;
    use alloc::rc::Rc;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use core::mem::MaybeUninit;

    fn read<T: for<'de> crate::FromJson<'de>>(text: &str) -> crate::Result<Vec<T>> {
        let mut r = Reader::new(text.as_bytes());
        let v = read_vec(&mut r)?;
        r.end()?;
        Ok(v)
    }

    /// A whole read of `text` by `read`: each value's `Debug` text (distinct for distinct
    /// floats, `-0.0` included), or the error's message, line, column and path.
    fn outcome<'de, T: core::fmt::Debug>(
        text: &'de [u8],
        read: impl FnOnce(&mut Reader<'de>) -> crate::Result<Vec<T>>,
    ) -> Result<Vec<String>, String> {
        let mut r = Reader::new(text);
        match read(&mut r).and_then(|v| r.end().map(|()| v)) {
            Ok(v) => Ok(v.iter().map(|x| alloc::format!("{x:?}")).collect()),
            Err(e) => Err(alloc::format!(
                "{} at {}:{} in {:?}",
                e.message(),
                e.line(),
                e.column(),
                e.path()
            )),
        }
    }

    /// The number loop and the element-by-element reader agree on `text` for `T`.
    fn agree<T: for<'de> FromJson<'de> + NumberAt + core::fmt::Debug>(text: &[u8]) {
        let fast = outcome(text, read_number_vec::<T>);
        let slow = outcome(text, read_vec::<T>);
        assert_eq!(
            fast,
            slow,
            "Vec of {} from {:?}",
            core::any::type_name::<T>(),
            String::from_utf8_lossy(text)
        );
    }

    fn agree_all(text: &[u8]) {
        agree::<f64>(text);
        agree::<f32>(text);
        agree::<u8>(text);
        agree::<u32>(text);
        agree::<u64>(text);
        agree::<i8>(text);
        agree::<i32>(text);
        agree::<i64>(text);
    }

    /// The number loop against the element-by-element reader, which it must match exactly:
    /// values bit for bit, errors by message, position and path. Pairs of elements (numbers of
    /// every kind each type takes or refuses, malformed numbers, other values) joined by every
    /// separator the loop steps over and some it leaves to the reader; with and without room
    /// for the scans' 32-byte window after them; and cut at every length (the end of input).
    #[test]
    // Thousands of reads: too slow for Miri, which checks the loop's stage and growth in
    // `number_loop_lengths` (the loop adds no unsafe code of its own).
    #[cfg_attr(miri, ignore)]
    fn number_loop_agrees_with_the_element_reader() {
        // "" makes empty elements: `[]`, `[,1]`, trailing commas.
        let elements: &[&str] = &[
            "",
            "0",
            "-0",
            "7",
            "-7",
            "12.5",
            "-0.0636837780476",
            "1e5",
            "1E-3",
            "2.5e+3",
            "3.4028235e38",
            "3.4028236e38",
            "1e-46",
            "1e400",
            "-1e400",
            "127",
            "128",
            "-128",
            "-129",
            "255",
            "256",
            "4294967296",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "18446744073709551615",
            "18446744073709551616",
            "9007199254740993",
            "0.1000000000000000055511151231257827",
            "1234567890123456789012",
            "0.30000001192092896",
            "1.0000000596046448",
            "\"x\"",
            "null",
            "true",
            "[]",
            "{}",
            "01",
            "1.",
            "-",
            "+1",
            "1e",
            ".5",
            "1.5.5",
            "0x10",
        ];
        let separators: &[&str] = &[
            ",", ", ", ",\n  ", ",\r\n\t", ",\r", ", \n", " ,", ",  ", ",\t", ",,", "", " ",
        ];
        let pad = " ".repeat(40);
        for a in elements {
            for b in elements {
                for sep in separators {
                    for text in [
                        alloc::format!("[{a}{sep}{b}]"),
                        alloc::format!("[{a}{sep}{b}{sep}{a}]{pad}"),
                        alloc::format!("[ {a}{sep}{b} ]"),
                        alloc::format!("[\n  {a}{sep}{b}\n]{pad}"),
                    ] {
                        agree_all(text.as_bytes());
                    }
                }
            }
            // The end of the input at every byte of an array with a window's room in it.
            let text = alloc::format!("[{a}, 1, {a},\n  2.5,{a}]{pad}");
            for end in 0..text.len() {
                agree_all(&text.as_bytes()[..end]);
            }
        }
    }

    /// The number loop's arrays of every length around the stage's capacity (32 `u64`s, 64
    /// `f32`s, 128 `u16`s), with separators that alternate between the loop's own and the
    /// reader's, and an element that fails after the last, against the element reader.
    #[test]
    fn number_loop_lengths() {
        let lengths: Vec<usize> = if cfg!(miri) {
            alloc::vec![0, 33, 65]
        } else {
            (0..=140).collect()
        };
        let separators = [",", ", ", ",\n ", " , ", ",", "\t,"];
        let join = |items: &[String]| {
            let mut text = String::from("[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    text.push_str(separators[i % separators.len()]);
                }
                text.push_str(item);
            }
            text
        };
        for n in lengths {
            let floats: Vec<String> = (0..n).map(|i| alloc::format!("{}.{i}", i % 7)).collect();
            let ints: Vec<String> = (0..n).map(|i| alloc::format!("{i}")).collect();
            for tail in ["]", ", \"x\"]", ",70000]", ",]"] {
                agree::<f32>(alloc::format!("{}{tail}", join(&floats)).as_bytes());
                agree::<f64>(alloc::format!("{}{tail}", join(&floats)).as_bytes());
                agree::<u64>(alloc::format!("{}{tail}", join(&ints)).as_bytes());
                agree::<u16>(alloc::format!("{}{tail}", join(&ints)).as_bytes());
            }
            if n > 0 {
                let v: Vec<u64> =
                    crate::from_slice(alloc::format!("{}]", join(&ints)).as_bytes()).unwrap();
                assert_eq!(v, (0..n as u64).collect::<Vec<_>>());
                assert!(
                    v.capacity() == n || n > Filling::<u64>::CAP,
                    "{n}: {}",
                    v.capacity()
                );
            }
        }
    }

    /// `[0,1,...]`, or `["0","1",...]` if `quoted`.
    fn array(n: usize, quoted: bool) -> String {
        let q = if quoted { "\"" } else { "" };
        let items: Vec<String> = (0..n).map(|i| alloc::format!("{q}{i}{q}")).collect();
        alloc::format!("[{}]", items.join(","))
    }

    /// Every length around the stage's capacity, for a small and a larger element type: the
    /// values in order, and an exact capacity while the array fits the stage.
    #[test]
    fn lengths_around_the_stage() {
        let cap = Filling::<u64>::CAP;
        assert_eq!(cap, 32);
        // Every length up to just past twice the stage natively; the boundaries under Miri.
        let lengths: Vec<usize> = if cfg!(miri) {
            alloc::vec![
                0,
                1,
                2,
                cap - 1,
                cap,
                cap + 1,
                2 * cap,
                2 * cap + 1,
                4 * cap + 1
            ]
        } else {
            (0..=2 * cap + 3).chain([4 * cap + 1, 1000]).collect()
        };
        for n in lengths {
            let v: Vec<u64> = read(&array(n, false)).unwrap();
            assert_eq!(v, (0..n as u64).collect::<Vec<_>>(), "n = {n}");
            if n <= cap {
                assert_eq!(v.capacity(), n, "n = {n}");
            }
            let s: Vec<String> = read(&array(n, true)).unwrap();
            assert_eq!(s.len(), n, "n = {n}");
            assert!(s.iter().enumerate().all(|(i, x)| *x == i.to_string()));
        }
    }

    /// A failing element leaves no leak and no double drop (Miri checks both): the elements
    /// read so far, staged or moved into the `Vec`, are dropped once. The error names the
    /// failing element's index.
    #[test]
    fn errors_drop_what_was_read() {
        let cap = Filling::<String>::CAP;
        for n in [0, 1, cap - 1, cap, cap + 1, 2 * cap + 5] {
            let mut text = String::from("[");
            for i in 0..n {
                text.push_str(&alloc::format!("\"{i}\","));
            }
            text.push_str("7]");
            let e = read::<String>(&text).unwrap_err();
            assert!(
                e.to_string().ends_with(&alloc::format!("(path: [{n}])")),
                "{e}"
            );
        }
        // Unterminated arrays, at the stage's boundary and past it.
        for n in [cap, cap + 1] {
            let text = array(n, false);
            assert!(read::<u64>(&text[..text.len() - 1]).is_err());
        }
    }

    /// Elements with destructors are dropped exactly once, whether the filling is dropped
    /// while staged, after moving to the heap, or after the heap grew; `finish` hands each
    /// element over once (staged: exactly sized; spilled: the heap buffer as it is).
    #[test]
    fn each_element_dropped_once() {
        let marker = Rc::new(());
        let cap = Filling::<Rc<()>>::CAP;
        for n in [0, 1, 5, cap, cap + 1, 2 * cap, 2 * cap + 1, 5 * cap + 3] {
            let mut stage = Bytes([MaybeUninit::uninit(); STAGE_BYTES]);
            let mut items = Filling::<Rc<()>>::new(&mut stage);
            for _ in 0..n {
                items.push(marker.clone());
            }
            assert_eq!(Rc::strong_count(&marker), n + 1, "n = {n}");
            drop(items);
            assert_eq!(Rc::strong_count(&marker), 1, "n = {n}");

            let mut stage = Bytes([MaybeUninit::uninit(); STAGE_BYTES]);
            let mut items = Filling::<Rc<()>>::new(&mut stage);
            for _ in 0..n {
                items.push(marker.clone());
            }
            let v = items.finish();
            drop(items);
            assert_eq!((v.len(), Rc::strong_count(&marker)), (n, n + 1), "n = {n}");
            if n <= cap {
                assert_eq!(v.capacity(), n);
            }
            drop(v);
            assert_eq!(Rc::strong_count(&marker), 1, "n = {n}");
        }
    }

    /// A panic in the element reader, staged, just after the move to the heap, or after the
    /// heap grew, drops every element read so far exactly once while unwinding.
    #[test]
    fn panics_drop_each_element_once() {
        use std::cell::Cell;
        std::thread_local!(static LEFT: Cell<usize> = const { Cell::new(0) });
        std::thread_local!(static MARKER: Rc<()> = Rc::new(()));
        struct Counted(#[allow(dead_code)] Rc<()>);
        impl<'de> crate::FromJson<'de> for Counted {
            fn read_json(r: &mut Reader<'de>) -> crate::Result<Self> {
                r.read_u64()?;
                if LEFT.with(|l| l.replace(l.get().wrapping_sub(1))) == 0 {
                    panic!("element reader panics");
                }
                Ok(Counted(MARKER.with(Rc::clone)))
            }
        }
        let cap = Filling::<Counted>::CAP;
        for at in [0, 3, cap, cap + 1, 2 * cap + 1] {
            LEFT.with(|l| l.set(at));
            let text = array(3 * cap, false);
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let _ = read::<Counted>(&text);
            }));
            assert!(caught.is_err(), "at = {at}");
            assert_eq!(MARKER.with(Rc::strong_count), 1, "at = {at}");
        }
    }

    /// Element readers that misbehave: one that returns `Ok` without consuming its element
    /// (the array then fails at the unconsumed text), and one that reads a nested array
    /// through `read_vec` itself and panics deep inside it, at and past the stage's capacity
    /// on both levels. Every element read so far, outer and inner, is dropped exactly once.
    #[test]
    fn misbehaving_element_readers_drop_each_element_once() {
        use std::cell::Cell;
        std::thread_local!(static LEFT: Cell<usize> = const { Cell::new(usize::MAX) });
        std::thread_local!(static MARKER: Rc<()> = Rc::new(()));
        struct Lazy(#[allow(dead_code)] Rc<()>);
        impl<'de> crate::FromJson<'de> for Lazy {
            fn read_json(_: &mut Reader<'de>) -> crate::Result<Self> {
                Ok(Lazy(MARKER.with(Rc::clone)))
            }
        }
        struct Nested(#[allow(dead_code)] Rc<()>, #[allow(dead_code)] Vec<Nested>);
        impl<'de> crate::FromJson<'de> for Nested {
            fn read_json(r: &mut Reader<'de>) -> crate::Result<Self> {
                if r.peek() == Some(b'[') {
                    let inner = read_vec::<Nested>(r)?;
                    return Ok(Nested(MARKER.with(Rc::clone), inner));
                }
                r.read_u64()?;
                if LEFT.with(|l| l.replace(l.get().wrapping_sub(1))) == 0 {
                    panic!("nested element reader panics");
                }
                Ok(Nested(MARKER.with(Rc::clone), Vec::new()))
            }
        }
        assert_eq!(core::mem::size_of::<Nested>(), 32);
        for n in [1, 3, 40] {
            assert!(read::<Lazy>(&array(n, false)).is_err());
            assert_eq!(MARKER.with(Rc::strong_count), 1, "n = {n}");
        }
        let cap = Filling::<Nested>::CAP;
        let inner = array(cap + 1, false);
        let text = alloc::format!("[{}]", alloc::vec![inner; cap + 2].join(","));
        let total = (cap + 1) * (cap + 2);
        for at in [0, cap, cap + 1, total / 2, total - 1] {
            LEFT.with(|l| l.set(at));
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let _ = read::<Nested>(&text);
            }));
            assert!(caught.is_err(), "at = {at}");
            assert_eq!(MARKER.with(Rc::strong_count), 1, "at = {at}");
        }
        LEFT.with(|l| l.set(usize::MAX));
        let v = read::<Nested>(&text).unwrap();
        assert_eq!(v.len(), cap + 2);
        assert_eq!(MARKER.with(Rc::strong_count), 1 + total + cap + 2);
        drop(v);
        assert_eq!(MARKER.with(Rc::strong_count), 1);
    }
}
