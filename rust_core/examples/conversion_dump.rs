//! Prints everything a conversion answers — every segment's candidates with their costs
//! and classes, and the alternatives — for each kana line of stdin, so two builds of the
//! converter can be compared byte for byte (docs/PERFORMANCE.md: "outputs identical").
//!
//! `conversion_dump DICT CANDIDATES ALTERNATIVES heard|exact < readings > dump`

use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 || !matches!(args[4].as_str(), "heard" | "exact") {
        eprintln!("usage: conversion_dump DICT CANDIDATES ALTERNATIVES heard|exact < readings");
        std::process::exit(64);
    }
    let number = |s: &str| s.parse::<usize>().unwrap_or_else(|_| panic!("not a number: {s}"));
    let dictionary = Dictionary::open(std::path::Path::new(&args[1])).unwrap_or_else(|e| panic!("{e}"));
    let converter = Converter::new(dictionary);
    let (candidates, alternatives, heard) = (number(&args[2]), number(&args[3]), args[4] == "heard");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let reading = line.expect("stdin is not UTF-8");
        match converter.convert(&Request { candidates, alternatives, heard, ..Request::new(&reading) }) {
            Ok(c) => {
                write!(out, "{reading}").unwrap();
                for s in &c.segments {
                    write!(out, "\t{}:", s.reading).unwrap();
                    for k in &s.candidates {
                        write!(out, " {}/{}/{:?}", k.text, k.cost, k.class).unwrap();
                    }
                }
                writeln!(out, "\t= {}", c.alternatives.join(" / ")).unwrap();
            }
            Err(e) => writeln!(out, "{reading}\terror: {e}").unwrap(),
        }
    }
}
