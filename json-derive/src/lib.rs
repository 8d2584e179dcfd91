//! `#[derive(FastJson)]` (placeholder until the derive lands).
use proc_macro::TokenStream;

#[proc_macro_derive(FastJson, attributes(serde, fastjson))]
pub fn derive_fast_json(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
