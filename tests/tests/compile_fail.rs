//! The derive's compile errors, each pinned (message and span) by a `.stderr` file next to its
//! `.rs` in `tests/ui/`. Regenerate with `TRYBUILD=overwrite cargo test -p json-tests --test
//! compile_fail`, then read every changed `.stderr`: each span must point at the attribute (or
//! item) at fault, not at the derive.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
