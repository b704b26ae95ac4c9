//! The `rus_standard` profile against the Polivanov system, written out here
//! independently of profiles.json so a wrong or missing rule in the data fails.

mod common;
use common::{assert_table, assert_typed, bundled_engine, type_text};

const P: &str = "rus_standard";

/// Polivanov spelling → kana, one cell per syllable of the gojūon, voiced rows and yōon.
const POLIVANOV: &str = "
а あ  и い  у う  э え  о お  я や  ю ゆ  ё よ
ка か  ки き  ку く  кэ け  ко こ  кя きゃ  кю きゅ  кё きょ
са さ  си し  су す  сэ せ  со そ  ся しゃ  сю しゅ  сё しょ
та た  ти ち  цу つ  тэ て  то と  тя ちゃ  тю ちゅ  тё ちょ
на な  ни に  ну ぬ  нэ ね  но の  ня にゃ  ню にゅ  нё にょ
ха は  хи ひ  фу ふ  хэ へ  хо ほ  хя ひゃ  хю ひゅ  хё ひょ
ма ま  ми み  му む  мэ め  мо も  мя みゃ  мю みゅ  мё みょ
ра ら  ри り  ру る  рэ れ  ро ろ  ря りゃ  рю りゅ  рё りょ
ва わ
га が  ги ぎ  гу ぐ  гэ げ  го ご  гя ぎゃ  гю ぎゅ  гё ぎょ
дза ざ  дзи じ  дзу ず  дзэ ぜ  дзо ぞ  дзя じゃ  дзю じゅ  дзё じょ
да だ  дэ で  до ど
ба ば  би び  бу ぶ  бэ べ  бо ぼ  бя びゃ  бю びゅ  бё びょ
па ぱ  пи ぴ  пу ぷ  пэ ぺ  по ぽ  пя ぴゃ  пю ぴゅ  пё ぴょ
";

/// What Polivanov cannot spell but a Japanese writer needs, and the aliases Russian speakers type.
const EXTRAS_AND_ALIASES: &str = "
во を  ди ぢ  ду づ  й い
е え  ке け  се せ  те て  не ね  хе へ  ме め  ре れ  ге げ  дзе ぜ  де で  бе べ  пе ぺ
ши し  ша しゃ  шу しゅ  шо しょ  шё しょ
чи ち  ча ちゃ  чу ちゅ  чо ちょ  чё ちょ
джи じ  джа じゃ  джу じゅ  джо じょ  жи じ  жа じゃ  жу じゅ  жо じょ
за ざ  зи じ  зу ず  зэ ぜ  зе ぜ  зо ぞ  тсу つ  тсунами つなみ
";

use common::pairs;

/// Loanword syllables. Polivanov writes ティ as ти (like ち) and ヴァ as ва (like わ), so
/// those keep their Polivanov meaning and the loanword reading takes an apostrophe.
const LOANWORDS: &str = "
фа ふぁ  фи ふぃ  фэ ふぇ  фе ふぇ  фо ふぉ  фю ふゅ
ту とぅ  дю でゅ  т'и てぃ  т'у とぅ  т'ю てゅ  д'и でぃ  д'у どぅ  д'ю でゅ
ву ゔ  ви ゔぃ  вэ ゔぇ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
шэ しぇ  ше しぇ  чэ ちぇ  че ちぇ  джэ じぇ  дже じぇ  жэ じぇ  же じぇ
ца つぁ  ци つぃ  цэ つぇ  це つぇ  цо つぉ  йэ いぇ  йе いぇ
ква くぁ  кви くぃ  квэ くぇ  кве くぇ  кво くぉ  гва ぐぁ
фа-иру ふぁーいる  т'и:сяцу てぃーしゃつ  д'изуни- でぃずにー  в'аиорин ゔぁいおりん
";

/// Small kana: л before the syllable, like Mozc's l prefix (la → ぁ).
const SMALL_KANA: &str = "
ла ぁ  ли ぃ  лу ぅ  лэ ぇ  ле ぇ  ло ぉ  ля ゃ  лю ゅ  лё ょ  лцу っ  лва ゎ  лка ヵ  лкэ ヶ  лке ヶ
ту-ля とぅーゃ  кала かぁ  фуле ふぇ
";

#[test]
fn every_polivanov_syllable_converts() {
    let engine = bundled_engine();
    let table = pairs(POLIVANOV);
    // 8 vowels and glides, 7 plain rows and 4 voiced rows of 8 cells, ва, and да дэ до.
    assert_eq!(table.len(), 8 + 11 * 8 + 1 + 3, "the reference table itself is incomplete");
    for (cyrillic, kana) in table {
        assert_eq!(type_text(&engine, P, cyrillic), kana, "{cyrillic}");
        let upper = cyrillic.to_uppercase();
        assert_eq!(type_text(&engine, P, &upper), kana, "{upper}");
    }
}

#[test]
fn extras_and_aliases_convert() {
    let engine = bundled_engine();
    for (cyrillic, kana) in pairs(EXTRAS_AND_ALIASES) {
        assert_eq!(type_text(&engine, P, cyrillic), kana, "{cyrillic}");
    }
}

#[test]
fn loanword_syllables_and_small_kana_convert_in_both_scripts() {
    let engine = bundled_engine();
    assert_table(&engine, P, LOANWORDS);
    assert_table(&engine, P, SMALL_KANA);
}

#[test]
fn n_before_consonants_and_m_before_labials_is_n() {
    assert_typed(&bundled_engine(), P, &[
        ("кан", "かん"),
        ("канкоку", "かんこく"),
        ("ханда", "はんだ"),
        ("самба", "さんば"),
        ("тэмпура", "てんぷら"),
        ("сэмпай", "せんぱい"),
        ("минна", "みんな"),
        ("ханъэй", "はんえい"),
        ("кин'ё:би", "きんよーび"),
    ]);
}

#[test]
fn doubled_consonants_are_sokuon() {
    assert_typed(&bundled_engine(), P, &[
        ("гакко:", "がっこー"),
        ("иссё", "いっしょ"),
        ("китте", "きって"),
        ("ниппон", "にっぽん"),
        ("бэдд", "べっд"),
        ("каппа", "かっぱ"),
        ("мотто", "もっと"),
    ]);
}

#[test]
fn punctuation_comes_from_the_data() {
    let engine = bundled_engine();
    assert_eq!(type_text(&engine, P, "а.и,у-э:о?ка!"), "あ。い、うーえーお？か！");
}

#[test]
fn characters_without_a_rule_are_inserted_as_typed() {
    assert_typed(&bundled_engine(), P, &[
        ("ка5", "か5"),
        ("Tokyo", "Tokyo"),
        ("к😀а", "к😀あ"),
        ("н1", "ん1"),
        ("щы", "щы"),
        ("л", "л"),
        ("тy", "тy"),
    ]);
}
