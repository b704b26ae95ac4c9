//! The lattice over a reading (Mozc's immutable converter, simplified): at every
//! position, every dictionary word whose reading starts there — as typed, or through the
//! spellings of a listener (`heard.rs`) at a cost — plus nodes that keep any input
//! convertible (the character as typed, runs of katakana, digits and Latin letters), so
//! the lattice is never broken, whatever was typed.
//!
//! Positions are doubled: character boundary i is position 2i, and 2i + 1 is the middle
//! of character i, where a syllable n + vowel written for ん + particle (`ほの` for
//! ほん + を) is split. Only such particles start at a middle position.

use super::heard::{self, HeardCosts};
use super::spare;
use super::input::{class_of, lookup_char, CharClass};
use crate::dictionary::format::{self, SpecialId};
use crate::dictionary::reader::{ChildSpan, TrieNode};
use crate::dictionary::Dictionary;
use crate::limits;
use crate::user::UserData;
use std::ops::Range;

/// Where a node's text comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeText {
    /// A dictionary entry found under the reading as typed.
    Entry(u32),
    /// A dictionary entry found under another reading (`Lattice::readings[reading]`):
    /// the input was matched through a listener's spelling.
    Heard { entry: u32, reading: u32 },
    /// The input characters as typed.
    AsTyped,
    /// A word of the user dictionary (`Lattice::user_texts[index]`).
    User(u32),
}

/// A word spanning positions `start..end` (doubled, see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    pub start: u16,
    pub end: u16,
    pub left_id: u16,
    pub right_id: u16,
    /// Word cost (dictionary cost plus any cost of the spelling it was matched through).
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
/// Cost of a user dictionary word whose reading the dictionary does not have: a common
/// word's cost, so it wins over characters kept as typed and competes with dictionary words
/// like one of them. Where the dictionary has the reading, the user word costs one less than
/// its cheapest word there, so it comes first in the same context. Either way the word joins
/// with the ids of its class (`user::WordClass`), so what may follow it is its class's.
pub const USER_WORD_COST: i32 = 3_000;
/// Most lookups the listener's spellings may add at one position: bounds the work on
/// pathological input (a long run of vowels) without limiting real words.
const MAX_PROBES_PER_POSITION: usize = 600;

/// Slots of [`BestOfClass`]'s table: the classes of one key's words (about 20 for a common
/// reading, a few hundred at most).
const CLASS_SLOTS: usize = 256;

/// Of the words one key gives at one place, those the searches can take. A word of the same
/// class (left id, right id; here its part-of-speech pair's number, which only entries of one
/// class share) has the same connections on both sides: any path through a later word can take
/// an earlier one that costs no more instead, at no more cost and ahead of it in a tie (the
/// searches take the first in the lattice's order). So with `keep` earlier words of its class
/// costing no more, a word is never on the best path (`keep` 1), nor among the first `keep`
/// texts of a search by text: the builder keeps one copy of a word (reading, surface and
/// class), so those earlier words write `keep` texts of their own, each at no more cost.
/// Such homophones are 56 % of the nodes over the benchmark's readings for the best path, and
/// 11 % for the ten texts a segment of nine candidates searches.
#[derive(Default)]
struct BestOfClass {
    /// [`CLASS_SLOTS`] of them once prepared; kept with the lattice's buffers, since clearing
    /// a new table for every conversion was 3 % of a short one-best conversion.
    slots: Vec<ClassSlot>,
    /// How many words of a class a key keeps at most.
    keep: u32,
    /// The current key's number: slots of other numbers are free.
    key: u32,
    classes: usize,
}

#[derive(Clone, Copy)]
struct ClassSlot {
    key: u32,
    class: u32,
    /// How many more of the class's words are among its first `keep`.
    free: u32,
    /// The highest cost among the class's first `keep` words: a later word costing at
    /// least as much has `keep` earlier ones no dearer.
    bound: i32,
}

impl BestOfClass {
    /// Makes the table if this is its first use (a kept one needs nothing: slots of earlier
    /// keys are free), to keep `keep` words of a class.
    fn prepare(&mut self, keep: usize) {
        if self.slots.len() != CLASS_SLOTS {
            self.slots = vec![ClassSlot { key: 0, class: 0, free: 0, bound: 0 }; CLASS_SLOTS];
            self.key = 0;
        }
        self.keep = keep as u32;
    }

    /// The rank below which a key's words are taken (`keep`), when the rank the compiler
    /// recorded in each entry decides it (`format::CLASS_RANK_SHIFT`): a key's words come
    /// cheapest first, so when each costs the same extra the words this table would take are
    /// the first `keep` of each class, those of rank below `keep`, found without the table (a
    /// class past the table's load limit, which it takes whole, loses only words that `keep`
    /// earlier ones dominate). None for more texts than the ranks tell apart.
    fn by_rank(&self) -> Option<u32> {
        (self.keep <= format::CLASS_RANK_MAX).then_some(self.keep)
    }

    /// Whether the table has anything to decide for a key of `words` words: with no more
    /// words than `keep`, no class can have more than `keep`, and every word is taken.
    fn decides(&self, words: usize) -> bool {
        words > self.keep as usize
    }

