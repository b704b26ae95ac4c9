//! The composer: a general longest-match table in the spirit of Mozc's composer
//! table, where each rule is (input, output, pending).
//!
//! Nothing here knows any language. A profile's rules are compiled into a trie;
//! [`ComposerTable::compose`] consumes the pending characters as far as the table
//! allows and leaves the rest pending. The composer keeps no state between calls:
//! the caller owns the pending buffer.
//!
//! Semantics, for pending characters `p` (the buffer plus the new key):
//! 1. If `p` is a proper prefix of a longer rule input and more keys may come,
//!    stop: `p` stays pending (e.g. `к` could still become `ка`).
//! 2. Otherwise apply the longest rule whose input is a prefix of `p`: append its
//!    output, and put its `pending` back in front of the rest (`кк` → `っ` with `к`
//!    pending). Rules are validated so `pending` is shorter than `input`, so every
//!    step consumes at least one character and the loop ends.
//! 3. If no rule matches, the first character is passed through as typed.
//!
//! Because step 1 only waits when some rule could still extend the match, feeding a
//! text key by key and flushing at the end gives exactly the same result as
//! composing it at once (the streaming property the tests check).

/// One compiled rule.
#[derive(Debug, Clone)]
struct Rule {
    output: Box<str>,
    pending: Box<[char]>,
    input_len: usize,
}

#[derive(Debug, Clone, Default)]
struct Node {
    /// Children sorted by character, searched by binary search.
    children: Vec<(char, u32)>,
    rule: Option<u32>,
}

/// A compiled rule table for one profile.
#[derive(Debug, Clone)]
pub struct ComposerTable {
    nodes: Vec<Node>,
    rules: Vec<Rule>,
    /// Every character that appears in some rule input, sorted, so a key can be
    /// case-folded only when the folded form means something to this table.
    alphabet: Vec<char>,
    /// (capital, letter) for every letter of the alphabet whose uppercase is one other
    /// character that the alphabet lacks, sorted by capital: the only case folding done.
    capitals: Vec<(char, char)>,
    /// Decomposed forms of the alphabet's letters and capitals (`е` + U+0308 → `ё`).
    compositions: Compositions,
}

use crate::compose::Compositions;

/// A rule as given to [`ComposerTable::build`].
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSpec {
    pub input: String,
    pub output: String,
    pub pending: String,
}

impl ComposerTable {
    /// Compiles rules into a trie. Rules must already be validated: distinct,
    /// non-empty inputs and a `pending` shorter than the input.
    pub fn build(specs: &[RuleSpec]) -> ComposerTable {
        let mut table = ComposerTable {
            nodes: vec![Node::default()],
            rules: Vec::new(),
            alphabet: Vec::new(),
            capitals: Vec::new(),
            compositions: Compositions::default(),
        };
        for spec in specs {
            let mut node = 0usize;
            let mut input_len = 0;
            for c in spec.input.chars() {
                input_len += 1;
                table.alphabet.push(c);
                node = match table.nodes[node].children.binary_search_by_key(&c, |&(k, _)| k) {
                    Ok(i) => table.nodes[node].children[i].1 as usize,
                    Err(i) => {
                        let child = table.nodes.len();
                        table.nodes.push(Node::default());
                        table.nodes[node].children.insert(i, (c, child as u32));
                        child
                    }
                };
            }
            debug_assert!(spec.pending.chars().count() < input_len, "pending must be shorter than input");
            table.nodes[node].rule = Some(table.rules.len() as u32);
            table.rules.push(Rule {
                output: spec.output.clone().into_boxed_str(),
                pending: spec.pending.chars().collect(),
                input_len,
            });
        }
        table.alphabet.sort_unstable();
        table.alphabet.dedup();
        for &letter in &table.alphabet {
            let mut upper = letter.to_uppercase();
            if let (Some(capital), None) = (upper.next(), upper.next()) {
                if capital != letter && !table.knows(capital) {
                    table.capitals.push((capital, letter));
                }
            }
        }
        // Two letters with one capital (none in the bundled data): the first letter keeps it.
        table.capitals.sort_by_key(|&(capital, _)| capital);
        table.capitals.dedup_by_key(|&mut (capital, _)| capital);
        let letters = table.alphabet.iter().copied().chain(table.capitals.iter().map(|&(capital, _)| capital));
        table.compositions = Compositions::for_letters(letters);
        table
    }

