//! Option, references, Box, Rc, Arc, PhantomData.

use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use core::marker::PhantomData;

use crate::{Format, FromJson, Reader, Result, ToJson, Writer};

impl<T: ToJson> ToJson for Option<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        match self {
            Some(v) => v.write_json(w),
            None => w.null(),
        }
    }
}
impl<'de, T: FromJson<'de>> FromJson<'de> for Option<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        if r.try_null()? {
            Ok(None)
        } else {
            T::read_json(r).map(Some)
        }
    }
    #[inline]
    fn read_field(r: &mut Reader<'de>) -> Result<Self> {
        if r.try_null()? {
            Ok(None)
        } else {
            T::read_field(r).map(Some)
        }
    }
    /// An absent `Option` field is `None`, as in serde.
    #[inline]
    fn missing_field(_: &Reader<'de>, _: &'static str) -> Result<Self> {
        Ok(None)
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).write_json(w);
    }
}
impl<T: ToJson + ?Sized> ToJson for &mut T {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        (**self).write_json(w);
    }
}

macro_rules! smart_pointer {
    ($($p:ident),*) => {$(
        impl<T: ToJson + ?Sized> ToJson for $p<T> {
            #[inline]
            fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
                (**self).write_json(w);
            }
        }
        impl<'de, T: FromJson<'de>> FromJson<'de> for $p<T> {
            #[inline]
            fn read_json(r: &mut Reader<'de>) -> Result<Self> {
                T::read_json(r).map($p::new)
            }
            #[inline]
            fn read_field(r: &mut Reader<'de>) -> Result<Self> {
                T::read_field(r).map($p::new)
            }
        }
    )*};
}
smart_pointer!(Box, Rc, Arc);

impl<'de> FromJson<'de> for Rc<str> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(r.read_str()?.as_str().into())
    }
}
impl<'de> FromJson<'de> for Arc<str> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(r.read_str()?.as_str().into())
    }
}

/// Written as `null`, read from `null` (serde's unit struct form).
impl<T: ?Sized> ToJson for PhantomData<T> {
    #[inline]
    fn write_json<F: Format>(&self, w: &mut Writer<'_, F>) {
        w.null();
    }
}
impl<'de, T: ?Sized> FromJson<'de> for PhantomData<T> {
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null_as("unit").map(|_| PhantomData)
    }
}