    /// Starts the words of another key (or reading as heard).
    fn next_key(&mut self) {
        self.key = self.key.wrapping_add(1);
        if self.key == 0 {
            self.slots.iter_mut().for_each(|s| s.key = 0);
            self.key = 1;
        }
        self.classes = 0;
    }

    /// Whether a word of part-of-speech pair `pair` costing `cost` may be taken: fewer than
    /// `keep` earlier words of the key in its class cost as little. A class beyond the
    /// table's load limit is always admitted, which is safe.
    fn admits(&mut self, pair: u16, cost: i32) -> bool {
        let class = pair as u32;
        let mut i = (class.wrapping_mul(0x9E37_79B9) >> 24) as usize % CLASS_SLOTS;
        loop {
            let slot = &mut self.slots[i];
            if slot.key != self.key {
                if self.classes < CLASS_SLOTS * 3 / 4 {
                    *slot = ClassSlot { key: self.key, class, free: self.keep - 1, bound: cost };
                    self.classes += 1;
                }
                return true;
            }
            if slot.class == class {
                if slot.free > 0 {
                    // One of the class's first `keep`: always taken.
                    slot.free -= 1;
                    slot.bound = slot.bound.max(cost);
                    return true;
                }
                // A cheaper word taken after them leaves the bound as it is: which of the
                // kept is then the dearest is not known, and the bound stays safe.
                return cost < slot.bound;
            }
            i = (i + 1) % CLASS_SLOTS;
        }
    }
}

/// The readings `NodeText::Heard` nodes were found under, in one buffer: a heard conversion
/// finds a hundred or more, and a `String` each was most of its lattice's allocations.
#[derive(Debug, Clone, Default)]
pub struct Readings {
    text: String,
    /// Where each reading ends in `text` (it starts where the one before ends).
    ends: Vec<u32>,
}

impl Readings {
    /// The number of readings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Reading `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i] as usize);
        self.text.get(start..end)
    }

    /// Adds a reading, returning its index.
    pub fn push(&mut self, reading: &str) -> u32 {
        self.text.push_str(reading);
        self.close()
    }

    /// Ends the reading whose characters were appended to `text` since the last one.
    fn close(&mut self) -> u32 {
        self.ends.push(self.text.len() as u32);
        self.ends.len() as u32 - 1
    }

    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    fn buffer_bytes(&self) -> usize {
        self.text.capacity() + self.ends.capacity() * std::mem::size_of::<u32>()
    }
}

/// All nodes over a reading, indexed by start and end position.
pub struct Lattice {
    pub chars: Vec<char>,
    pub nodes: Vec<Node>,
    /// Readings of `NodeText::Heard` nodes.
    pub readings: Readings,
    /// Texts of `NodeText::User` nodes.
    pub user_texts: Vec<String>,
    /// Node indices by start position (doubled).
    pub starting: ByPosition,
    /// Node indices by end position (doubled).
    pub ending: ByPosition,
    /// The as-heard search's buffers, kept with the lattice's (`spare.rs`).
    heard_search: HeardSearch,
    /// The one-best lattice's table of classes, kept likewise.
    best_of_class: BestOfClass,
    /// The input as the dictionary is looked up (`lookup_char`) and its key codes, kept
    /// likewise.
    lookup: Vec<char>,
    codes: Vec<u8>,
}

/// Node indices grouped by position, in the order the nodes were pushed: one flat list and
/// where each position's run starts. Built once when the lattice is complete
/// ([`Lattice::finish`]): a list per position grew by reallocation at every push, a tenth of
/// a conversion's instructions.
#[derive(Debug, Clone, Default)]
pub struct ByPosition {
    /// `starts[pos]..starts[pos + 1]` is position `pos`'s run of `items`.
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl ByPosition {
    /// Groups `nodes` by `position(node)` (each below `positions`), keeping their order;
    /// fills its own buffers again (they may come from an earlier lattice, `spare.rs`).
    fn group(&mut self, positions: usize, nodes: &[Node], position: impl Fn(&Node) -> usize) {
        let ByPosition { starts, items } = self;
        starts.clear();
        starts.resize(positions + 1, 0);
        let mut in_order = true;
        // Words of one key (homophones) come one after another at the same position: a run is
        // counted in a register and added once (adding to the table word by word waited on
        // each store before the next load, half of this pass).
        let (mut run_at, mut run) = (usize::MAX, 0u32);
        for node in nodes {
            let p = position(node);
            if p == run_at {
                run += 1;
                continue;
            }
            if run_at != usize::MAX {
                starts[run_at + 1] += run;
                in_order &= p >= run_at;
            }
            (run_at, run) = (p, 1);
        }
        if run_at != usize::MAX {
            starts[run_at + 1] += run;
        }
        for p in 0..positions {
            starts[p + 1] += starts[p];
        }
        items.clear();
        if in_order {
            // Already grouped (the lattice pushes its nodes start by start): the runs are the
            // nodes themselves, in order.
            items.extend(0..nodes.len() as u32);
            return;
        }
        items.resize(nodes.len(), 0);
        // Each position's next free slot, kept in its own run's start until the pass is done
        // (then put back): no second table; the current run's in a register, as above.
        let (mut run_at, mut next) = (usize::MAX, 0u32);
        for (i, node) in nodes.iter().enumerate() {
            let p = position(node);
            if p != run_at {
                if run_at != usize::MAX {
                    starts[run_at] = next;
                }
                (run_at, next) = (p, starts[p]);
            }
            items[next as usize] = i as u32;
            next += 1;
        }
        if run_at != usize::MAX {
            starts[run_at] = next;
        }
        for p in (1..=positions).rev() {
            starts[p] = starts[p - 1];
        }
        starts[0] = 0;
    }

    /// How many nodes are grouped.
    fn len(&self) -> usize {
        self.items.len()
    }
}

impl std::ops::Index<usize> for ByPosition {
    type Output = [u32];

