//! Script forms (docs/CONVERSION.md, "Script forms"): every segment's candidates end with its
//! reading in hiragana, katakana and half-width katakana and, for a segment of Latin letters
//! and digits, in half-width and full-width (abc, ａｂｃ), so any script can be committed. A form
//! already among the words keeps its place there and is not repeated.

use super::super::input::{class_of, to_fullwidth, to_halfwidth, to_katakana, CharClass};
use super::super::segments::Candidate;
use crate::width::to_half_width_katakana;

/// The forms of a segment typed as `typed` (`hiragana`: the same in hiragana), in the order
/// they end its list.
fn forms(typed: &str, hiragana: String) -> Vec<String> {
    let mut forms = Vec::with_capacity(5);
    forms.push(hiragana);
    forms.push(to_katakana(typed));
    if typed.chars().any(|c| matches!(class_of(c), CharClass::Hiragana | CharClass::Katakana)) {
        forms.push(to_half_width_katakana(typed));
    }
    if typed.chars().all(|c| matches!(class_of(c), CharClass::Digit | CharClass::Latin)) {
        forms.push(to_halfwidth(typed));
        forms.push(to_fullwidth(typed));
    }
    forms
}

/// The rewriter that ends the list: after `candidates` (the words and what other rewriters
/// added) the script forms of `typed`, then what else the list ended with (`tail`: the forms the
/// segment search appended, and the segment as the writer typed it, which stays last).
/// `hiragana` is `typed` in hiragana.
pub fn finish(candidates: &mut Vec<Candidate>, tail: Vec<Candidate>, typed: &str, hiragana: String) {
    let mut tail = tail;
    for form in forms(typed, hiragana) {
        if candidates.iter().any(|c| c.text == form) {
            continue;
        }
        match tail.iter().position(|c| c.text == form) {
            Some(i) => candidates.push(tail.remove(i)),
            None => candidates.push(Candidate { text: form, cost: i32::MAX, class: None }),
        }
    }
    for candidate in tail {
        if !candidates.iter().any(|c| c.text == candidate.text) {
            candidates.push(candidate);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(candidates: &[Candidate]) -> Vec<&str> {
        candidates.iter().map(|c| c.text.as_str()).collect()
    }

    fn word(text: &str) -> Candidate {
        Candidate { text: text.to_string(), cost: 100, class: Some((1, 1)) }
    }

    fn form(text: &str) -> Candidate {
        Candidate { text: text.to_string(), cost: i32::MAX, class: None }
    }

    #[test]
    fn kana_end_with_three_scripts() {
        let mut list = vec![word("猫"), word("ねこ"), word("🐱")];
        finish(&mut list, vec![form("ねこ"), form("ネコ")], "ねこ", "ねこ".into());
        assert_eq!(texts(&list), ["猫", "ねこ", "🐱", "ネコ", "ﾈｺ"]);
    }

    #[test]
    fn latin_gets_both_widths_once() {
        let mut list = vec![word("ABC")];
        finish(&mut list, vec![form("abc"), form("ａｂｃ")], "abc", "abc".into());
        assert_eq!(texts(&list), ["ABC", "abc", "ａｂｃ"]);
    }

    #[test]
    fn the_segment_as_typed_stays_last() {
        let mut list = vec![word("波紋")];
        finish(&mut list, vec![form("はもん"), form("ハモン"), form("Хамон")], "はもん", "はもん".into());
        assert_eq!(texts(&list), ["波紋", "はもん", "ハモン", "ﾊﾓﾝ", "Хамон"]);
    }
}
