#!/usr/bin/env python3
"""Compile cost on an application-sized crate.

Generates (deterministically, into target/compile-cost/, never committed) a crate of realistic
API types: by default 300 structs and 60 enums with the attribute mix real code has
(`rename_all = "camelCase"`, `Option` fields with `skip_serializing_if`, `default`, nested
`Vec`/`HashMap`/`Option<Box<_>>`, internally/adjacently tagged and untagged enums, some
`flatten`, a few generic types), each type read and written once in its own function so that
its code is instantiated. The crate is built four ways: serde derives + serde_json, FastJson
(json-runtime), and for reference miniserde and nanoserde with the attributes they lack dropped
(the script prints what was dropped).

Measured per build: the crate alone from clean (dependencies prebuilt), debug and release; the
rebuild after a one-field change in one type, debug and release; `cargo check` after the same
edit, once after the builds and then in three edit-check cycles (an editor saving); LLVM IR
lines (`cargo llvm-lines`, installed if missing), debug and release; and a clean release build
of the whole dependency graph. Timings are the best of --runs (default 2), the
flavours run alternately, every cargo under `nice -n 10`. Prints a markdown table.

Usage: python3 scripts/compile_cost.py [--quick] [--runs N] [--only serde,fastjson,...]
                                       [--skip-graph] [--skip-lines] [--skip-debug]
                                       [--skip-release] [--skip-builds] [--cgus] [--instructions]
                                       [--incremental-instructions] [--generate]
                                       [--shape default|app|app-noenum] [--layout per-type|dispatch]
                                       [--per-module N] [--structs N] [--enums N] [--fields LO-HI]
                                       [--nest-vec F] [--nest-box F] [--enum-share F] [--seed N]
  --quick       60 structs and 12 enums, one run, for iterating on the derive.
  --skip-debug  no debug builds, no `cargo check`.
  --skip-release
                no timed release builds.
  --skip-builds no timed builds (only what --cgus, LLVM lines and the graph measure).
  --cgus        also the largest codegen unit's share of the release LLVM IR (one more
                release build, keeping the units' bitcode).
  --instructions
                also the instructions rustc executes in a non-incremental `cargo check` of the
                crate (callgrind: steady on a busy machine; needs valgrind).
  --incremental-instructions
                also the instructions rustc executes in the incremental `cargo check` after the
                one-field edit (callgrind, after a check of the unedited crate).
  --generate    write the crates and exit.
  --shape       a preset (see SHAPES below); the options after it override its parts:
    default     the mixed API crate described above, 30 types a module, a function per type.
    app         an application's model: 300 camelCase structs of 4-14 fields, 15% of the fields
                a `Vec` and 10% an `Option<Box<_>>` of an earlier struct, 10% one of 60 enums
                that all carry data (a quarter each externally, internally, adjacently tagged
                and untagged), all in one module, one function dispatching to every type.
    app-noenum  app without enums.
  --layout      per-type: one read-and-write function per type; dispatch: one
                `pub fn dispatch(kind: u32, bytes: &[u8]) -> Vec<u8>` matching over all types.
  --per-module  types per module (0: all in the crate root).
  --nest-vec, --nest-box, --enum-share
                the share of fields that are a `Vec` of an earlier struct, an `Option<Box<_>>`
                of one, an enum.
"""
import json, os, random, re, resource, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "target", "compile-cost")
ARGS = sys.argv[1:]
if "--help" in ARGS or "-h" in ARGS:
    sys.exit(print(__doc__))
QUICK = "--quick" in ARGS


def arg(name, default):
    return ARGS[ARGS.index(name) + 1] if name in ARGS else default


RUNS = int(arg("--runs", "1" if QUICK else "2"))
FLAVOURS = arg("--only", "serde,fastjson,miniserde,nanoserde").split(",")
NICE = ["nice", "-n", "10"]
DEBUG = "--skip-debug" not in ARGS
BUILDS = "--skip-builds" not in ARGS
RELEASE = "--skip-release" not in ARGS


class Shape:
    """What the generated crate looks like. model: "mixed" (the default crate's type mix:
    generic envelopes, flatten, unit and data enums, maps of structs) or "app" (only the field
    types listed for the app shape). Shares are of all fields."""

    def __init__(self, model, structs, enums, fields, nest_vec, nest_box, enum_share,
                 per_module, layout, seed=13):
        self.model, self.structs, self.enums, self.fields = model, structs, enums, fields
        self.nest_vec, self.nest_box, self.enum_share = nest_vec, nest_box, enum_share
        self.per_module, self.layout, self.seed = per_module, layout, seed

    def describe(self):
        return (f"shape {self.model}, {self.per_module or 'all'} types a module, "
                f"{self.layout} layout, fields {self.fields[0]}-{self.fields[1]}, "
                f"nest-vec {self.nest_vec}, nest-box {self.nest_box}, "
                f"enum-share {self.enum_share}, seed {self.seed}")


APP = dict(model="app", structs=300, enums=60, fields=(4, 14), nest_vec=0.15, nest_box=0.10,
           enum_share=0.10, per_module=0, layout="dispatch")
SHAPES = {
    "default": dict(model="mixed", structs=300, enums=60, fields=(3, 11), nest_vec=0.06,
                    nest_box=0.05, enum_share=0.11, per_module=30, layout="per-type"),
    "app": APP,
    "app-noenum": dict(APP, enums=0, enum_share=0.0),
}


