//! Composition of decomposed input (NFC for the letters a profile uses).
//!
//! Pasted text and some hardware keyboards send `ё` as `е` + U+0308 and `й` as `и` +
//! U+0306. The rules are written with the precomposed letters, so before they see the
//! input, a letter immediately followed by a combining mark is replaced by the precomposed
//! letter they make, when that letter (or its capital) is one the profile uses. Marks that
//! make no letter of the profile (a stress accent on `а`, `e` + U+0301 in the romaji
//! profile) are left alone and come out as typed.
//!
//! The standard library has no normalization data, so [`DECOMPOSITIONS`] holds the
//! canonical decompositions (one level: base + one mark) of the precomposed letters of
//! Latin-1 Supplement, Latin Extended-A and -B and Cyrillic, from UnicodeData.txt
//! (Unicode 14; these entries never change, by Unicode's stability policy). Each profile
//! keeps only the entries its letters need ([`Compositions::for_letters`]).

/// (precomposed, base, combining mark), sorted by the precomposed letter.
pub static DECOMPOSITIONS: &[(char, char, char)] = &[
    ('\u{C0}', '\u{41}', '\u{300}'), ('\u{C1}', '\u{41}', '\u{301}'), ('\u{C2}', '\u{41}', '\u{302}'), ('\u{C3}', '\u{41}', '\u{303}'),
    ('\u{C4}', '\u{41}', '\u{308}'), ('\u{C5}', '\u{41}', '\u{30A}'), ('\u{C7}', '\u{43}', '\u{327}'), ('\u{C8}', '\u{45}', '\u{300}'),
    ('\u{C9}', '\u{45}', '\u{301}'), ('\u{CA}', '\u{45}', '\u{302}'), ('\u{CB}', '\u{45}', '\u{308}'), ('\u{CC}', '\u{49}', '\u{300}'),
    ('\u{CD}', '\u{49}', '\u{301}'), ('\u{CE}', '\u{49}', '\u{302}'), ('\u{CF}', '\u{49}', '\u{308}'), ('\u{D1}', '\u{4E}', '\u{303}'),
    ('\u{D2}', '\u{4F}', '\u{300}'), ('\u{D3}', '\u{4F}', '\u{301}'), ('\u{D4}', '\u{4F}', '\u{302}'), ('\u{D5}', '\u{4F}', '\u{303}'),
    ('\u{D6}', '\u{4F}', '\u{308}'), ('\u{D9}', '\u{55}', '\u{300}'), ('\u{DA}', '\u{55}', '\u{301}'), ('\u{DB}', '\u{55}', '\u{302}'),
    ('\u{DC}', '\u{55}', '\u{308}'), ('\u{DD}', '\u{59}', '\u{301}'), ('\u{E0}', '\u{61}', '\u{300}'), ('\u{E1}', '\u{61}', '\u{301}'),
    ('\u{E2}', '\u{61}', '\u{302}'), ('\u{E3}', '\u{61}', '\u{303}'), ('\u{E4}', '\u{61}', '\u{308}'), ('\u{E5}', '\u{61}', '\u{30A}'),
    ('\u{E7}', '\u{63}', '\u{327}'), ('\u{E8}', '\u{65}', '\u{300}'), ('\u{E9}', '\u{65}', '\u{301}'), ('\u{EA}', '\u{65}', '\u{302}'),
    ('\u{EB}', '\u{65}', '\u{308}'), ('\u{EC}', '\u{69}', '\u{300}'), ('\u{ED}', '\u{69}', '\u{301}'), ('\u{EE}', '\u{69}', '\u{302}'),
    ('\u{EF}', '\u{69}', '\u{308}'), ('\u{F1}', '\u{6E}', '\u{303}'), ('\u{F2}', '\u{6F}', '\u{300}'), ('\u{F3}', '\u{6F}', '\u{301}'),
    ('\u{F4}', '\u{6F}', '\u{302}'), ('\u{F5}', '\u{6F}', '\u{303}'), ('\u{F6}', '\u{6F}', '\u{308}'), ('\u{F9}', '\u{75}', '\u{300}'),
    ('\u{FA}', '\u{75}', '\u{301}'), ('\u{FB}', '\u{75}', '\u{302}'), ('\u{FC}', '\u{75}', '\u{308}'), ('\u{FD}', '\u{79}', '\u{301}'),
    ('\u{FF}', '\u{79}', '\u{308}'), ('\u{100}', '\u{41}', '\u{304}'), ('\u{101}', '\u{61}', '\u{304}'), ('\u{102}', '\u{41}', '\u{306}'),
    ('\u{103}', '\u{61}', '\u{306}'), ('\u{104}', '\u{41}', '\u{328}'), ('\u{105}', '\u{61}', '\u{328}'), ('\u{106}', '\u{43}', '\u{301}'),
    ('\u{107}', '\u{63}', '\u{301}'), ('\u{108}', '\u{43}', '\u{302}'), ('\u{109}', '\u{63}', '\u{302}'), ('\u{10A}', '\u{43}', '\u{307}'),
    ('\u{10B}', '\u{63}', '\u{307}'), ('\u{10C}', '\u{43}', '\u{30C}'), ('\u{10D}', '\u{63}', '\u{30C}'), ('\u{10E}', '\u{44}', '\u{30C}'),
    ('\u{10F}', '\u{64}', '\u{30C}'), ('\u{112}', '\u{45}', '\u{304}'), ('\u{113}', '\u{65}', '\u{304}'), ('\u{114}', '\u{45}', '\u{306}'),
    ('\u{115}', '\u{65}', '\u{306}'), ('\u{116}', '\u{45}', '\u{307}'), ('\u{117}', '\u{65}', '\u{307}'), ('\u{118}', '\u{45}', '\u{328}'),
    ('\u{119}', '\u{65}', '\u{328}'), ('\u{11A}', '\u{45}', '\u{30C}'), ('\u{11B}', '\u{65}', '\u{30C}'), ('\u{11C}', '\u{47}', '\u{302}'),
    ('\u{11D}', '\u{67}', '\u{302}'), ('\u{11E}', '\u{47}', '\u{306}'), ('\u{11F}', '\u{67}', '\u{306}'), ('\u{120}', '\u{47}', '\u{307}'),
    ('\u{121}', '\u{67}', '\u{307}'), ('\u{122}', '\u{47}', '\u{327}'), ('\u{123}', '\u{67}', '\u{327}'), ('\u{124}', '\u{48}', '\u{302}'),
    ('\u{125}', '\u{68}', '\u{302}'), ('\u{128}', '\u{49}', '\u{303}'), ('\u{129}', '\u{69}', '\u{303}'), ('\u{12A}', '\u{49}', '\u{304}'),
    ('\u{12B}', '\u{69}', '\u{304}'), ('\u{12C}', '\u{49}', '\u{306}'), ('\u{12D}', '\u{69}', '\u{306}'), ('\u{12E}', '\u{49}', '\u{328}'),
    ('\u{12F}', '\u{69}', '\u{328}'), ('\u{130}', '\u{49}', '\u{307}'), ('\u{134}', '\u{4A}', '\u{302}'), ('\u{135}', '\u{6A}', '\u{302}'),
    ('\u{136}', '\u{4B}', '\u{327}'), ('\u{137}', '\u{6B}', '\u{327}'), ('\u{139}', '\u{4C}', '\u{301}'), ('\u{13A}', '\u{6C}', '\u{301}'),
    ('\u{13B}', '\u{4C}', '\u{327}'), ('\u{13C}', '\u{6C}', '\u{327}'), ('\u{13D}', '\u{4C}', '\u{30C}'), ('\u{13E}', '\u{6C}', '\u{30C}'),
    ('\u{143}', '\u{4E}', '\u{301}'), ('\u{144}', '\u{6E}', '\u{301}'), ('\u{145}', '\u{4E}', '\u{327}'), ('\u{146}', '\u{6E}', '\u{327}'),
    ('\u{147}', '\u{4E}', '\u{30C}'), ('\u{148}', '\u{6E}', '\u{30C}'), ('\u{14C}', '\u{4F}', '\u{304}'), ('\u{14D}', '\u{6F}', '\u{304}'),
    ('\u{14E}', '\u{4F}', '\u{306}'), ('\u{14F}', '\u{6F}', '\u{306}'), ('\u{150}', '\u{4F}', '\u{30B}'), ('\u{151}', '\u{6F}', '\u{30B}'),
    ('\u{154}', '\u{52}', '\u{301}'), ('\u{155}', '\u{72}', '\u{301}'), ('\u{156}', '\u{52}', '\u{327}'), ('\u{157}', '\u{72}', '\u{327}'),
    ('\u{158}', '\u{52}', '\u{30C}'), ('\u{159}', '\u{72}', '\u{30C}'), ('\u{15A}', '\u{53}', '\u{301}'), ('\u{15B}', '\u{73}', '\u{301}'),
    ('\u{15C}', '\u{53}', '\u{302}'), ('\u{15D}', '\u{73}', '\u{302}'), ('\u{15E}', '\u{53}', '\u{327}'), ('\u{15F}', '\u{73}', '\u{327}'),
    ('\u{160}', '\u{53}', '\u{30C}'), ('\u{161}', '\u{73}', '\u{30C}'), ('\u{162}', '\u{54}', '\u{327}'), ('\u{163}', '\u{74}', '\u{327}'),
    ('\u{164}', '\u{54}', '\u{30C}'), ('\u{165}', '\u{74}', '\u{30C}'), ('\u{168}', '\u{55}', '\u{303}'), ('\u{169}', '\u{75}', '\u{303}'),
    ('\u{16A}', '\u{55}', '\u{304}'), ('\u{16B}', '\u{75}', '\u{304}'), ('\u{16C}', '\u{55}', '\u{306}'), ('\u{16D}', '\u{75}', '\u{306}'),
    ('\u{16E}', '\u{55}', '\u{30A}'), ('\u{16F}', '\u{75}', '\u{30A}'), ('\u{170}', '\u{55}', '\u{30B}'), ('\u{171}', '\u{75}', '\u{30B}'),
    ('\u{172}', '\u{55}', '\u{328}'), ('\u{173}', '\u{75}', '\u{328}'), ('\u{174}', '\u{57}', '\u{302}'), ('\u{175}', '\u{77}', '\u{302}'),
    ('\u{176}', '\u{59}', '\u{302}'), ('\u{177}', '\u{79}', '\u{302}'), ('\u{178}', '\u{59}', '\u{308}'), ('\u{179}', '\u{5A}', '\u{301}'),
    ('\u{17A}', '\u{7A}', '\u{301}'), ('\u{17B}', '\u{5A}', '\u{307}'), ('\u{17C}', '\u{7A}', '\u{307}'), ('\u{17D}', '\u{5A}', '\u{30C}'),
    ('\u{17E}', '\u{7A}', '\u{30C}'), ('\u{1A0}', '\u{4F}', '\u{31B}'), ('\u{1A1}', '\u{6F}', '\u{31B}'), ('\u{1AF}', '\u{55}', '\u{31B}'),
    ('\u{1B0}', '\u{75}', '\u{31B}'), ('\u{1CD}', '\u{41}', '\u{30C}'), ('\u{1CE}', '\u{61}', '\u{30C}'), ('\u{1CF}', '\u{49}', '\u{30C}'),
    ('\u{1D0}', '\u{69}', '\u{30C}'), ('\u{1D1}', '\u{4F}', '\u{30C}'), ('\u{1D2}', '\u{6F}', '\u{30C}'), ('\u{1D3}', '\u{55}', '\u{30C}'),
    ('\u{1D4}', '\u{75}', '\u{30C}'), ('\u{1D5}', '\u{DC}', '\u{304}'), ('\u{1D6}', '\u{FC}', '\u{304}'), ('\u{1D7}', '\u{DC}', '\u{301}'),
    ('\u{1D8}', '\u{FC}', '\u{301}'), ('\u{1D9}', '\u{DC}', '\u{30C}'), ('\u{1DA}', '\u{FC}', '\u{30C}'), ('\u{1DB}', '\u{DC}', '\u{300}'),
    ('\u{1DC}', '\u{FC}', '\u{300}'), ('\u{1DE}', '\u{C4}', '\u{304}'), ('\u{1DF}', '\u{E4}', '\u{304}'), ('\u{1E0}', '\u{226}', '\u{304}'),
    ('\u{1E1}', '\u{227}', '\u{304}'), ('\u{1E2}', '\u{C6}', '\u{304}'), ('\u{1E3}', '\u{E6}', '\u{304}'), ('\u{1E6}', '\u{47}', '\u{30C}'),
    ('\u{1E7}', '\u{67}', '\u{30C}'), ('\u{1E8}', '\u{4B}', '\u{30C}'), ('\u{1E9}', '\u{6B}', '\u{30C}'), ('\u{1EA}', '\u{4F}', '\u{328}'),
    ('\u{1EB}', '\u{6F}', '\u{328}'), ('\u{1EC}', '\u{1EA}', '\u{304}'), ('\u{1ED}', '\u{1EB}', '\u{304}'), ('\u{1EE}', '\u{1B7}', '\u{30C}'),
    ('\u{1EF}', '\u{292}', '\u{30C}'), ('\u{1F0}', '\u{6A}', '\u{30C}'), ('\u{1F4}', '\u{47}', '\u{301}'), ('\u{1F5}', '\u{67}', '\u{301}'),
    ('\u{1F8}', '\u{4E}', '\u{300}'), ('\u{1F9}', '\u{6E}', '\u{300}'), ('\u{1FA}', '\u{C5}', '\u{301}'), ('\u{1FB}', '\u{E5}', '\u{301}'),
    ('\u{1FC}', '\u{C6}', '\u{301}'), ('\u{1FD}', '\u{E6}', '\u{301}'), ('\u{1FE}', '\u{D8}', '\u{301}'), ('\u{1FF}', '\u{F8}', '\u{301}'),
    ('\u{200}', '\u{41}', '\u{30F}'), ('\u{201}', '\u{61}', '\u{30F}'), ('\u{202}', '\u{41}', '\u{311}'), ('\u{203}', '\u{61}', '\u{311}'),
    ('\u{204}', '\u{45}', '\u{30F}'), ('\u{205}', '\u{65}', '\u{30F}'), ('\u{206}', '\u{45}', '\u{311}'), ('\u{207}', '\u{65}', '\u{311}'),
    ('\u{208}', '\u{49}', '\u{30F}'), ('\u{209}', '\u{69}', '\u{30F}'), ('\u{20A}', '\u{49}', '\u{311}'), ('\u{20B}', '\u{69}', '\u{311}'),
    ('\u{20C}', '\u{4F}', '\u{30F}'), ('\u{20D}', '\u{6F}', '\u{30F}'), ('\u{20E}', '\u{4F}', '\u{311}'), ('\u{20F}', '\u{6F}', '\u{311}'),
    ('\u{210}', '\u{52}', '\u{30F}'), ('\u{211}', '\u{72}', '\u{30F}'), ('\u{212}', '\u{52}', '\u{311}'), ('\u{213}', '\u{72}', '\u{311}'),
    ('\u{214}', '\u{55}', '\u{30F}'), ('\u{215}', '\u{75}', '\u{30F}'), ('\u{216}', '\u{55}', '\u{311}'), ('\u{217}', '\u{75}', '\u{311}'),
    ('\u{218}', '\u{53}', '\u{326}'), ('\u{219}', '\u{73}', '\u{326}'), ('\u{21A}', '\u{54}', '\u{326}'), ('\u{21B}', '\u{74}', '\u{326}'),
    ('\u{21E}', '\u{48}', '\u{30C}'), ('\u{21F}', '\u{68}', '\u{30C}'), ('\u{226}', '\u{41}', '\u{307}'), ('\u{227}', '\u{61}', '\u{307}'),
    ('\u{228}', '\u{45}', '\u{327}'), ('\u{229}', '\u{65}', '\u{327}'), ('\u{22A}', '\u{D6}', '\u{304}'), ('\u{22B}', '\u{F6}', '\u{304}'),
    ('\u{22C}', '\u{D5}', '\u{304}'), ('\u{22D}', '\u{F5}', '\u{304}'), ('\u{22E}', '\u{4F}', '\u{307}'), ('\u{22F}', '\u{6F}', '\u{307}'),
    ('\u{230}', '\u{22E}', '\u{304}'), ('\u{231}', '\u{22F}', '\u{304}'), ('\u{232}', '\u{59}', '\u{304}'), ('\u{233}', '\u{79}', '\u{304}'),
    ('\u{400}', '\u{415}', '\u{300}'), ('\u{401}', '\u{415}', '\u{308}'), ('\u{403}', '\u{413}', '\u{301}'), ('\u{407}', '\u{406}', '\u{308}'),
    ('\u{40C}', '\u{41A}', '\u{301}'), ('\u{40D}', '\u{418}', '\u{300}'), ('\u{40E}', '\u{423}', '\u{306}'), ('\u{419}', '\u{418}', '\u{306}'),
    ('\u{439}', '\u{438}', '\u{306}'), ('\u{450}', '\u{435}', '\u{300}'), ('\u{451}', '\u{435}', '\u{308}'), ('\u{453}', '\u{433}', '\u{301}'),
    ('\u{457}', '\u{456}', '\u{308}'), ('\u{45C}', '\u{43A}', '\u{301}'), ('\u{45D}', '\u{438}', '\u{300}'), ('\u{45E}', '\u{443}', '\u{306}'),
    ('\u{476}', '\u{474}', '\u{30F}'), ('\u{477}', '\u{475}', '\u{30F}'), ('\u{4C1}', '\u{416}', '\u{306}'), ('\u{4C2}', '\u{436}', '\u{306}'),
    ('\u{4D0}', '\u{410}', '\u{306}'), ('\u{4D1}', '\u{430}', '\u{306}'), ('\u{4D2}', '\u{410}', '\u{308}'), ('\u{4D3}', '\u{430}', '\u{308}'),
    ('\u{4D6}', '\u{415}', '\u{306}'), ('\u{4D7}', '\u{435}', '\u{306}'), ('\u{4DA}', '\u{4D8}', '\u{308}'), ('\u{4DB}', '\u{4D9}', '\u{308}'),
    ('\u{4DC}', '\u{416}', '\u{308}'), ('\u{4DD}', '\u{436}', '\u{308}'), ('\u{4DE}', '\u{417}', '\u{308}'), ('\u{4DF}', '\u{437}', '\u{308}'),
    ('\u{4E2}', '\u{418}', '\u{304}'), ('\u{4E3}', '\u{438}', '\u{304}'), ('\u{4E4}', '\u{418}', '\u{308}'), ('\u{4E5}', '\u{438}', '\u{308}'),
    ('\u{4E6}', '\u{41E}', '\u{308}'), ('\u{4E7}', '\u{43E}', '\u{308}'), ('\u{4EA}', '\u{4E8}', '\u{308}'), ('\u{4EB}', '\u{4E9}', '\u{308}'),
    ('\u{4EC}', '\u{42D}', '\u{308}'), ('\u{4ED}', '\u{44D}', '\u{308}'), ('\u{4EE}', '\u{423}', '\u{304}'), ('\u{4EF}', '\u{443}', '\u{304}'),
    ('\u{4F0}', '\u{423}', '\u{308}'), ('\u{4F1}', '\u{443}', '\u{308}'), ('\u{4F2}', '\u{423}', '\u{30B}'), ('\u{4F3}', '\u{443}', '\u{30B}'),
    ('\u{4F4}', '\u{427}', '\u{308}'), ('\u{4F5}', '\u{447}', '\u{308}'), ('\u{4F8}', '\u{42B}', '\u{308}'), ('\u{4F9}', '\u{44B}', '\u{308}'),
];

