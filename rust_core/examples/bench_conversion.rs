//! Conversion layers of scripts/bench.sh (docs/PERFORMANCE.md, "Conversion"): the
//! converter called directly, no FFI and no JSON.
//!
//!   bench_conversion convert DICT INPUTS ROUNDS OUT_HEARD OUT_EXACT
//!       Converts every reading of INPUTS (one a line) ROUNDS times with heard=true and with
//!       heard=false, as a keyboard's space key asks (candidates 9, alternatives 0), after one
//!       untimed warm-up pass; writes `kana<TAB>ns<TAB>cpu_ns` per call (cpu_ns: this
//!       thread's CPU time, CLOCK_THREAD_CPUTIME_ID, which leaves out time lost to other
//!       processes on a shared machine).
//!   bench_conversion context DICT INPUTS ROUNDS OUT_WITH OUT_WITHOUT
//!       Converts every reading ROUNDS times (heard=true, candidates 9) after the text the
//!       previous reading converts to (a left context read from the text before the cursor,
//!       resolved inside the timed call as the core does per request) and, interleaved, with
//!       no context; writes `kana<TAB>ns<TAB>cpu_ns` per call to each file.
//!   bench_conversion predict DICT INPUTS ROUNDS OUT
//!       For each reading, the reading of its first segment (heard=true) is typed kana by
//!       kana: prediction (limit 9) of every prefix, ROUNDS times after a warm-up pass;
//!       writes `prefix kana<TAB>ns<TAB>cpu_ns` per call.
//!   bench_conversion predictions DICT INPUTS OUT
//!       The prefixes of `predict` (above), each once: writes `prefix<TAB>text/reading/cost…`
//!       (limit 9), to compare what two builds predict.
//!   bench_conversion open DICT
//!       Prints the nanoseconds of one Dictionary::open (mapping and full validation,
//!       checksum included): run in a new process per sample for the cold figure.
//!   bench_conversion memory DICT INPUTS FIRST SECOND [THIRD]
//!       Prints JSON: RssAnon/RssFile (KiB, /proc/self/status) before opening, after
//!       opening, after FIRST, SECOND (and THIRD) conversions (heard=true, cycling over INPUTS
//!       in a fixed shuffled order, so the first FIRST already mix short and long readings).

use cyrillic_ime_core::conversion::context::LeftContext;
use cyrillic_ime_core::conversion::prediction::predict;
use cyrillic_ime_core::conversion::{Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

const USAGE: &str = "usage: bench_conversion convert DICT INPUTS ROUNDS OUT_HEARD OUT_EXACT
       bench_conversion context DICT INPUTS ROUNDS OUT_WITH OUT_WITHOUT
       bench_conversion predict DICT INPUTS ROUNDS OUT
       bench_conversion predictions DICT INPUTS OUT
       bench_conversion open DICT
       bench_conversion memory DICT INPUTS FIRST SECOND [THIRD]";

fn usage() -> ! {
    eprintln!("{USAGE}");
    std::process::exit(64)
}

fn open(path: &str) -> Dictionary {
    Dictionary::open(Path::new(path)).unwrap_or_else(|e| {
        eprintln!("bench_conversion: {path}: {e}");
        std::process::exit(66)
    })
}

fn inputs(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let lines: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(str::to_string).collect();
    assert!(!lines.is_empty(), "no inputs in {path}");
    lines
}

/// Every prefix of the first word of each reading of INPUTS (the reading of its first
/// segment, heard=true): what prediction is asked while that word is typed.
fn prefixes(converter: &Converter, path: &str) -> Vec<String> {
    let words: Vec<String> = inputs(path)
        .iter()
        .filter_map(|r| converter.convert(&request(r, true)).ok()?.segments.first().map(|s| s.reading.clone()))
        .collect();
    words
        .iter()
        .flat_map(|w| {
            let chars: Vec<char> = w.chars().collect();
            (1..=chars.len()).map(move |n| chars[..n].iter().collect::<String>())
        })
        .collect()
}

fn number(text: &str) -> usize {
    text.parse().unwrap_or_else(|_| usage())
}

fn request(reading: &str, heard: bool) -> Request<'_> {
    Request { candidates: 9, alternatives: 0, heard, ..Request::new(reading) }
}

/// Converts `reading`, panicking on a refused request (an input the benchmark should not hold).
fn convert(converter: &Converter, reading: &str, heard: bool) -> usize {
    let conversion = converter.convert(black_box(&request(reading, heard))).unwrap_or_else(|e| panic!("{reading}: {e}"));
    black_box(conversion.segments.len())
}

fn write_samples(path: &str, samples: &[(usize, u64, u64)]) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap_or_else(|e| panic!("{path}: {e}")));
    for (kana, ns, cpu) in samples {
        writeln!(out, "{kana}\t{ns}\t{cpu}").unwrap();
    }
}

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// This thread's CPU time in ns (Linux CLOCK_THREAD_CPUTIME_ID; 0 where unavailable).
fn thread_cpu_ns() -> u64 {
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { seconds: 0, nanoseconds: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux).
    if cfg!(all(target_os = "linux", target_pointer_width = "64")) && unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
        t.seconds as u64 * 1_000_000_000 + t.nanoseconds as u64
    } else {
        0
    }
}

/// Runs `f`, returning (wall ns, thread CPU ns).
fn timed(f: impl FnOnce()) -> (u64, u64) {
    let cpu = thread_cpu_ns();
    let start = Instant::now();
    f();
    let wall = start.elapsed().as_nanos() as u64;
    (wall, thread_cpu_ns().saturating_sub(cpu))
}

