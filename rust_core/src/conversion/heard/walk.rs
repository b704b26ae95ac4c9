//! The as-heard walk: from one start of the input, the dictionary's trie is walked along the
//! input as typed and along every spelling of a listener the rules of this module's parent
//! allow (`heard/mod.rs`), each step at its rule's cost, so that the lattice gets the words a
//! Cyrillic writer spelled as they heard them. The matches of one start share their common
//! beginnings ([`Link`]), each reading is kept once at its cheapest, and the walk is bounded
//! ([`MAX_PROBES_PER_POSITION`]). Since the rules branch off the input as typed, the walk also
//! gives the keys as typed ([`StartKeys`]), which spares the lattice a second walk of the trie.

use super::{self as heard, HeardCosts};
use crate::conversion::spare::{Buffer, Buffers};
use crate::dictionary::format;
use crate::dictionary::reader::{ChildSpan, TrieNode};
use crate::dictionary::Dictionary;
use std::ops::Range;

/// Most lookups the listener's spellings may add at one position: bounds the work on
/// pathological input (a long run of vowels) without limiting real words.
const MAX_PROBES_PER_POSITION: usize = 600;

/// What the walks from every start of one input read: the dictionary, the input as it is
/// looked up (`input::lookup_char`) and what each rule costs.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub dictionary: &'a Dictionary,
    pub lookup: &'a [char],
    pub costs: &'a HeardCosts,
}

/// A partial match of a dictionary reading against the input, in the walk below.
#[derive(Clone, Copy)]
struct Match {
    /// The last code of the reading matched so far, as a link to the codes before it
    /// (`HeardWalk::links`), or [`NO_LINK`] for none yet.
    link: u32,
    /// The reading character of that code.
    last: Option<char>,
    /// The children of the trie node the codes lead to, found when the match is pushed so that
    /// their labels load before it is extended (`Dictionary::trie_child_span`).
    children: ChildSpan,
    /// Next input character.
    next: usize,
    cost: i32,
    omitted: u8,
    geminated: bool,
    /// Whether a ん was read before the な row already (one per word).
    n_added: bool,
    /// Whether every code so far is the input as typed (no rule): the walk of the reading as
    /// typed, whose keys the lattice takes first.
    exact: bool,
}

/// No code matched yet.
const NO_LINK: u32 = u32::MAX;

/// The keys as typed found from one start (at most one per length, shortest first), whose
/// records are asked for as a walk finds them and read after it (`prefetch.rs`): the walk goes
/// on while they load. Filled by the as-heard walk, or by the trie walk of the keys as typed
/// alone (`Lattice::build`).
pub struct StartKeys {
    slots: [(usize, Range<u32>); format::MAX_KEY_CHARS],
    len: usize,
}

impl StartKeys {
    pub fn new() -> StartKeys {
        StartKeys { slots: std::array::from_fn(|_| (0, 0..0)), len: 0 }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds the key of `len` input characters whose entries are `entries`.
    pub fn push(&mut self, dictionary: &Dictionary, len: usize, entries: Range<u32>) {
        dictionary.prefetch_entry(entries.start);
        if let Some(slot) = self.slots.get_mut(self.len) {
            *slot = (len, entries);
            self.len += 1;
        }
    }

    pub fn as_slice(&self) -> &[(usize, Range<u32>)] {
        &self.slots[..self.len]
    }
}

/// One code of a partial match and the link of the code before it: the matches of one
/// start position share their common beginnings instead of each copying its codes.
#[derive(Clone, Copy)]
pub struct Link {
    previous: u32,
    code: u8,
}

/// One way to extend a [`Match`] by one reading character.
#[derive(Clone, Copy)]
struct Step {
    reading: char,
    /// Input characters consumed (0 for a character the writer left out).
    consumed: usize,
    cost: i32,
    omitted: u8,
    geminated: bool,
    n_added: bool,
    /// わ read as the word's last は: the word must end here and be written with は.
    final_wa: bool,
}

/// A dictionary reading matched through at least one rule.
#[derive(Clone)]
pub struct HeardReading {
    /// The reading's last code (`HeardWalk::links`; [`HeardWalk::reading_reversed`]).
    pub link: u32,
    /// Its trie node: one node per reading, so two matches of the same reading share it.
    node: TrieNode,
    /// End position (doubled, as the lattice's).
    pub end: usize,
    pub cost: i32,
    pub entries: Range<u32>,
    /// Long vowels left out (dearer in a word written without kanji).
    pub omitted: u8,
    /// わ read as the word's last は: the word must be written with は.
    pub final_wa: bool,
}

/// The as-heard walk's buffers, reused from one start position to the next (allocating them
/// per match was most of the walk's cost) and kept with the lattice's for the next lattice.
#[derive(Default)]
pub struct HeardWalk {
    stack: Vec<Match>,
    links: Vec<Link>,
    steps: Vec<Step>,
    found: Vec<HeardReading>,
    /// A reading's characters, last first (`HeardWalk::reading_reversed`).
    reversed: Vec<char>,
    /// One past the last input character the last [`HeardWalk::find`] read or compared with
    /// the input's end: its result is the same for any input that has the same characters up
    /// to there from its start and goes on past it (`memo.rs`).
    reach: usize,
}

/// One start's walk as [`HeardWalk::find`] left it, kept for a later input (`memo.rs`).
#[derive(Default)]
pub struct SavedWalk {
    /// [`HeardWalk::reach`] of the walk.
    pub reach: usize,
    /// What `find` answered (false: stopped at its limit).
    complete: bool,
    keys: Vec<(usize, Range<u32>)>,
    found: Vec<HeardReading>,
    links: Vec<Link>,
}

impl HeardWalk {
    /// A link for `code` after `previous`.
    fn link(&mut self, previous: u32, code: u8) -> u32 {
        self.links.push(Link { previous, code });
        self.links.len() as u32 - 1
    }

