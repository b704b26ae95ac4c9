//! Writes the tiny hand-made test dictionary of `tests/tiny_dictionary/mod.rs` (the one
//! the conversion tests reason about) to a file, for the `dictionary` and `conversion`
//! fuzz targets and the memcheck driver:
//! `cargo run --example tiny_dictionary -- OUT [--other]` (`--other`: the second,
//! different dictionary the tests swap in).
#[path = "../tests/tiny_dictionary/mod.rs"]
mod tiny_dictionary;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first() else {
        eprintln!("usage: tiny_dictionary OUT [--other]");
        std::process::exit(64);
    };
    let bytes = if args.iter().any(|a| a == "--other") { tiny_dictionary::other_bytes() } else { tiny_dictionary::bytes() };
    std::fs::write(out, &bytes).unwrap_or_else(|e| panic!("cannot write {out}: {e}"));
}
