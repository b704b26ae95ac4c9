//! The `ukr` profile against both Ukrainian systems it reads — Kovalenko (2012,
//! Hepburn-based) and Bondarenko (1999, uk.wikipedia's guideline) — written out here
//! independently of profiles.json so a wrong or missing rule in the data fails, and every
//! collision between the two (and with the loanword syllables) pinned to its resolution.

mod common;
use common::{assert_syllable_table, assert_table, assert_tables, assert_typed, bundled_engine, type_text};

const P: &str = "ukr";

/// Kovalenko: і for i, е for e, ґ for g, ші/чі/джі, дз for z, йо for よ, and yōon
/// written consonant + я/ю/ьо.
const KOVALENKO: &str = "
а あ  і い  у う  е え  о お  я や  ю ゆ  йо よ
ка か  кі き  ку く  ке け  ко こ  кя きゃ  кю きゅ  кьо きょ
са さ  ші し  су す  се せ  со そ  шя しゃ  шю しゅ  шьо しょ
та た  чі ち  цу つ  те て  то と  чя ちゃ  чю ちゅ  чьо ちょ
на な  ні に  ну ぬ  не ね  но の  ня にゃ  ню にゅ  ньо にょ
ха は  хі ひ  фу ふ  хе へ  хо ほ  хя ひゃ  хю ひゅ  хьо ひょ
ма ま  мі み  му む  ме め  мо も  мя みゃ  мю みゅ  мьо みょ
ра ら  рі り  ру る  ре れ  ро ろ  ря りゃ  рю りゅ  рьо りょ
ва わ  во を
ґа が  ґі ぎ  ґу ぐ  ґе げ  ґо ご  ґя ぎゃ  ґю ぎゅ  ґьо ぎょ
дза ざ  джі じ  дзу ず  дзе ぜ  дзо ぞ  джя じゃ  джю じゅ  джьо じょ
да だ  де で  до ど
ба ば  бі び  бу ぶ  бе べ  бо ぼ  бя びゃ  бю びゅ  бьо びょ
па ぱ  пі ぴ  пу ぷ  пе ぺ  по ぽ  пя ぴゃ  пю ぴゅ  пьо ぴょ
";

/// Bondarenko: the same vowels, ґ, йо and кьо-style yōon, but soft с, дз, т for
/// し, じ, ち: сі ся сю сьо, дзі дзя дзю дзьо, ті тя тю тьо. (Bondarenko writes を as о;
/// во is the profile's spelling, as in every profile.)
const BONDARENKO: &str = "
а あ  і い  у う  е え  о お  я や  ю ゆ  йо よ
ка か  кі き  ку く  ке け  ко こ  кя きゃ  кю きゅ  кьо きょ
са さ  сі し  су す  се せ  со そ  ся しゃ  сю しゅ  сьо しょ
та た  ті ち  цу つ  те て  то と  тя ちゃ  тю ちゅ  тьо ちょ
на な  ні に  ну ぬ  не ね  но の  ня にゃ  ню にゅ  ньо にょ
ха は  хі ひ  фу ふ  хе へ  хо ほ  хя ひゃ  хю ひゅ  хьо ひょ
ма ま  мі み  му む  ме め  мо も  мя みゃ  мю みゅ  мьо みょ
ра ら  рі り  ру る  ре れ  ро ろ  ря りゃ  рю りゅ  рьо りょ
ва わ  во を
ґа が  ґі ぎ  ґу ぐ  ґе げ  ґо ご  ґя ぎゃ  ґю ぎゅ  ґьо ぎょ
дза ざ  дзі じ  дзу ず  дзе ぜ  дзо ぞ  дзя じゃ  дзю じゅ  дзьо じょ
да だ  де で  до ど
ба ば  бі び  бу ぶ  бе べ  бо ぼ  бя びゃ  бю びゅ  бьо びょ
па ぱ  пі ぴ  пу ぷ  пе ぺ  по ぽ  пя ぴゃ  пю ぴゅ  пьо ぴょ
";

/// Bondarenko's spelling rules: е after і and after the apostrophe is є (Ієясу,
/// Дзен'ємон), і after a vowel or the apostrophe is ї (Ніїґата, Сін'їті), ей for えい,
/// м before м/б/п, a doubled consonant for っ (маття), and the colon of specialist texts
/// for a long vowel (蝶 тьо:).
const BONDARENKO_RULES: &str = "
Ієясу いえやす  Дзен'ємон ぜんえもん  кієру きえる  тіє ちえ  н'є んえ
Ніїґата にいがた  Сін'їті しんいち  тіїсай ちいさい  о:кій おーきい  сенсей せんせい
Ґумма ぐんま  Сімбасі しんばし  сампо さんぽ  маття まっちゃ  тті っち  ттю っちゅ  ттьо っちょ
тьо: ちょー  ра:мен らーめん  Ітіґая いちがや  тякукоу ちゃくこう  Кіото きおと  Фукусіма ふくしま
";