    /// The reading a link ends (that of a [`HeardReading`]), in dictionary characters, last
    /// first.
    pub fn reading_reversed(&mut self, dictionary: &Dictionary, mut link: u32) -> &[char] {
        self.reversed.clear();
        while let Some(l) = self.links.get(link as usize) {
            self.reversed.extend(dictionary.char_of(l.code));
            link = l.previous;
        }
        &self.reversed
    }

    /// Keeps what the last [`HeardWalk::find`], which answered `complete` and gave `keys`,
    /// found and read.
    pub fn save(&self, keys: &StartKeys, complete: bool, into: &mut SavedWalk) {
        into.reach = self.reach;
        into.complete = complete;
        into.keys.clear();
        into.keys.extend_from_slice(keys.as_slice());
        into.found.clear();
        into.found.extend_from_slice(&self.found);
        into.links.clear();
        into.links.extend_from_slice(&self.links);
    }

    /// Puts back a walk [`HeardWalk::save`] kept, as if `find` had just made it; returns what
    /// `find` answered.
    pub fn restore(&mut self, dictionary: &Dictionary, saved: &SavedWalk, keys: &mut StartKeys) -> bool {
        keys.clear();
        for (len, entries) in &saved.keys {
            keys.push(dictionary, *len, entries.clone());
        }
        self.found.clear();
        self.found.extend_from_slice(&saved.found);
        self.links.clear();
        self.links.extend_from_slice(&saved.links);
        self.reach = saved.reach;
        saved.complete
    }

    /// [`HeardWalk::reach`] of the last walk (found or restored).
    pub fn reach(&self) -> usize {
        self.reach
    }

    /// The readings the last [`HeardWalk::find`] found.
    pub fn found(&self) -> &[HeardReading] {
        &self.found
    }

