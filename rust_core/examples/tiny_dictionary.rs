//! Writes the tiny hand-made test dictionary of `tests/tiny_dictionary/mod.rs` (the one
//! the conversion tests reason about) to a file, for the `dictionary` and `conversion`
//! fuzz targets and the memcheck driver:
//! `cargo run --example tiny_dictionary -- OUT [--other | --hostile-trie KIND | --hostile-lists KIND]`
//! (`--other`: the second, different dictionary the tests swap in; `--hostile-trie`: the tiny
//! one with a hostile reading trie that passes validation, KIND one of `HOSTILE_TRIES`;
//! `--hostile-lists`: with hostile prediction lists that pass validation, KIND one of
//! `HOSTILE_LISTS`).
#[path = "../tests/tiny_dictionary/mod.rs"]
mod tiny_dictionary;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first() else {
        eprintln!("usage: tiny_dictionary OUT [--other | --hostile-trie KIND | --hostile-lists KIND]");
        std::process::exit(64);
    };
    let bytes = match args.get(1).map(String::as_str) {
        Some("--other") => tiny_dictionary::other_bytes(),
        Some("--hostile-trie") => match args.get(2) {
            Some(kind) if tiny_dictionary::HOSTILE_TRIES.contains(&kind.as_str()) => tiny_dictionary::hostile_trie(kind),
            _ => {
                eprintln!("tiny_dictionary: --hostile-trie needs one of {:?}", tiny_dictionary::HOSTILE_TRIES);
                std::process::exit(64);
            }
        },
        Some("--hostile-lists") => match args.get(2) {
            Some(kind) if tiny_dictionary::HOSTILE_LISTS.contains(&kind.as_str()) => tiny_dictionary::hostile_lists(kind),
            _ => {
                eprintln!("tiny_dictionary: --hostile-lists needs one of {:?}", tiny_dictionary::HOSTILE_LISTS);
                std::process::exit(64);
            }
        },
        None => tiny_dictionary::bytes(),
        Some(other) => {
            eprintln!("tiny_dictionary: unknown option {other}");
            std::process::exit(64);
        }
    };
    std::fs::write(out, &bytes).unwrap_or_else(|e| panic!("cannot write {out}: {e}"));
}