    /// How many rules the table holds.
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// Whether `c` appears in any rule input.
    pub fn knows(&self, c: char) -> bool {
        self.alphabet.binary_search(&c).is_ok()
    }

    /// The form of a typed character this table works with (docs/FFI.md, "Case"): the
    /// character itself when a rule uses it; else the letter of the alphabet whose
    /// uppercase it is (`К` → `к`); else the character exactly as typed (a Latin `A` in a
    /// Cyrillic profile stays `A`, and so does `İ` in the romaji profile: it is not the
    /// capital of `i`, whose capital is `I`).
    pub fn normalize(&self, c: char) -> char {
        if self.knows(c) {
            return c;
        }
        match self.capitals.binary_search_by_key(&c, |&(capital, _)| capital) {
            Ok(i) => self.capitals[i].1,
            Err(_) => c,
        }
    }

    /// The letter `c` is the capital of, if it is one (see [`ComposerTable::normalize`]).
    pub fn capital_of(&self, c: char) -> Option<char> {
        self.capitals.binary_search_by_key(&c, |&(capital, _)| capital).ok().map(|i| self.capitals[i].1)
    }

    /// The decomposed letters this table composes: (base, mark) pairs.
    pub fn compositions(&self) -> &Compositions {
        &self.compositions
    }

    /// Puts typed characters into the form the rules see: decomposed letters of the
    /// alphabet composed (NFC), then each character normalized.
    pub fn prepare(&self, chars: &mut Vec<char>) {
        self.compositions.compose(chars);
        for c in chars.iter_mut() {
            *c = self.normalize(*c);
        }
    }

    fn child(&self, node: usize, c: char) -> Option<usize> {
        let children = &self.nodes[node].children;
        match children.len() {
            0 => None,
            // Most nodes have one or two children: a scan beats a binary search there.
            1..=4 => children.iter().find(|&&(k, _)| k == c).map(|&(_, n)| n as usize),
            _ => children.binary_search_by_key(&c, |&(k, _)| k).ok().map(|i| children[i].1 as usize),
        }
    }

    /// Consumes `pending` as far as the table allows, appending converted text to
    /// `output`. What cannot be decided yet stays in `pending`. With `flush`, nothing
    /// waits: every character is converted or passed through as typed.
    pub fn compose(&self, pending: &mut Vec<char>, output: &mut String, flush: bool) {
        let mut start = 0;
        while start < pending.len() {
            let mut node = 0usize;
            let mut longest: Option<&Rule> = None;
            let mut walked = start;
            while walked < pending.len() {
                match self.child(node, pending[walked]) {
                    Some(next) => {
                        node = next;
                        walked += 1;
                        if let Some(rule) = self.nodes[node].rule {
                            longest = Some(&self.rules[rule as usize]);
                        }
                    }
                    None => break,
                }
            }
            let could_extend = walked == pending.len() && !self.nodes[node].children.is_empty();
            if could_extend && !flush {
                break;
            }
            match longest {
                Some(rule) => {
                    output.push_str(&rule.output);
                    // Put the rule's pending characters back in front of the rest.
                    start += rule.input_len - rule.pending.len();
                    pending[start..start + rule.pending.len()].copy_from_slice(&rule.pending);
                }
                None => {
                    output.push(pending[start]);
                    start += 1;
                }
            }
        }
        pending.drain(..start);
    }