    /// Finds the readings that match the input from `start` through a listener's spellings
    /// (long vowels marked with ー or left out, a doubled consonant or ん written single, ぢ/づ
    /// as じ/ず, a final vowel left off, わ for a greeting's は, and words ending in the ん of a
    /// merged syllable), into `self.found`: those that needed at least one rule, each once at its
    /// cheapest. The walk follows the input as typed too, since the rules branch off it: the
    /// keys it finds so (shortest first, as `Dictionary::common_prefixes` gives them) go into
    /// `exact`. False when the walk stopped at its limit ([`MAX_PROBES_PER_POSITION`]): the
    /// keys as typed are then to be found by the trie walk.
    pub fn find(&mut self, input: &Input, start: usize, exact: &mut StartKeys) -> bool {
        let Input { dictionary, lookup, costs } = *input;
        let n = lookup.len();
        self.stack.clear();
        self.links.clear();
        self.found.clear();
        self.stack.push(Match { link: NO_LINK, last: None, children: dictionary.trie_child_span(dictionary.trie_root()), next: start, cost: 0, omitted: 0, geminated: false, n_added: false, exact: true });
        let mut probes = 0;
        exact.clear();
        // Whether the limit cut the walk short (a walk that used up its lookups on its last
        // step still found everything).
        let mut stopped = false;
        let mut reach = start;
        while let Some(m) = self.stack.pop() {
            // What follows reads the input at `m.next` and `m.next + 1` (or finds it ended).
            reach = reach.max(m.next + 2);
            // The match's children, read once for all its steps.
            let children = dictionary.children_in(m.children);
            let last = m.last;
            let first = m.link == NO_LINK;
            let step = |reading: char, consumed: usize, cost: i32| Step { reading, consumed, cost, omitted: m.omitted, geminated: m.geminated, n_added: m.n_added, final_wa: false };
            let steps = &mut self.steps;
            steps.clear();
            if m.next < n {
                let c = lookup[m.next];
                steps.push(step(c, 1, 0));
                if c == 'ー' {
                    if let Some(v) = last.and_then(heard::vowel_of) {
                        steps.extend(heard::long_forms(v).iter().map(|&f| step(f, 1, costs.long_mark)));
                    }
                }
                if let Some(dz) = heard::voiced_dz(c) {
                    steps.push(step(dz, 1, costs.voiced_dz));
                }
                // Only after kana of the same word and not inside a run of letters the kana
                // layer left as typed (`ватаси` passed to `kanji` is not a word ending in す).
                let inside_letters = lookup.get(m.next + 1).is_some_and(|&x| matches!(x, '\u{0400}'..='\u{04FF}'));
                if let Some(u) = heard::dropped_vowel(c).filter(|_| !first && !inside_letters) {
                    steps.push(step(u, 1, costs.dropped_vowel));
                }
                if heard::takes_gemination(c) && !m.geminated && last.is_some_and(|l| l != 'っ' && l != 'ん' && l != 'ー') {
                    steps.push(Step { geminated: true, ..step('っ', 0, costs.gemination) });
                }
                if heard::takes_n(c) && !m.n_added && last.is_some_and(|l| l != 'っ' && l != 'ん') {
                    steps.push(Step { n_added: true, ..step('ん', 0, costs.single_n) });
                }
                if c == 'わ' && !first {
                    steps.push(Step { final_wa: true, ..step('は', 1, costs.final_wa) });
                }
                if heard::merged_particle(c).is_some() && !first {
                    // The word ends in the ん of this syllable: position 2·next + 1.
                    if let Some(code) = dictionary.code_of('ん') {
                        probes += 1;
                        if let Some((node, entries)) = children.and_then(|c| c.find(code)).and_then(|node| Some((node, dictionary.trie_entries(node)?))) {
                            let link = self.link(m.link, code);
                            self.record(HeardReading { link, node, end: 2 * m.next + 1, cost: m.cost + costs.merged_syllable, entries, omitted: m.omitted, final_wa: false });
                        }
                    }
                }
            }
            let steps = &mut self.steps;
            if m.omitted < heard::MAX_OMITTED_PER_WORD {
                if let Some(v) = last.and_then(heard::vowel_of) {
                    for &f in heard::omitted_forms(v).iter().chain(std::iter::once(&heard::LOANWORD_LONG)) {
                        if m.next >= n || lookup[m.next] != f {
                            steps.push(Step { omitted: m.omitted + 1, ..step(f, 0, costs.long_omitted) });
                        }
                    }
                }
            }
            for k in 0..self.steps.len() {
                let s = self.steps[k];
                if probes >= MAX_PROBES_PER_POSITION {
                    stopped = true;
                    break;
                }
                let Some(code) = dictionary.code_of(s.reading) else { continue };
                probes += 1;
                // Extend the match's trie state by one code: no node, no key starts so.
                let Some(node) = children.and_then(|c| c.find(code)) else { continue };
                let link = self.link(m.link, code);
                let next = m.next + s.consumed;
                let total = m.cost + s.cost;
                // The input as typed is the first step whenever there is input left. Its keys
                // are those of at most `MAX_KEY_CHARS` codes, as the trie walk gives them (a
                // damaged file's trie may go deeper).
                let as_typed = m.exact && k == 0 && m.next < n;
                if as_typed && next - start <= format::MAX_KEY_CHARS {
                    if let Some(entries) = dictionary.trie_entries(node) {
                        exact.push(dictionary, next - start, entries);
                    }
                }
                // The reading as typed goes into the lattice as such: entries are looked up
                // here only for a reading that needed a rule.
                if let Some(entries) = (total > 0).then(|| dictionary.trie_entries(node)).flatten() {
                    // Its records are read once the search is done (`prefetch.rs`).
                    dictionary.prefetch_entry(entries.start);
                    self.record(HeardReading { link, node, end: 2 * next, cost: total, entries, omitted: s.omitted, final_wa: s.final_wa });
                }
                // Some key starts with these codes (the node exists): the match may go on.
                if !s.final_wa {
                    self.stack.push(Match { link, last: Some(s.reading), children: dictionary.trie_child_span(node), next, cost: total, omitted: s.omitted, geminated: s.geminated, n_added: s.n_added, exact: as_typed });
                }
            }
        }
        self.reach = reach;
        !stopped
    }

    /// Keeps `heard`, or only the cheaper of it and an earlier match of the same reading
    /// and end.
    fn record(&mut self, heard: HeardReading) {
        match self.found.iter_mut().find(|f| f.node == heard.node && f.end == heard.end && f.final_wa == heard.final_wa) {
            Some(f) if heard.cost < f.cost => (f.cost, f.omitted) = (heard.cost, heard.omitted),
            Some(_) => {}
            None => self.found.push(heard),
        }
    }
}

impl Buffers for HeardWalk {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let HeardWalk { stack, links, steps, found, reversed, reach: _ } = self;
        visit(stack);
        visit(links);
        visit(steps);
        visit(found);
        visit(reversed);
    }
}
