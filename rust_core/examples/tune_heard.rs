//! Measures top-1 accuracy of the converter for several settings of the as-heard costs, to
//! choose them on development data only (docs/CONVERSION.md, "How the costs were chosen").
//!
//! tune_heard DICTIONARY DEV.tsv SETTING...
//!   DEV.tsv: `variant<TAB>kana input<TAB>expected` lines (expected NFKC-normalised)
//!   SETTING: `long_mark,long_omitted,particle,gemination,voiced_dz,merged_syllable,
//!   long_omitted_kana,dropped_vowel,single_n,final_wa,conventional` (a shorter list keeps
//!   the defaults of the fields it leaves out), or `default`
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
            ];
            for (field, value) in fields.into_iter().zip(setting.split(',')) {
                *field = value.parse().expect("a number");
            }
            costs
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