    /// Converts a whole text at once, flushing at the end. Used by tests and the
    /// bulk path; equal to typing the text key by key and flushing.
    pub fn convert(&self, text: &str) -> String {
        let mut pending: Vec<char> = text.chars().collect();
        self.prepare(&mut pending);
        let mut output = String::with_capacity(text.len());
        self.compose(&mut pending, &mut output, true);
        output
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(input: &str, output: &str, pending: &str) -> RuleSpec {
        RuleSpec { input: input.into(), output: output.into(), pending: pending.into() }
    }

    fn table() -> ComposerTable {
        ComposerTable::build(&[
            rule("к", "k?", ""),
            rule("ка", "か", ""),
            rule("кя", "きゃ", ""),
            rule("кк", "っ", "к"),
            rule("н", "ん", ""),
            rule("на", "な", ""),
            rule("нн", "ん", "н"),
            rule("а", "あ", ""),
            rule("abc", "X", ""),
        ])
    }

    fn step(table: &ComposerTable, buffer: &str, key: &str) -> (String, String) {
        let mut pending: Vec<char> = buffer.chars().chain(key.chars()).collect();
        let mut out = String::new();
        table.compose(&mut pending, &mut out, false);
        (out, pending.into_iter().collect())
    }

    #[test]
    fn waits_while_a_longer_rule_could_match() {
        let t = table();
        assert_eq!(step(&t, "", "к"), ("".into(), "к".into()));
        assert_eq!(step(&t, "к", "а"), ("か".into(), "".into()));
    }

    #[test]
    fn applies_the_longest_rule_and_requeues_its_pending() {
        let t = table();
        assert_eq!(step(&t, "к", "к"), ("っ".into(), "к".into()));
        assert_eq!(step(&t, "нн", "а"), ("んな".into(), "".into()));
        assert_eq!(step(&t, "н", "к"), ("ん".into(), "к".into()));
    }

    #[test]
    fn passes_unknown_characters_through_without_losing_any() {
        let t = table();
        assert_eq!(step(&t, "ab", "x"), ("abx".into(), "".into()));
        assert_eq!(t.convert("ab5😀"), "ab5😀");
    }

    #[test]
    fn flush_converts_or_passes_through_everything() {
        let t = table();
        let mut pending: Vec<char> = "ккн".chars().collect();
        let mut out = String::new();
        t.compose(&mut pending, &mut out, true);
        assert_eq!(out, "っk?ん");
        assert!(pending.is_empty());
    }

    #[test]
    fn normalizes_case_only_into_the_alphabet() {
        let t = table();
        assert_eq!(t.normalize('К'), 'к');
        assert_eq!(t.normalize('Z'), 'Z');
        assert_eq!(t.normalize('A'), 'a', "the capital of a letter the rules use");
        assert_eq!(t.convert("КА"), "か");
    }

    #[test]
    fn only_capitals_of_the_alphabet_fold() {
        // İ lowercases to i + U+0307 and the Kelvin sign to k, but neither is the
        // capital of a letter here: both stay as typed.
        let t = ComposerTable::build(&[rule("i", "い", ""), rule("k", "k?", ""), rule("ka", "か", "")]);
        assert_eq!(t.normalize('\u{130}'), '\u{130}');
        assert_eq!(t.normalize('\u{212A}'), '\u{212A}');
        assert_eq!(t.normalize('I'), 'i');
        assert_eq!(t.convert("\u{130}KA\u{212A}a"), "\u{130}か\u{212A}a");
    }

    #[test]
    fn prepare_composes_before_folding() {
        let t = ComposerTable::build(&[rule("ё", "よ", ""), rule("й", "い", "")]);
        assert_eq!(t.convert("е\u{308}Е\u{308}и\u{306}И\u{306}"), "よよいい");
        // A mark that makes no letter of the table comes out as typed.
        assert_eq!(t.convert("а\u{301}"), "а\u{301}");
    }
}
