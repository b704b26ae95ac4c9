//! Where a live keystroke's time goes (issue 37, docs/PERFORMANCE.md "Where the time goes"):
//! the text of stdin (lines joined, as a writer who types on without committing) cut into
//! compositions of 10, 20, 40 and 80 kana; for each length the mean time of the whole one-best
//! conversion with spellings as heard (the live request), of its lattice alone (as heard, and
//! as typed for comparison) and of the forward pass with the best path over the as-heard
//! lattice, and the lattices' nodes. Each figure is the lowest of three rounds (the machine is
//! shared). `live_cost DICT < readings`
use cyrillic_ime_core::conversion::conventional::SpellingIndex;
use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::conversion::lattice::build::LatticeRequest;
use cyrillic_ime_core::conversion::lattice::Lattice;
use cyrillic_ime_core::conversion::search::{Search, Span};
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use std::io::BufRead;
use std::path::Path;
use std::time::Instant;

const ROUNDS: usize = 3;
const PER_LENGTH: usize = 400;

/// Nanoseconds of the four steps, summed over one round's compositions.
#[derive(Clone, Copy)]
struct Round {
    convert: u128,
    heard_build: u128,
    exact_build: u128,
    forward: u128,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 {
        eprintln!("usage: live_cost DICT < readings");
        std::process::exit(64);
    }
    let open = || Dictionary::open(Path::new(&args[1])).unwrap_or_else(|e| panic!("{e}"));
    let dictionary = open();
    let converter = Converter::new(open());
    let text: String = std::io::stdin().lock().lines().map(|l| l.expect("stdin is not UTF-8")).collect();
    let chars: Vec<char> = text.chars().collect();
    let costs = HeardCosts::default();
    let spellings = SpellingIndex::bundled();
    typed_key_by_key(&converter, &chars);
    for len in [10usize, 20, 40, 80] {
        let readings: Vec<String> = chars.chunks_exact(len).take(PER_LENGTH).map(|c| c.iter().collect()).collect();
        let heard_request = |r: &'_ str| -> Lattice { Lattice::build(&dictionary, &LatticeRequest { heard: Some(&costs), spellings: Some(spellings), most_texts_searched: Some(1), ..LatticeRequest::new(r) }) };
        let (heard_nodes, exact_nodes): (usize, usize) = readings.iter().fold((0, 0), |(h, e), r| {
            (h + heard_request(r).nodes.len(), e + Lattice::build(&dictionary, &LatticeRequest { most_texts_searched: Some(1), ..LatticeRequest::new(r) }).nodes.len())
        });
        let mut best: Option<Round> = None;
        for _ in 0..ROUNDS {
            let mut round = Round { convert: 0, heard_build: 0, exact_build: 0, forward: 0 };
            for r in &readings {
                let t = Instant::now();
                let lattice = heard_request(r);
                round.heard_build += t.elapsed().as_nanos();
                let t = Instant::now();
                let path = Search::new(&lattice).best_path(&dictionary, &lattice, &Span::whole(len));
                round.forward += t.elapsed().as_nanos();
                assert!(path.is_some(), "no path over {r}");
                drop(lattice);
                let t = Instant::now();
                let lattice = Lattice::build(&dictionary, &LatticeRequest { most_texts_searched: Some(1), ..LatticeRequest::new(r) });
                round.exact_build += t.elapsed().as_nanos();
                drop(lattice);
                let t = Instant::now();
                let conversion = converter.convert(&Request { heard: true, ..Request::new(r) });
                round.convert += t.elapsed().as_nanos();
                assert!(conversion.is_ok_and(|c| !c.segments.is_empty()), "no conversion of {r}");
            }
            best = Some(best.map_or(round, |b| Round {
                convert: b.convert.min(round.convert),
                heard_build: b.heard_build.min(round.heard_build),
                exact_build: b.exact_build.min(round.exact_build),
                forward: b.forward.min(round.forward),
            }));
        }
        let (Some(b), n) = (best, readings.len().max(1)) else { continue };
        let mean = |total: u128| total / n as u128 / 1000;
        println!(
            "{len:>2} kana ({n} compositions): conversion {:>4} µs | lattice as heard {:>4} µs ({} nodes) | lattice as typed {:>4} µs ({} nodes) | forward pass + best path {:>4} µs",
            mean(b.convert),
            mean(b.heard_build),
            heard_nodes / n,
            mean(b.exact_build),
            exact_nodes / n,
            mean(b.forward)
        );
    }
}

/// The live request as the keyboard makes it: 80-kana compositions typed kana by kana, every
/// prefix converted in order on one thread; the mean time of the keystrokes that bring the
/// composition to 10, 20, 40 and 80 kana (lowest of three rounds).
fn typed_key_by_key(converter: &Converter, chars: &[char]) {
    const LENGTHS: [usize; 4] = [10, 20, 40, 80];
    let compositions: Vec<&[char]> = chars.chunks_exact(80).take(PER_LENGTH / 2).collect();
    let mut best = [u128::MAX; 4];
    for _ in 0..ROUNDS {
        let mut round = [0u128; 4];
        for composition in &compositions {
            for len in 1..=composition.len() {
                let prefix: String = composition[..len].iter().collect();
                let t = Instant::now();
                let conversion = converter.convert(&Request { heard: true, ..Request::new(&prefix) });
                let spent = t.elapsed().as_nanos();
                assert!(conversion.is_ok(), "no conversion of {prefix}");
                if let Some(k) = LENGTHS.iter().position(|&l| l == len) {
                    round[k] += spent;
                }
            }
        }
        for k in 0..4 {
            best[k] = best[k].min(round[k]);
        }
    }
    let n = compositions.len().max(1) as u128;
    let figures: Vec<String> = LENGTHS.iter().zip(best).map(|(len, total)| format!("{len} kana {:>4} µs", total / n / 1000)).collect();
    println!("typed key by key ({n} compositions): {}", figures.join(" | "));
}
