//! Nothing here: the test is `tests/key_order.rs`.
