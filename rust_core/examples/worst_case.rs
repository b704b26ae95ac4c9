//! Measures how the core copes with the worst documents its limits allow (time and peak
//! memory), for docs/RELIABILITY.md:
//!
//!     cargo run --release --manifest-path rust_core/Cargo.toml --example worst_case
//!
//! The documents are written to files; each case runs in a child process that reads them,
//! resets its peak resident set size, and reports it after the core's work.

use cyrillic_ime_core::json;
use cyrillic_ime_core::limits::*;
use cyrillic_ime_core::Engine;
use std::time::Instant;

const CASES: &[(&str, &str)] = &[
    ("bundled", "init with the bundled profiles.json and japaneseKanaEngine.json"),
    ("keys_4mib", "a 4 MiB object of 358,782 distinct keys (profiles.json $.description)"),
    ("keys_120k", "JSON reader alone: an object of 120,000 keys (240,000 values, under the value limit)"),
    ("zeros_4mib", "a 4 MiB array [0,0,…] (2,097,151 values)"),
    ("set_refs", "one profile listing a 5-rule set 100,000 times"),
    ("max_rules", "8 profiles sharing one 8,000-rule set: 64,000 rules, the most the limits allow"),
    ("over_rules", "9 profiles sharing one 8,000-rule set: over the 65,536-rule limit"),
    ("long_keys", "100,000 keys of 256 bytes (pasted text at the key limit) through the max_rules engine"),
];

fn resource(name: &str) -> String {
    let path = format!("{}/../Sources/CyrillicIME/Resources/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `count` distinct rule inputs (up to 3 Cyrillic letters and ъъ) mapping to `ka`.
fn rules(count: usize) -> String {
    let letters: Vec<char> = "абвгдежзийклмнопрстуфхцчшщъыьэюя".chars().collect();
    (0..count)
        .map(|i| {
            let (mut n, mut input) = (i, String::new());
            loop {
                input.push(letters[n % 32]);
                n /= 32;
                if n == 0 {
                    break;
                }
            }
            format!("\"{input}ъъ\": \"ka\"")
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The bundled kana engine with a rule set `big` of `count` rules, and `profiles` copies of
/// the bundled profile (renamed p0, p1, …) that use it.
fn shared_rule_set(profiles: usize, count: usize) -> (String, String) {
    let kana = resource("japaneseKanaEngine.json").replacen("\"ruleSets\": {", &format!("\"ruleSets\": {{\"big\": {{{}}},", rules(count)), 1);
    let bundled = resource("profiles.json");
    let start = bundled.find("{\n      \"id\"").expect("a profile object");
    let end = bundled.rfind(']').expect("the profiles array");
    let one = bundled[start..end].trim_end();
    let list: Vec<String> = (0..profiles)
        .map(|p| {
            one.replacen("\"id\": \"rus_standard\"", &format!("\"id\": \"p{p}\""), 1)
                .replacen("\"ruleSets\": [\"punctuation\"]", "\"ruleSets\": [\"punctuation\", \"big\"]", 1)
        })
        .collect();
    (format!("{{\"version\": 1, \"profiles\": [{}]}}", list.join(",")), kana)
}

/// The documents of a case: (profiles.json, japaneseKanaEngine.json).
fn documents(case: &str) -> (String, String) {
    let kana = || resource("japaneseKanaEngine.json");
    match case {
        "bundled" => (resource("profiles.json"), kana()),
        "keys_4mib" => {
            let mut text = String::from("{\"version\": 1, \"profiles\": [], \"description\": {");
            let mut i = 0;
            while text.len() < MAX_DOCUMENT_BYTES - 40 {
                text.push_str(if i > 0 { "," } else { "" });
                text.push_str(&format!("\"k{i}\":0"));
                i += 1;
            }
            text.push_str("}}");
            (text, kana())
        }
        "keys_120k" => {
            let members: Vec<String> = (0..120_000).map(|i| format!("\"k{i}\":{i}")).collect();
            (format!("{{{}}}", members.join(",")), String::new())
        }
        "zeros_4mib" => {
            let zeros = vec!["0"; (MAX_DOCUMENT_BYTES - 60) / 2].join(",");
            (format!("{{\"version\": 1, \"profiles\": [], \"description\": [{zeros}]}}"), kana())
        }
        "set_refs" => {
            let list = vec!["\"punctuation\""; 100_000].join(",");
            (resource("profiles.json").replacen("\"ruleSets\": [\"punctuation\"]", &format!("\"ruleSets\": [{list}]"), 1), kana())
        }
        "max_rules" | "long_keys" => shared_rule_set(8, 8000),
        "over_rules" => shared_rule_set(9, 8000),
        other => panic!("unknown case {other}"),
    }
}

fn rss_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Runs one case on documents read from files, so the measured peak is the core's work:
/// resident memory with the documents loaded, then the peak while the core works.
fn run(case: &str, profiles_path: &str, kana_path: &str) -> String {
    let profiles = std::fs::read_to_string(profiles_path).expect("profiles document");
    let kana = std::fs::read_to_string(kana_path).expect("kana document");
    // Reset the peak (VmHWM) to the current resident set (Linux 4.0+).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = rss_kib("VmRSS:");
    let started = Instant::now();
    let outcome = match case {
        "keys_120k" => {
            let limits = json::Limits { max_bytes: MAX_DOCUMENT_BYTES, max_depth: MAX_JSON_DEPTH, max_values: MAX_JSON_VALUES };
            let ok = json::parse(&profiles, limits).is_ok();
            format!("{} bytes read by the JSON reader (ok = {ok})", profiles.len())
        }
        "long_keys" => {
            let engine = Engine::from_documents(&profiles, &kana).expect("the max_rules engine");
            let key = "ка".repeat(MAX_KEY_BYTES / 4);
            let started = Instant::now();
            let mut output = 0;
            for _ in 0..100_000 {
                output += engine.process_key(&key, "кк", "p7").output.len();
            }
            format!("100,000 keys in {:.1?} ({output} output bytes); with init", started.elapsed())
        }
        _ => match Engine::from_documents(&profiles, &kana) {
            Ok(engine) => format!("{} + {} bytes accepted ({} profiles)", profiles.len(), kana.len(), engine.profiles().len()),
            Err(e) => format!("{} + {} bytes rejected: {}", profiles.len(), kana.len(), e.to_string().chars().take(150).collect::<String>()),
        },
    };
    let took = started.elapsed();
    format!("{outcome}; {took:.1?}; resident {before} KiB with the documents loaded, peak {} KiB", rss_kib("VmHWM:"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 4 {
        println!("{}", run(&args[1], &args[2], &args[3]));
        return;
    }
    let me = std::env::current_exe().expect("own path");
    let dir = std::env::temp_dir().join(format!("worst_case_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (case, description) in CASES {
        let (profiles, kana) = documents(case);
        let (p, k) = (dir.join("profiles.json"), dir.join("kana.json"));
        std::fs::write(&p, profiles).expect("write");
        std::fs::write(&k, kana).expect("write");
        let output = std::process::Command::new(&me).arg(case).arg(&p).arg(&k).output().expect("run a case");
        println!("{case}: {description}\n    {}", String::from_utf8_lossy(&output.stdout).trim());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
