//! Building a lattice, start by start: the dictionary's keys as typed, the readings matched
//! through a listener's spellings (`heard/walk.rs`) and the particles written as heard, runs
//! of katakana, digits and Latin letters kept whole, the user's words, and the character as
//! typed where no word of one character covers it; then the conventional spellings, the word
//! boundaries the writer typed (`boundaries.rs`), and the grouping by position. Homophones no
//! search can take are left out as the words are pushed (`homophones.rs`).

use super::homophones::BestOfClass;
use super::kept::{Built, KeptStarts, Shape, StartRecord};
use super::{Lattice, Node, NodeText, TextSource, AS_TYPED_CHAR_COST, CONVENTIONAL_TEXT_COST, KATAKANA_RUN_COST, RUN_COST, USER_WORD_COST};
use crate::conversion::conventional::{SpellingIndex, SpellingMatch};
use crate::conversion::foreign::{self, ForeignRequest};
use crate::conversion::heard::memo::WalkMemo;
use crate::conversion::heard::walk::{HeardWalk, Input, StartKeys};
use crate::conversion::written::{Written, WrittenWord};
use crate::conversion::heard::{self, HeardCosts};
use crate::conversion::numbers::{self, NumberCosts, NumberRequest};
use crate::conversion::input::{class_of, lookup_char, CharClass};
use crate::conversion::spare;
use crate::dictionary::format::SpecialId;
use crate::dictionary::Dictionary;
use crate::limits;
use crate::user::UserData;
use std::borrow::Cow;
use std::ops::Range;

/// What a lattice is built over and what shapes it. [`LatticeRequest::new`] gives the
/// lattice of the reading as typed, every word kept; the fields say what else.
#[derive(Clone, Copy)]
pub struct LatticeRequest<'a> {
    /// The input: kana, digits, punctuation — any text.
    pub reading: &'a str,
    /// Words are also matched through the spellings of a listener, at these costs.
    pub heard: Option<&'a HeardCosts>,
    /// The conventional spellings (`Токио` → 東京): matched with `heard`; and whatever
    /// `heard`, the Japanese names among the writer's typed words (`foreign`).
    pub spellings: Option<&'a SpellingIndex>,
    /// The user dictionary: its words join with the ids of their classes.
    pub user: Option<&'a UserData>,
    /// The reading follows a word (the left context, `context.rs`): a particle written as
    /// heard may stand at its very start (`ва` after 私).
    pub particle_at_start: bool,
    /// Word boundaries the writer typed (character positions inside the reading): no word
    /// spans one but a word split where kanji meet kana (`boundaries.rs`), and a word typed as
    /// one kana stands alone before one, as at the end.
    pub boundaries: &'a [usize],
    /// The most texts any search over the lattice keeps (1 for the best path only): the
    /// homophones such searches can never take are left out (`homophones.rs`), where no space
    /// was typed (a space may take the cheaper word out and keep a dearer one). None keeps
    /// every word.
    pub most_texts_searched: Option<usize>,
    /// The characters whose words `most_texts_searched` is for (a segment whose candidates
    /// alone are searched, `rust_segment_candidates`); a word starting elsewhere is only ever on
    /// the best path, so one text is kept there. None: everywhere. (Start and end, in
    /// characters: a pair keeps the request `Copy`.)
    pub texts_within: Option<(usize, usize)>,
    /// What the writer typed for spans of the reading: their own words' foreign forms join
    /// the lattice (`foreign.rs`).
    pub foreign: Option<ForeignRequest<'a>>,
    /// Numbers read in kana become words of the number class, at these costs (`numbers/`).
    pub numbers: Option<&'a NumberCosts>,
}

