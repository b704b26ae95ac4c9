//! The `ukr` profile against the Kovalenko system (2012, Hepburn-based), written out
//! here independently of profiles.json so a wrong or missing rule in the data fails.

mod common;
use common::{assert_table, bundled_engine, type_text};

const P: &str = "ukr";

/// Kovalenko: і for i, е for e, ґ for g, ші/чі/джі, дз for z, йо for よ, and yōon
/// written consonant + я/ю/ьо.
const SYLLABLES: &str = "
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

/// Other spellings Ukrainian writers use: г for ґ, ша/ча/джа without the soft sign,
/// з for z, and the Polivanov-Ukrainian сі/ся/дзі.
const ALIASES: &str = "
га が  гі ぎ  гу ぐ  ге げ  го ご  гя ぎゃ  гю ぎゅ  гьо ぎょ
ша しゃ  шу しゅ  шо しょ  ча ちゃ  чу ちゅ  чо ちょ  джа じゃ  джу じゅ  джо じょ
за ざ  зу ず  зе ぜ  зо ぞ  сі し  ся しゃ  сю しゅ  сьо しょ  дзі じ  дзя じゃ  дзю じゅ  дзьо じょ
ї い
";

/// Loanword syllables; ті and ді are free because Kovalenko writes ち and ぢ as чі, джі.
const LOANWORDS: &str = "
ті てぃ  ді でぃ  ту とぅ  ду どぅ  тю てゅ  дю でゅ
фа ふぁ  фі ふぃ  фе ふぇ  фо ふぉ  фю ふゅ
ву ゔ  ві ゔぃ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
ше しぇ  че ちぇ  дже じぇ  ца つぁ  ці つぃ  це つぇ  цо つぉ  є いぇ
ква くぁ  кві くぃ  кве くぇ  кво くぉ  ґва ぐぁ  гва ぐぁ
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
fn every_syllable_of_the_system_converts() {
    let engine = bundled_engine();
    assert_eq!(common::pairs(SYLLABLES).len(), 8 + 11 * 8 + 2 + 3, "the reference table itself is incomplete");
    assert_table(&engine, P, SYLLABLES);
}

#[test]
fn aliases_loanwords_and_small_kana_convert() {
    let engine = bundled_engine();
    assert_table(&engine, P, ALIASES);
    assert_table(&engine, P, LOANWORDS);
    assert_table(&engine, P, SMALL_KANA);
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
    let engine = bundled_engine();
    for (typed, expected) in [("щ", "щ"), ("и", "и"), ("ь", "ь"), ("ж", "ж"), ("л", "л"), ("'", "'"), ("кі5", "き5"), ("ы", "ы")] {
        assert_eq!(type_text(&engine, P, typed), expected, "{typed}");
    }
}
