//! The worked examples in Tests/fixtures/examples.tsv (shared with the Swift tests):
//! each is typed key by key, flushed, and must give exactly the expected text.

mod common;
use common::{bundled_engine, type_text};

#[test]
fn worked_examples_hold() {
    let engine = bundled_engine();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../Tests/fixtures/examples.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "malformed fixture line {line:?}");
        let (profile, typed, expected) = (fields[0], fields[1], fields[2]);
        assert_eq!(type_text(&engine, profile, typed), expected, "{profile}: {typed}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} examples");
}