/// The compositions one profile needs: (base, mark) → letter, sorted for binary search.
#[derive(Debug, Clone, Default)]
pub struct Compositions {
    pairs: Vec<((char, char), char)>,
}

/// The canonical decomposition of `letter` into (base, mark), if it has one here.
pub fn decomposition(letter: char) -> Option<(char, char)> {
    DECOMPOSITIONS
        .binary_search_by_key(&letter, |&(c, _, _)| c)
        .ok()
        .map(|i| (DECOMPOSITIONS[i].1, DECOMPOSITIONS[i].2))
}

impl Compositions {
    /// The compositions that make `letters` (a profile's alphabet and its capitals). A
    /// letter whose base is itself precomposed (`ǘ` = `ü` + U+0301) brings the base's
    /// composition too, so fully decomposed input composes step by step.
    pub fn for_letters(letters: impl IntoIterator<Item = char>) -> Compositions {
        let mut pairs = Vec::new();
        let mut todo: Vec<char> = letters.into_iter().collect();
        while let Some(letter) = todo.pop() {
            if let Some((base, mark)) = decomposition(letter) {
                if !pairs.iter().any(|&(_, c)| c == letter) {
                    pairs.push(((base, mark), letter));
                    todo.push(base);
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup_by_key(|&mut (pair, _)| pair);
        Compositions { pairs }
    }

    /// How many (base, mark) pairs compose.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The letter `base` followed by `mark` makes, if it is one of these.
    pub fn compose_pair(&self, base: char, mark: char) -> Option<char> {
        self.pairs.binary_search_by_key(&(base, mark), |&(pair, _)| pair).ok().map(|i| self.pairs[i].1)
    }

    /// Composes `chars` in place, left to right: each character that composes with the
    /// one before it (as that now stands) replaces both.
    pub fn compose(&self, chars: &mut Vec<char>) {
        if self.pairs.is_empty() || chars.len() < 2 {
            return;
        }
        let mut kept = 0;
        for i in 0..chars.len() {
            let c = chars[i];
            if kept > 0 {
                if let Some(letter) = self.compose_pair(chars[kept - 1], c) {
                    chars[kept - 1] = letter;
                    continue;
                }
            }
            chars[kept] = c;
            kept += 1;
        }
        chars.truncate(kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_every_entry_is_base_plus_a_combining_mark() {
        for pair in DECOMPOSITIONS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "DECOMPOSITIONS is not sorted at {:?}", pair[1].0);
        }
        for &(letter, base, mark) in DECOMPOSITIONS {
            assert!(('\u{300}'..='\u{36F}').contains(&mark), "{letter}: U+{:04X} is not a combining mark", mark as u32);
            assert_ne!(letter, base);
        }
    }

    #[test]
    fn composes_only_into_the_letters_asked_for() {
        let table = Compositions::for_letters(['ё', 'Ё', 'й']);
        let mut text: Vec<char> = "е\u{308}Е\u{308}и\u{306}а\u{301}и\u{308}".chars().collect();
        table.compose(&mut text);
        assert_eq!(text.into_iter().collect::<String>(), "ёЁйа\u{301}и\u{308}");
    }

    #[test]
    fn multi_level_letters_compose_step_by_step() {
        let table = Compositions::for_letters(['ǘ']);
        assert_eq!(table.len(), 2, "ǘ = ü + U+0301 and ü = u + U+0308");
        let mut text: Vec<char> = "u\u{308}\u{301}".chars().collect();
        table.compose(&mut text);
        assert_eq!(text, vec!['ǘ']);
    }

    #[test]
    fn a_mark_at_the_start_or_alone_stays() {
        let table = Compositions::for_letters(['ё']);
        let mut text: Vec<char> = "\u{308}\u{308}е".chars().collect();
        table.compose(&mut text);
        assert_eq!(text, vec!['\u{308}', '\u{308}', 'е']);
    }
}
