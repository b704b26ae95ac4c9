//! Converts Cyrillic lines as `cyrillic-ime convert --kanji --no-store` does — each
//! space-separated chunk typed key by key through the profile, the chunks converted as one
//! sentence with a word boundary between each two — and sends what was typed as the request's
//! `typed` (docs/CONVERSION.md, "The writer's own words"), for measuring and tuning the
//! foreign-word costs without the Swift command line:
//!
//! ```text
//! foreign_words DICT [--no-typed] [--candidates] [--compose-only] [--costs name=VALUE,...] < lines > outputs
//! ```
//!
//! Each input line is `PROFILE<TAB>TEXT`; each output line the best conversion of it.
//! `--candidates` adds every segment's candidates with their costs; `--compose-only` only types
//! the lines (to subtract from an instruction count). `--no-typed` leaves `typed` out (the conversion before foreign words); `--costs` sets fields
//! of `ForeignCosts` (lexicon, lexicon_rank, variant_beside_lexicon, transcription, name,
//! japanese_first). The foreign-word set's items and their scores, per language and half, come
//! from scripts/tools/eval/foreign.py:
//!
//! ```text
//! cd scripts/tools && python3 -c 'from eval import foreign
//! for i in foreign.load()[0]: print(i.profile + "\t" + i.typed)' > /tmp/lines
//! ```

use cyrillic_ime_core::conversion::foreign::ForeignCosts;
use cyrillic_ime_core::request::{TypedWord, TypedWords};
use cyrillic_ime_core::conversion::{Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::Engine;
use std::io::{BufRead, Write};

/// `text` typed key by key into `profile`, then flushed, as the keyboard and the CLI type it.
fn compose(engine: &Engine, profile: &str, text: &str) -> String {
    let (mut buffer, mut out) = (String::new(), String::new());
    for c in text.chars() {
        let result = engine.process_key(c.encode_utf8(&mut [0; 4]), &buffer, profile);
        out.push_str(&result.output);
        buffer = result.buffer;
    }
    out.push_str(&engine.process_key("{flush}", &buffer, profile).output);
    out
}

fn costs(spec: &str) -> ForeignCosts {
    let mut costs = ForeignCosts::default();
    for pair in spec.split(',').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or_else(|| panic!("--costs: {pair} is not name=value"));
        let value: i32 = value.parse().unwrap_or_else(|_| panic!("--costs: {value} is not a number"));
        let field = match name {
            "lexicon" => &mut costs.lexicon,
            "lexicon_rank" => &mut costs.lexicon_rank,
            "variant_beside_lexicon" => &mut costs.variant_beside_lexicon,
            "transcription" => &mut costs.transcription,
            "name" => &mut costs.name,
            "japanese_first" => &mut costs.japanese_first,
            other => panic!("--costs: no cost named {other}"),
        };
        *field = value;
    }
    costs
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: foreign_words DICT [--no-typed] [--candidates] [--compose-only] [--costs name=VALUE,...] < lines");
        std::process::exit(64);
    };
    let show = args.iter().any(|a| a == "--candidates");
    let compose_only = args.iter().any(|a| a == "--compose-only");
    let with_typed = !args.iter().any(|a| a == "--no-typed");
    let spec = args.iter().position(|a| a == "--costs").and_then(|i| args.get(i + 1)).map_or("", String::as_str);
    let resources = concat!(env!("CARGO_MANIFEST_DIR"), "/../Sources/CyrillicIME/Resources/");
    let read = |name: &str| std::fs::read_to_string(format!("{resources}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"));
    let engine = Engine::from_documents(&read("profiles.json"), &read("japaneseKanaEngine.json")).unwrap_or_else(|e| panic!("{e}"));
    let dictionary = Dictionary::open(std::path::Path::new(path)).unwrap_or_else(|e| panic!("{e}"));
    let converter = Converter::new(dictionary).with_foreign_costs(costs(spec));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    // Time in the converter alone (composing the chunks left out), the first call included.
    let (mut converting, mut slowest, mut count) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 0u32);
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin is not UTF-8");
        let (profile, text) = line.split_once('\t').unwrap_or_else(|| panic!("not PROFILE<TAB>TEXT: {line}"));
        let language = engine.profile(profile).unwrap_or_else(|| panic!("no profile {profile}")).language.clone();
        let (mut reading, mut boundaries, mut words) = (String::new(), Vec::new(), Vec::new());
        let mut at = 0;
        for chunk in text.split(' ').filter(|c| !c.is_empty()) {
            let kana = compose(&engine, profile, chunk);
            let len = kana.chars().count();
            if len == 0 {
                continue;
            }
            if at > 0 {
                boundaries.push(at);
            }
            // A longer chunk is a sentence typed without spaces, not a word: the host leaves it out.
            if chunk.chars().count() <= cyrillic_ime_core::limits::MAX_TYPED_WORD_CHARS {
                words.push(TypedWord { text: chunk.to_string(), span: at..at + len });
            }
            reading.push_str(&kana);
            at += len;
        }
        let typed = TypedWords { language, words };
        let around = Surroundings { left: None, boundaries: &boundaries };
        let request = Request { heard: true, around, typed_words: with_typed.then_some(&typed), ..Request::new(&reading) };
        if compose_only {
            continue;
        }
        let candidates = if show { 9 } else { 1 };
        let started = std::time::Instant::now();
        let conversion = converter.convert(&Request { candidates, ..request });
        let took = started.elapsed();
        converting += took;
        slowest = slowest.max(took);
        count += 1;
        match conversion {
            Ok(c) if show => {
                let segments: Vec<String> = c.segments.iter().map(|s| s.candidates.iter().map(|k| format!("{} {}", k.text, k.cost)).collect::<Vec<_>>().join(", ")).collect();
                writeln!(out, "{}\t{}", c.best_text(), segments.join(" | ")).expect("stdout");
            }
            Ok(c) => writeln!(out, "{}", c.best_text()).expect("stdout"),
            Err(e) => {
                eprintln!("{text}: {e}");
                writeln!(out, "{reading}").expect("stdout");
            }
        }
    }
    eprintln!("{count} conversions: {converting:?} in the converter, {:?} each on average, {slowest:?} the slowest", converting / count.max(1));
}
