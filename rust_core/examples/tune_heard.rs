//! Measures top-1 accuracy of the converter for several settings of the as-heard costs, to
//! choose them on development data only (docs/CONVERSION.md, "How the costs were chosen").
//!
//! tune_heard DICTIONARY DEV.tsv SETTING...
//!   DEV.tsv: `variant<TAB>kana input<TAB>expected` lines (expected NFKC-normalised)
//!   SETTING: `long_mark,long_omitted,particle,gemination,voiced_dz,merged_syllable`, or `default`
//! Prints, per setting, the top-1 rate of each variant and of kana input matched exactly.
use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::conversion::{input, Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: tune_heard DICTIONARY DEV.tsv SETTING...");
        std::process::exit(64);
    }
    let text = std::fs::read_to_string(&args[2]).unwrap_or_else(|e| panic!("{}: {e}", args[2]));
    let rows: Vec<(&str, &str, &str)> = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            Some((f.next()?, f.next()?, f.next()?))
        })
        .collect();
    for setting in &args[3..] {
        let costs = if setting == "default" {
            HeardCosts::default()
        } else {
            let v: Vec<i32> = setting.split(',').map(|x| x.parse().expect("a number")).collect();
            HeardCosts { long_mark: v[0], long_omitted: v[1], particle: v[2], gemination: v[3], voiced_dz: v[4], merged_syllable: v[5] }
        };
        let dictionary = Dictionary::open(std::path::Path::new(&args[1])).unwrap_or_else(|e| panic!("{e}"));
        let converter = Converter::new(dictionary).with_heard_costs(costs);
        let mut right: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for &(variant, reading, expected) in &rows {
            let runs: &[(bool, &str)] = if variant == "kana" { &[(true, "kana"), (false, "kana-exact")] } else { &[(true, variant)] };
            for &(heard, name) in runs {
                let request = Request { reading, fixed: &[], candidates: 1, alternatives: 0, heard };
                let best = converter.convert(&request).map(|c| c.best_text()).unwrap_or_default();
                let slot = right.entry(name.to_string()).or_default();
                slot.1 += 1;
                if input::to_halfwidth(&best) == expected {
                    slot.0 += 1;
                }
            }
        }
        let figures: Vec<String> = right.iter().map(|(k, (ok, n))| format!("{k} {:.1}%", 100.0 * *ok as f64 / *n as f64)).collect();
        println!("{setting}\t{}", figures.join("  "));
    }
}
