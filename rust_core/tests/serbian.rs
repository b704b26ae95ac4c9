//! The `srp` profile against the Serbian practical transcription of Japanese (the
//! sr.wikipedia guideline that follows the Pravopis), written out here independently
//! of profiles.json so a wrong or missing rule in the data fails.

mod common;
use common::{assert_syllable_table, assert_table, assert_tables, assert_typed, bundled_engine};

const P: &str = "srp";

/// The system's syllables: ш/ч/џ for the palatals, з for z, consonant + ј for yōon,
/// and њ for the palatal n (Serbian spells a soft n with њ).
const SYLLABLES: &str = "
а あ  и い  у う  е え  о お  ја や  ју ゆ  јо よ
ка か  ки き  ку く  ке け  ко こ  кја きゃ  кју きゅ  кјо きょ
са さ  ши し  су す  се せ  со そ  ша しゃ  шу しゅ  шо しょ
та た  чи ち  цу つ  те て  то と  ча ちゃ  чу ちゅ  чо ちょ
на な  ни に  ну ぬ  не ね  но の  ња にゃ  њу にゅ  њо にょ
ха は  хи ひ  фу ふ  хе へ  хо ほ  хја ひゃ  хју ひゅ  хјо ひょ
ма ま  ми み  му む  ме め  мо も  мја みゃ  мју みゅ  мјо みょ
ра ら  ри り  ру る  ре れ  ро ろ  рја りゃ  рју りゅ  рјо りょ
ва わ  во を
га が  ги ぎ  гу ぐ  ге げ  го ご  гја ぎゃ  гју ぎゅ  гјо ぎょ
за ざ  џи じ  зу ず  зе ぜ  зо ぞ  џа じゃ  џу じゅ  џо じょ
да だ  де で  до ど
ба ば  би び  бу ぶ  бе べ  бо ぼ  бја びゃ  бју びゅ  бјо びょ
па ぱ  пи ぴ  пу ぷ  пе ぺ  по ぽ  пја ぴゃ  пју ぴゅ  пјо ぴょ
";

/// Spellings Serbian writers also use: ћ/ђ for the affricates, љ for the palatal r.
const ALIASES: &str = "
ћи ち  ћа ちゃ  ћу ちゅ  ћо ちょ  ђи じ  ђа じゃ  ђу じゅ  ђо じょ  ља りゃ  љу りゅ  љо りょ
";

/// Loanword syllables. ти, ди, си, зи, ту, ду are free because the system writes
/// ち, じ, し as чи, џи, ши and つ, づ as цу, зу.
const LOANWORDS: &str = "
ти てぃ  ди でぃ  си すぃ  зи ずぃ  ту とぅ  ду どぅ  тју てゅ  дју でゅ
фа ふぁ  фи ふぃ  фе ふぇ  фо ふぉ  фју ふゅ
ву ゔ  ви ゔぃ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
ше しぇ  че ちぇ  ће ちぇ  џе じぇ  ђе じぇ
ца つぁ  ци つぃ  це つぇ  цо つぉ  је いぇ
ква くぁ  кви くぃ  кве くぇ  кво くぉ  гва ぐぁ
";

/// Small kana: л before the syllable, like Mozc's l prefix.
const SMALL_KANA: &str = "
ла ぁ  ли ぃ  лу ぅ  ле ぇ  ло ぉ  лја ゃ  лју ゅ  лјо ょ  лцу っ  лва ゎ  лка ヵ  лке ヶ
";

/// ん, っ and い after a vowel.
const SPECIAL: &str = "
н ん  кан かん  кан'и かんい  нја んや  коњаку こにゃく  конјаку こんやく
Гунма ぐんま  Гумма ぐんま  Намба なんば  сампо さんぽ
кка っか  сса っさ  тта った  ццу っつ  ппа っぱ  хха っは  ффу っふ  гга っが  дда っだ  бба っば
зза っざ  шша っしゃ  ччи っち  џџа っじゃ  ћћи っち  ђђи っじ  рра っら  вва っわ  тча っちゃ
Сендај せんだい  Кансај かんさい  ај あい
";

/// Names and words spelled as the Serbian guideline spells them.
const WORDS: &str = "
Ноџима のじま  Чиба ちば  Фуџијама ふじやま  Хачинохе はちのへ  Хирошима ひろしま
Сакај さかい  Фукуј ふくい  самурај さむらい  Аикава あいかわ  Суицу すいつ
Мијазаки みやざき  Шизуока しずおか  Каназава かなざわ  камиказе かみかぜ
Кјото きょと  Рјукју りゅきゅ  Хјого ひょご  Кјушу きゅしゅ  Тојота とよた
Хоккаидо ほっかいど  Сапоро さぽろ  матча まっちゃ  Мићи みち  Фуђи ふじ
Дизуни- でぃずにー  фаиру ふぁいる
";

#[test]
fn every_syllable_of_the_system_converts() {
    // 8 vowels and glides, 7 plain rows and 4 voiced rows of 8 cells, ва во, and да де до.
    assert_syllable_table(&bundled_engine(), P, SYLLABLES);
}

#[test]
fn aliases_loanwords_and_small_kana_convert() {
    assert_tables(&bundled_engine(), P, &[ALIASES, LOANWORDS, SMALL_KANA]);
}

#[test]
fn n_sokuon_and_final_j_follow_the_rules() {
    assert_table(&bundled_engine(), P, SPECIAL);
}

#[test]
fn words_convert() {
    assert_table(&bundled_engine(), P, WORDS);
}

#[test]
fn serbian_letters_without_a_japanese_use_are_inserted_as_typed() {
    assert_typed(&bundled_engine(), P, &[("ж", "ж"), ("љ", "љ"), ("ђ", "ђ"), ("ц", "ц"), ("л", "л"), ("кја5", "きゃ5"), ("Tokyo", "Tokyo"), ("њ", "њ")]);
}
