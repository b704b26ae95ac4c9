//! The C headers in include/ and the `extern "C"` exports in src/ffi.rs,
//! src/conversion_ffi.rs and src/user_ffi.rs must agree:
//! the same functions, with the same parameter and return types.
//! (scripts/check_abi.sh also compiles and runs a C program against the built library.)

use std::collections::BTreeMap;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Maps a Rust FFI type to its C spelling.
fn c_type(rust: &str) -> String {
    match rust.trim() {
        "*const c_char" => "const char *".into(),
        "*mut c_char" => "char *".into(),
        "bool" => "bool".into(),
        "u32" => "uint32_t".into(),
        "" | "()" => "void".into(),
        other => panic!("no C mapping for Rust type {other:?}; extend this test"),
    }
}

fn normalize(c: &str) -> String {
    c.split_whitespace().collect::<Vec<_>>().join(" ").replace("* ", "*").replace('*', " *").replace("  ", " ").trim().to_string()
}

/// name → (return type, parameter types), from `pub [unsafe] extern "C" fn` items.
fn rust_exports() -> BTreeMap<String, (String, Vec<String>)> {
    let source = ["ffi.rs", "conversion_ffi.rs", "user_ffi.rs"].map(|f| std::fs::read_to_string(format!("{ROOT}/src/{f}")).unwrap()).join("\n");
    let mut exports = BTreeMap::new();
    for (i, _) in source.match_indices("extern \"C\" fn ") {
        let rest = &source[i + "extern \"C\" fn ".len()..];
        let name = &rest[..rest.find('(').unwrap()];
        let params_text = &rest[rest.find('(').unwrap() + 1..rest.find(')').unwrap()];
        let after = &rest[rest.find(')').unwrap() + 1..rest.find('{').unwrap()];
        let ret = after.trim().trim_start_matches("->").trim();
        let params = params_text
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| normalize(&c_type(p.split_once(':').unwrap().1)))
            .collect();
        exports.insert(name.to_string(), (normalize(&c_type(ret)), params));
    }
    exports
}

/// name → (return type, parameter types), from the function prototypes in both headers.
fn header_prototypes() -> BTreeMap<String, (String, Vec<String>)> {
    let mut prototypes = BTreeMap::new();
    for header in ["cyrillic_ime_core.h", "cyrillic_ime_core_testing.h"] {
        let text = std::fs::read_to_string(format!("{ROOT}/../include/{header}")).unwrap();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with("/*") || line.starts_with('*') || !line.ends_with(");") || !line.contains("rust_") {
                continue;
            }
            let open = line.find('(').unwrap();
            let head = &line[..open];
            let name_start = head.rfind([' ', '*']).unwrap() + 1;
            let name = &head[name_start..];
            let ret = normalize(&head[..name_start]);
            let params_text = &line[open + 1..line.rfind(')').unwrap()];
            let params = if params_text.trim() == "void" {
                Vec::new()
            } else {
                params_text
                    .split(',')
                    .map(|p| {
                        let p = p.trim();
                        let cut = p.rfind([' ', '*']).unwrap() + 1;
                        normalize(&p[..cut])
                    })
                    .collect()
            };
            prototypes.insert(name.to_string(), (ret, params));
        }
    }
    prototypes
}

#[test]
fn headers_declare_exactly_the_rust_exports_with_the_same_types() {
    let exports = rust_exports();
    let prototypes = header_prototypes();
    assert!(exports.len() >= 6, "found only {exports:?}");
    assert_eq!(
        exports.keys().collect::<Vec<_>>(),
        prototypes.keys().collect::<Vec<_>>(),
        "exported and declared function names differ"
    );
    for (name, signature) in &exports {
        assert_eq!(signature, &prototypes[name], "signature of {name} differs (Rust mapped to C vs header)");
    }
}
