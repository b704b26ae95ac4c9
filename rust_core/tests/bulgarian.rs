//! The `bul` profile against Bulgarian usage for Japanese (Hepburn-based: ши, чи, джи,
//! дз, е, йо), written out here independently of profiles.json.

mod common;
use common::{assert_syllable_table, assert_table, assert_tables, assert_typed, bundled_engine};

const P: &str = "bul";

/// No э and no ё in Bulgarian: え is е, よ is йо, yōon is consonant + я/ю/ьо, but
/// ш, ч, дж take a plain а/у/о (Bulgarian writes шо, not шьо).
const SYLLABLES: &str = "
а あ  и い  у う  е え  о お  я や  ю ゆ  йо よ
ка か  ки き  ку く  ке け  ко こ  кя きゃ  кю きゅ  кьо きょ
са さ  ши し  су す  се せ  со そ  ша しゃ  шу しゅ  шо しょ
та た  чи ち  цу つ  те て  то と  ча ちゃ  чу ちゅ  чо ちょ
на な  ни に  ну ぬ  не ね  но の  ня にゃ  ню にゅ  ньо にょ
ха は  хи ひ  фу ふ  хе へ  хо ほ  хя ひゃ  хю ひゅ  хьо ひょ
ма ま  ми み  му む  ме め  мо も  мя みゃ  мю みゅ  мьо みょ
ра ら  ри り  ру る  ре れ  ро ろ  ря りゃ  рю りゅ  рьо りょ
ва わ  во を
га が  ги ぎ  гу ぐ  ге げ  го ご  гя ぎゃ  гю ぎゅ  гьо ぎょ
дза ざ  джи じ  дзу ず  дзе ぜ  дзо ぞ  джа じゃ  джу じゅ  джо じょ
да だ  де で  до ど
ба ば  би び  бу ぶ  бе べ  бо ぼ  бя びゃ  бю びゅ  бьо びょ
па ぱ  пи ぴ  пу ぷ  пе ぺ  по ぽ  пя ぴゃ  пю ぴゅ  пьо ぴょ
";

/// Other spellings: з for z, Russian-style шя/шьо/чя/чьо/джя/джьо and си/дзи.
const ALIASES: &str = "
за ざ  зу ず  зе ぜ  зо ぞ  шя しゃ  шю しゅ  шьо しょ  чя ちゃ  чю ちゅ  чьо ちょ  джя じゃ  джю じゅ  джьо じょ
си し  дзи じ
";

const LOANWORDS: &str = "
ти てぃ  ди でぃ  ту とぅ  ду どぅ  тю てゅ  дю でゅ
фа ふぁ  фи ふぃ  фе ふぇ  фо ふぉ  фю ふゅ
ву ゔ  ви ゔぃ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
ше しぇ  че ちぇ  дже じぇ  ца つぁ  ци つぃ  це つぇ  цо つぉ  йе いぇ
ква くぁ  кви くぃ  кве くぇ  кво くぉ  гва ぐぁ
";

const SMALL_KANA: &str = "
ла ぁ  ли ぃ  лу ぅ  ле ぇ  ло ぉ  ля ゃ  лю ゅ  льо ょ  лцу っ  лва ゎ  лка ヵ  лке ヶ
";

const SPECIAL: &str = "
н ん  кан かん  кан'и かんい  хон'я ほんや  Гума ぐま  Гунма ぐんま  Гумма ぐんま  сампо さんぽ  нйо んよ
кка っか  сса っさ  тта った  ццу っつ  ппа っぱ  хха っは  ффу っふ  гга っが  дда っだ  бба っば
ддза っざ  шши っし  ччи っち  рра っら  вва っわ  тча っちゃ
Хокайдо ほかいど  ай あい  кайо かよ
";

const WORDS: &str = "
Хирошима ひろしま  Миядзаки みやざき  Фуджи ふじ  Кьото きょと  Токио ときお  Йокохама よこはま
Нагоя なごや  Кюшу きゅしゅ  Хоккайдо ほっかいど  канджи かんじ  суши すし  цунами つなみ  Сузуки すずき
";

#[test]
fn every_syllable_of_the_system_converts() {
    assert_syllable_table(&bundled_engine(), P, SYLLABLES);
}

#[test]
fn aliases_loanwords_and_small_kana_convert() {
    assert_tables(&bundled_engine(), P, &[ALIASES, LOANWORDS, SMALL_KANA]);
}

#[test]
fn n_sokuon_and_diphthongs_follow_the_rules() {
    assert_table(&bundled_engine(), P, SPECIAL);
}

#[test]
fn words_convert() {
    assert_table(&bundled_engine(), P, WORDS);
}

#[test]
fn bulgarian_letters_without_a_japanese_use_are_inserted_as_typed() {
    // щ and ъ are Bulgarian letters with no Japanese counterpart; э and ё are not Bulgarian.
    assert_typed(&bundled_engine(), P, &[("щ", "щ"), ("ъ", "ъ"), ("ь", "ь"), ("ж", "ж"), ("л", "л"), ("э", "э"), ("ё", "ё"), ("ки5", "き5"), ("ащъ", "あщъ")]);
}