def shape_from_args():
    name = arg("--shape", "default")
    p = dict(SHAPES[name])
    if QUICK:
        p.update(structs=60, enums=12)
    lo_hi = arg("--fields", None)
    if lo_hi:
        p["fields"] = tuple(int(x) for x in lo_hi.split("-"))
    for opt, key, conv in [("--structs", "structs", int), ("--enums", "enums", int),
                           ("--nest-vec", "nest_vec", float), ("--nest-box", "nest_box", float),
                           ("--enum-share", "enum_share", float), ("--per-module", "per_module", int),
                           ("--layout", "layout", str), ("--seed", "seed", int)]:
        if opt in ARGS:
            p[key] = conv(arg(opt, None))
    assert p["layout"] in ("per-type", "dispatch"), p["layout"]
    return Shape(**p)


SHAPE = shape_from_args()
N_STRUCTS, N_ENUMS = SHAPE.structs, SHAPE.enums

# ---------------------------------------------------------------------------------------------
# The type model: a deterministic random set of structs and enums.

WORDS = """id name title description created_at updated_at owner_id status kind price amount
currency quantity email phone address city country postal_code latitude longitude tags labels
url avatar_url display_name first_name last_name is_active is_verified score rating count total
limit offset cursor version etag region zone account_id user_id order_id product_id sku color
size weight height width depth note comment reason message code level priority due_date
start_time end_time duration timezone locale language channel source target parent_id
child_count max_retries retry_after expires_at token scope role permissions metadata summary
body subject sender recipient thread_id is_read is_archived category brand model serial
firmware checksum hash signature nonce balance credit debit tax discount subtotal shipping
carrier tracking_number warehouse bin_location is_default sort_order visibility""".split()

CAMEL = lambda s: s.split("_")[0] + "".join(w.capitalize() for w in s.split("_")[1:])
SNAKE_UP = lambda s: re.sub(r"(?<!^)([A-Z])", r"_\1", s).upper()
SNAKE = lambda s: re.sub(r"(?<!^)([A-Z])", r"_\1", s).lower()
PREFIXES = """Account User Order Invoice Product Shipment Payment Customer Address Session Device
Report Ticket Message Project Task Comment Review Warehouse Subscription Plan Coupon Refund
Event Webhook Team Member Policy Quota Region""".split()


class Field:
    def __init__(self, name, ty, kind, skip_if=None, default=False, flatten=False):
        self.name, self.ty, self.kind = name, ty, kind
        self.skip_if, self.default, self.flatten = skip_if, default, flatten


class Struct:
    def __init__(self, name, fields, camel, deny=False, generic=False):
        self.name, self.fields, self.camel = name, fields, camel
        self.deny, self.generic = deny, generic

    def key(self, f):
        return CAMEL(f.name) if self.camel else f.name


class Enum:
    """kind: unit, external, internal, adjacent, untagged. variants: (name, style, payload);
    style unit / newtype (payload: a type) / struct (payload: [Field])."""

    def __init__(self, name, kind, variants, rename):
        self.name, self.kind, self.variants, self.rename = name, kind, variants, rename

    def vname(self, v):
        return {"snake": SNAKE, "upper": SNAKE_UP, None: lambda s: s}[self.rename](v)