impl<'a> LatticeRequest<'a> {
    /// The lattice of `reading` as typed, every word kept.
    pub fn new(reading: &'a str) -> LatticeRequest<'a> {
        LatticeRequest { reading, heard: None, spellings: None, user: None, particle_at_start: false, boundaries: &[], most_texts_searched: None, texts_within: None, foreign: None, numbers: None }
    }
}

impl Lattice {
    /// The lattice `request` asks for, its nodes grouped by position, ready to be searched.
    pub fn build(dictionary: &Dictionary, request: &LatticeRequest) -> Lattice {
        let mut lattice = spare::take::<Lattice>().unwrap_or_default();
        lattice.lineage.clear();
        lattice.chars.extend(request.reading.chars());
        // The input as the dictionary is looked up (`lookup_char`) and its key codes, read at
        // every start: held apart from the lattice while it grows, then kept with it again.
        let mut lookup = std::mem::take(&mut lattice.lookup);
        lookup.clear();
        lookup.extend(lattice.chars.iter().map(|&c| lookup_char(c)));
        let mut codes = std::mem::take(&mut lattice.codes);
        codes.clear();
        codes.extend(lookup.iter().map(|&c| dictionary.code_of(c).unwrap_or(0)));
        lattice.push_words(dictionary, request, &lookup, &codes);
        let from_starts = lattice.nodes.len();
        (lattice.lookup, lattice.codes) = (lookup, codes);
        if let (Some(costs), Some(spellings)) = (request.heard, request.spellings) {
            for found in spellings.find_in(&lattice.chars) {
                lattice.push_spelling(dictionary, &found, costs.conventional);
            }
        }
        // The spaces are enforced in the lattice, where a word the writer split may still
        // span one (HeardCosts::split_word), not as cuts of the searches.
        lattice.enforce_boundaries(dictionary, request.boundaries, request.heard.map(|c| c.split_word));
        lattice.lineage.starts_changed |= !request.boundaries.is_empty();
        // After the spaces: a number spans the spaces between its numeral words.
        if let Some(costs) = request.numbers {
            let request = NumberRequest { costs, boundaries: request.boundaries, heard: request.heard };
            for word in numbers::words(dictionary, &lattice.chars, &request) {
                lattice.push_word_text(Span { start: word.start, end: word.end }, &word.text, (word.class, word.cost), TextSource::Number);
            }
        }
        // After the spaces: a form of several typed words (`Новая Зеландия`) spans them.
        if let Some(foreign) = &request.foreign {
            lattice.push_foreign(dictionary, foreign, request.spellings);
        }
        // Without spaces no word of the starts was taken out: those after `from_starts` were added.
        let added = lattice.nodes.get(from_starts..).unwrap_or(&[]).iter().map(|n| n.start as usize).min();
        lattice.lineage.added_from = added.unwrap_or(lattice.positions());
        lattice.finish();
        lattice
    }

