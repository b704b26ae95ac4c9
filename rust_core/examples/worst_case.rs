//! Measures how the core copes with the worst documents its limits allow (time and peak
//! memory), for docs/RELIABILITY.md:
//!
//!     cargo run --release --manifest-path rust_core/Cargo.toml --example worst_case
//!
//! The documents are written to files; each case runs in a child process that reads them,
//! resets its peak resident set size, and reports it after the core's work. Each case also
//! says what must happen (accepted, or rejected by the limit it tests); the example exits
//! with status 1 when any case does otherwise or its child fails (a panic included).

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
    ("max_rules", "8 copies of rus_standard whose shared rule set brings each to 8,192 rules: 65,536, the most the limits allow"),
    ("over_rules", "9 such profiles: over the 65,536-rule limit"),
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

/// The bundled kana engine with a rule set `big` that brings the bundled `rus_standard` to
/// the per-profile rule limit, and `profiles` copies of that profile (p0, p1, …) using it.
fn largest_profiles(profiles: usize) -> (String, String) {
    let bundled = Engine::from_documents(&resource("profiles.json"), &resource("japaneseKanaEngine.json")).expect("the bundled data");
    let own = bundled.profile("rus_standard").expect("rus_standard").table.rule_count();
    shared_rule_set(profiles, MAX_RULES_PER_PROFILE - own)
}

/// The bundled kana engine with a rule set `big` of `count` rules, and `profiles` copies of
/// the bundled profile (renamed p0, p1, …) that use it.
fn shared_rule_set(profiles: usize, count: usize) -> (String, String) {
    let kana = resource("japaneseKanaEngine.json").replacen("\"ruleSets\": {", &format!("\"ruleSets\": {{\"big\": {{{}}},", rules(count)), 1);
    let bundled = resource("profiles.json");
    // The rus_standard object alone: from its opening brace to the first "    }" line after it.
    let id_at = bundled.find("\"id\": \"rus_standard\"").expect("the rus_standard profile");
    let start = bundled[..id_at].rfind('{').expect("a profile object");
    let end = start + bundled[start..].find("\n    }").expect("the end of the profile object") + "\n    }".len();
    let one = &bundled[start..end];
    let list: Vec<String> = (0..profiles)
        .map(|p| {
            one.replacen("\"id\": \"rus_standard\"", &format!("\"id\": \"p{p}\""), 1)
                .replacen("\"ruleSets\": [\"punctuation\"]", "\"ruleSets\": [\"punctuation\", \"big\"]", 1)
        })
        .collect();
    // Everything of the bundled document before its profile list (the shared keyboard
    // layers the profiles' {mode} keys switch to), then the copies.
    let list_at = bundled.find("\"profiles\": [").expect("the profile list");
    (format!("{}\"profiles\": [{}]}}", &bundled[..list_at], list.join(",")), kana)
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
        "max_rules" | "long_keys" => largest_profiles(MAX_TOTAL_RULES / MAX_RULES_PER_PROFILE),
        "over_rules" => largest_profiles(MAX_TOTAL_RULES / MAX_RULES_PER_PROFILE + 1),
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

/// What a case must end with: `Ok` (accepted, read) or an error containing this text.
fn expected(case: &str) -> Result<(), &'static str> {
    match case {
        "bundled" | "keys_120k" | "max_rules" | "long_keys" => Ok(()),
        "keys_4mib" | "zeros_4mib" => Err("values, over the limit"),
        "set_refs" => Err("100000 rule sets, over the limit of 256"),
        "over_rules" => Err("over the limit of 65536 for all profiles together"),
        other => panic!("no expectation for case {other}"),
    }
}

