//! Measures top-1 accuracy of the converter for several settings of the as-heard costs, to
//! choose them on development data only (docs/CONVERSION.md, "How the costs were chosen").
//!
//! tune_heard DICTIONARY DEV.tsv SETTING...
//!   DEV.tsv: `variant<TAB>kana input<TAB>expected[<TAB>left context]` lines (expected
//!   NFKC-normalised; `python3 -m eval.tuning`). A space in the kana is a word boundary (the
//!   spaced style, converted as `convert --kanji` does); a row with a left context is converted
//!   with it (`VARIANT`) and without (`VARIANT-none`); a `…/kana` row also with the spellings as
//!   heard off (`…/kana-exact`).
//!   SETTING: `long_mark,long_omitted,particle,gemination,voiced_dz,merged_syllable,
//!   long_omitted_kana,dropped_vowel,single_n,final_wa,conventional,split_word` (a shorter list keeps
//!   the defaults of the fields it leaves out), or `default`
//! Prints, per setting, the top-1 rate of each variant and of kana input matched exactly.
//! With TUNE_ROWS=FILE, also writes every row's result of the last setting to FILE
//! (`variant<TAB>ok<TAB>kana<TAB>expected<TAB>best<TAB>context → its word and classes`), to look
//! at what a rule changes on the development half. With TUNE_CTX=N,P[,S], a left context keeps
//! its first N classes, their extra costs scaled by P %, and (with S) the start of a sentence as
//! one more class at cost S: settings of `context.rs` measured without rebuilding the core.
use cyrillic_ime_core::conversion::context::LeftContext;
use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::conversion::{input, Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::request::ContextRequest;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: tune_heard DICTIONARY DEV.tsv SETTING...");
        std::process::exit(64);
    }
    let text = std::fs::read_to_string(&args[2]).unwrap_or_else(|e| panic!("{}: {e}", args[2]));
    let rows: Vec<(&str, &str, &str, Option<&str>)> = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?, f.next()?, f.next()?, f.next()))
        })
        .collect();
    let mut dump = String::new();
    for setting in &args[3..] {
        let costs = if setting == "default" {
            HeardCosts::default()
        } else {
            let mut costs = HeardCosts::default();
            let fields = [
                &mut costs.long_mark,
                &mut costs.long_omitted,
                &mut costs.particle,
                &mut costs.gemination,
                &mut costs.voiced_dz,
                &mut costs.merged_syllable,
                &mut costs.long_omitted_kana,
                &mut costs.dropped_vowel,
                &mut costs.single_n,
                &mut costs.final_wa,
                &mut costs.conventional,
                &mut costs.split_word,
            ];
            for (field, value) in fields.into_iter().zip(setting.split(',')) {
                *field = value.parse().expect("a number");
            }
            costs
        };
        let dictionary = Dictionary::open(std::path::Path::new(&args[1])).unwrap_or_else(|e| panic!("{e}"));
        let converter = Converter::new(dictionary).with_heard_costs(costs);
        let mut right: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        dump.clear();
        for &(variant, typed, expected, context) in &rows {
            // A space is a word boundary (Surroundings::boundaries), as `convert --kanji` sends it.
            let mut reading = String::new();
            let mut boundaries = Vec::new();
            for (i, word) in typed.split(' ').enumerate() {
                if i > 0 && !reading.is_empty() {
                    boundaries.push(reading.chars().count());
                }
                reading.push_str(word);
            }
            let mut left = context.map(|text| LeftContext::resolve(converter.dictionary(), &ContextRequest { segments: Vec::new(), text: Some(text.to_string()) }));
            if let (Some(l), Ok(knob)) = (left.as_mut(), std::env::var("TUNE_CTX")) {
                let k: Vec<i32> = knob.split(',').map(|x| x.parse().unwrap()).collect();
                l.classes.truncate(k[0] as usize);
                for c in l.classes.iter_mut() {
                    c.1 = c.1 * k[1] / 100;
                }
                if k.len() > 2 && !l.classes.is_empty() {
                    l.classes.push((cyrillic_ime_core::conversion::search::BOUNDARY_ID, k[2]));
                }
            }
            let mut runs: Vec<(bool, Option<&LeftContext>, String)> = vec![(true, left.as_ref(), variant.to_string())];
            if variant.ends_with("/kana") || variant.ends_with("/context-kana") {
                runs.push((false, left.as_ref(), format!("{variant}-exact")));
            }
            if left.is_some() {
                runs.push((true, None, format!("{variant}-none")));
            }
            for (heard, left, name) in runs {
                let request = Request { candidates: 1, alternatives: 0, heard, ..Request::new(&reading) };
                let around = Surroundings { left, boundaries: &boundaries };
                let best = converter.convert(&Request { around, ..request }).map(|c| c.best_text()).unwrap_or_default();
                let ok = input::to_halfwidth(&best) == expected;
                let slot = right.entry(name.clone()).or_default();
                slot.1 += 1;
                slot.0 += usize::from(ok);
                let resolved = left.map(|l| format!(" → {} {:?}", l.text, l.classes)).unwrap_or_default();
                dump.push_str(&format!("{name}\t{}\t{typed}\t{expected}\t{best}\t{}{resolved}\n", u8::from(ok), context.unwrap_or("")));
            }
        }
        let figures: Vec<String> = right.iter().map(|(k, (ok, n))| format!("{k} {:.1}%", 100.0 * *ok as f64 / *n as f64)).collect();
        println!("{setting}\t{}", figures.join("  "));
    }
    if let Ok(path) = std::env::var("TUNE_ROWS") {
        std::fs::write(&path, &dump).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
