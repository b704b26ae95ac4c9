//! The lattice over a reading (Mozc's immutable converter, simplified): at every
//! position, every dictionary word whose reading starts there, plus nodes that keep any
//! input convertible — the character as typed, runs of katakana, digits and Latin
//! letters — so the lattice is never broken, whatever was typed.

use super::input::{class_of, lookup_char, CharClass};
use crate::dictionary::format::SpecialId;
use crate::dictionary::Dictionary;

/// Where a node's text comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeText {
    /// A dictionary entry (index), written from the reading it was found under.
    Entry(u32),
    /// The input characters as typed.
    AsTyped,
}

/// A word spanning input characters `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    pub start: u16,
    pub end: u16,
    pub left_id: u16,
    pub right_id: u16,
    /// Word cost (dictionary cost plus any penalty the node carries).
    pub cost: i32,
    pub text: NodeText,
}

/// Cost of one input character kept as typed when nothing else covers it: high, so a
/// dictionary word always wins, but finite, so the path always exists.
pub const AS_TYPED_CHAR_COST: i32 = 10_000;
/// Cost of a run the writer typed in katakana, kept whole.
pub const KATAKANA_RUN_COST: i32 = 3_000;
/// Cost of a run of digits or Latin letters kept whole.
pub const RUN_COST: i32 = 1_500;

/// All nodes over a reading, indexed by start and end position.
pub struct Lattice {
    pub chars: Vec<char>,
    pub nodes: Vec<Node>,
    /// Node indices by start position.
    pub starting: Vec<Vec<u32>>,
    /// Node indices by end position.
    pub ending: Vec<Vec<u32>>,
}

impl Lattice {
    /// Builds the lattice of `reading` (kana, digits, punctuation — any text).
    pub fn build(dictionary: &Dictionary, reading: &str) -> Lattice {
        let chars: Vec<char> = reading.chars().collect();
        let n = chars.len();
        let codes: Vec<u8> = chars.iter().map(|&c| dictionary.code_of(lookup_char(c)).unwrap_or(0)).collect();
        let mut lattice = Lattice { chars, nodes: Vec::new(), starting: vec![Vec::new(); n + 1], ending: vec![Vec::new(); n + 1] };
        let noun = dictionary.special_id(SpecialId::Noun);
        for start in 0..n {
            let mut covered_one = false;
            dictionary.common_prefixes(&codes[start..], |len, entries| {
                for index in entries {
                    if let Some(e) = dictionary.entry(index) {
                        // Covered only by a node actually pushed: a key of a damaged file may
                        // have no (readable) entries.
                        covered_one |= len == 1;
                        lattice.push(Node {
                            start: start as u16,
                            end: (start + len) as u16,
                            left_id: e.left_id,
                            right_id: e.right_id,
                            cost: e.cost as i32,
                            text: NodeText::Entry(index),
                        });
                    }
                }
            });
            let class = class_of(lattice.chars[start]);
            let run_start = start == 0 || class_of(lattice.chars[start - 1]) != class;
            let run_end = (start..n).find(|&i| class_of(lattice.chars[i]) != class).unwrap_or(n);
            match class {
                CharClass::Katakana if run_start => {
                    let id = dictionary.special_id(SpecialId::KatakanaNoun);
                    lattice.push_typed(start, run_end, id, KATAKANA_RUN_COST);
                }
                CharClass::Digit if run_start => {
                    let id = dictionary.special_id(SpecialId::Number);
                    lattice.push_typed(start, run_end, id, RUN_COST);
                }
                CharClass::Latin if run_start => lattice.push_typed(start, run_end, noun, RUN_COST),
                _ => {}
            }
            if !covered_one {
                let id = if class == CharClass::Other { dictionary.special_id(SpecialId::Symbol) } else { noun };
                lattice.push_typed(start, start + 1, id, AS_TYPED_CHAR_COST);
            }
        }
        lattice
    }

    fn push_typed(&mut self, start: usize, end: usize, id: u16, cost: i32) {
        self.push(Node { start: start as u16, end: end as u16, left_id: id, right_id: id, cost, text: NodeText::AsTyped });
    }

    pub fn push(&mut self, node: Node) {
        let index = self.nodes.len() as u32;
        self.starting[node.start as usize].push(index);
        self.ending[node.end as usize].push(index);
        self.nodes.push(node);
    }

    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The reading a node spans, as typed.
    pub fn typed(&self, node: &Node) -> String {
        self.chars[node.start as usize..node.end as usize].iter().collect()
    }

    /// The text a node stands for.
    pub fn push_text(&self, dictionary: &Dictionary, node: &Node, out: &mut String) {
        match node.text {
            NodeText::AsTyped => out.extend(&self.chars[node.start as usize..node.end as usize]),
            NodeText::Entry(index) => match dictionary.entry(index) {
                Some(entry) => {
                    let reading: String = self.chars[node.start as usize..node.end as usize].iter().map(|&c| super::input::lookup_char(c)).collect();
                    dictionary.push_surface(&entry, &reading, out)
                }
                None => out.extend(&self.chars[node.start as usize..node.end as usize]),
            },
        }
    }
}