/// Runs one case on documents read from files, so the measured peak is the core's work:
/// resident memory with the documents loaded, then the peak while the core works. `Err`
/// when the outcome is not the expected one.
fn run(case: &str, profiles_path: &str, kana_path: &str) -> Result<String, String> {
    let profiles = std::fs::read_to_string(profiles_path).expect("profiles document");
    let kana = std::fs::read_to_string(kana_path).expect("kana document");
    // Reset the peak (VmHWM) to the current resident set (Linux 4.0+).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = rss_kib("VmRSS:");
    let started = Instant::now();
    let (outcome, error) = match case {
        "keys_120k" => {
            let limits = json::Limits { max_bytes: MAX_DOCUMENT_BYTES, max_depth: MAX_JSON_DEPTH, max_values: MAX_JSON_VALUES };
            let result = json::parse(&profiles, limits);
            (format!("{} bytes read by the JSON reader (ok = {})", profiles.len(), result.is_ok()), result.err().map(|e| e.to_string()))
        }
        "long_keys" => match Engine::from_documents(&profiles, &kana) {
            Ok(engine) => {
                let key = "ка".repeat(MAX_KEY_BYTES / 4);
                let last = format!("p{}", engine.profiles().len() - 1);
                let started = Instant::now();
                let mut output = 0;
                let mut first_error = None;
                for _ in 0..100_000 {
                    let result = engine.process_key(&key, "кк", &last);
                    if first_error.is_none() {
                        first_error = result.error.clone();
                    }
                    output += result.output.len();
                }
                (format!("100,000 keys in {:.1?} ({output} output bytes); with init", started.elapsed()), first_error)
            }
            Err(e) => ("the largest engine was rejected".to_string(), Some(e.to_string())),
        },
        _ => match Engine::from_documents(&profiles, &kana) {
            Ok(engine) => {
                let rules: usize = engine.profiles().iter().map(|p| p.table.rule_count()).sum();
                (format!("{} + {} bytes accepted ({} profiles, {rules} rules)", profiles.len(), kana.len(), engine.profiles().len()), None)
            }
            Err(e) => {
                let message = e.to_string();
                (format!("{} + {} bytes rejected: {}", profiles.len(), kana.len(), message.chars().take(150).collect::<String>()), Some(message))
            }
        },
    };
    let took = started.elapsed();
    let line = format!("{outcome}; {took:.1?}; resident {before} KiB with the documents loaded, peak {} KiB", rss_kib("VmHWM:"));
    match (expected(case), error) {
        (Ok(()), None) => Ok(line),
        (Err(wanted), Some(message)) if message.contains(wanted) => Ok(line),
        (Ok(()), Some(message)) => Err(format!("{line}\n    FAILED: expected success, got: {message}")),
        (Err(wanted), Some(message)) => Err(format!("{line}\n    FAILED: expected an error containing {wanted:?}, got: {message}")),
        (Err(wanted), None) => Err(format!("{line}\n    FAILED: expected an error containing {wanted:?}, but it succeeded")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 4 {
        match run(&args[1], &args[2], &args[3]) {
            Ok(line) => println!("{line}"),
            Err(report) => {
                println!("{report}");
                std::process::exit(1);
            }
        }
        return;
    }
    let me = std::env::current_exe().expect("own path");
    let dir = std::env::temp_dir().join(format!("worst_case_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let mut failed = Vec::new();
    for (case, description) in CASES {
        let (profiles, kana) = documents(case);
        let (p, k) = (dir.join("profiles.json"), dir.join("kana.json"));
        std::fs::write(&p, profiles).expect("write");
        std::fs::write(&k, kana).expect("write");
        let output = std::process::Command::new(&me).arg(case).arg(&p).arg(&k).output().expect("run a case");
        println!("{case}: {description}\n    {}", String::from_utf8_lossy(&output.stdout).trim());
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            if !stderr.trim().is_empty() {
                println!("    stderr: {}", stderr.trim());
            }
            failed.push(format!("{case} ({})", output.status));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if !failed.is_empty() {
        eprintln!("worst_case: {} of {} cases failed: {}", failed.len(), CASES.len(), failed.join(", "));
        std::process::exit(1);
    }
    println!("worst_case: all {} cases ended as expected", CASES.len());
}
