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
}

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
        let mut table = ComposerTable { nodes: vec![Node::default()], rules: Vec::new(), alphabet: Vec::new() };
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

    /// The form of a typed character this table works with: its lowercase form
    /// when the table knows that form, otherwise the character exactly as typed
    /// (so a Latin `A` in a Cyrillic profile is inserted as `A`).
    pub fn normalize(&self, c: char) -> char {
        if self.knows(c) {
            return c;
        }
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next()) {
            (Some(l), None) if self.knows(l) => l,
            _ => c,
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
        let mut pending: Vec<char> = text.chars().map(|c| self.normalize(c)).collect();
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
        assert_eq!(t.convert("КА"), "か");
    }
}
