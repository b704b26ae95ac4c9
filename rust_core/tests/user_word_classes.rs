//! User words with a word class (docs/LEARNING.md, "Word classes"): the names and their
//! errors, the class through the JSON of `rust_user_words` and the store's files (round trip,
//! a version 1 file without classes, a hand-written file with them), and the class's ids in
//! the lattice over the tiny dictionary of `tiny_dictionary/mod.rs`.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::format::{checksum, SpecialId};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::user::file::{self, Kind};
use cyrillic_ime_core::user::store::UserStore;
use cyrillic_ime_core::user::{api, UserData, UserWord, WordClass};
use std::path::Path;
use tiny_dictionary::*;

const NAMES: &str = "noun, proper-noun, name, surname, given-name, place, organization, suru-noun, adverb, interjection";

fn open(dir: &Path) -> (UserStore, Vec<String>) {
    UserStore::open(dir.to_str().unwrap()).expect("the store opens")
}

fn best(c: &Converter, user: &UserData, reading: &str) -> String {
    c.convert(&Request { candidates: 5, alternatives: 0, heard: false, user: Some(user), ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}")).best_text()
}

#[test]
fn every_class_name_parses_back_and_an_unknown_one_names_the_valid_ones() {
    for class in WordClass::ALL {
        assert_eq!(WordClass::parse(class.name()), Ok(class));
    }
    assert_eq!(WordClass::names().join(", "), NAMES);
    assert_eq!(WordClass::default(), WordClass::Noun);
    for bad in ["bogus", "Place", " place", ""] {
        assert_eq!(WordClass::parse(bad).unwrap_err(), format!("unknown word class {}: expected one of {NAMES}", cyrillic_ime_core::json::quoted(bad)));
    }
    // Every class has a slot of its own after the seven roles of version 3, except the noun,
    // which is the common noun the converter always had.
    assert_eq!(WordClass::Noun.special_id(), SpecialId::Noun);
    let mut slots: Vec<usize> = WordClass::ALL[1..].iter().map(|c| c.special_id() as usize).collect();
    slots.sort();
    assert_eq!(slots, (7..16).collect::<Vec<_>>());
}

#[test]
fn the_json_takes_a_class_lists_it_and_refuses_a_bad_one() {
    let dir = temp_path("classes-json");
    let (mut store, _) = open(&dir);
    let added = api::user_words(&mut store, r#"{"action":"add","reading":"さっぽろ","text":"札幌","class":"place"}"#);
    assert!(added.starts_with(r#"{"words":[{"reading":"さっぽろ","text":"札幌","class":"place"}],"saved":true"#), "{added}");
    // Without a class: a common noun.
    let added = api::user_words(&mut store, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#);
    assert!(added.contains(r#"{"reading":"ぬこ","text":"猫","class":"noun"}"#), "{added}");
    // The same word again with another class takes it (a correction), and is saved.
    let changed = api::user_words(&mut store, r#"{"action":"add","reading":"ぬこ","text":"猫","class":"given-name"}"#);
    assert!(changed.contains(r#"{"reading":"ぬこ","text":"猫","class":"given-name"}"#) && changed.contains(r#""saved":true"#), "{changed}");
    assert_eq!(store.data().word_count(), 2);
    let bad = [
        (r#"{"action":"add","reading":"ぬこ","text":"猫","class":"bogus"}"#, format!("$class: unknown word class \"bogus\": expected one of {NAMES}")),
        (r#"{"action":"add","reading":"ぬこ","text":"猫","class":3}"#, "$class must be a string, got a number".to_string()),
        (r#"{"action":"remove","reading":"ぬこ","text":"猫","class":"noun"}"#, "$class goes only with $action \"add\", not \"remove\"".to_string()),
        (r#"{"action":"list","class":"noun"}"#, "$class goes only with $action \"add\", not \"list\"".to_string()),
    ];
    for (request, message) in bad {
        assert_eq!(api::user_words(&mut store, request), api::error_json(&message), "{request}");
    }
    assert_eq!(store.data().word_count(), 2, "a refused request changes nothing");
    // Reopened from its file, the classes are there.
    let (again, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.data().words.get("さっぽろ").unwrap(), &[UserWord::new("札幌", WordClass::Place)]);
    assert_eq!(again.data().words.get("ぬこ").unwrap(), &[UserWord::new("猫", WordClass::GivenName)]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_words_file_round_trips_every_class() {
    let mut data = UserData::default();
    for (i, class) in WordClass::ALL.into_iter().enumerate() {
        assert_eq!(data.add_word_as("ことば", &format!("言葉{i}"), class), Ok(true));
    }
    assert_eq!(data.add_word_as("ことば", "言葉5", WordClass::Place), Ok(false), "already there as it is");
    let bytes = file::write_words(&data);
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.starts_with("CyrillicIME user words\t2\nw\tことば\t言葉0\tnoun\nw\tことば\t言葉1\tproper-noun\n"), "{text}");
    let mut read = UserData::default();
    file::read(Kind::Words, &bytes, &mut read).unwrap();
    assert_eq!(read.words, data.words);
}

/// A words file of `version` with these records, its end line and checksum right.
fn sealed_words_file(version: u32, records: &[&str]) -> Vec<u8> {
    let mut body = format!("CyrillicIME user words\t{version}\n");
    for r in records {
        body.push_str(r);
        body.push('\n');
    }
    let sum = checksum(body.as_bytes());
    body.push_str(&format!("end\t{}\t{sum:016x}\n", records.len()));
    body.into_bytes()
}

#[test]
fn a_version_1_words_file_is_read_as_nouns_and_saved_as_version_2() {
    let dir = temp_path("classes-v1");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file::WORDS_FILE);
    std::fs::write(&path, sealed_words_file(1, &["w\tすし\t寿司", "w\tなかの\t中野"])).unwrap();
    let (mut store, warnings) = open(&dir);
    assert!(warnings.is_empty(), "an older file is read, not set aside: {warnings:?}");
    assert_eq!(store.data().words.get("すし").unwrap(), &[UserWord::new("寿司", WordClass::Noun)]);
    assert_eq!(store.data().words.get("なかの").unwrap(), &[UserWord::new("中野", WordClass::Noun)]);
    // Untouched until a change: then written whole in version 2.
    assert!(std::fs::read_to_string(&path).unwrap().starts_with("CyrillicIME user words\t1\n"));
    let answer = api::user_words(&mut store, r#"{"action":"add","reading":"なかの","text":"中野","class":"surname"}"#);
    assert!(answer.contains(r#""saved":true"#), "{answer}");
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.starts_with("CyrillicIME user words\t2\nw\tすし\t寿司\tnoun\nw\tなかの\t中野\tsurname\nend\t2\t"), "{written}");
    assert!(!std::fs::read_dir(&dir).unwrap().flatten().any(|e| e.file_name().to_string_lossy().contains("corrupt")));
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_words_file_with_a_bad_class_or_the_wrong_fields_for_its_version_is_set_aside() {
    let cases = [
        (sealed_words_file(2, &["w\tすし\t寿司\tfish"]), format!("line 2: unknown word class \"fish\": expected one of {NAMES}")),
        // Version 2 needs the class, version 1 has none.
        (sealed_words_file(2, &["w\tすし\t寿司"]), "line 2: unexpected record \"w\\tすし\\t寿司\"".to_string()),
        (sealed_words_file(1, &["w\tすし\t寿司\tnoun"]), "line 2: unexpected record \"w\\tすし\\t寿司\\tnoun\"".to_string()),
        (sealed_words_file(3, &["w\tすし\t寿司\tnoun"]), "format version 3, but this core reads versions 1 and 2".to_string()),
    ];
    for (bytes, problem) in cases {
        let mut data = UserData::default();
        assert_eq!(file::read(Kind::Words, &bytes, &mut data), Err(problem.clone()));
        let dir = temp_path("classes-bad");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file::WORDS_FILE), &bytes).unwrap();
        let (store, warnings) = open(&dir);
        assert_eq!(store.data().word_count(), 0);
        assert!(warnings.len() == 1 && warnings[0].contains(&problem) && warnings[0].contains("moved to"), "{warnings:?}");
        std::fs::remove_dir_all(dir).ok();
    }
}

#[test]
fn a_words_file_written_by_hand_may_give_classes() {
    let mut data = UserData::default();
    let text = "# classes optional\nさっぽろ\t札幌\tplace\nw\tたなか\t田中\tsurname\nぬこ\t猫\n";
    file::read(Kind::Words, text.as_bytes(), &mut data).unwrap();
    assert_eq!(data.words.get("さっぽろ").unwrap(), &[UserWord::new("札幌", WordClass::Place)]);
    assert_eq!(data.words.get("たなか").unwrap(), &[UserWord::new("田中", WordClass::Surname)]);
    assert_eq!(data.words.get("ぬこ").unwrap(), &[UserWord::new("猫", WordClass::Noun)]);
    let bad = file::read(Kind::Words, "ぬこ\t猫\tcat\n".as_bytes(), &mut UserData::default()).unwrap_err();
    assert_eq!(bad, format!("line 1: unknown word class \"cat\": expected one of {NAMES}"));
}

#[test]
fn a_place_word_joins_with_the_place_ids_not_the_nouns() {
    // はし: 箸 (NOUN, 1500) and 橋 (PLACE, 2000). A user word 端 costs 1499 either way. After
    // いい (ADJ), a noun pays ADJ→NOUN 2000, a place ADJ→PLACE 100; then の (PARTICLE, 500)
    // after a noun 10, after a place 100:
    //   端 as a noun: 800 + 2000 + 1499 + 10 + 500 = 4809; 橋: 800 + 100 + 2000 + 100 + 500 = 3500;
    //   端 as a place: 800 + 100 + 1499 + 100 + 500 = 2999.
    // (The segment はしの is not the user word's reading, so no promotion of user words of
    // exactly a segment's reading hides what the lattice chose.)
    let c = Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"));
    let mut user = UserData::default();
    user.add_word_as("はし", "端", WordClass::Noun).unwrap();
    assert_eq!(best(&c, &user, "はし"), "端", "alone, the user word leads either way");
    assert_eq!(best(&c, &user, "いいはしの"), "いい橋の", "as a noun it is dear after an adjective");
    user.add_word_as("はし", "端", WordClass::Place).unwrap();
    assert_eq!(best(&c, &user, "はし"), "端");
    assert_eq!(best(&c, &user, "いいはしの"), "いい端の", "as a place it follows the adjective as 橋 does, and is cheaper");
    // Back to a noun: back to 橋.
    user.add_word_as("はし", "端", WordClass::Noun).unwrap();
    assert_eq!(best(&c, &user, "いいはしの"), "いい橋の");
}

/// The compiled Mozc dictionary, as `conversion.rs` finds it ($CYRILLIC_IME_DICTIONARY, else
/// `.dictionary/mozc.cimedic`); missing, the test fails saying how to build it.
fn real_dictionary() -> Converter {
    let path = std::env::var_os("CYRILLIC_IME_DICTIONARY")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.dictionary/mozc.cimedic"));
    assert!(path.exists(), "{} is absent: build it with scripts/build_dictionary.sh (scripts/test.sh does) or name one in CYRILLIC_IME_DICTIONARY", path.display());
    Converter::new(Dictionary::open(&path).unwrap_or_else(|e| panic!("{e} (rebuild it with scripts/build_dictionary.sh)")))
}

#[test]
fn on_the_real_dictionary_a_place_name_takes_what_follows_place_names() {
    // 川下 (かわしも) registered as a common noun reads えき after it as 液 (a noun compound);
    // registered as a place, as 駅 — the station of that place, as Mozc's place names do.
    let c = real_dictionary();
    let mut user = UserData::default();
    user.add_word_as("かわしも", "川下", WordClass::Noun).unwrap();
    assert_eq!(best(&c, &user, "かわしもえきにいく"), "川下液に行く");
    user.add_word_as("かわしも", "川下", WordClass::Place).unwrap();
    assert_eq!(best(&c, &user, "かわしもえきにいく"), "川下駅に行く");
}