/// Other spellings Ukrainian writers use: г for ґ, ша/ча/джа without the soft sign,
/// and з for z.
const ALIASES: &str = "
га が  гі ぎ  гу ぐ  ге げ  го ご  гя ぎゃ  гю ぎゅ  гьо ぎょ
ша しゃ  шу しゅ  шо しょ  ча ちゃ  чу ちゅ  чо ちょ  джа じゃ  джу じゅ  джо じょ
за ざ  зу ず  зе ぜ  зо ぞ  ї い
";

/// Loanword syllables; ді, ду, ту, дю are free in both systems (ぢ is джі or дзі, つ
/// is цу). ティ and テュ take the apostrophe, because ті and тю are Bondarenko's ち and
/// ちゅ; イェ is йе, because є is え.
const LOANWORDS: &str = "
т'і てぃ  т'ю てゅ  ді でぃ  д'і でぃ  ту とぅ  ду どぅ  дю でゅ  д'ю でゅ
фа ふぁ  фі ふぃ  фе ふぇ  фо ふぉ  фю ふゅ
ву ゔ  ві ゔぃ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
ше しぇ  че ちぇ  дже じぇ  ца つぁ  ці つぃ  це つぇ  цо つぉ  йе いぇ  йє いぇ
ква くぁ  кві くぃ  кве くぇ  кво くぉ  ґва ぐぁ  гва ぐぁ
т'і-шяцу てぃーしゃつ  Йеру いぇる
";

/// Every place where the two systems (or a system and a loanword syllable) spell two
/// different kana alike, with the kana the profile gives that spelling.
const COLLISIONS: &str = "
ті ち  тю ちゅ  тя ちゃ  тьо ちょ  ті-шяцу ちーしゃつ
є え  іє いえ  кіє きえ  н'є んえ  Єдо えど
";

const SMALL_KANA: &str = "
ла ぁ  лі ぃ  лу ぅ  ле ぇ  ло ぉ  ля ゃ  лю ゅ  льо ょ  лцу っ  лва ゎ  лка ヵ  лке ヶ
";

/// ん (the Ukrainian apostrophe separates it from a vowel), っ, and й after a vowel.
const SPECIAL: &str = "
н ん  кан かん  кан'і かんい  кан’і かんい  канʼі かんい  Дзюн'ічіро じゅんいちろ  хон'я ほんや
Ґумма ぐんま  Ґунма ぐんま  сампо さんぽ  нйо んよ
кка っか  сса っさ  тта った  ццу っつ  ппа っぱ  хха っは  ффу っふ  ґґа っが  гга っが  дда っだ  бба っば
ддза っざ  шші っし  ччі っち  рра っら  вва っわ  тчя っちゃ  тча っちゃ
Кансай かんさい  ай あい  каї かい  кайо かよ
";

const WORDS: &str = "
Хірошіма ひろしま  Міцубіші みつびし  Фуджі ふじ  Кішіда きしだ  Ніїґата にいがた
Кьото きょと  Токьо ときょ  Йокохама よこはま  Осака おさか  Хоккайдо ほっかいど
Саппоро さっぽろ  суші すし  цунамі つなみ  дзюдо じゅど  Айчі あいち  Нагоя なごや
Хіросіма ひろしま  Судзукі すずき  Сузукі すずき  матча まっちゃ  Ґіндза ぎんざ
";

#[test]
fn every_syllable_of_kovalenko_converts() {
    assert_syllable_table(&bundled_engine(), P, KOVALENKO);
}

#[test]
fn every_syllable_of_bondarenko_converts() {
    let engine = bundled_engine();
    assert_syllable_table(&engine, P, BONDARENKO);
    assert_table(&engine, P, BONDARENKO_RULES);
}

#[test]
fn collisions_between_the_systems_resolve_as_documented() {
    let engine = bundled_engine();
    assert_table(&engine, P, COLLISIONS);
    // The two systems differ only where one leaves a spelling free: each one's ち, し, じ
    // rows are read, so a text mixing them converts too.
    assert_eq!(type_text(&engine, P, "Хірошіма Хіросіма"), "ひろしま ひろしま");
    assert_eq!(type_text(&engine, P, "чя тя ча"), "ちゃ ちゃ ちゃ");
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
fn ukrainian_letters_without_a_japanese_use_are_inserted_as_typed() {
    assert_typed(&bundled_engine(), P, &[("щ", "щ"), ("и", "и"), ("ь", "ь"), ("ж", "ж"), ("л", "л"), ("'", "'"), ("кі5", "き5"), ("ы", "ы")]);
}
