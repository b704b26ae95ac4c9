//! How Cyrillic writers spell what they hear (docs/CONVERSION.md, "Written as heard"),
//! as rules the dictionary lookup may apply, each with a cost so that the reading as
//! typed still wins wherever it is a good reading itself:
//!
//! - a long vowel written with ー (`То:кё:`) or not at all (`Токё`, `Осака`, `сэнсэ`):
//!   after a kana of the お row the dictionary's reading may continue with う or お, after
//!   the え row with い or え, after い, う and あ with the same vowel;
//! - particles as heard: わ for は, え for へ, お for を — only as the particle itself,
//!   and also inside a syllable the writer merged with the word before (`хоно` ほの for
//!   ほん + を, `хонэ` ほね for ほん + へ);
//! - a doubled consonant written single (`Сапоро`, `Хокаидо`, `тёто`): っ before a
//!   consonant of the か, さ, た and ぱ rows, inside a word or at its end (行っ + た);
//! - ぢ and づ, which every Cyrillic system writes like じ and ず;
//! - a final vowel left off (`дэс`, `итадакимас`): a consonant letter the kana layer left
//!   as typed, because no vowel followed it, read as its u-syllable (с → す, ц → つ);
//! - a long vowel left out of a word written in kana or katakana (ありがと, こひ for
//!   コーヒー: a loanword's reading has ー, which may be left out after any vowel), at a
//!   cost of its own, dearer than in a kanji word;
//! - a single н for ん before the な row (`коничива` こにちわ → こんにちは);
//! - わ for the は a word's written form ends in (こんにちは, こんばんは): the particle that
//!   became part of a greeting, heard as わ like any particle は.
//! - particles and endings written apart from a word Japanese keeps whole (`току ни` 特に,
//!   `ё но нака` 世の中): a word may span a space where its written form goes from kanji to
//!   kana (`Lattice::enforce_boundaries`);
//! - a long vowel left out after one typed kana of a word written without kanji (`со` そう)
//!   only where the writer ended a word, not inside a run (よにも stays 世にも).
//!
//! Conventional spellings (`Токио`, `Сони`) are not rules but data: `conventional.rs`.
//!
//! This module holds the rules and their costs; `walk.rs` walks the dictionary's trie along
//! them from each start of the input, for the lattice (`lattice/build.rs`).

pub(crate) mod memo;
pub(crate) mod walk;

/// What each listener's spelling costs when the dictionary is matched through it. Chosen by
/// measurement on the development halves of the evaluation sets (docs/CONVERSION.md,
/// `cargo run --release --example tune_heard`); the test halves were not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeardCosts {
    /// Reading ー as the vowel it lengthens (the writer marked the length).
    pub long_mark: i32,
    /// Each long vowel the writer left out.
    pub long_omitted: i32,
    /// A particle written as heard (わ for は, え for へ, お for を).
    pub particle: i32,
    /// A doubled consonant written single.
    pub gemination: i32,
    /// ぢ/づ written じ/ず.
    pub voiced_dz: i32,
    /// A word ending in the ん of a syllable n + vowel (ほの read as ほん + を), on top of the
    /// particle's own cost.
    pub merged_syllable: i32,
    /// Each long vowel left out of a word written without kanji (ありがと for ありがとう,
    /// こひ for コーヒー): dearer than in a kanji word, because short kana words (よ, して)
    /// match long ones (よう, してい) far more often than kanji words do.
    pub long_omitted_kana: i32,
    /// A consonant letter left as typed read as its u-syllable (`дэс` → です).
    pub dropped_vowel: i32,
    /// A single н read as ん + the な row (こにちわ → こんにちは).
    pub single_n: i32,
    /// わ read as the は a word's written form ends in (こんにちわ → こんにちは).
    pub final_wa: i32,
    /// A conventional spelling (`Токио` → 東京, conventional.rs) on top of the word's cost.
    pub conventional: i32,
    /// A dictionary word the writer split with a space where its written form goes from kanji
    /// to kana (`току ни` for 特に, `ё но нака` for 世の中; `Lattice::enforce_boundaries`).
    pub split_word: i32,
}

impl Default for HeardCosts {
    fn default() -> HeardCosts {
        HeardCosts {
            long_mark: 300,
            long_omitted: 700,
            particle: 800,
            gemination: 2_500,
            voiced_dz: 500,
            merged_syllable: 1_500,
            long_omitted_kana: 1_200,
            dropped_vowel: 500,
            single_n: 1_500,
            final_wa: 500,
            conventional: 0,
            split_word: 500,
        }
    }
}

/// Most long vowels one word may have left out (東京 has two: ときょ → とうきょう; 競合性
/// three: きょごせ). Three measured better than two on the development halves (issue 18)
/// at about the same cost in time; a fourth multiplies the lookups for rare long compounds.
pub const MAX_OMITTED_PER_WORD: u8 = 3;