    /// Every word, start by start (the input is `lookup`, with key codes `codes`).
    ///
    /// Shaped by measurement (callgrind): one loop around the as-heard walk, with what it reads
    /// passed in as arguments and what it works in held in locals, inlined into `build`. With
    /// the walk's loop nested in this one the compiler takes the trie lookups the walk makes
    /// for hot and inlines them, and it knows that nothing the loop writes changes what it
    /// reads through a shared reference or a local, so it reads the dictionary's sections
    /// once. A function per start, the dictionary and the buffers held in a struct, or this
    /// function out of line cost 1–7 % of a conversion's instructions.
    #[inline(always)]
    fn push_words(&mut self, dictionary: &Dictionary, request: &LatticeRequest, lookup: &[char], codes: &[u8]) {
        let site = Site { dictionary, request, lookup, codes };
        let n = lookup.len();
        let noun = dictionary.special_id(SpecialId::Noun);
        let mut walk = std::mem::take(&mut self.heard_walk);
        let mut classes = std::mem::take(&mut self.best_of_class);
        let texts = request.most_texts_searched.filter(|_| request.boundaries.is_empty()).map(|texts| texts.max(1));
        let mut best_of_class = texts.map(|texts| {
            classes.prepare(texts);
            &mut classes
        });
        let mut keys = StartKeys::new();
        // The walks of the last input on this thread that this one shares (`heard/memo.rs`).
        let mut memo = request.heard.and_then(|costs| WalkMemo::take(&Input { dictionary, lookup, costs }));
        // The words of each start that the last lattice on this thread gave as this one would
        // (`kept.rs`), copied instead of looked up: lattices as heard, without the user's words.
        let user_words = request.user.is_some_and(|u| !u.words.is_empty());
        let shape = request.heard.filter(|_| !user_words).map(|&heard| Shape {
            dictionary: dictionary.serial(),
            heard,
            particle_at_start: request.particle_at_start,
            texts,
            texts_within: request.texts_within,
        });
        let kept = KeptStarts::take(&self.chars, shape.as_ref());
        let shared = match (&kept, &shape) {
            (Some(kept), Some(shape)) => kept.shared(&self.chars, request.boundaries, shape),
            _ => 0,
        };
        let mut records: Vec<StartRecord> = Vec::with_capacity(if kept.is_some() { n } else { 0 });
        self.lineage.copied_from = kept.as_ref().map(KeptStarts::id);
        // Whether every start so far was copied (their words are then the first of both lattices).
        let mut leading = true;
        for start in 0..n {
            let (nodes_before, readings_before) = (self.nodes.len() as u32, self.readings.len() as u32);
            if let Some(kept) = kept.as_ref().filter(|k| k.copy_start(start, shared, &mut self.nodes, &mut self.readings)) {
                records.push(StartRecord { nodes: (nodes_before, self.nodes.len() as u32), readings: (readings_before, self.readings.len() as u32), horizon: kept.horizon(start) });
                if leading {
                    self.lineage.leading_ends.push(self.nodes.len() as u32);
                }
                continue;
            }
            leading = false;
            if let (Some(b), Some(texts), Some((from, to))) = (best_of_class.as_deref_mut(), texts, request.texts_within) {
                b.prepare(if (from..to).contains(&start) { texts } else { 1 });
            }
            let mut covered_one = false;
            // With spellings as heard, their walk follows the reading as typed too and gives its
            // keys; else (or if that walk stopped at its limit) the trie walk does.
            let walked = request.heard.is_some_and(|costs| {
                let input = Input { dictionary, lookup, costs };
                match memo.as_mut() {
                    Some(memo) => memo.find(&mut walk, &input, start, &mut keys),
                    None => walk.find(&input, start, &mut keys),
                }
            });
            // How far the words of this start read (`kept.rs`): the walk's reach; the trie's
            // reads are not recorded.
            let mut horizon = if walked { walk.reach().max(start + 1) } else { n + 1 };
            if !walked {
                keys.clear();
                dictionary.common_prefixes(&codes[start..], |len, entries| keys.push(dictionary, len, entries));
            }
            for (len, entries) in keys.as_slice().iter().cloned() {
                // Covered only by a node actually pushed: a key of a damaged file may have no
                // (readable) entries.
                let pushed = self.push_entries(dictionary, KeyWords { start: 2 * start, end: 2 * (start + len), entries, extra: 0, reading: None }, best_of_class.as_deref_mut(), |_| true);
                covered_one |= len == 1 && pushed > 0;
            }
            if let Some(costs) = request.heard {
                self.push_heard_words(site, start, &mut walk, best_of_class.as_deref_mut());
                self.push_heard_particles(site, start, costs);
            }
            let class = class_of(self.chars[start]);
            let run_start = start == 0 || class_of(self.chars[start - 1]) != class;
            // Only a run's start needs its end (finding it at every character was quadratic).
            let run_end = || (start..n).find(|&i| class_of(self.chars[i]) != class).unwrap_or(n);
            let run = match class {
                CharClass::Katakana if run_start => Some((dictionary.special_id(SpecialId::KatakanaNoun), KATAKANA_RUN_COST)),
                CharClass::Digit if run_start => Some((dictionary.special_id(SpecialId::Number), RUN_COST)),
                CharClass::Latin if run_start => Some((noun, RUN_COST)),
                _ => None,
            };
            if let Some((id, cost)) = run {
                let end = run_end();
                self.push_typed(start, end, id, cost);
                // The run's end was read: the next character's class, or the input's end.
                horizon = horizon.max(if end == n { n + 1 } else { end + 1 });
            }
            if let Some(user) = request.user.filter(|u| !u.words.is_empty()) {
                self.push_user_words(site, start, user);
            }
            if !covered_one {
                let id = if class == CharClass::Other { dictionary.special_id(SpecialId::Symbol) } else { noun };
                self.push_typed(start, start + 1, id, AS_TYPED_CHAR_COST);
            }
            if kept.is_some() {
                records.push(StartRecord { nodes: (nodes_before, self.nodes.len() as u32), readings: (readings_before, self.readings.len() as u32), horizon: horizon as u32 });
            }
        }
        if let Some(memo) = memo {
            memo.keep();
        }
        if let (Some(kept), Some(shape)) = (kept, shape) {
            self.lineage.id = Some(kept.keep(Built { chars: &self.chars, boundaries: request.boundaries, shape, nodes: &self.nodes, readings: &self.readings, starts: &records }));
        }
        self.heard_walk = walk;
        self.best_of_class = classes;
    }