/// (RssAnon, RssFile) in KiB.
fn resident() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l[name.len()..].trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("RssAnon:"), field("RssFile:"))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match (args.get(1).map(String::as_str), args.len()) {
        (Some("context"), 7) => {
            let converter = Converter::new(open(&args[2]));
            let readings = inputs(&args[3]);
            let rounds = number(&args[4]);
            // Each reading's context: what the reading before it converts to.
            let texts: Vec<String> = readings.iter().map(|r| converter.convert(&request(r, true)).map(|c| c.best_text()).unwrap_or_default()).collect();
            let contexts: Vec<&str> = (0..readings.len()).map(|i| texts[(i + readings.len() - 1) % readings.len()].as_str()).collect();
            let in_context = |reading: &str, context: &str| {
                let left = LeftContext::from_text(converter.dictionary(), context);
                let conversion = converter.convert(black_box(&Request { around: Surroundings { left: Some(&left), boundaries: &[] }, ..request(reading, true) })).unwrap_or_else(|e| panic!("{reading}: {e}"));
                black_box(conversion.segments.len());
            };
            for (r, c) in readings.iter().zip(&contexts) {
                in_context(r, c); // warm-up
            }
            let mut with = Vec::with_capacity(readings.len() * rounds);
            let mut without = Vec::with_capacity(readings.len() * rounds);
            for _ in 0..rounds {
                for (r, c) in readings.iter().zip(&contexts) {
                    let (wall, cpu) = timed(|| {
                        convert(&converter, r, true);
                    });
                    without.push((r.chars().count(), wall, cpu));
                    let (wall, cpu) = timed(|| in_context(r, c));
                    with.push((r.chars().count(), wall, cpu));
                }
            }
            write_samples(&args[5], &with);
            write_samples(&args[6], &without);
        }
        (Some("convert"), 7) => {
            let converter = Converter::new(open(&args[2]));
            let readings = inputs(&args[3]);
            let rounds = number(&args[4]);
            for heard in [true, false] {
                for r in &readings {
                    convert(&converter, r, heard); // warm-up
                }
            }
            let mut heard_samples = Vec::with_capacity(readings.len() * rounds);
            let mut exact_samples = Vec::with_capacity(readings.len() * rounds);
            for _ in 0..rounds {
                for (heard, samples) in [(true, &mut heard_samples), (false, &mut exact_samples)] {
                    for r in &readings {
                        let (wall, cpu) = timed(|| {
                            convert(&converter, r, heard);
                        });
                        samples.push((r.chars().count(), wall, cpu));
                    }
                }
            }
            write_samples(&args[5], &heard_samples);
            write_samples(&args[6], &exact_samples);
        }
        (Some("predictions"), 5) => {
            let converter = Converter::new(open(&args[2]));
            let mut out = String::new();
            for p in prefixes(&converter, &args[3]) {
                out.push_str(&p);
                for found in predict(converter.dictionary(), &p, 9).unwrap_or_else(|e| panic!("{p}: {e}")) {
                    out.push_str(&format!("\t{}/{}/{}", found.text, found.reading, found.cost));
                }
                out.push('\n');
            }
            std::fs::write(&args[4], out).unwrap_or_else(|e| panic!("cannot write {}: {e}", args[4]));
        }
        (Some("predict"), 6) => {
            let converter = Converter::new(open(&args[2]));
            let rounds = number(&args[4]);
            let prefixes = prefixes(&converter, &args[3]);
            let dictionary = converter.dictionary();
            let run = |p: &str| black_box(predict(dictionary, black_box(p), 9).unwrap_or_else(|e| panic!("{p}: {e}")).len());
            for p in &prefixes {
                run(p); // warm-up
            }
            let mut samples = Vec::with_capacity(prefixes.len() * rounds);
            for _ in 0..rounds {
                for p in &prefixes {
                    let (wall, cpu) = timed(|| {
                        run(p);
                    });
                    samples.push((p.chars().count(), wall, cpu));
                }
            }
            write_samples(&args[5], &samples);
        }
        (Some("open"), 3) => {
            let start = Instant::now();
            let dictionary = open(&args[2]);
            let ns = start.elapsed().as_nanos();
            black_box(dictionary.entry_count());
            println!("{ns}");
        }
        (Some("memory"), 6 | 7) => {
            let mut readings = inputs(&args[3]);
            let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
            for i in (1..readings.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                readings.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            let (first, second) = (number(&args[4]), number(&args[5]));
            let before = resident();
            let converter = Converter::new(open(&args[2]));
            let opened = resident();
            let mut done = 0;
            let mut run_until = |n: usize| {
                while done < n {
                    convert(&converter, &readings[done % readings.len()], true);
                    done += 1;
                }
                resident()
            };
            let after_first = run_until(first);
            let after_second = run_until(second);
            let point = |(anon, file): (u64, u64)| format!("{{\"anon_kib\":{anon},\"file_kib\":{file}}}");
            let third = match args.get(6) {
                Some(n) => {
                    let n = number(n);
                    format!(",\"after_third\":{},\"third\":{n}", point(run_until(n)))
                }
                None => String::new(),
            };
            println!(
                "{{\"before_open\":{},\"after_open\":{},\"after_first\":{},\"after_second\":{},\"first\":{first},\"second\":{second}{third}}}",
                point(before),
                point(opened),
                point(after_first),
                point(after_second)
            );
        }
        _ => usage(),
    }
}
