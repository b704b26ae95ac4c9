//! Benchmark layer 1: the Rust composer alone, no FFI and no JSON.
//!
//! Replays the words of a corpus key by key through `Engine::process_key` with the real
//! pending buffer (a space after each word, as a keyboard sends it), times every call,
//! and writes one latency per line (nanoseconds) for scripts/tools/bench_report.py.
//!
//! Usage: bench_composer PROFILES_JSON KANA_JSON CORPUS PROFILE_ID KEYS SAMPLES_OUT

use cyrillic_ime_core::Engine;
use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 7 {
        eprintln!("usage: bench_composer PROFILES_JSON KANA_JSON CORPUS PROFILE_ID KEYS SAMPLES_OUT");
        std::process::exit(64);
    }
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let engine = Engine::from_documents(&read(&args[1]), &read(&args[2])).unwrap_or_else(|e| panic!("{e}"));
    let corpus = read(&args[3]);
    let profile = &args[4];
    let keys: usize = args[5].parse().expect("KEYS is a number");

    // The keystroke stream: every character of every word, then a space.
    let stream: Vec<String> = corpus
        .split_whitespace()
        .flat_map(|word| word.chars().map(|c| c.to_string()).chain(std::iter::once(" ".to_string())))
        .collect();
    assert!(!stream.is_empty(), "empty corpus");

    let run = |count: usize, samples: Option<&mut Vec<u64>>| {
        let mut buffer = String::new();
        let mut samples = samples;
        for key in stream.iter().cycle().take(count) {
            let start = Instant::now();
            let result = engine.process_key(black_box(key), black_box(&buffer), profile);
            let elapsed = start.elapsed().as_nanos() as u64;
            if let Some(samples) = samples.as_deref_mut() {
                samples.push(elapsed);
            }
            assert!(result.error.is_none(), "{:?}", result.error);
            buffer = result.buffer;
        }
    };
    run(keys / 10, None); // warm-up
    let mut samples = Vec::with_capacity(keys);
    run(keys, Some(&mut samples));

    // Throughput without per-call timers, for ns/key free of clock overhead.
    let start = Instant::now();
    let mut buffer = String::new();
    for key in stream.iter().cycle().take(keys) {
        buffer = engine.process_key(black_box(key), &buffer, profile).buffer;
    }
    let batch_ns = start.elapsed().as_nanos() as f64 / keys as f64;

    // What one timer read costs, so readers can judge the per-call figures.
    let start = Instant::now();
    for _ in 0..100_000 {
        black_box(Instant::now());
    }
    let timer_ns = start.elapsed().as_nanos() as f64 / 100_000.0;

    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[6]).expect("create samples file"));
    writeln!(out, "# layer1 batch_ns_per_key={batch_ns:.1} timer_ns={timer_ns:.1}").unwrap();
    for s in samples {
        writeln!(out, "{s}").unwrap();
    }
}
