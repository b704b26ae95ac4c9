//! Converts kana lines from stdin with a compiled dictionary, printing the best
//! conversion and its segments: `cargo run --release --example kanji -- DICT`.
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("usage: kanji DICT");
    let t = std::time::Instant::now();
    let dictionary = Dictionary::open(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("opened in {:?}", t.elapsed());
    let converter = Converter::new(dictionary);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let t = std::time::Instant::now();
        let c = converter.convert(&Request { candidates: 9, alternatives: 5, heard: std::env::var("EXACT").is_err(), ..Request::new(&line) }).unwrap();
        let el = t.elapsed();
        let segs: Vec<String> = c.segments.iter().map(|s| format!("{}[{}]", s.candidates[0].text, s.candidates.iter().skip(1).take(4).map(|c| c.text.as_str()).collect::<Vec<_>>().join(","))).collect();
        println!("{}\t{:?}\t{}\t{}", c.best_text(), el, segs.join(" | "), c.alternatives.join(" / "));
    }
}
