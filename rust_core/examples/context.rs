//! Converts `context<TAB>reading` lines from stdin after their left context, printing the
//! conversion without and with it: `cargo run --release --example context -- DICT`.
use cyrillic_ime_core::conversion::context::LeftContext;
use cyrillic_ime_core::conversion::prediction::next_words;
use cyrillic_ime_core::conversion::{Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::request::ContextRequest;
use std::io::BufRead;

fn main() {
    let path = std::env::args().nth(1).expect("usage: context DICT");
    let converter = Converter::new(Dictionary::open(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{e}")));
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let (context, reading) = line.split_once('\t').unwrap_or(("", &line));
        let left = LeftContext::resolve(converter.dictionary(), &ContextRequest { segments: Vec::new(), text: Some(context.to_string()) });
        let request = Request { candidates: 5, alternatives: 0, heard: true, ..Request::new(reading) };
        let plain = converter.convert(&request).unwrap();
        let t = std::time::Instant::now();
        let within = converter.convert(&Request { around: Surroundings { left: Some(&left), boundaries: &[] }, ..request }).unwrap();
        let el = t.elapsed();
        let next: Vec<String> = next_words(converter.dictionary(), &left, 6, None).into_iter().map(|p| format!("{}({})", p.text, p.cost)).collect();
        println!("{context}|{reading}\t{}\t{}\t{:?}\tleft={:?}\tnext: {}", plain.best_text(), within.best_text(), el, left.classes, next.join(" "));
    }
}