    /// Nodes for the words of a key, those `keep` accepts by left id (and `best_of_class`
    /// admits, when given); returns how many.
    fn push_entries(&mut self, dictionary: &Dictionary, words: KeyWords, mut best_of_class: Option<&mut BestOfClass>, keep: impl Fn(u16) -> bool) -> usize {
        let KeyWords { start, end, entries, extra, reading } = words;
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
                Some(reading) => NodeText::OtherReading { entry: index, reading },
            };
            self.push(Node { start: start as u16, end: end as u16, left_id: e.left_id, right_id: e.right_id, cost: e.cost as i32 + extra, text });
            pushed += 1;
        }
        pushed
    }

    /// Words matched from `start` through a listener's spellings, as the walk found them
    /// (`HeardWalk::find`): each reading that needed at least one rule, once at its cheapest.
    fn push_heard_words(&mut self, site: Site, start: usize, walk: &mut HeardWalk, mut best_of_class: Option<&mut BestOfClass>) {
        let Site { dictionary, request, lookup, .. } = site;
        let Some(costs) = request.heard else { return };
        let n = lookup.len();
        let mut surface = String::new();
        for k in 0..walk.found().len() {
            let slot = self.readings.push_reversed(walk.reading_reversed(dictionary, walk.found()[k].link));
            let heard = &walk.found()[k];
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
            let stands_alone = heard.end == 2 * n || request.boundaries.contains(&(heard.end / 2));
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
                self.nodes.push(Node { start: 2 * start as u16, end: end as u16, left_id: e.left_id, right_id: e.right_id, cost: e.cost as i32 + cost + extra, text: NodeText::OtherReading { entry: index, reading: slot } });
            }
        }
    }

    /// Particles written as heard: わ/え/お standing for は/へ/を at `start`, and を/へ in the
    /// second half of a merged syllable (ほの = ほん + を).
    fn push_heard_particles(&mut self, site: Site, start: usize, costs: &HeardCosts) {
        let Site { dictionary, request, lookup, .. } = site;
        let c = lookup[start];
        // A particle follows a word: none at the start of the reading, unless a left
        // context stands before it.
        let sites = if start == 0 && !request.particle_at_start { [(None, 0), (heard::merged_particle(c), 1)] } else { [(heard::heard_particle(c), 2 * start), (heard::merged_particle(c), 2 * start + 1)] };
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
                self.push_entries(dictionary, KeyWords { start: from, end: 2 * start + 2, entries, extra: costs.particle, reading: Some(slot) }, None, |left| left == id);
            }
        }
    }

    /// User dictionary words whose reading starts at `start`.
    fn push_user_words(&mut self, site: Site, start: usize, user: &UserData) {
        let Site { dictionary, lookup, codes, .. } = site;
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
                let id = dictionary.special_id(word.class.special_id());
                self.push_word_text(Span { start, end: start + len }, &word.text, (id, cost), TextSource::UserWord);
            }
        }
    }

    /// The dictionary's words of a conventional spelling's reading written as its text, over
    /// the input it was found in, or the text as a noun when the dictionary has no such word;
    /// each costing `cost` more.
    fn push_spelling(&mut self, dictionary: &Dictionary, found: &SpellingMatch, cost: i32) {
        let SpellingMatch { start, end, reading, text } = *found;
        let words = WrittenWord { span: start..end, text: Cow::Borrowed(text), how: Written::Words { reading: Cow::Borrowed(reading), extra: cost } };
        if !self.push_written(dictionary, &words, TextSource::Conventional) {
            let noun = WrittenWord { how: Written::Text { class: SpecialId::Noun, cost: CONVENTIONAL_TEXT_COST + cost }, ..words };
            self.push_written(dictionary, &noun, TextSource::Conventional);
        }
    }

    /// The foreign words of the writer's typed words (`foreign.rs`): first the Japanese
    /// readings of names made dearer, then the foreign forms pushed.
    fn push_foreign(&mut self, dictionary: &Dictionary, request: &ForeignRequest, spellings: Option<&SpellingIndex>) {
        let planned = foreign::plan(dictionary, &self.chars, request, spellings, || self.uncovered());
        self.lineage.starts_changed |= !planned.names.is_empty();
        for &first in &planned.names {
            let at = 2 * first as u16;
            for node in &mut self.nodes {
                let own = matches!(node.text, NodeText::Text { source, .. } if source.keeps_its_cost_under_a_name());
                if node.start <= at && at < node.end && !own {
                    node.cost += request.costs.name;
                }
            }
        }
        for form in &planned.forms {
            self.push_written(dictionary, form, TextSource::Foreign);
        }
    }

    /// Pushes `word` as it says ([`Written`]): the dictionary's words of a reading written as
    /// its text, or the text itself (then from `source`); whether a node was pushed.
    fn push_written(&mut self, dictionary: &Dictionary, word: &WrittenWord, source: TextSource) -> bool {
        let span = Span { start: word.span.start, end: word.span.end };
        match &word.how {
            Written::Words { reading, extra } => {
                let mut slot = None;
                let readings = &mut self.readings;
                let nodes = &mut self.nodes;
                dictionary.each_written(reading, &word.text, |index, e| {
                    let reading = *slot.get_or_insert_with(|| readings.push(reading));
                    nodes.push(Node { start: 2 * span.start as u16, end: 2 * span.end as u16, left_id: e.left_id, right_id: e.right_id, cost: e.cost as i32 + extra, text: NodeText::OtherReading { entry: index, reading } });
                })
            }
            &Written::Text { class, cost } => {
                self.push_word_text(span, &word.text, (dictionary.special_id(class), cost), source);
                true
            }
        }
    }

    /// `text` over `span`, a word of class `id` at `cost`, from `source`.
    fn push_word_text(&mut self, span: Span, text: &str, (id, cost): (u16, i32), source: TextSource) {
        let index = self.texts.len() as u32;
        self.texts.push(text.to_string());
        self.push(Node { start: 2 * span.start as u16, end: 2 * span.end as u16, left_id: id, right_id: id, cost, text: NodeText::Text { index, source } });
    }

    fn push_typed(&mut self, start: usize, end: usize, id: u16, cost: i32) {
        self.push(Node { start: 2 * start as u16, end: 2 * end as u16, left_id: id, right_id: id, cost, text: NodeText::AsTyped });
    }
}

