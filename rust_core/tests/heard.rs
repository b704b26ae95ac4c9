//! The spellings of a listener (docs/CONVERSION.md, "Written as heard"), on a tiny
//! dictionary made for them. Every expectation is worked out by hand from the costs below
//! and the default `HeardCosts` (long mark 300, omitted long vowel 700 (1,200 in a kana word), particle 800,
//! doubled consonant 2500, ぢ/づ 500, merged syllable 1500); connections cost 100 unless
//! listed in `tiny_dictionary::connections` (noun → particle 10, noun → noun 1500,
//! sentence start → particle 5000), and a character no word covers costs 10,000.
mod tiny_dictionary;

use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::conversion::{Conversion, Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use tiny_dictionary::{connections, entry, options, ADJ, AUX, NOUN, PARTICLE};

/// The documented cost of a long vowel left out of a kana word.
const LONG_OMITTED_KANA: i32 = 1_200;

fn converter() -> Converter {
    let words = vec![
        entry("とうきょう", "東京", NOUN, 1000),
        entry("おおさか", "大阪", NOUN, 1000),
        entry("せんせい", "先生", NOUN, 1000),
        entry("おばさん", "叔母さん", NOUN, 1000),
        entry("おばあさん", "お婆さん", NOUN, 1000),
        entry("さっぽろ", "札幌", NOUN, 1000),
        entry("ろっかく", "六角", NOUN, 1000),
        entry("きた", "北", NOUN, 1000),
        entry("きった", "切った", NOUN, 500),
        entry("ほん", "本", NOUN, 1000),
        entry("なまえ", "名前", NOUN, 1000),
        entry("つづく", "続く", NOUN, 1000),
        entry("よう", "よう", NOUN, 100),
        entry("よう", "用", NOUN, 3000),
        entry("いい", "良い", ADJ, 500),
        entry("は", "は", PARTICLE, 500),
        entry("へ", "へ", PARTICLE, 500),
        entry("を", "を", PARTICLE, 500),
    ];
    let bytes = cyrillic_ime_core::dictionary::builder::build(&words, &connections(), &options()).expect("builds");
    Converter::new(Dictionary::from_vec(bytes).expect("loads"))
}

fn convert(c: &Converter, reading: &str, heard: bool) -> Conversion {
    c.convert(&Request { candidates: 20, alternatives: 0, heard, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"))
}

fn best(c: &Converter, reading: &str) -> String {
    convert(c, reading, true).best_text()
}

fn all_candidates(conversion: &Conversion) -> Vec<String> {
    conversion.segments.iter().flat_map(|s| s.candidates.iter().map(|c| c.text.clone())).collect()
}

/// The cost of the first candidate of the single segment `reading` converts to, with `text` first.
fn one_segment_cost(c: &Converter, reading: &str, text: &str) -> i32 {
    let conversion = convert(c, reading, true);
    assert_eq!((conversion.segments.len(), conversion.best_text()), (1, text.to_string()), "{reading}");
    conversion.segments[0].candidates[0].cost
}

#[test]
fn a_spelling_as_heard_costs_what_docs_conversion_says_over_the_written_one() {
    // Measured, not read back: the same word reached through a spelling as heard costs
    // exactly the documented amount (docs/CONVERSION.md, "Written as heard") more than
    // through its written reading — and the amount follows `HeardCosts`, the one place it is set.
    let cases = [
        ("とーきょー", "とうきょう", "東京", 2 * 300, "long vowel marked, twice"),
        ("ときょ", "とうきょう", "東京", 2 * 700, "long vowel left out, twice"),
        // (Not さぽろ: Сапоро is also a conventional spelling of 札幌, at no cost.)
        ("ろかく", "ろっかく", "六角", 2500, "doubled consonant single"),
        ("よ", "よう", "よう", LONG_OMITTED_KANA, "long vowel left out of a kana word"),
        ("つずく", "つづく", "続く", 500, "づ written ず"),
        ("ほんわ", "ほんは", "本は", 800, "particle as heard"),
        ("ほの", "ほんを", "本を", 800 + 1500, "merged syllable"),
    ];
    let c = converter();
    for (heard, written, text, documented, rule) in cases {
        let extra = one_segment_cost(&c, heard, text) - one_segment_cost(&c, written, text);
        assert_eq!(extra, documented, "{rule}: {heard} costs {extra} more than {written}");
    }
    let doubled = HeardCosts::default();
    let doubled = HeardCosts { long_mark: 2 * doubled.long_mark, long_omitted: 2 * doubled.long_omitted, gemination: 2 * doubled.gemination, voiced_dz: 2 * doubled.voiced_dz, particle: 2 * doubled.particle, merged_syllable: 2 * doubled.merged_syllable, long_omitted_kana: 2 * doubled.long_omitted_kana, ..doubled };
    let c = converter().with_heard_costs(doubled);
    for (heard, written, text, documented, rule) in cases {
        assert_eq!(one_segment_cost(&c, heard, text) - one_segment_cost(&c, written, text), 2 * documented, "{rule}: the cost comes from HeardCosts");
    }
}

#[test]
fn a_long_vowel_marked_with_the_long_mark_reads_as_the_vowel() {
    let c = converter();
    // とーきょー: ー after と and after きょ (お row) read as う: 1000 + 2 × 300.
    assert_eq!(best(&c, "とーきょー"), "東京");
    // ー after ば (あ row) is あ: お婆さん (1000 + 300), which 叔母さん cannot match.
    assert_eq!(best(&c, "おばーさん"), "お婆さん");
    // After お, ー may also be お: おーさか → おおさか.
    assert_eq!(best(&c, "おーさか"), "大阪");
}

#[test]
fn a_long_vowel_left_out_is_found_but_the_reading_as_typed_wins_when_it_is_a_word() {
    let c = converter();
    // ときょ: う left out twice, 1000 + 2 × 700 = 2400 against three characters as typed (30,000).
    assert_eq!(best(&c, "ときょ"), "東京");
    assert_eq!(best(&c, "おさか"), "大阪");
    // せんせ: the い of せい left out (え row: い or え).
    assert_eq!(best(&c, "せんせ"), "先生");
    // おばさん is a word as typed (1000); お婆さん through a left-out あ costs 1700.
    let aunt = convert(&c, "おばさん", true);
    assert_eq!(aunt.best_text(), "叔母さん");
    assert!(all_candidates(&aunt).contains(&"お婆さん".to_string()), "the heard reading is still a candidate");
}

#[test]
fn left_out_long_vowels_find_kana_words_at_a_dearer_cost_and_never_a_second_i() {
    let c = converter();
    // よ → よう finds よう (kana, 100 + 1200 for a kana word) and 用 (3000 + 700): the kana
    // word is cheaper here, and both are candidates.
    let yo = convert(&c, "よ", true);
    assert_eq!(yo.best_text(), "よう");
    assert!(all_candidates(&yo).contains(&"用".to_string()));
    // With a kana word's omission as dear as it was before issue 18 (not found at all in
    // practice), only the kanji word comes.
    let strict = converter().with_heard_costs(HeardCosts { long_omitted_kana: 50_000, ..HeardCosts::default() });
    assert_eq!(convert(&strict, "よ", true).best_text(), "用");
    // One typed kana lengthened into a kana word only where the writer ended a word (alone,
    // as above, or before a space), not inside a run: よは is 用 (100 + 3000 + 700 + 10 + 500
    // + 100), not よう; with a space after よ, ようは (100 + 100 + 1200 + 10 + 500 + 100).
    assert_eq!(best(&c, "よは"), "用は");
    let spaced = c.convert(&Request { candidates: 20, alternatives: 0, heard: true, around: Surroundings { left: None, boundaries: &[1] }, ..Request::new("よは") }).unwrap();
    assert_eq!(spaced.best_text(), "ようは");
    // いい is written ии by every Cyrillic system: い never stands for いい.
    let i = convert(&c, "い", true);
    assert_eq!(i.best_text(), "い");
    assert!(!all_candidates(&i).contains(&"良い".to_string()));
}

#[test]
fn particles_as_heard_only_where_a_particle_can_stand() {
    let c = converter();
    // なまえわ: わ as the particle は after a noun: 1000 + 10 + 500 + 800.
    assert_eq!(best(&c, "なまえわ"), "名前は");
    assert_eq!(best(&c, "とうきょうえ"), "東京へ");
    assert_eq!(best(&c, "ほんお"), "本を");
    // Nothing comes before a particle at the start of the reading: わ stays わ.
    assert_eq!(best(&c, "わ"), "わ");
    assert_eq!(best(&c, "お"), "お");
}

#[test]
fn a_syllable_n_plus_vowel_may_be_n_and_a_particle_heard_as_the_vowel() {
    let c = converter();
    // ほの: 本 ends in the ん of の (1000 + 1500), を is its vowel (500 + 800).
    assert_eq!(best(&c, "ほの"), "本を");
    let whole = convert(&c, "ほの", true);
    assert_eq!(whole.segments.len(), 1, "the split syllable stays inside one segment");
    assert_eq!(whole.segments[0].reading, "ほの");
}

#[test]
fn a_doubled_consonant_written_single_is_found_at_a_cost_a_real_single_consonant_beats() {
    let c = converter();
    // さぽろ → さっぽろ: 1000 + 2500.
    assert_eq!(best(&c, "さぽろ"), "札幌");
    // きた is 北 (1000); 切った through a missing っ would cost 500 + 2500.
    let kita = convert(&c, "きた", true);
    assert_eq!(kita.best_text(), "北");
    assert!(all_candidates(&kita).contains(&"切った".to_string()));
}

#[test]
fn zi_and_zu_may_stand_for_di_and_du() {
    let c = converter();
    assert_eq!(best(&c, "つずく"), "続く");
}

#[test]
fn without_heard_matching_only_the_reading_as_typed_is_looked_up() {
    let c = converter();
    for (reading, typed_best) in [("とーきょー", "とーきょー"), ("ときょ", "ときょ"), ("なまえわ", "名前わ"), ("ほの", "ほの"), ("さぽろ", "さぽろ")] {
        assert_eq!(convert(&c, reading, false).best_text(), typed_best, "{reading}");
    }
}

#[test]
fn custom_costs_change_the_balance() {
    // A left-out vowel dearer than three characters as typed (30,000): ときょ stays as typed.
    let expensive = HeardCosts { long_omitted: 50_000, ..HeardCosts::default() };
    let c = converter().with_heard_costs(expensive);
    assert_eq!(c.convert(&Request { candidates: 5, alternatives: 0, heard: true, ..Request::new("ときょ") }).unwrap().best_text(), "ときょ");
}

/// A dictionary for the rules of issue 18 (how everyone writes): words that a dropped final
/// vowel, a left-out long vowel in a kana word or loanword, a single н and わ for a greeting's
/// は reach, and words spelled exactly as typed that must still win.
fn everyday_converter() -> Converter {
    let words = vec![
        entry("がくせい", "学生", NOUN, 1000),
        entry("です", "です", AUX, 300),
        entry("ます", "ます", AUX, 300),
        entry("いただき", "いただき", NOUN, 1500),
        entry("ありがとう", "ありがとう", NOUN, 1000),
        entry("おはよう", "おはよう", NOUN, 1000),
        entry("おはよ", "おはよ", NOUN, 1500),
        entry("こーひー", "コーヒー", NOUN, 1500),
        entry("こんにちは", "こんにちは", NOUN, 1000),
        entry("こんばんは", "こんばんは", NOUN, 1000),
        entry("かに", "蟹", NOUN, 1000),
        entry("かんに", "堪忍", NOUN, 500),
        entry("ちょっと", "ちょっと", NOUN, 1000),
        entry("いった", "行った", NOUN, 1000),
        entry("いた", "居た", NOUN, 1000),
        entry("とうきょう", "東京", NOUN, 1000),
        entry("は", "は", PARTICLE, 500),
        entry("を", "を", PARTICLE, 500),
    ];
    let bytes = cyrillic_ime_core::dictionary::builder::build(&words, &connections(), &options()).expect("builds");
    Converter::new(Dictionary::from_vec(bytes).expect("loads"))
}

#[test]
fn a_consonant_left_without_its_vowel_reads_as_its_u_syllable() {
    let c = everyday_converter();
    // でс: the kana layer leaves с as typed; です through it costs 300 + 500.
    assert_eq!(best(&c, "がくせいでс"), "学生です");
    assert_eq!(best(&c, "いただきまс"), "いただきます");
    // Only letters whose vowel Japanese devoices: a bare д stays as typed.
    assert_eq!(best(&c, "がくせいд"), "学生д");
    // Without heard matching the letter stays as typed.
    assert_eq!(convert(&c, "がくせいでс", false).best_text(), "学生でс");
}

#[test]
fn a_long_vowel_left_out_of_a_kana_word_or_loanword_and_at_a_word_end() {
    let c = everyday_converter();
    // ありがと → ありがとう: one vowel left out at the end of a kana word (1000 + 1200).
    assert_eq!(best(&c, "ありがと"), "ありがとう");
    // こひ → こーひー: both ー of a loanword left out (1500 + 2 × 1200).
    assert_eq!(best(&c, "こひお"), "コーヒーを");
    // おはよ is a word as typed (1500): it wins over おはよう through a left-out う (2200).
    let ohayo = convert(&c, "おはよ", true);
    assert_eq!(ohayo.best_text(), "おはよ");
    assert!(all_candidates(&ohayo).contains(&"おはよう".to_string()));
}

#[test]
fn a_single_n_before_the_na_row_and_wa_for_a_greetings_ha() {
    let c = everyday_converter();
    // こにちわ: ん before に (1500) and わ as the final は of こんにちは (500).
    assert_eq!(best(&c, "こにちわ"), "こんにちは");
    assert_eq!(best(&c, "こんばんわ"), "こんばんは");
    // かに is 蟹 as typed (1000); 堪忍 through a missing ん would cost 500 + 1500.
    let kani = convert(&c, "かに", true);
    assert_eq!(kani.best_text(), "蟹");
    assert!(all_candidates(&kani).contains(&"堪忍".to_string()));
    // わ is read as は only where the word is written with it: never in a word ending in わ.
    assert_eq!(best(&c, "こんにちは"), "こんにちは");
}

#[test]
fn a_doubled_consonant_written_single_in_a_verb_ending_and_a_kana_word() {
    let c = everyday_converter();
    // ちょと → ちょっと (1000 + 2500): no word ちょと, so the missing っ is found.
    assert_eq!(best(&c, "ちょと"), "ちょっと");
    // いた is 居た as typed; 行った needs a missing っ and stays a candidate.
    let ita = convert(&c, "いた", true);
    assert_eq!(ita.best_text(), "居た");
    assert!(all_candidates(&ita).contains(&"行った".to_string()));
}