def generate():
    if SHAPE.model == "app":
        return generate_app()
    rnd = random.Random(SHAPE.seed)
    # the shares of the nested and enum fields, as cumulative bounds after the 66% of plain ones
    b_vec = 0.66 + SHAPE.nest_vec
    b_box = b_vec + 0.02 + SHAPE.nest_box
    b_enum = b_box + 0.06 + SHAPE.enum_share
    structs, enums = [], []
    generics = []  # generic structs: their names, instantiated as Name<Concrete>
    # A few generic envelopes come first: every API has pages and envelopes.
    n_gen = max(2, N_STRUCTS // 75)
    for g in range(n_gen):
        if g % 2 == 0:
            fields = [Field("items", "Vec<T>", "vec_t"), Field("total", "u64", "prim"),
                      Field("next_cursor", "Option<String>", "opt", skip_if="Option::is_none")]
            name = f"Page{g}"
        else:
            fields = [Field("data", "T", "t"), Field("request_id", "String", "prim"),
                      Field("warnings", "Vec<String>", "vec", skip_if="Vec::is_empty", default=True)]
            name = f"Envelope{g}"
        s = Struct(name, fields, camel=True, generic=True)
        structs.append(s)
        generics.append(s)
    plain = []  # indices of non-generic structs (targets for references)
    enum_ready = []  # enums whose payloads only use structs already defined

    def pick_struct(limit):
        cands = [i for i in plain if i < limit]
        return structs[rnd.choice(cands)].name if cands else None

    def field_type(i):
        """A (type, kind, skip_if, default) for a field of struct i."""
        r = rnd.random()
        target = pick_struct(len(structs))
        if r < 0.14: return "String", "prim", None, False
        if r < 0.20: return "u64", "prim", None, False
        if r < 0.25: return "u32", "prim", None, False
        if r < 0.29: return "i64", "prim", None, False
        if r < 0.34: return "f64", "prim", None, False
        if r < 0.40: return "bool", "prim", None, False
        if r < 0.50: return "Option<String>", "opt", "Option::is_none", False
        if r < 0.55: return "Option<u64>", "opt", "Option::is_none", False
        if r < 0.57: return "Option<f64>", "opt", "Option::is_none", False
        if r < 0.61: return "Vec<String>", "vec", "Vec::is_empty", True
        if r < 0.63: return "Vec<u32>", "vec", None, False
        if r < 0.66: return "HashMap<String, String>", "map", None, True
        if target is None: return "String", "prim", None, False
        if r < b_vec: return f"Vec<{target}>", "vec", None, False
        if r < b_vec + 0.02: return f"HashMap<String, {target}>", "map", None, False
        if r < b_box: return f"Option<Box<{target}>>", "opt", "Option::is_none", False
        if r < b_box + 0.06: return target, "struct", None, False
        if r < b_enum and enum_ready:
            return rnd.choice(enum_ready), "enum", None, False
        if generics:
            g = rnd.choice(generics)
            return f"Option<{g.name}<{target}>>", "opt", "Option::is_none", False
        return "String", "prim", None, False

    def make_fields(i, lo, hi):
        names = rnd.sample(WORDS, rnd.randint(lo, hi))
        fields = []
        for n in names:
            ty, kind, skip_if, default = field_type(i)
            if kind == "prim" and rnd.random() < 0.08:
                default = True
            fields.append(Field(n, ty, kind, skip_if=skip_if if kind in ("opt", "vec") else None,
                                default=default))
        return fields

    def make_enum(k):
        r = rnd.random()
        prefix = rnd.choice(PREFIXES)
        if r < 0.40:
            kind = "unit"
            names = rnd.sample(["Active", "Pending", "Closed", "Archived", "Draft", "Failed",
                                "Succeeded", "Cancelled", "Expired", "Suspended", "OnHold"],
                               rnd.randint(3, 8))
            variants = [(n, "unit", None) for n in names]
            return Enum(f"{prefix}Status{k}", kind, variants, rnd.choice(["snake", "upper"]))
        kind = ("external" if r < 0.60 else "internal" if r < 0.75 else
                "adjacent" if r < 0.85 else "untagged")
        variants = []
        names = rnd.sample(["Card", "Transfer", "Wallet", "Voucher", "Cash", "Crypto",
                            "Invoice", "Loan"], rnd.randint(2, 5))
        for j, n in enumerate(names):
            target = pick_struct(len(structs))
            style = rnd.choice(["newtype", "struct", "struct", "unit"])
            if kind == "untagged":
                # untagged variants need distinguishable shapes
                style = ["newtype_str", "newtype_u64", "newtype", "struct"][j % 4]
            if style == "newtype_str":
                variants.append((n, "newtype", "String"))
            elif style == "newtype_u64":
                variants.append((n, "newtype", "u64"))
            elif style == "newtype" and target:
                variants.append((n, "newtype", target))
            elif style == "struct" or (style == "newtype" and not target):
                fs = []
                for fname in rnd.sample(WORDS, rnd.randint(1, 4)):
                    ty = rnd.choice(["String", "u64", "f64", "bool", "Option<String>"])
                    fs.append(Field(fname, ty, "opt" if ty.startswith("Option") else "prim",
                                    skip_if="Option::is_none" if ty.startswith("Option") else None))
                variants.append((n, "struct", fs))
            else:
                variants.append((n, "unit", None))
        if kind == "untagged" and all(v[1] == "unit" for v in variants):
            variants.append(("Other", "newtype", "String"))
        return Enum(f"{prefix}Kind{k}", kind, variants, "snake" if kind != "untagged" else None)

    # Interleave: enums are defined once enough structs exist for their payloads.
    enum_every = max(1, N_STRUCTS // max(1, N_ENUMS))
    for i in range(N_STRUCTS):
        if i % enum_every == 0 and len(enums) < N_ENUMS:
            e = make_enum(len(enums))
            enums.append(e)
            enum_ready.append(e.name)
        idx = len(structs)
        name = f"{rnd.choice(PREFIXES)}{['Info', 'Record', 'Request', 'Response', 'Item', 'Details', 'Settings', 'Summary'][i % 8]}{i}"
        fields = make_fields(idx, *SHAPE.fields)
        # about one struct in twelve flattens a shared part
        flat_src = [j for j in plain if not any(f.flatten for f in structs[j].fields)]
        if flat_src and rnd.random() < 0.08:
            src = structs[rnd.choice(flat_src[:20])]
            fields.append(Field("common", src.name, "struct", flatten=True))
        deny = rnd.random() < 0.03 and not any(f.flatten for f in fields)
        structs.append(Struct(name, fields, camel=rnd.random() < 0.85, deny=deny))
        plain.append(idx)
    while len(enums) < N_ENUMS:
        enums.append(make_enum(len(enums)))
    return structs, enums, generics


def generate_app():
    """The app shape: camelCase structs of plain fields, `Vec`s and `Option<Box<_>>`s of earlier
    structs (a deep type graph), and enums that all carry data, the four representations in
    turn. Every `Option` has `default` and `skip_serializing_if`, half the `Vec`s `default`."""
    rnd = random.Random(SHAPE.seed)
    plain = [("u64", "prim"), ("u32", "prim"), ("i64", "prim"), ("f64", "prim"), ("bool", "prim"),
             ("String", "prim"), ("Option<String>", "opt"), ("Option<u64>", "opt"),
             ("Vec<String>", "vec"), ("Vec<u32>", "vec"), ("HashMap<String, u64>", "map")]
    structs, enums = [], []

    def field(name, ty, kind):
        if kind == "opt":
            return Field(name, ty, kind, skip_if="Option::is_none", default=True)
        return Field(name, ty, kind, default=kind == "vec" and rnd.random() < 0.5)

    def make_enum(k):
        kind = ["external", "internal", "adjacent", "untagged"][k % 4]
        names = rnd.sample(["Card", "Transfer", "Wallet", "Voucher", "Cash", "Crypto", "Invoice",
                            "Loan"], rnd.randint(2, 5))
        variants = []
        for j, n in enumerate(names):
            style = rnd.choice(["newtype", "struct", "struct", "unit"])
            if kind == "untagged":  # distinguishable shapes
                style = ["newtype_str", "newtype_u64", "newtype", "struct"][j % 4]
            if j == 0 and style == "unit":
                style = "struct"  # every enum carries data
            if style == "newtype_str":
                variants.append((n, "newtype", "String"))
            elif style == "newtype_u64":
                variants.append((n, "newtype", "u64"))
            elif style == "newtype" and structs:
                variants.append((n, "newtype", rnd.choice(structs).name))
            elif style == "unit":
                variants.append((n, "unit", None))
            else:
                fs = [field(f, *rnd.choice(plain[:7])) for f in rnd.sample(WORDS, rnd.randint(1, 4))]
                variants.append((n, "struct", fs))
        return Enum(f"{rnd.choice(PREFIXES)}Kind{k}", kind, variants,
                    "snake" if kind != "untagged" else None)

    enum_every = max(1, N_STRUCTS // max(1, N_ENUMS))
    for i in range(N_STRUCTS):
        if N_ENUMS and i % enum_every == 0 and len(enums) < N_ENUMS:
            enums.append(make_enum(len(enums)))
        fields = []
        for n in rnd.sample(WORDS, rnd.randint(*SHAPE.fields)):
            r = rnd.random()
            if structs and r < SHAPE.nest_vec:
                fields.append(field(n, f"Vec<{rnd.choice(structs).name}>", "vec"))
            elif structs and r < SHAPE.nest_vec + SHAPE.nest_box:
                fields.append(field(n, f"Option<Box<{rnd.choice(structs).name}>>", "opt"))
            elif enums and r < SHAPE.nest_vec + SHAPE.nest_box + SHAPE.enum_share:
                fields.append(Field(n, rnd.choice(enums).name, "enum"))
            else:
                fields.append(field(n, *rnd.choice(plain)))
        suffix = ['Info', 'Record', 'Request', 'Response', 'Item', 'Details', 'Settings', 'Summary'][i % 8]
        structs.append(Struct(f"{rnd.choice(PREFIXES)}{suffix}{i}", fields, camel=True))
    while len(enums) < N_ENUMS:
        enums.append(make_enum(len(enums)))
    return structs, enums, []


# ---------------------------------------------------------------------------------------------
# Rendering, per flavour.

DROPPED = {
    "serde": [],
    "fastjson": [],
    "miniserde": ["rename_all (spelled as a rename per field instead)",
                  "skip_serializing_if (None is written as null)", "default", "flatten (nested instead)",
                  "deny_unknown_fields", "generic types (instantiated as concrete copies)",
                  "data-carrying enums (each becomes a struct with one Option field per variant)"],
    "nanoserde": ["rename_all (spelled as a rename per field instead)", "skip_serializing_if",
                  "flatten (nested instead)", "deny_unknown_fields",
                  "internally/adjacently tagged and untagged enums (externally tagged instead)",
                  "enum rename_all (spelled per variant)", "generic types (instantiated as concrete copies)"],
}


def concrete(ty):
    """Generic instantiation Page0<Foo> -> Page0_Foo (for crates without generic derives)."""
    return re.sub(r"\b((?:Page|Envelope)\d+)<(\w+)>", r"\1_\2", ty)


def render_struct(s, flavour, inst=None):
    """inst: (concrete name, type argument) for a generic struct rendered concretely."""
    name = s.name
    generic = "<T>" if s.generic and inst is None else ""
    if inst:
        name = inst[0]
    out = []
    if flavour == "serde":
        out.append("#[derive(Debug, Clone, Serialize, Deserialize)]")
    elif flavour == "fastjson":
        out.append("#[derive(Debug, Clone, FastJson)]")
    elif flavour == "miniserde":
        out.append("#[derive(Debug, Clone, MiniSerialize, MiniDeserialize)]")
    else:
        out.append("#[derive(Debug, Clone, SerJson, DeJson)]")
    if flavour in ("serde", "fastjson"):
        if s.camel:
            out.append('#[serde(rename_all = "camelCase")]')
        if s.deny:
            out.append("#[serde(deny_unknown_fields)]")
    out.append(f"pub struct {name}{generic} {{")
    for f in s.fields:
        ty = f.ty
        if inst:
            ty = re.sub(r"\bT\b", inst[1], ty)
        if flavour in ("miniserde", "nanoserde"):
            ty = concrete(ty)
        attrs = []
        if flavour in ("serde", "fastjson"):
            if f.default: attrs.append("default")
            if f.skip_if: attrs.append(f'skip_serializing_if = "{f.skip_if}"')
            if f.flatten: attrs.append("flatten")
            if attrs:
                out.append(f"    #[serde({', '.join(attrs)})]")
        else:
            key = s.key(f)
            tool = "serde" if flavour == "miniserde" else "nserde"
            if key != f.name:
                attrs.append(f'rename = "{key}"')
            if flavour == "nanoserde" and f.default:
                attrs.append("default")
            if attrs:
                out.append(f"    #[{tool}({', '.join(attrs)})]")
        out.append(f"    pub {f.name}: {ty},")
    out.append("}\n")
    return "\n".join(out)


def render_enum(e, flavour):
    out = []
    derive = {"serde": "Serialize, Deserialize", "fastjson": "FastJson",
              "miniserde": "MiniSerialize, MiniDeserialize", "nanoserde": "SerJson, DeJson"}[flavour]
    if flavour == "miniserde" and e.kind != "unit":
        # miniserde derives only unit enums: one optional field per variant instead.
        helpers = []
        out.append(f"#[derive(Debug, Clone, {derive})]\npub struct {e.name} {{")
        for (v, style, payload) in e.variants:
            fname = "v_" + SNAKE(v)
            out.append(f'    #[serde(rename = "{e.vname(v)}")]')
            if style == "unit":
                out.append(f"    pub {fname}: Option<bool>,")
            elif style == "newtype":
                out.append(f"    pub {fname}: Option<{payload}>,")
            else:
                helper = Struct(f"{e.name}{v}", payload, camel=False)
                helpers.append(render_struct(helper, flavour))
                out.append(f"    pub {fname}: Option<{helper.name}>,")
        out.append("}\n")
        return "\n".join(out + helpers)
    out.append(f"#[derive(Debug, Clone, {derive})]")
    if flavour in ("serde", "fastjson"):
        attrs = []
        if e.kind == "internal": attrs.append('tag = "type"')
        if e.kind == "adjacent": attrs += ['tag = "t"', 'content = "c"']
        if e.kind == "untagged": attrs.append("untagged")
        if e.rename == "snake": attrs.append('rename_all = "snake_case"')
        if e.rename == "upper": attrs.append('rename_all = "SCREAMING_SNAKE_CASE"')
        if attrs:
            out.append(f"#[serde({', '.join(attrs)})]")
    out.append(f"pub enum {e.name} {{")
    for (v, style, payload) in e.variants:
        if flavour in ("miniserde", "nanoserde") and e.vname(v) != v:
            tool = "serde" if flavour == "miniserde" else "nserde"
            out.append(f'    #[{tool}(rename = "{e.vname(v)}")]')
        if style == "unit":
            out.append(f"    {v},")
        elif style == "newtype":
            out.append(f"    {v}({payload}),")
        else:
            out.append(f"    {v} {{")
            for f in payload:
                if f.skip_if and flavour in ("serde", "fastjson"):
                    out.append(f'        #[serde(skip_serializing_if = "{f.skip_if}")]')
                out.append(f"        {f.name}: {f.ty},")
            out.append("    },")
    out.append("}\n")
    return "\n".join(out)


def round_trip(flavour, ty, fn):
    """One function reading and writing `ty` once."""
    if flavour == "serde":
        body = (f"match serde_json::from_slice::<{ty}>(input) {{\n"
                f"        Ok(v) => serde_json::to_vec(&v).map(|b| b.len()).unwrap_or(0),\n"
                f"        Err(e) => e.line(),\n    }}")
    elif flavour == "fastjson":
        body = (f"match json_runtime::from_slice::<{ty}>(input) {{\n"
                f"        Ok(v) => json_runtime::to_vec(&v).map(|b| b.len()).unwrap_or(0),\n"
                f"        Err(e) => e.line(),\n    }}")
    elif flavour == "miniserde":
        body = (f"let Ok(s) = core::str::from_utf8(input) else {{ return 0 }};\n"
                f"    match miniserde::json::from_str::<{ty}>(s) {{\n"
                f"        Ok(v) => miniserde::json::to_string(&v).len(),\n"
                f"        Err(_) => 1,\n    }}")
    else:
        body = (f"let Ok(s) = core::str::from_utf8(input) else {{ return 0 }};\n"
                f"    match <{ty} as DeJson>::deserialize_json(s) {{\n"
                f"        Ok(v) => v.serialize_json().len(),\n"
                f"        Err(e) => e.line,\n    }}")
    return f"pub fn {fn}(input: &[u8]) -> usize {{\n    {body}\n}}\n"


def dispatch_arm(flavour, ty):
    """A `dispatch` arm's value: `ty` read from `bytes` and written again."""
    read, write = {
        "serde": (f"serde_json::from_slice::<{ty}>(bytes)", "serde_json::to_vec(&v).unwrap_or_default()"),
        "fastjson": (f"json_runtime::from_slice::<{ty}>(bytes)", "json_runtime::to_vec(&v).unwrap_or_default()"),
        "miniserde": (f"core::str::from_utf8(bytes).ok().and_then(|s| miniserde::json::from_str::<{ty}>(s).ok()).ok_or(())",
                      "miniserde::json::to_string(&v).into_bytes()"),
        "nanoserde": (f"core::str::from_utf8(bytes).ok().and_then(|s| <{ty} as DeJson>::deserialize_json(s).ok()).ok_or(())",
                      "v.serialize_json().into_bytes()"),
    }[flavour]
    return f"match {read} {{ Ok(v) => {write}, Err(_) => Vec::new() }}"


EDIT_FROM, EDIT_TO = "pub edit_me: u32,", "pub edit_me_renamed: u32,"


def make_crate(flavour, structs, enums, generics):
    d = os.path.join(WORK, flavour)
    src = os.path.join(d, "src")
    if os.path.isdir(src):
        shutil.rmtree(src)
    os.makedirs(src)
    deps = {
        "serde": 'serde = { version = "1", features = ["derive"] }\nserde_json = "1"\n',
        "fastjson": f'json-runtime = {{ path = "{ROOT}/json-runtime" }}\n',
        "miniserde": 'miniserde = "0.1"\n',
        "nanoserde": 'nanoserde = "0.1"\n',
    }[flavour]
    toml = (f'[package]\nname = "cost-{flavour}"\nversion = "0.1.0"\nedition = "2021"\n\n'
            f"[dependencies]\n{deps}\n[workspace]\n")
    write_if_changed(os.path.join(d, "Cargo.toml"), toml)
    prelude = {
        "serde": "use serde::{Deserialize, Serialize};\n",
        "fastjson": "use json_runtime::FastJson;\n",
        "miniserde": ("use miniserde::{Deserialize as MiniDeserialize, "
                      "Serialize as MiniSerialize};\n"),
        "nanoserde": "use nanoserde::{DeJson, SerJson};\n",
    }[flavour]
    # the type instantiated for each generic struct (and its concrete copy for miniserde/nanoserde)
    insts = set()
    for s in structs:
        for f in s.fields:
            for m in re.finditer(r"\b((?:Page|Envelope)\d+)<(\w+)>", f.ty):
                insts.add((m.group(1), m.group(2)))
    items = [("struct", s) for s in structs] + [("enum", e) for e in enums]
    # the edit site: a field in a struct in the middle
    edit_struct = structs[len(structs) // 2]
    edit_struct_fields = edit_struct.fields + [Field("edit_me", "u32", "prim")]
    per_module = SHAPE.per_module or len(items)
    per_type = SHAPE.layout == "per-type"
    concrete_types = []  # every type read and written, for `dispatch`
    modules = {}  # module name -> its items' text
    for m in range(0, len(items), per_module):
        chunk = items[m:m + per_module]
        text = []
        for kind, t in chunk:
            if kind == "struct":
                if t is edit_struct:
                    t = Struct(t.name, edit_struct_fields, t.camel, t.deny, t.generic)
                if t.generic and flavour in ("miniserde", "nanoserde"):
                    for (g, arg_ty) in sorted(insts):
                        if g == t.name:
                            text.append(render_struct(t, flavour, inst=(f"{g}_{arg_ty}", arg_ty)))
                else:
                    text.append(render_struct(t, flavour))
            else:
                text.append(render_enum(t, flavour))
            # each concrete type read and written once
            if kind == "enum" or not t.generic:
                concrete_types.append(t.name)
                if per_type:
                    text.append(round_trip(flavour, t.name, "rt_" + SNAKE(t.name)))
        for (g, arg_ty) in sorted(insts):
            if any(t is not None and kind == "struct" and t.name == g for kind, t in chunk):
                ty = f"{g}_{arg_ty}" if flavour in ("miniserde", "nanoserde") else f"{g}<{arg_ty}>"
                concrete_types.append(ty)
                if per_type:
                    text.append(round_trip(flavour, ty, f"rt_{SNAKE(g)}_{SNAKE(arg_ty)}"))
        modules[f"m{m // per_module}"] = text
    header = ["use std::collections::HashMap;", prelude]
    lib = ["#![allow(dead_code, unused_imports)]"]
    if SHAPE.per_module:
        for name, text in modules.items():
            write_if_changed(os.path.join(src, name + ".rs"),
                             "\n".join(["#![allow(dead_code, unused_imports)]", "use crate::*;"]
                                       + header + text))
        lib += [f"pub mod {m};\npub use {m}::*;" for m in modules]
    else:  # one module: everything in the crate root
        lib += header + modules["m0"]
    if not per_type:
        lib.append("pub fn dispatch(kind: u32, bytes: &[u8]) -> Vec<u8> {\n    match kind {")
        lib += [f"        {k} => {dispatch_arm(flavour, ty)}," for k, ty in enumerate(concrete_types)]
        lib.append("        _ => Vec::new(),\n    }\n}\n")
    write_if_changed(os.path.join(src, "lib.rs"), "\n".join(lib) + "\n")
    edit_file = next(os.path.join(src, f) for f in sorted(os.listdir(src))
                     if f"pub struct {edit_struct.name} " in open(os.path.join(src, f)).read())
    return d, edit_file


def write_if_changed(path, text):
    if os.path.exists(path) and open(path).read() == text:
        return
    open(path, "w").write(text)


# ---------------------------------------------------------------------------------------------
# Measuring.

def cargo(d, *args, capture=False):
    env = dict(os.environ)
    env.pop("CARGO_TARGET_DIR", None)
    env.pop("RUSTFLAGS", None)
    t, ru = time.time(), resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(NICE + ["cargo", *args], cwd=d, env=env, capture_output=True, text=True)
    ru2 = resource.getrusage(resource.RUSAGE_CHILDREN)
    # wall time, and the CPU time of cargo and every rustc it ran (steadier on a busy machine)
    el = (time.time() - t, ru2.ru_utime + ru2.ru_stime - ru.ru_utime - ru.ru_stime)
    if p.returncode != 0:
        raise RuntimeError(f"cargo {' '.join(args)} failed in {d}:\n{p.stderr[-4000:]}")
    return (el, p.stdout) if capture else el


WRAPPER = """#!/bin/sh
# rustc of the measured crate under callgrind, its instruction count appended to $COST_COUNTS
# (plain rustc where COST_COUNTS is unset: the same wrapper, so cargo keeps its fingerprints)
rustc="$1"; shift
case "$COST_COUNTS:$*" in
  :*) exec "$rustc" "$@";;
  *"--crate-name cost_"*)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$rustc" "$@" 2>"$COST_COUNTS.err"
    rc=$?; grep -o "Collected : [0-9]*" "$COST_COUNTS.err" >> "$COST_COUNTS"; exit $rc;;
  *) exec "$rustc" "$@";;
esac
"""


def callgrind_env(incremental):
    """The wrapper that runs the measured crate's rustc under callgrind, and cargo's
    environment for it (counting once COST_COUNTS is set); None without valgrind."""
    if not shutil.which("valgrind"):
        print("valgrind not found: no instruction counts", flush=True)
        return None
    wrapper = os.path.join(WORK, "rustc-callgrind.sh")
    open(wrapper, "w").write(WRAPPER)
    os.chmod(wrapper, 0o755)
    env = dict(os.environ, RUSTC_WRAPPER=wrapper, CARGO_INCREMENTAL="1" if incremental else "0")
    for k in ("COST_COUNTS", "CARGO_TARGET_DIR", "RUSTFLAGS"):
        env.pop(k, None)
    return env


def counted_check(d, env):
    """`cargo check` with rustc of the crate under callgrind: its instruction count."""
    counts = os.path.join(d, "target", "check-instructions.txt")
    open(counts, "w").close()
    env = dict(env, COST_COUNTS=counts)
    subprocess.run(NICE + ["cargo", "check", "-q"], cwd=d, env=env, check=True, capture_output=True)
    found = re.findall(r"Collected : (\d+)", open(counts).read())
    return int(found[-1]) if found else None


def check_instructions(d):
    """Instructions rustc executes in a non-incremental `cargo check` of the crate alone
    (callgrind; a figure the machine's load does not move, for comparing derives)."""
    env = callgrind_env(incremental=False)
    if env is None:
        return None
    cargo(d, "check", "-q")  # dependencies built, outside callgrind
    os.utime(os.path.join(d, "src", "lib.rs"))
    return counted_check(d, env)


def incremental_check_instructions(d, edit_file):
    """Instructions rustc executes in an incremental `cargo check` after the one-field edit, the
    unedited crate checked before (callgrind; what `cargo check` after the edit times, without
    the machine's load)."""
    env = callgrind_env(incremental=True)
    if env is None:
        return None
    subprocess.run(NICE + ["cargo", "check", "-q"], cwd=d, env=env, check=True, capture_output=True)
    toggle_edit(edit_file)
    return counted_check(d, env)


def toggle_edit(edit_file):
    text = open(edit_file).read()
    if EDIT_FROM in text:
        text = text.replace(EDIT_FROM, EDIT_TO)
    else:
        text = text.replace(EDIT_TO, EDIT_FROM)
    open(edit_file, "w").write(text)


def ensure_llvm_lines():
    if shutil.which("cargo-llvm-lines"):
        return
    print("installing cargo-llvm-lines ...", flush=True)
    subprocess.run(NICE + ["cargo", "install", "cargo-llvm-lines"], check=True)


def llvm_lines(d, release):
    args = ["llvm-lines", "--lib"] + (["--release"] if release else [])
    _, out = cargo(d, *args, capture=True)
    total = next((l for l in out.splitlines() if "(TOTAL)" in l), None)
    return int(total.split()[0]) if total else None


def cgu_largest(d, fl):
    """The largest codegen unit's share of the crate's release LLVM IR (unoptimized bitcode
    bytes), in percent: LLVM optimizes the units in parallel, so one that holds most of the
    code sets the build's wall time however many cores there are."""
    deps = os.path.join(d, "target", "release", "deps")
    temps = lambda: [f for f in os.listdir(deps) if f.startswith(f"cost_{fl}-") and ".rcgu." in f]
    for f in temps():
        os.remove(os.path.join(deps, f))
    cargo(d, "rustc", "--release", "-q", "--lib", "--", "-C", "save-temps")
    sizes = [os.path.getsize(os.path.join(deps, f)) for f in temps() if f.endswith(".no-opt.bc")]
    for f in temps():
        os.remove(os.path.join(deps, f))
    return round(100 * max(sizes) / sum(sizes)) if sizes else None


def main():
    if "--table" in ARGS:  # the results saved by the last (possibly interrupted) run
        saved = json.load(open(RESULTS))
        shape = saved.pop("_shape", {}).get("text", "")
        res = {k: {m: tuple(v) if isinstance(v, list) else v for m, v in r.items()}
               for k, r in saved.items()}
        return table(res, {}, shape)
    structs, enums, generics = generate()
    n_fields = sum(len(s.fields) for s in structs)
    kinds = {}
    for e in enums:
        kinds[e.kind] = kinds.get(e.kind, 0) + 1
    print(SHAPE.describe())
    print(f"{len(structs)} structs ({len(generics)} generic, {n_fields} fields, "
          f"{sum(any(f.flatten for f in s.fields) for s in structs)} with flatten), "
          f"{len(enums)} enums ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))})")
    crates = {}
    for fl in FLAVOURS:
        crates[fl] = make_crate(fl, structs, enums, generics)
        if DROPPED[fl]:
            print(f"{fl}: dropped {'; '.join(DROPPED[fl])}")
    print(f"generated in {WORK}", flush=True)
    if "--generate" in ARGS:
        return
    if "--skip-lines" not in ARGS:
        ensure_llvm_lines()
    res = {fl: {} for fl in FLAVOURS}
    failed = {}

    def record(fl, key, value):
        if value is None:
            return
        old = res[fl].get(key)
        if isinstance(value, tuple):
            res[fl][key] = value if old is None else (min(old[0], value[0]), min(old[1], value[1]))
        else:
            res[fl][key] = value if old is None else min(old, value)
        save(res)

    def each(step):
        """Run `step(flavour)` for each flavour still building, alternating order per run."""
        for r in range(RUNS):
            order = FLAVOURS if r % 2 == 0 else list(reversed(FLAVOURS))
            for fl in order:
                if fl in failed:
                    continue
                try:
                    step(fl)
                except RuntimeError as e:
                    failed[fl] = str(e)
                    print(f"{fl}: build failed, left out:\n{e}", flush=True)

    for fl in FLAVOURS:  # warm: dependencies built in both profiles, check artifacts present
        d = crates[fl][0]
        lib = os.path.join(d, "src", "lib.rs")
        text = open(lib).read()
        open(lib, "w").write("")  # the dependencies only: the crate itself is built below
        try:
            if RELEASE or "--skip-lines" not in ARGS or "--cgus" in ARGS:
                cargo(d, "build", "--release", "-q")
            if DEBUG:
                cargo(d, "build", "-q"), cargo(d, "check", "-q")
        except RuntimeError as e:
            failed[fl] = str(e)
            print(f"{fl}: build failed, left out:\n{e}", flush=True)
        open(lib, "w").write(text)
    profiles = [p for p in ("debug", "release") if (p == "release" and RELEASE) or (p == "debug" and DEBUG)]
    for profile in profiles if BUILDS else []:
        flag = ["--release"] if profile == "release" else []

        def crate_clean(fl):
            d = crates[fl][0]
            cargo(d, "clean", "-q", "-p", f"cost-{fl}", *flag)
            record(fl, f"crate_{profile}", cargo(d, "build", "-q", *flag))

        def rebuild(fl):
            d, edit_file = crates[fl]
            toggle_edit(edit_file)
            record(fl, f"rebuild_{profile}", cargo(d, "build", "-q", *flag))
        each(crate_clean)
        each(rebuild)

    def check(fl):
        d, edit_file = crates[fl]
        toggle_edit(edit_file)
        record(fl, "check", cargo(d, "check", "-q"))

    def check_steady(fl):
        # an editor saving the same file again and again: edit, check, three times
        d, edit_file = crates[fl]
        for _ in range(3):
            toggle_edit(edit_file)
            record(fl, "check_steady", cargo(d, "check", "-q"))
    if DEBUG and BUILDS:
        each(check)
        each(check_steady)
    if "--skip-lines" not in ARGS:
        for fl in FLAVOURS:
            if fl in failed:
                continue
            d = crates[fl][0]
            if DEBUG:
                record(fl, "lines_debug", llvm_lines(d, False))
            record(fl, "lines_release", llvm_lines(d, True))

    if "--cgus" in ARGS:
        for fl in FLAVOURS:
            if fl not in failed:
                record(fl, "cgu_largest", cgu_largest(crates[fl][0], fl))

    if "--instructions" in ARGS:
        for fl in FLAVOURS:
            if fl not in failed:
                record(fl, "check_instructions", check_instructions(crates[fl][0]))
    if "--incremental-instructions" in ARGS:
        for fl in FLAVOURS:
            if fl not in failed:
                record(fl, "check_edit_instructions", incremental_check_instructions(*crates[fl]))

    # last: the whole dependency graph from clean (release)
    def graph(fl):
        d = crates[fl][0]
        shutil.rmtree(os.path.join(d, "target"), ignore_errors=True)
        cargo(d, "fetch", "-q")
        record(fl, "graph", cargo(d, "build", "--release", "-q"))
    if "--skip-graph" not in ARGS:
        each(graph)
    table(res, failed)


RESULTS = os.path.join(WORK, "results.json")


def save(res):
    json.dump(dict(res, _shape={"text": SHAPE.describe()}), open(RESULTS, "w"))


def table(res, failed, shape=None):
    rows = [("clean build, whole dependency graph (release)", "graph"),
            ("the crate alone from clean, debug", "crate_debug"),
            ("the crate alone from clean, release", "crate_release"),
            ("rebuild after a one-field edit, debug", "rebuild_debug"),
            ("rebuild after a one-field edit, release", "rebuild_release"),
            ("`cargo check` after the edit", "check"),
            ("`cargo check` after the edit, repeated (best of 3 edit-check cycles)", "check_steady"),
            ("`cargo check` of the crate without incremental compilation, instructions", "check_instructions"),
            ("`cargo check` after the edit, instructions", "check_edit_instructions"),
            ("LLVM IR lines, debug", "lines_debug"),
            ("LLVM IR lines, release", "lines_release"),
            ("largest codegen unit's share of the release LLVM IR, %", "cgu_largest")]
    names = {"serde": "serde + serde_json", "fastjson": "FastJson", "miniserde": "miniserde*",
             "nanoserde": "nanoserde*"}
    shown = [fl for fl in FLAVOURS if fl not in failed and fl in res]
    ratio = "serde" in shown and "fastjson" in shown
    print()
    print(f"| measurement | {' | '.join(names[fl] for fl in shown)} |" + (" FastJson / serde |" if ratio else ""))
    print("| --- |" + " --- |" * (len(shown) + ratio))
    for label, key in rows:
        if not any(key in res[fl] for fl in shown):
            continue
        cells = []
        for fl in shown:
            v = res[fl].get(key)
            cells.append("-" if v is None else (f"{v:,}" if isinstance(v, int) else
                                                f"{v[0]:.1f} s ({v[1]:.1f} s)"))
        line = f"| {label} | {' | '.join(cells)} |"
        if ratio:
            a, b = res["fastjson"].get(key), res["serde"].get(key)
            if isinstance(a, tuple) and isinstance(b, tuple):
                line += f" {a[0] / b[0]:.2f}x ({a[1] / b[1]:.2f}x) |"
            else:
                line += f" {a / b:.2f}x |" if a and b else " - |"
        print(line)
    print(f"\n({shape or SHAPE.describe()}; wall time, and in parentheses the CPU time of cargo and rustc, user + system, which a "
          f"busy machine disturbs less; best of {RUNS}; flavours built alternately under nice -n 10; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end)")
    for fl in shown:
        if DROPPED[fl]:
            print(f"* {fl}: {'; '.join(DROPPED[fl])}.")
    for fl in failed:
        print(f"{fl}: did not build (see above)")


if __name__ == "__main__":
    main()