/// The vowel a kana ends in, for the long-vowel rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vowel {
    A,
    I,
    U,
    E,
    O,
}

/// The vowel `c` (hiragana) ends in; none for ん, っ, ー and non-kana.
pub fn vowel_of(c: char) -> Option<Vowel> {
    // A `match` on the characters: this runs for every partial match of the as-heard
    // search, where searching five strings for the character was a tenth of the lattice.
    match c {
        'あ' | 'か' | 'が' | 'さ' | 'ざ' | 'た' | 'だ' | 'な' | 'は' | 'ば' | 'ぱ' | 'ま' | 'や' | 'ら' | 'わ' | 'ぁ' | 'ゃ' | 'ゎ' => Some(Vowel::A),
        'い' | 'き' | 'ぎ' | 'し' | 'じ' | 'ち' | 'ぢ' | 'に' | 'ひ' | 'び' | 'ぴ' | 'み' | 'り' | 'ぃ' | 'ゐ' => Some(Vowel::I),
        'う' | 'く' | 'ぐ' | 'す' | 'ず' | 'つ' | 'づ' | 'ぬ' | 'ふ' | 'ぶ' | 'ぷ' | 'む' | 'ゆ' | 'る' | 'ぅ' | 'ゅ' | 'ゔ' => Some(Vowel::U),
        'え' | 'け' | 'げ' | 'せ' | 'ぜ' | 'て' | 'で' | 'ね' | 'へ' | 'べ' | 'ぺ' | 'め' | 'れ' | 'ぇ' | 'ゑ' => Some(Vowel::E),
        'お' | 'こ' | 'ご' | 'そ' | 'ぞ' | 'と' | 'ど' | 'の' | 'ほ' | 'ぼ' | 'ぽ' | 'も' | 'よ' | 'ろ' | 'を' | 'ぉ' | 'ょ' => Some(Vowel::O),
        _ => None,
    }
}

/// The kana a long vowel after `vowel` is written with in a dictionary reading.
pub fn long_forms(vowel: Vowel) -> &'static [char] {
    match vowel {
        Vowel::A => &['あ'],
        Vowel::I => &['い'],
        Vowel::U => &['う'],
        Vowel::E => &['い', 'え'],
        Vowel::O => &['う', 'お'],
    }
}

/// The long vowels a writer may leave out after `vowel`: those of `long_forms`, except いい,
/// which every Cyrillic system writes with both vowels (`ии`), so an い after い is never
/// missing from what was typed.
pub fn omitted_forms(vowel: Vowel) -> &'static [char] {
    match vowel {
        Vowel::I => &[],
        other => long_forms(other),
    }
}

/// Whether a doubled consonant may be missing before `c`: the か, さ, た and ぱ rows.
pub fn takes_gemination(c: char) -> bool {
    matches!(c, 'か' | 'き' | 'く' | 'け' | 'こ' | 'さ' | 'し' | 'す' | 'せ' | 'そ' | 'た' | 'ち' | 'つ' | 'て' | 'と' | 'ぱ' | 'ぴ' | 'ぷ' | 'ぺ' | 'ぽ')
}

/// The particle a writer may have spelled `c` as heard: わ → は, え → へ, お → を.
pub fn heard_particle(c: char) -> Option<char> {
    match c {
        'わ' => Some('は'),
        'え' => Some('へ'),
        'お' => Some('を'),
        _ => None,
    }
}

/// For a syllable n + vowel that may be ん followed by a particle heard as that vowel
/// (の for ん + を, ね for ん + へ): the particle.
pub fn merged_particle(c: char) -> Option<char> {
    match c {
        'の' => Some('を'),
        'ね' => Some('へ'),
        _ => None,
    }
}

/// ぢ for じ and づ for ず.
pub fn voiced_dz(c: char) -> Option<char> {
    match c {
        'じ' => Some('ぢ'),
        'ず' => Some('づ'),
        _ => None,
    }
}

/// The kana a consonant letter stands for when the writer left its vowel off, as Japanese
/// devoices it: the u-syllable of the letter. Only letters the kana layer can leave as typed
/// (a consonant with no vowel after it) reach the converter, so this never changes kana.
pub fn dropped_vowel(c: char) -> Option<char> {
    match c {
        'с' | 'С' => Some('す'),
        'ц' | 'Ц' => Some('つ'),
        'к' | 'К' => Some('く'),
        'ф' | 'Ф' => Some('ふ'),
        _ => None,
    }
}

/// Whether a ん may be missing before `c`: the な row, where a single н is heard for the
/// doubled one (`коничива` for こんにちは).
pub fn takes_n(c: char) -> bool {
    matches!(c, 'な' | 'に' | 'ぬ' | 'ね' | 'の')
}

/// The long vowel a writer may leave out of a loanword after any vowel: the readings of
/// katakana words write it ー (こーひー, らーめん).
pub const LOANWORD_LONG: char = 'ー';
