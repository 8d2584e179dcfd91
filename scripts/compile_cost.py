#!/usr/bin/env python3
"""Compile cost: the corpus and seed payload types built twice, once deriving only serde's
Serialize/Deserialize (used through serde_json) and once deriving only FastJson (used through
json_runtime). Each crate reads and writes every payload type once, so the code that a real
user compiles is instantiated. Reports clean release build time (dependencies included) and
the crate's LLVM IR lines (cargo llvm-lines; `cargo install cargo-llvm-lines` first).

Usage: python3 scripts/compile_cost.py [--runs N]   (run on an otherwise idle machine)
"""
import os, re, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(os.environ.get("TMPDIR", "/tmp"), "fastjson-compile-cost")
PAYLOADS = ["twitter", "citm", "canada", "seeds"]
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 1

def transform(text, flavour):
    if flavour == "serde":
        text = re.sub(r",\s*FastJson\)", ")", text)
        text = text.replace("use json_runtime::FastJson;\n", "")
        text = re.sub(r"^\s*#\[fastjson\([^\]]*\)\]\n", "", text, flags=re.M)
    else:
        text = re.sub(r"Serialize,\s*Deserialize,\s*", "", text)
        text = text.replace("use serde::{Deserialize, Serialize};\n", "")
    return text

def uses(flavour):
    """One read and one write of each top-level payload type."""
    types = ["twitter::Twitter", "citm::CitmCatalog", "canada::Canada",
             "seeds::order_small::Order", "seeds::forecast::WeatherForecast",
             "seeds::cosmos_order::Order", "seeds::weather_station::WeatherStation",
             "seeds::order_1k::Order"]
    lines = []
    for t in types:
        if flavour == "serde":
            lines.append(f"    if let Ok(v) = serde_json::from_slice::<{t}>(input) {{ n += serde_json::to_vec(&v).unwrap().len(); }}")
        else:
            lines.append(f"    if let Ok(v) = json_runtime::from_slice::<{t}>(input) {{ n += json_runtime::to_vec(&v).len(); }}")
    return "pub fn round_trip_all(input: &[u8]) -> usize {\n    let mut n = 0;\n" + "\n".join(lines) + "\n    n\n}\n"

def make_crate(flavour):
    d = os.path.join(WORK, flavour)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(os.path.join(d, "src"))
    dep = ('serde = { version = "1", features = ["derive"] }\nserde_json = "1"\n' if flavour == "serde"
           else f'json-runtime = {{ path = "{ROOT}/json-runtime" }}\n')
    open(os.path.join(d, "Cargo.toml"), "w").write(
        f'[package]\nname = "cost-{flavour}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n{dep}\n[workspace]\n')
    lib = []
    for p in PAYLOADS:
        src = open(os.path.join(ROOT, "tests/src/payloads", p + ".rs")).read()
        open(os.path.join(d, "src", p + ".rs"), "w").write(transform(src, flavour))
        lib.append(f"pub mod {p};")
    open(os.path.join(d, "src/lib.rs"), "w").write("#![allow(dead_code)]\n" + "\n".join(lib) + "\n\n" + uses(flavour))
    return d

def build(d):
    target = os.path.join(d, "target")
    best = None
    for _ in range(RUNS):
        shutil.rmtree(target, ignore_errors=True)
        subprocess.run(["cargo", "fetch", "-q"], cwd=d, check=True)
        t = time.time()
        subprocess.run(["cargo", "build", "--release", "-q"], cwd=d, check=True)
        el = time.time() - t
        best = el if best is None else min(best, el)
    # The crate alone (dependencies built): touch and rebuild.
    os.utime(os.path.join(d, "src/lib.rs"))
    t = time.time()
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=d, check=True)
    own = time.time() - t
    out = subprocess.run(["cargo", "llvm-lines", "--release", "--lib"], cwd=d, capture_output=True, text=True)
    total = next((l for l in out.stdout.splitlines() if "(TOTAL)" in l), "?").split()
    return best, own, (total[0] if total else "?")

if __name__ == "__main__":
    rows = []
    for flavour in ["serde", "fastjson"]:
        d = make_crate(flavour)
        rows.append((flavour, *build(d)))
    print(f"{'derive':10} {'clean release build':>20} {'crate only':>12} {'llvm-lines':>12}")
    for name, clean, own, lines in rows:
        print(f"{name:10} {clean:19.1f}s {own:11.1f}s {lines:>12}")