/// The words of one key found over `start..end` (doubled positions): dictionary entries
/// `entries`, costing `extra` more, found under the input as typed or under reading
/// `reading` (`Lattice::readings`).
struct KeyWords {
    start: usize,
    end: usize,
    entries: Range<u32>,
    extra: i32,
    reading: Option<u32>,
}

/// Characters `start..end` of the input.
#[derive(Clone, Copy)]
struct Span {
    start: usize,
    end: usize,
}

/// What building reads at every start: the dictionary, the request, and the input as the
/// dictionary is looked up with its key codes.
#[derive(Clone, Copy)]
struct Site<'a> {
    dictionary: &'a Dictionary,
    request: &'a LatticeRequest<'a>,
    lookup: &'a [char],
    codes: &'a [u8],
}

#[cfg(test)]
mod tests {
    use super::{Lattice, LatticeRequest, NodeText};
    use crate::conversion::heard::walk::{HeardWalk, Input, StartKeys};
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
        let costs = HeardCosts::default();
        let exact = Lattice::build(&d, &LatticeRequest::new(&reading));
        let heard = Lattice::build(&d, &LatticeRequest { heard: Some(&costs), ..LatticeRequest::new(&reading) });
        // Ten words as typed from each start (fewer near the end).
        assert_eq!(as_typed(&exact).len(), (0..30).map(|start: usize| (30 - start).min(10)).sum::<usize>());
        assert_eq!(as_typed(&heard), as_typed(&exact));
        // The as-heard search does reach its limit here (so the trie walk found the words above).
        let mut search = HeardWalk::default();
        let lookup: Vec<char> = reading.chars().collect();
        let mut keys = StartKeys::new();
        assert!(!search.find(&Input { dictionary: &d, lookup: &lookup, costs: &costs }, 0, &mut keys), "the search stopped at its limit");
    }
}
