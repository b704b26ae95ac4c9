//! Converts kana lines as `cyrillic-ime kanji` does (spellings as heard on, nine candidates)
//! and prints the best conversion of each, for measuring and tuning the number words' costs
//! (docs/CONVERSION.md, "Numbers") without the Swift command line:
//!
//! ```text
//! numbers DICT [--off] [--costs word=VALUE,form_step=VALUE] < readings > best conversions
//! ```
//!
//! `--off` converts without number words; `--costs` sets fields of `NumberCosts`. The number
//! set's readings and halves come from scripts/tools/eval/numbers.py:
//!
//! ```text
//! cd scripts/tools && python3 -c 'from eval import numbers
//! for i in numbers.load(): print(i.reading)' > /tmp/readings
//! ```

use cyrillic_ime_core::conversion::numbers::NumberCosts;
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: numbers DICT [--off] [--costs word=VALUE,form_step=VALUE] < readings");
        std::process::exit(64);
    };
    let mut costs = Some(NumberCosts::default());
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--off" => costs = None,
            "--costs" => {
                let list = rest.next().unwrap_or_else(|| panic!("--costs needs name=VALUE,..."));
                let c = costs.get_or_insert_with(NumberCosts::default);
                for pair in list.split(',') {
                    let (name, value) = pair.split_once('=').unwrap_or_else(|| panic!("{pair}: expected name=VALUE"));
                    let value: i32 = value.parse().unwrap_or_else(|_| panic!("{pair}: not a number"));
                    match name {
                        "word" => c.word = value,
                        "form_step" => c.form_step = value,
                        other => panic!("unknown cost {other} (word, form_step)"),
                    }
                }
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let dictionary = Dictionary::open(std::path::Path::new(path)).unwrap_or_else(|e| panic!("{e}"));
    let converter = Converter::new(dictionary).with_number_costs(costs);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let reading = line.expect("stdin is not UTF-8");
        let best = converter.convert(&Request { candidates: 9, heard: true, ..Request::new(&reading) }).map(|c| c.best_text()).unwrap_or_else(|e| format!("error: {e}"));
        writeln!(out, "{best}").unwrap();
    }
}
