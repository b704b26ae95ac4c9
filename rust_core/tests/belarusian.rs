//! The `bel` profile against the Belarusian practical transcription of Japanese
//! (be.wikipedia, Hepburn-based), written out here independently of profiles.json.

mod common;
use common::{assert_syllable_table, assert_table, assert_tables, assert_typed, bundled_engine};

const P: &str = "bel";

/// і for i, э for e, сі and ці for し and ち (soft с, soft ц), дзі for じ, ё for よ.
/// Belarusian р is always hard: り is ры, and りゃ is р'я (the Belarusian apostrophe).
const SYLLABLES: &str = "
а あ  і い  у う  э え  о お  я や  ю ゆ  ё よ
ка か  кі き  ку く  кэ け  ко こ  кя きゃ  кю きゅ  кё きょ
са さ  сі し  су す  сэ せ  со そ  ся しゃ  сю しゅ  сё しょ
та た  ці ち  цу つ  тэ て  то と  ця ちゃ  цю ちゅ  цё ちょ
на な  ні に  ну ぬ  нэ ね  но の  ня にゃ  ню にゅ  нё にょ
ха は  хі ひ  фу ふ  хэ へ  хо ほ  хя ひゃ  хю ひゅ  хё ひょ
ма ま  мі み  му む  мэ め  мо も  мя みゃ  мю みゅ  мё みょ
ра ら  ры り  ру る  рэ れ  ро ろ  р'я りゃ  р'ю りゅ  р'ё りょ
ва わ  во を
га が  гі ぎ  гу ぐ  гэ げ  го ご  гя ぎゃ  гю ぎゅ  гё ぎょ
за ざ  дзі じ  зу ず  зэ ぜ  зо ぞ  дзя じゃ  дзю じゅ  дзё じょ
да だ  дэ で  до ど
ба ば  бі び  бу ぶ  бэ べ  бо ぼ  бя びゃ  бю びゅ  бё びょ
па ぱ  пі ぴ  пу ぷ  пэ ぺ  по ぽ  пя ぴゃ  пю ぴゅ  пё ぴょ
";

/// Other spellings: е for э, рі/ря, дз for z, ў for у, Hepburn-style шы/ша/чы/ча/джы.
const ALIASES: &str = "
е え  ке け  се せ  те て  не ね  хе へ  ме め  ре れ  ге げ  зе ぜ  де で  бе べ  пе ぺ
рі り  ря りゃ  рю りゅ  рё りょ  дза ざ  дзу ず  дзэ ぜ  дзе ぜ  дзо ぞ  ў う  оў おう
шы し  ша しゃ  шу しゅ  шо しょ  чы ち  ча ちゃ  чу ちゅ  чо ちょ  джы じ  джа じゃ  джу じゅ  джо じょ
";

const LOANWORDS: &str = "
ті てぃ  ді でぃ  ту とぅ  ду どぅ  тю てゅ  дю でゅ
фа ふぁ  фі ふぃ  фэ ふぇ  фе ふぇ  фо ふぉ  фю ふゅ
ву ゔ  ві ゔぃ  вэ ゔぇ  ве ゔぇ  в'а ゔぁ  в'о ゔぉ
шэ しぇ  ше しぇ  чэ ちぇ  че ちぇ  джэ じぇ  дже じぇ  ца つぁ  цы つぃ  цэ つぇ  це つぇ  цо つぉ  йэ いぇ  йе いぇ
ква くぁ  кві くぃ  квэ くぇ  кве くぇ  кво くぉ  гва ぐぁ
";

const SMALL_KANA: &str = "
ла ぁ  лі ぃ  лу ぅ  лэ ぇ  ле ぇ  ло ぉ  ля ゃ  лю ゅ  лё ょ  лцу っ  лва ゎ  лка ヵ  лкэ ヶ  лке ヶ
";

const SPECIAL: &str = "
н ん  кан かん  кан'і かんい  кан’і かんい  хон'я ほんや  Гумма ぐんま  Гунма ぐんま  сампо さんぽ
кка っか  сса っさ  тта った  ццу っつ  ппа っぱ  хха っは  ффу っふ  гга っが  дда っだ  бба っば
зза っざ  шшы っし  ччы っち  рра っら  вва っわ  тча っちゃ  цці っち
Кансай かんさい  ай あい
";

const WORDS: &str = "
Фукусіма ふくしま  Хакадатэ はかだて  Кёта きょた  Кіёта きよた  Токіа ときあ  Хірасіма ひらしま
дзюдо じゅど  цунамі つなみ  Хакайда はかいだ  р'ёкан りょかん  Саппора さっぽら
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
    // Akanye spellings (Токіа, Хакайда) and the traditional Кіёта come out as typed:
    // the engine converts what is typed and does not guess.
    assert_table(&bundled_engine(), P, WORDS);
}

#[test]
fn belarusian_letters_without_a_japanese_use_are_inserted_as_typed() {
    assert_typed(&bundled_engine(), P, &[("ы", "ы"), ("ь", "ь"), ("ж", "ж"), ("л", "л"), ("'", "'"), ("кі5", "き5")]);
}