    fn index(&self, pos: usize) -> &[u32] {
        &self.items[self.starts[pos] as usize..self.starts[pos + 1] as usize]
    }
}

/// A partial match of a dictionary reading against the input, in the search below.
#[derive(Clone, Copy)]
struct Match {
    /// The last code of the reading matched so far, as a link to the codes before it
    /// (`HeardSearch::links`), or [`NO_LINK`] for none yet.
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
/// on while they load. Filled by the as-heard search or by the trie walk.
struct StartKeys {
    slots: [(usize, Range<u32>); format::MAX_KEY_CHARS],
    len: usize,
}

impl StartKeys {
    fn new() -> StartKeys {
        StartKeys { slots: std::array::from_fn(|_| (0, 0..0)), len: 0 }
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds the key of `len` input characters whose entries are `entries`.
    fn push(&mut self, dictionary: &Dictionary, len: usize, entries: Range<u32>) {
        dictionary.prefetch_entry(entries.start);
        if let Some(slot) = self.slots.get_mut(self.len) {
            *slot = (len, entries);
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[(usize, Range<u32>)] {
        &self.slots[..self.len]
    }
}

/// One code of a partial match and the link of the code before it: the matches of one
/// start position share their common beginnings instead of each copying its codes.
#[derive(Clone, Copy)]
struct Link {
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
struct HeardReading {
    /// The reading's last code (`HeardSearch::links`).
    link: u32,
    /// Its trie node: one node per reading, so two matches of the same reading share it.
    node: TrieNode,
    /// End position (doubled).
    end: usize,
    cost: i32,
    entries: Range<u32>,
    /// Long vowels left out (dearer in a word written without kanji).
    omitted: u8,
    final_wa: bool,
}

/// The as-heard search's buffers, reused from one start position to the next: allocating
/// them per match was most of the search's cost.
#[derive(Default)]
struct HeardSearch {
    stack: Vec<Match>,
    links: Vec<Link>,
    steps: Vec<Step>,
    found: Vec<HeardReading>,
    /// A reading's characters, last first (`HeardSearch::push_reading`).
    reversed: Vec<char>,
}

impl HeardSearch {
    /// A link for `code` after `previous`.
    fn link(&mut self, previous: u32, code: u8) -> u32 {
        self.links.push(Link { previous, code });
        self.links.len() as u32 - 1
    }

    /// Adds the reading a link ends, in dictionary characters, to `readings`; returns its index.
    fn push_reading(&mut self, dictionary: &Dictionary, mut link: u32, readings: &mut Readings) -> u32 {
        self.reversed.clear();
        while let Some(l) = self.links.get(link as usize) {
            self.reversed.extend(dictionary.char_of(l.code));
            link = l.previous;
        }
        readings.text.extend(self.reversed.iter().rev());
        readings.close()
    }

    fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.stack.capacity() * size_of::<Match>()
            + self.links.capacity() * size_of::<Link>()
            + self.steps.capacity() * size_of::<Step>()
            + self.found.capacity() * size_of::<HeardReading>()
            + self.reversed.capacity() * size_of::<char>()
    }

    /// Finds the readings that match the input from `start` through a listener's spellings
    /// (long vowels marked with ー or left out, a doubled consonant or ん written single, ぢ/づ
    /// as じ/ず, a final vowel left off, わ for a greeting's は, and words ending in the ん of a
    /// merged syllable), into `self.found`: those that needed at least one rule, each once at its
    /// cheapest. The walk follows the input as typed too, since the rules branch off it: the
    /// keys it finds so (shortest first, as `Dictionary::common_prefixes` gives them) go into
    /// `exact`. False when the walk stopped at its limit ([`MAX_PROBES_PER_POSITION`]): the
    /// keys as typed are then to be found by the trie walk.
    fn find(&mut self, dictionary: &Dictionary, lookup: &[char], start: usize, costs: &HeardCosts, exact: &mut StartKeys) -> bool {
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
        while let Some(m) = self.stack.pop() {
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

impl spare::Reusable for Lattice {
    const SPARE: &'static std::thread::LocalKey<std::cell::RefCell<Option<Lattice>>> = &spare::SPARE_LATTICE;

    /// Empties the lattice and moves its buffers (their room kept) into a new one.
    fn take_buffers(&mut self) -> Lattice {
        let mut lattice = Lattice {
            chars: std::mem::take(&mut self.chars),
            nodes: std::mem::take(&mut self.nodes),
            readings: std::mem::take(&mut self.readings),
            user_texts: std::mem::take(&mut self.user_texts),
            starting: std::mem::take(&mut self.starting),
            ending: std::mem::take(&mut self.ending),
            heard_search: std::mem::take(&mut self.heard_search),
            best_of_class: std::mem::take(&mut self.best_of_class),
            lookup: std::mem::take(&mut self.lookup),
            codes: std::mem::take(&mut self.codes),
        };
        lattice.chars.clear();
        lattice.nodes.clear();
        lattice.readings.clear();
        lattice.user_texts.clear();
        lattice.starting.items.clear();
        lattice.ending.items.clear();
        lattice
    }

    /// Bytes of room its buffers hold (what keeping them for the next lattice costs).
    fn buffer_bytes(&self) -> usize {
        use std::mem::size_of;
        self.chars.capacity() * size_of::<char>()
            + self.nodes.capacity() * size_of::<Node>()
            + (self.starting.starts.capacity() + self.starting.items.capacity() + self.ending.starts.capacity() + self.ending.items.capacity()) * size_of::<u32>()
            + self.readings.buffer_bytes()
            + self.heard_search.buffer_bytes()
            + self.user_texts.capacity() * size_of::<String>()
            + self.best_of_class.slots.capacity() * size_of::<ClassSlot>()
            + self.lookup.capacity() * size_of::<char>()
            + self.codes.capacity()
    }
}

impl Drop for Lattice {
    /// Leaves the buffers for the next lattice on this thread (`spare.rs`).
    fn drop(&mut self) {
        if !std::thread::panicking() {
            spare::keep(self);
        }
    }
}

impl Lattice {
    /// Builds the lattice of `reading` (kana, digits, punctuation — any text). With
    /// `heard`, words are also matched through the spellings of a listener; with `user`, the
    /// words of the user dictionary join with the ids of their classes.
    pub fn build(dictionary: &Dictionary, reading: &str, heard: Option<&HeardCosts>, user: Option<&UserData>) -> Lattice {
        Lattice::build_after(dictionary, reading, heard, user, false)
    }

    /// [`Lattice::build`] for a reading that follows a word (the left context,
    /// `context.rs`): with `particle_at_start`, a particle written as heard may stand at the
    /// very start of the reading (`ва` after 私).
    pub fn build_after(dictionary: &Dictionary, reading: &str, heard: Option<&HeardCosts>, user: Option<&UserData>, particle_at_start: bool) -> Lattice {
        let mut lattice = Lattice::build_in(dictionary, reading, heard, user, particle_at_start, &[], None);
        lattice.finish();
        lattice
    }

    /// [`Lattice::build_after`] for a reading with word boundaries the writer typed
    /// (`boundaries`, character positions; see [`Lattice::enforce_boundaries`], which the
    /// caller applies too): a word typed as one kana stands alone before one, as at the end.
    /// The lattice is left unfinished: the caller adds what else it has (the conventional
    /// spellings), enforces the boundaries, then groups the nodes once ([`Lattice::finish`]).
    /// With `texts`, the most texts any search over the lattice keeps (1 for the best path
    /// only), the homophones such searches can never take are left out ([`BestOfClass`])
    /// where no space was typed (a space may take the cheaper word out and keep a dearer one,
    /// [`Lattice::enforce_boundaries`]); without it, every word stays.
    pub fn build_in(dictionary: &Dictionary, reading: &str, heard: Option<&HeardCosts>, user: Option<&UserData>, particle_at_start: bool, boundaries: &[usize], texts: Option<usize>) -> Lattice {
        let mut lattice = spare::take::<Lattice>().unwrap_or_else(|| Lattice {
            chars: Vec::new(),
            nodes: Vec::new(),
            readings: Readings::default(),
            user_texts: Vec::new(),
            starting: ByPosition::default(),
            ending: ByPosition::default(),
            heard_search: HeardSearch::default(),
            best_of_class: BestOfClass::default(),
            lookup: Vec::new(),
            codes: Vec::new(),
        });
        lattice.chars.extend(reading.chars());
        let n = lattice.chars.len();
        let mut lookup = std::mem::take(&mut lattice.lookup);
        lookup.clear();
        lookup.extend(lattice.chars.iter().map(|&c| lookup_char(c)));
        let mut codes = std::mem::take(&mut lattice.codes);
        codes.clear();
        codes.extend(lookup.iter().map(|&c| dictionary.code_of(c).unwrap_or(0)));
        let noun = dictionary.special_id(SpecialId::Noun);
        let mut search = std::mem::take(&mut lattice.heard_search);
        let mut classes = std::mem::take(&mut lattice.best_of_class);
        let mut best_of_class = texts.filter(|_| boundaries.is_empty()).map(|texts| {
            classes.prepare(texts.max(1));
            &mut classes
        });
        let mut keys = StartKeys::new();
        for start in 0..n {
            let mut covered_one = false;
            // With spellings as heard, their search walks the reading as typed too and gives
            // its keys; else (or if that search stopped at its limit) the trie walk does.
            if !heard.is_some_and(|costs| search.find(dictionary, &lookup, start, costs, &mut keys)) {
                keys.clear();
                dictionary.common_prefixes(&codes[start..], |len, entries| keys.push(dictionary, len, entries));
            }
            for (len, entries) in keys.as_slice().iter().cloned() {
                // Covered only by a node actually pushed: a key of a damaged file may have no
                // (readable) entries.
                let pushed = lattice.push_entries(dictionary, 2 * start, 2 * (start + len), entries, 0, None, best_of_class.as_deref_mut(), |_| true);
                covered_one |= len == 1 && pushed > 0;
            }
            if let Some(costs) = heard {
                lattice.push_heard_words(dictionary, &lookup, start, costs, boundaries, &mut search, best_of_class.as_deref_mut());
                lattice.push_heard_particles(dictionary, &lookup, start, costs, particle_at_start);
            }
            let class = class_of(lattice.chars[start]);
            let run_start = start == 0 || class_of(lattice.chars[start - 1]) != class;
            // Only a run's start needs its end (finding it at every character was quadratic).
            let run_end = || (start..n).find(|&i| class_of(lattice.chars[i]) != class).unwrap_or(n);
            match class {
                CharClass::Katakana if run_start => {
                    let id = dictionary.special_id(SpecialId::KatakanaNoun);
                    lattice.push_typed(start, run_end(), id, KATAKANA_RUN_COST);
                }
                CharClass::Digit if run_start => {
                    let id = dictionary.special_id(SpecialId::Number);
                    lattice.push_typed(start, run_end(), id, RUN_COST);
                }
                CharClass::Latin if run_start => lattice.push_typed(start, run_end(), noun, RUN_COST),
                _ => {}
            }
            if let Some(user) = user.filter(|u| !u.words.is_empty()) {
                lattice.push_user_words(dictionary, &lookup, &codes, start, user);
            }
            if !covered_one {
                let id = if class == CharClass::Other { dictionary.special_id(SpecialId::Symbol) } else { noun };
                lattice.push_typed(start, start + 1, id, AS_TYPED_CHAR_COST);
            }
        }
        lattice.heard_search = search;
        lattice.best_of_class = classes;
        lattice.lookup = lookup;
        lattice.codes = codes;
        lattice
    }

    /// Nodes for the entries `entries` of a reading over `start..end`, those `keep` accepts
    /// by left id (and `best_of_class` admits, when given).
    #[allow(clippy::too_many_arguments)]
    fn push_entries(&mut self, dictionary: &Dictionary, start: usize, end: usize, entries: Range<u32>, extra: i32, reading: Option<u32>, mut best_of_class: Option<&mut BestOfClass>, keep: impl Fn(u16) -> bool) -> usize {
        let mut pushed = 0;
        let by_rank = best_of_class.as_ref().and_then(|b| b.by_rank());
        if let Some(b) = best_of_class.as_mut().filter(|_| by_rank.is_none()) {
            b.next_key();
        }
        for index in entries {
            if let Some(keep) = by_rank {
                // The word's rank in its class, from the record alone (a word left out costs
                // one read), where the table would hash its class: most of a one-best
                // lattice's words of a common reading are left out.
                if dictionary.entry_rank(index).is_none_or(|rank| rank >= keep) {
                    continue;
                }
            } else if let Some(b) = best_of_class.as_mut() {
                // Class and cost first, from the record alone: a word left out costs no read
                // of its ids. (Before `keep`, which decides by left id, so alike for a class.)
                let Some((pair, cost)) = dictionary.entry_class(index) else { continue };
                if !b.admits(pair, cost as i32 + extra) {
                    continue;
                }
            }
            let Some(e) = dictionary.entry(index) else { continue };
            if !keep(e.left_id) {
                continue;
            }
            let text = match reading {
                None => NodeText::Entry(index),
                Some(reading) => NodeText::Heard { entry: index, reading },
            };
            self.push(Node { start: start as u16, end: end as u16, left_id: e.left_id, right_id: e.right_id, cost: e.cost as i32 + extra, text });
            pushed += 1;
        }
        pushed
    }

    /// Words matched from `start` through a listener's spellings, as `HeardSearch::find` found
    /// them: each reading that needed at least one rule, once at its cheapest.
    #[allow(clippy::too_many_arguments)]
    fn push_heard_words(&mut self, dictionary: &Dictionary, lookup: &[char], start: usize, costs: &HeardCosts, boundaries: &[usize], search: &mut HeardSearch, mut best_of_class: Option<&mut BestOfClass>) {
        let n = lookup.len();
        let mut surface = String::new();
        for k in 0..search.found.len() {
            let slot = search.push_reading(dictionary, search.found[k].link, &mut self.readings);
            let heard = &search.found[k];
            let reading = self.readings.get(slot as usize).unwrap_or("");
            // A long vowel left out is how a listener writes a kanji word (Токё for 東京), and
            // also kana words and loanwords (ありがと, こひ), but short kana words match long
            // ones so often (よ as よう, して as してい) that a word written without kanji pays
            // more for each vowel it needed (HeardCosts::long_omitted_kana).
            let kana_extra = i32::from(heard.omitted) * (costs.long_omitted_kana - costs.long_omitted);
            // One typed kana with a long vowel left out of a word written without kanji (よ as
            // よう): only where the writer ended a word (`со` alone or before a space for そう),
            // not inside a run, where it competes with every parse of the run (よにも read as
            // ようにも). Measured on the development halves (docs/CONVERSION.md); the same
            // limit on っ and ん added to one kana lost on the every-っ-dropped spelling.
            let one_kana = heard.end == 2 * start + 2 && heard.omitted > 0;
            let stands_alone = heard.end == 2 * n || boundaries.contains(&(heard.end / 2));
            let (end, cost, final_wa) = (heard.end, heard.cost, heard.final_wa);
            // Most readings as heard have too few words for the table to decide anything.
            let mut classes = best_of_class.as_deref_mut().filter(|b| b.decides(heard.entries.len()));
            if let Some(b) = classes.as_mut() {
                b.next_key();
            }
            for index in heard.entries.clone() {
                let Some(e) = dictionary.entry(index) else { continue };
                if final_wa {
                    surface.clear();
                    dictionary.push_surface(&e, reading, &mut surface);
                    if !surface.ends_with('は') {
                        continue;
                    }
                }
                if one_kana && !stands_alone && !e.has_kanji() {
                    continue;
                }
                // Whether the surface has a kanji is recorded per entry by the compiler.
                let extra = if e.has_kanji() { 0 } else { kana_extra };
                if let Some(b) = classes.as_mut() {
                    if !b.admits(e.pair(), e.cost as i32 + cost + extra) {
                        continue;
                    }
                }
                self.nodes.push(Node { start: 2 * start as u16, end: end as u16, left_id: e.left_id, right_id: e.right_id, cost: e.cost as i32 + cost + extra, text: NodeText::Heard { entry: index, reading: slot } });
            }
        }
    }

    /// Particles written as heard: わ/え/お standing for は/へ/を at `start`, and を/へ in the
    /// second half of a merged syllable (ほの = ほん + を).
    fn push_heard_particles(&mut self, dictionary: &Dictionary, lookup: &[char], start: usize, costs: &HeardCosts, particle_at_start: bool) {
        let c = lookup[start];
        // A particle follows a word: none at the start of the reading, unless a left
        // context stands before it.
        let sites = if start == 0 && !particle_at_start { [(None, 0), (heard::merged_particle(c), 1)] } else { [(heard::heard_particle(c), 2 * start), (heard::merged_particle(c), 2 * start + 1)] };
        for (particle, from) in sites {
            let Some(particle) = particle else { continue };
            let Some(code) = dictionary.code_of(particle) else { continue };
            let role = match particle {
                'は' => SpecialId::ParticleWa,
                'へ' => SpecialId::ParticleE,
                _ => SpecialId::ParticleO,
            };
            let id = dictionary.special_id(role);
            if let (_, Some(entries)) = dictionary.probe(&[code]) {
                let slot = self.readings.push(particle.encode_utf8(&mut [0; 4]));
                self.push_entries(dictionary, from, 2 * start + 2, entries, costs.particle, Some(slot), None, |left| left == id);
            }
        }
    }

    /// Enforces the word boundaries the writer typed as spaces (`cuts`, doubled positions):
    /// a node spanning one is taken out of the lattice, unless `split_word` is given and the
    /// node is a dictionary word whose written form can be cut at each space it spans where
    /// kanji meet kana (see [`cuttable_at`]): 特|に for `току ни`, 世|の|中 for `ё но нака`,
    /// 持て|余す for `мотэ амасу` — the learner's habit of writing particles and endings apart
    /// splits what Japanese keeps as one word. Such a node costs `split_word` more. A compound
    /// written in kanji only (中野 for `нака но`) is never cut. Runs before [`Lattice::finish`].
    pub fn enforce_boundaries(&mut self, dictionary: &Dictionary, cuts: &[usize], split_word: Option<i32>) {
        if cuts.is_empty() {
            return;
        }
        let mut surface = String::new();
        let mut removed = vec![false; self.nodes.len()];
        for (i, node) in self.nodes.iter_mut().enumerate() {
            let (s, e) = (node.start as usize, node.end as usize);
            // The cuts inside the node (no list per node: this runs for every node).
            let crossed = || cuts.iter().copied().filter(move |&c| s < c && c < e);
            if crossed().next().is_none() {
                continue;
            }
            let keep = split_word.is_some_and(|_| {
                // The reading the node's word was found under must map one to one onto the
                // input it covers, so the spaces fall at known places in it.
                let typed: Vec<char> = self.chars[s / 2..e.div_ceil(2)].iter().map(|&c| lookup_char(c)).collect();
                let (entry, reading): (u32, Vec<char>) = match node.text {
                    NodeText::Entry(entry) if s % 2 == 0 && e % 2 == 0 => (entry, typed.clone()),
                    NodeText::Heard { entry, reading } if s % 2 == 0 && e % 2 == 0 => (entry, self.readings.get(reading as usize).map(|r| r.chars().collect()).unwrap_or_default()),
                    _ => return false,
                };
                if reading.len() != typed.len() {
                    return false;
                }
                let Some(e) = dictionary.entry(entry) else { return false };
                surface.clear();
                dictionary.push_surface(&e, &reading.iter().collect::<String>(), &mut surface);
                let surface: Vec<char> = surface.chars().collect();
                crossed().all(|c| cuttable_at(&surface, &reading, (c - s) / 2))
            });
            if keep {
                node.cost += split_word.unwrap_or(0);
            } else {
                removed[i] = true;
            }
        }
        // Before `finish`, nothing refers to a node by its index: the nodes taken out are
        // dropped, the rest keep their order.
        let mut index = 0;
        self.nodes.retain(|_| {
            index += 1;
            !removed[index - 1]
        });
    }

    /// User dictionary words whose reading starts at `start`.
    fn push_user_words(&mut self, dictionary: &Dictionary, lookup: &[char], codes: &[u8], start: usize, user: &UserData) {
        let mut key = String::new();
        for len in 1..=(lookup.len() - start).min(limits::MAX_USER_READING_CHARS) {
            key.push(lookup[start + len - 1]);
            let Some(words) = user.words.get(&key) else { continue };
            let cheapest = if codes[start..start + len].contains(&0) {
                None
            } else {
                dictionary.probe(&codes[start..start + len]).1.and_then(|entries| entries.filter_map(|i| dictionary.entry(i)).map(|e| e.cost as i32).min())
            };
            let cost = cheapest.map_or(USER_WORD_COST, |c| USER_WORD_COST.min(c - 1));
            for word in words {
                let index = self.user_texts.len() as u32;
                self.user_texts.push(word.text.clone());
                let id = dictionary.special_id(word.class.special_id());
                self.push(Node { start: 2 * start as u16, end: 2 * (start + len) as u16, left_id: id, right_id: id, cost, text: NodeText::User(index) });
            }
        }
    }

    fn push_typed(&mut self, start: usize, end: usize, id: u16, cost: i32) {
        self.push(Node { start: 2 * start as u16, end: 2 * end as u16, left_id: id, right_id: id, cost, text: NodeText::AsTyped });
    }

    /// Adds a node; [`Lattice::finish`] must run before the lattice is searched again.
    pub fn push(&mut self, node: Node) {
        self.nodes.push(node);
    }

    /// Groups the nodes by start and end position, after the last [`Lattice::push`].
    pub fn finish(&mut self) {
        let positions = self.positions();
        self.starting.group(positions, &self.nodes, |n| n.start as usize);
        self.ending.group(positions, &self.nodes, |n| n.end as usize);
    }

    /// Whether every node is grouped by position (no push since [`Lattice::finish`]).
    pub fn is_finished(&self) -> bool {
        self.starting.len() == self.nodes.len() && self.ending.len() == self.nodes.len()
    }

    /// How many (doubled) positions the lattice has: the boundaries and middles of its
    /// characters, 0 to 2 × len inclusive.
    pub fn positions(&self) -> usize {
        2 * self.chars.len() + 1
    }

    /// Characters of the input.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The input characters a node covers, whole characters only.
    fn typed_range(node: &Node) -> Range<usize> {
        node.start as usize / 2..(node.end as usize).div_ceil(2)
    }

    /// The text a node stands for.
    pub fn push_text(&self, dictionary: &Dictionary, node: &Node, out: &mut String) {
        match node.text {
            NodeText::AsTyped => out.extend(&self.chars[Self::typed_range(node)]),
            NodeText::User(index) => out.push_str(self.user_texts.get(index as usize).map_or("", String::as_str)),
            NodeText::Entry(entry) => {
                // This runs for every path the candidate search pops: build the reading only
                // for a surface written in katakana (pooled ones need none, a surface that is
                // the reading is written from the input directly).
                let typed = || self.chars[Self::typed_range(node)].iter().map(|&c| lookup_char(c));
                match dictionary.entry(entry) {
                    Some(e) if e.surface_is_pooled() => dictionary.push_surface(&e, "", out),
                    Some(e) if e.surface_is_reading() => out.extend(typed()),
                    // Written from the input too, without a reading made for it first.
                    Some(e) if e.surface_is_katakana() => out.extend(typed().map(crate::kana_script::katakana_char)),
                    Some(e) => dictionary.push_surface(&e, &typed().collect::<String>(), out),
                    None => out.extend(typed()),
                }
            }
            NodeText::Heard { entry, reading } => {
                let reading = self.readings.get(reading as usize).unwrap_or("");
                match dictionary.entry(entry) {
                    Some(e) => dictionary.push_surface(&e, reading, out),
                    None => out.push_str(reading),
                }
            }
        }
    }
}

/// Whether a word written `surface` and read `reading` can be cut after `at` characters of its
/// reading at a place where its written form goes from kanji to kana or from kana to kanji (or
/// between two kana): its kana are matched to the reading one to one, each run of other
/// characters to at least one reading character, and some such alignment puts a cut at `at`
/// next to a kana. 特に (とくに) can be cut after とく, 世の中 (よのなか) after よ and after
/// よの, 持て余す (もてあます) after もて; 中野 (なかの) nowhere.
pub fn cuttable_at(surface: &[char], reading: &[char], at: usize) -> bool {
    fn kana(c: char) -> Option<char> {
        match c {
            'ぁ'..='ゖ' => Some(c),
            'ァ'..='ヶ' => char::from_u32(c as u32 - 0x60),
            'ー' => Some(c),
            _ => None,
        }
    }
    // Units: a kana (one reading character) or a run of other characters (one or more).
    let mut units: Vec<Option<char>> = Vec::new();
    for &c in surface {
        match kana(c) {
            Some(k) => units.push(Some(k)),
            None if units.last() == Some(&None) => {}
            None => units.push(None),
        }
    }
    // Depth-first over alignments; `cut_ok` says whether `at` fell between units next to a kana.
    fn walk(units: &[Option<char>], reading: &[char], unit: usize, pos: usize, at: usize, cut_ok: bool, budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        // A cut at `at` between unit-1 and unit: allowed when one of them is a kana.
        let cut_ok = cut_ok || (pos == at && unit > 0 && unit < units.len() && (units[unit - 1].is_some() || units[unit].is_some()));
        if unit == units.len() {
            return pos == reading.len() && cut_ok;
        }
        if pos > at && !cut_ok {
            return false;
        }
        match units[unit] {
            Some(k) => pos < reading.len() && reading[pos] == k && walk(units, reading, unit + 1, pos + 1, at, cut_ok, budget),
            None => (pos + 1..=reading.len()).any(|next| walk(units, reading, unit + 1, next, at, cut_ok, budget)),
        }
    }
    if at == 0 || at >= reading.len() {
        return false;
    }
    let mut budget = 4_096;
    walk(&units, reading, 0, 0, at, false, &mut budget)
}

#[cfg(test)]
mod tests {
    use super::{ByPosition, Lattice, Node, NodeText};
    use crate::conversion::heard::HeardCosts;
    use crate::dictionary::builder::{self, BuildOptions, MatrixCells, SourceEntry, SourceMatrix};
    use crate::dictionary::format::SPECIAL_ID_COUNT;
    use crate::dictionary::Dictionary;

    /// The as-heard search also walks the reading as typed and gives its keys; where it stops
    /// at its limit of lookups (a run of vowels, each of which may lengthen), the keys as typed
    /// are still all in the lattice, found by the trie walk instead. Every reading of up to 10
    /// kana of お with at most three う or ー among them is a word, so a run of お has thousands
    /// of readings as heard (a long vowel left out, as う or as ー) from each start.
    #[test]
    fn the_words_as_typed_are_all_in_the_lattice_when_the_as_heard_search_stops_at_its_limit() {
        let mut entries = Vec::new();
        for len in 1..=10u32 {
            for digits in 0..3u32.pow(len) {
                let reading: String = (0..len).map(|i| ['お', 'う', 'ー'][(digits / 3u32.pow(i) % 3) as usize]).collect();
                if reading.chars().filter(|&c| c != 'お').count() <= 3 {
                    entries.push(SourceEntry { reading, surface: "語".to_string(), left_id: 1, right_id: 1, cost: 100 });
                }
            }
        }
        let matrix = SourceMatrix { left_ids: 2, right_ids: 2, costs: vec![10; 4] };
        let options = BuildOptions { metadata: Vec::new(), special_ids: [1; SPECIAL_ID_COUNT], matrix_cells: MatrixCells::Exact, attach_contexts: Vec::new() };
        let d = Dictionary::from_vec(builder::build(&entries, &matrix, &options).unwrap()).unwrap();
        let reading = "お".repeat(30);
        let as_typed = |lattice: &Lattice| -> Vec<(u16, u16, u32)> {
            lattice.nodes.iter().filter_map(|n| match n.text { NodeText::Entry(e) => Some((n.start, n.end, e)), _ => None }).collect()
        };
        let exact = Lattice::build(&d, &reading, None, None);
        let heard = Lattice::build(&d, &reading, Some(&HeardCosts::default()), None);
        // Ten words as typed from each start (fewer near the end).
        assert_eq!(as_typed(&exact).len(), (0..30).map(|start: usize| (30 - start).min(10)).sum::<usize>());
        assert_eq!(as_typed(&heard), as_typed(&exact));
        // The as-heard search does reach its limit here (so the trie walk found the words above).
        let mut search = super::HeardSearch::default();
        let lookup: Vec<char> = reading.chars().collect();
        let mut keys = super::StartKeys::new();
        assert!(!search.find(&d, &lookup, 0, &HeardCosts::default(), &mut keys), "the search stopped at its limit");
    }

    fn node(start: u16, end: u16) -> Node {
        Node { start, end, left_id: 1, right_id: 1, cost: 0, text: NodeText::AsTyped }
    }

    /// Grouping by position keeps each position's nodes in the lattice's order, whether the
    /// nodes come in order of the position (runs of one position, as homophones do) or not, and
    /// leaves positions without nodes empty.
    #[test]
    fn grouping_by_position_keeps_the_lattice_order_within_each_position() {
        let nodes = [node(0, 4), node(0, 4), node(0, 2), node(2, 4), node(2, 4), node(4, 6), node(1, 2), node(4, 8), node(4, 8), node(4, 8)];
        let expect = |position: &dyn Fn(&Node) -> usize, pos: usize| -> Vec<u32> { (0..nodes.len() as u32).filter(|&i| position(&nodes[i as usize]) == pos).collect() };
        let mut grouped = ByPosition::default();
        for (name, position) in [("start", &(|n: &Node| n.start as usize) as &dyn Fn(&Node) -> usize), ("end", &|n: &Node| n.end as usize)] {
            grouped.group(9, &nodes, position);
            assert_eq!(grouped.len(), nodes.len(), "{name}");
            for pos in 0..9 {
                assert_eq!(grouped[pos].to_vec(), expect(position, pos), "{name} {pos}");
            }
        }
        // In order of the position: the runs are the nodes themselves.
        let ordered = [node(0, 2), node(0, 4), node(2, 4), node(2, 6), node(2, 6)];
        grouped.group(7, &ordered, |n| n.start as usize);
        assert_eq!((grouped[0].to_vec(), grouped[1].to_vec(), grouped[2].to_vec()), (vec![0, 1], vec![], vec![2, 3, 4]));
    }
}
