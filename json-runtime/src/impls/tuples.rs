//! Tuples up to 16 elements, as arrays of exactly that length.

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

macro_rules! tuple {
    ($len:literal => $($name:ident $idx:tt),+) => {
        impl<$($name: ToJson),+> ToJson for ($($name,)+) {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                w.begin_array();
                let mut first = true;
                $(
                    w.elem(first);
                    first = false;
                    self.$idx.write_json(w);
                )+
                w.end_array(!first);
            }
        }
        impl<'de, $($name: FromJson<'de>),+> FromJson<'de> for ($($name,)+) {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                r.begin_array_as(concat!("a tuple of size ", $len))?;
                let mut first = true;
                let value = ($(
                    {
                        if !r.next_element(&mut first)? {
                            return Err(r.error(format_args!(
                                "invalid length {}, expected a tuple of size {}", $idx, $len
                            )));
                        }
                        $name::read_json(r).map_err(|e| e.in_index($idx))?
                    },
                )+);
                r.end_fixed_seq()?;
                Ok(value)
            }
        }
    };
}

tuple!(1 => T0 0);
tuple!(2 => T0 0, T1 1);
tuple!(3 => T0 0, T1 1, T2 2);
tuple!(4 => T0 0, T1 1, T2 2, T3 3);
tuple!(5 => T0 0, T1 1, T2 2, T3 3, T4 4);
tuple!(6 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5);
tuple!(7 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6);
tuple!(8 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7);
tuple!(9 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8);
tuple!(10 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9);
tuple!(11 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10);
tuple!(12 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11);
tuple!(13 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11, T12 12);
tuple!(14 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11, T12 12, T13 13);
tuple!(15 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11, T12 12, T13 13, T14 14);
tuple!(16 => T0 0, T1 1, T2 2, T3 3, T4 4, T5 5, T6 6, T7 7, T8 8, T9 9, T10 10, T11 11, T12 12, T13 13, T14 14, T15 15);
