//! Kana→kanji conversion over the compiled dictionary: the lattice, the path search,
//! segments with their candidates, resizing a segment, and prediction.
//!
//! [`Converter`] is immutable once built (like Mozc's immutable converter): every call
//! builds its own lattice, so calls from many threads need no locking.

pub mod api;
pub mod context;
pub mod conventional;
mod fnv;
pub mod foreign;
pub mod heard;
pub mod input;
pub mod lattice;
pub mod numbers;
pub mod prediction;
pub mod rewrite;
pub mod search;
pub mod segments;
mod spare;
mod written;

use crate::dictionary::Dictionary;
use crate::limits;
use conventional::SpellingIndex;
use context::LeftContext;
use crate::request::TypedWords;
use foreign::{ForeignCosts, ForeignRequest};
use heard::HeardCosts;
use numbers::NumberCosts;
use lattice::build::LatticeRequest;
use lattice::Lattice;
use rewrite::{EmojiTable, Rewrites, SegmentList};
use search::{Distinct, Forward, PathQuery, Search, Span};
use segments::{candidates, contexts, path_text, split, Candidate, SegmentQuery};
use crate::user::UserData;
use std::borrow::Cow;
use std::sync::Arc;

/// One segment of a conversion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// The reading it covers, as typed.
    pub reading: String,
    /// Candidates, best first; then what the rewriters add (dates, emoji); the list ends with
    /// the reading's script forms (`rewrite/`).
    pub candidates: Vec<Candidate>,
}

/// The result of converting a reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    pub reading: String,
    pub segments: Vec<Segment>,
    /// The best whole-reading conversions, best first (the first is the segments' first
    /// candidates joined).
    pub alternatives: Vec<String>,
}

impl Conversion {
    /// The best conversion: every segment's first candidate.
    pub fn best_text(&self) -> String {
        self.segments.iter().filter_map(|s| s.candidates.first()).map(|c| c.text.as_str()).collect()
    }

    /// Segment lengths in characters.
    pub fn segment_lengths(&self) -> Vec<usize> {
        self.segments.iter().map(|s| s.reading.chars().count()).collect()
    }
}

/// A conversion request. [`Request::new`] asks for the best conversion of a reading as
/// typed and nothing else; the fields say what more (`Request { candidates: 9, heard: true,
/// ..Request::new(reading) }`).
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub reading: &'a str,
    /// Lengths (characters) of leading segments the writer has fixed; the rest is
    /// segmented freely.
    pub fixed: &'a [usize],
    /// Candidates per segment (before the reading forms are added).
    pub candidates: usize,
    /// Whole-reading alternatives.
    pub alternatives: usize,
    /// Also match words through the spellings of a listener (`heard/`).
    pub heard: bool,
    /// The word before the reading and the word boundaries inside it.
    pub around: Surroundings<'a>,
    /// The user store (docs/LEARNING.md): user words are lattice nodes; a whole reading
    /// learned as a phrase (whose segmentation starts with `fixed`) comes back in its learned
    /// segments; in every segment the learned choices for its reading come first (after the
    /// left context's word, what was learned after it), then user words of exactly its reading.
    pub user: Option<&'a UserData>,
    /// What the writer typed for spans of the reading (`foreign.rs`): their own names, places
    /// and words become foreign-word candidates. None converts the kana alone.
    pub typed_words: Option<&'a TypedWords>,
    /// What the rewriters of each segment's candidates are asked (`rewrite/`): the clock for
    /// dates and times, whether to offer emoji.
    pub rewrites: Rewrites,
}

impl<'a> Request<'a> {
    /// The best conversion of `reading` as typed: one candidate per segment, no alternatives,
    /// at the start of a sentence, without the user store.
    pub fn new(reading: &'a str) -> Request<'a> {
        Request { reading, fixed: &[], candidates: 1, alternatives: 0, heard: false, around: Surroundings::default(), user: None, typed_words: None, rewrites: Rewrites::default() }
    }
}

/// A request to make one segment of a conversion longer or shorter and convert again: the
/// segments before it and the resized one are fixed, the rest is segmented anew.
#[derive(Debug, Clone, Copy)]
pub struct ResizeRequest<'a> {
    /// The conversion, its `fixed` the lengths of all its segments (adding up to its reading).
    pub conversion: Request<'a>,
    /// The segment resized.
    pub index: usize,
    /// Characters it gains (> 0) or loses (< 0); it keeps at least one, and at most what is
    /// left of the reading.
    pub delta: i32,
}

/// A request for the candidates of one segment of a segmentation the writer has fixed.
#[derive(Debug, Clone, Copy)]
pub struct SegmentRequest<'a> {
    /// The conversion, its `fixed` the lengths of all its segments (adding up to its reading)
    /// and its `candidates` how many the segment gets.
    pub conversion: Request<'a>,
    /// The segment.
    pub index: usize,
}

/// What surrounds a reading: the word before it (the left context, `context.rs`) and the
/// word boundaries the writer typed inside it (spaces between words).
#[derive(Debug, Clone, Copy, Default)]
pub struct Surroundings<'a> {
    /// The left context; none is the start of a sentence.
    pub left: Option<&'a LeftContext>,
    /// Character positions inside the reading where a word must end (no word spans them).
    pub boundaries: &'a [usize],
}

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError(pub String);

impl std::fmt::Display for ConversionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn refuse<T>(message: String) -> Result<T, ConversionError> {
    Err(ConversionError(message))
}

/// Converts readings with one dictionary.
pub struct Converter {
    dictionary: Dictionary,
    heard_costs: HeardCosts,
    /// Conventional spellings (`Токио` → 東京), matched with the spellings as heard.
    spellings: Cow<'static, SpellingIndex>,
    /// What the writer's own words cost (`foreign.rs`).
    foreign_costs: ForeignCosts,
    /// Emoji by reading (`rewrite/emoji.rs`), or why the table could not be read.
    emoji: Result<Arc<EmojiTable>, String>,
    /// What numbers read in kana cost as words (`numbers/`); None leaves them out.
    numbers: Option<NumberCosts>,
}

impl Converter {
    pub fn new(dictionary: Dictionary) -> Converter {
        Converter {
            dictionary,
            heard_costs: HeardCosts::default(),
            spellings: Cow::Borrowed(SpellingIndex::bundled()),
            foreign_costs: ForeignCosts::default(),
            emoji: rewrite::emoji::bundled(),
            numbers: Some(NumberCosts::default()),
        }
    }

    /// The same converter with another table of conventional spellings (tests; an empty
    /// index turns them off).
    pub fn with_spellings(self, spellings: SpellingIndex) -> Converter {
        Converter { spellings: Cow::Owned(spellings), ..self }
    }

    /// The same converter with another emoji table, or a damaged one's error (tests).
    pub fn with_emoji(self, emoji: Result<EmojiTable, String>) -> Converter {
        Converter { emoji: emoji.map(Arc::new), ..self }
    }

    /// How many readings have emoji, or why the emoji table could not be read (then no emoji
    /// are offered and every other candidate is as before).
    pub fn emoji_status(&self) -> Result<usize, &str> {
        self.emoji.as_ref().map(|t| t.readings()).map_err(String::as_str)
    }

    /// The same converter with other costs for spellings as heard (for tuning them).
    pub fn with_heard_costs(self, heard_costs: HeardCosts) -> Converter {
        Converter { heard_costs, ..self }
    }

    /// The same converter with other costs for the writer's own words (for tuning them).
    pub fn with_foreign_costs(self, foreign_costs: ForeignCosts) -> Converter {
        Converter { foreign_costs, ..self }
    }

    /// The same converter with other costs for number words, or (None) without them (to
    /// tune them, and to measure conversion without them).
    pub fn with_number_costs(self, numbers: Option<NumberCosts>) -> Converter {
        Converter { numbers, ..self }
    }

    pub fn dictionary(&self) -> &Dictionary {
        &self.dictionary
    }

    fn check_reading(reading: &str) -> Result<usize, ConversionError> {
        let len = reading.chars().count();
        if len > limits::MAX_READING_CHARS {
            return refuse(format!("reading is {len} characters, over the limit of {}", limits::MAX_READING_CHARS));
        }
        Ok(len)
    }

    fn check_counts(candidates: usize, alternatives: usize) -> Result<(), ConversionError> {
        if candidates == 0 || candidates > limits::MAX_CANDIDATES {
            return refuse(format!("candidates is {candidates}, expected 1–{}", limits::MAX_CANDIDATES));
        }
        if alternatives > limits::MAX_ALTERNATIVES {
            return refuse(format!("alternatives is {alternatives}, expected 0–{}", limits::MAX_ALTERNATIVES));
        }
        Ok(())
    }

    /// Converts a reading into segments with candidates and whole-reading alternatives, in its
    /// surroundings (a left context's classes start the lattice) and with what the user store
    /// holds ([`Request::user`]).
    pub fn convert(&self, request: &Request) -> Result<Conversion, ConversionError> {
        self.convert_focused(request, None)
    }

    /// [`Converter::convert`], searching the candidates of segment `focus` only when one is
    /// given: every other segment gets its best text and reading forms, as with one candidate.
    /// Each segment's candidates are searched on their own (between the best path's words
    /// around it), so the focused segment's are those a whole conversion gives it.
    fn convert_focused(&self, request: &Request, focus: Option<usize>) -> Result<Conversion, ConversionError> {
        let mut conversion = self.convert_learned(request, focus)?;
        // The rewriters add to each segment's candidates (`rewrite/`): after the words, so the
        // best conversion is the same with them. A request for one candidate a segment (live
        // conversion at every keystroke, the one-best) wants no list: it gets the script forms
        // only, as before the rewriters.
        let emoji = self.emoji.as_deref().ok();
        let rewrites = if request.candidates > 1 { request.rewrites } else { Rewrites { clock: None, emoji: false } };
        for segment in &mut conversion.segments {
            rewrite::apply(SegmentList { candidates: &mut segment.candidates, typed: &segment.reading }, &rewrites, emoji);
        }
        Ok(conversion)
    }

    /// [`Converter::convert_focused`] with what the user store holds, before the rewriters.
    fn convert_learned(&self, request: &Request, focus: Option<usize>) -> Result<Conversion, ConversionError> {
        let Some(user) = request.user else { return self.convert_inner(request, focus) };
        let phrase = user.phrase_for(request.reading, request.fixed);
        let lengths;
        let request = match phrase {
            Some(p) => {
                lengths = p.lengths();
                Request { fixed: &lengths, ..*request }
            }
            None => *request,
        };
        let mut conversion = self.convert_inner(&request, focus)?;
        let before = conversion.best_text();
        // The word before the first segment: the left context's. Later segments take no pair
        // with the segment before them: in each, the latest choice of its reading comes first,
        // since what the writer chose last is what they see again.
        let word_before = request.around.left.filter(|l| !l.is_sentence_start()).map(|l| l.text.clone());
        for (i, segment) in conversion.segments.iter_mut().enumerate() {
            let mut preferred: Vec<String> = Vec::new();
            // What the writer chose for this reading right after the same word comes first:
            // more particular than a phrase of the same reading learned in any context.
            if let Some(word) = word_before.as_ref().filter(|_| i == 0) {
                preferred.extend(user.pair_texts(word, &segment.reading).into_iter().map(str::to_string));
            }
            if let Some(p) = phrase {
                preferred.extend(p.segments.get(i).filter(|(r, _)| *r == segment.reading).map(|(_, t)| t.clone()));
            }
            preferred.extend(user.segment_texts(&segment.reading).into_iter().map(str::to_string));
            // A learned word followed by the rest of the segment as typed (橋 learned for
            // はし ranks 橋の first for はしの), when the conversion found it.
            let chars: Vec<char> = segment.reading.chars().collect();
            for k in (1..chars.len()).rev() {
                let head: String = chars[..k].iter().collect();
                let rest = input::to_hiragana(&chars[k..].iter().collect::<String>());
                for text in user.segment_texts(&head) {
                    let whole = format!("{text}{rest}");
                    if segment.candidates.iter().any(|c| c.text == whole) {
                        preferred.push(whole);
                    }
                }
            }
            if let Some(words) = user.words.get(&input::to_hiragana(&segment.reading)) {
                preferred.extend(words.iter().map(|w| w.text.clone()));
            }
            let forms = [input::to_hiragana(&segment.reading), input::to_katakana(&segment.reading)];
            promote(&mut segment.candidates, &preferred, &forms);
        }
        let best = conversion.best_text();
        if best != before && request.alternatives > 0 {
            conversion.alternatives.retain(|a| *a != best);
            conversion.alternatives.insert(0, best);
            conversion.alternatives.truncate(request.alternatives);
        }
        Ok(conversion)
    }

    fn convert_inner(&self, request: &Request, focus: Option<usize>) -> Result<Conversion, ConversionError> {
        let around = request.around;
        let len = Self::check_reading(request.reading)?;
        Self::check_counts(request.candidates, request.alternatives)?;
        let fixed_total: usize = request.fixed.iter().sum();
        if request.fixed.contains(&0) || fixed_total > len {
            return refuse(format!("fixed segment lengths {:?} do not fit a reading of {len} characters (each ≥ 1, sum ≤ {len})", request.fixed));
        }
        if let Some(&b) = around.boundaries.iter().find(|&&b| b == 0 || b >= len) {
            return refuse(format!("word boundary {b} is not inside the reading of {len} characters (1–{})", len.saturating_sub(1)));
        }
        if let Some(typed_words) = request.typed_words {
            typed_words.check(len).map_err(ConversionError)?;
        }
        if len == 0 {
            return Ok(Conversion { reading: String::new(), segments: Vec::new(), alternatives: Vec::new() });
        }
        let dictionary = &self.dictionary;
        let sentence_start = LeftContext::sentence_start();
        let left = around.left.filter(|l| !l.is_sentence_start()).unwrap_or(&sentence_start);
        let sentence_start_classes = [(search::BOUNDARY_ID, 0)];
        let left_classes: &[(u16, i32)] = if left.is_sentence_start() { &sentence_start_classes } else { &left.classes };
        let heard = request.heard.then_some(&self.heard_costs);
        // The most texts a search below keeps: the best path's; each segment's candidates
        // (`segments::candidates`); the alternatives. The lattice can leave out the homophones
        // no such search takes.
        let most_texts = request.candidates.max(request.alternatives);
        // With one segment's candidates asked for (and no alternatives), the other segments'
        // words are only ever on the best path: one text of theirs is enough.
        let texts_within = focus.filter(|_| request.alternatives <= 1 && fixed_total == len).and_then(|f| {
            let start: usize = request.fixed.get(..f)?.iter().sum();
            Some((start, start + request.fixed.get(f)?))
        });
        let lattice = Lattice::build(
            dictionary,
            &LatticeRequest {
                reading: request.reading,
                heard,
                spellings: Some(&self.spellings),
                user: request.user,
                // After any known word a particle as heard may start the reading; the connection
                // costs decide whether one can follow that word (measured: allowing it only after
                // content words left わ unconverted after に, へ, で in words typed one at a time).
                particle_at_start: request.heard && !left.is_sentence_start(),
                boundaries: around.boundaries,
                most_texts_searched: Some(most_texts),
                texts_within,
                foreign: request.typed_words.map(|words| ForeignRequest { words, after_text: !left.is_sentence_start(), costs: &self.foreign_costs }),
                numbers: self.numbers.as_ref(),
            },
        );
        // The spaces bind each segment's search too (`segments::candidates`).
        let word_cuts: Vec<usize> = around.boundaries.iter().map(|&b| 2 * b).collect();
        // Positions below are doubled (lattice/mod.rs): character boundary i is 2i.
        let mut cuts = Vec::new();
        let mut at = 0;
        for &l in request.fixed {
            at += l;
            if at < len {
                cuts.push(2 * at);
            }
        }
        let span = Span { cuts: cuts.clone(), left_context: left_classes.to_vec(), ..Span::whole(len) };
        let mut texts: Vec<String> = Vec::new();
        let mut search = Search::new(&lattice);
        let paths = if request.alternatives <= 1 {
            // One path: no queue, and its text only when it is asked for as an alternative.
            let best = search.best_path(dictionary, &lattice, &span);
            if request.alternatives == 1 {
                texts.extend(best.iter().map(|p| path_text(dictionary, &lattice, &p.nodes)));
            }
            best.into_iter().collect()
        } else {
            // The search gives a path's text while it prunes by text; else it is written here.
            let query = PathQuery { span: &span, forward: Forward::Run, limit: request.alternatives, distinct: Distinct::Texts };
            search.best_paths(dictionary, &lattice, &query, |nodes, known| {
                let text = known.map_or_else(|| path_text(dictionary, &lattice, nodes), str::to_string);
                let fresh = !texts.contains(&text);
                if fresh {
                    texts.push(text);
                }
                fresh
            })
        };
        let Some(best) = paths.first() else {
            // The lattice always holds the as-typed path, so this means a limit was hit.
            return refuse("no conversion path found within the search limits".to_string());
        };
        let mut starts: Vec<usize> = vec![0];
        starts.extend(cuts.iter().copied().filter(|&c| c < 2 * fixed_total));
        if fixed_total < len {
            starts.extend(split(dictionary, &lattice, best, 2 * fixed_total));
        }
        starts.sort_unstable();
        starts.dedup();
        // The forward costs `search` holds for each segment, read before any segment's own
        // forward pass overwrites them: the first segment's are its own; a later one's are the
        // whole reading's, entered at the forward cost of the best path's word before it.
        // (Where no word of the best path ends at a segment's start, its own pass runs.)
        let forward: Vec<Forward> = starts
            .iter()
            .map(|&start| match start {
                0 => Forward::Own,
                _ => best.nodes.iter().find(|&&i| lattice.nodes[i as usize].end as usize == start).map_or(Forward::Run, |&i| Forward::Whole { entered: search.forward_cost(i) }),
            })
            .collect();
        let mut segments = Vec::with_capacity(starts.len());
        // The best path's first word not yet in a segment: the segments cover the reading in
        // order and their ends are boundaries between its words, so each takes the next run.
        let mut next_word = 0;
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(2 * len);
            let words = best.nodes[next_word..].iter().take_while(|&&i| lattice.nodes[i as usize].end as usize <= end).count();
            let first = &best.nodes[next_word..next_word + words];
            next_word += words;
            let first_text = path_text(dictionary, &lattice, first);
            let (before, after) = contexts(&lattice, best, start, end, left_classes);
            let reading = input::text_of(&lattice.chars[start / 2..end / 2]);
            let limit = if focus.is_none_or(|f| f == k) { request.candidates } else { 1 };
            let segment = SegmentQuery { start, end, reading: &reading, before, after, cuts: &word_cuts, first_nodes: first, first_text, limit, forward: forward[k], typed_words: request.typed_words };
            let candidates = candidates(dictionary, &lattice, &mut search, segment);
            segments.push(Segment { reading, candidates });
        }
        texts.truncate(request.alternatives);
        Ok(Conversion { reading: request.reading.to_string(), segments, alternatives: texts })
    }

    /// Makes a segment of a conversion longer or shorter and converts again
    /// ([`ResizeRequest`]).
    pub fn resize(&self, request: &ResizeRequest) -> Result<Conversion, ConversionError> {
        let ResizeRequest { conversion, index, delta } = *request;
        let lengths = conversion.fixed;
        Self::check_reading(conversion.reading)?;
        let len = Self::check_segments(&conversion, index)?;
        let before: usize = lengths[..index].iter().sum();
        let resized = (lengths[index] as i64 + delta as i64).clamp(1, (len - before) as i64) as usize;
        let mut fixed: Vec<usize> = lengths[..index].to_vec();
        fixed.push(resized);
        self.convert(&Request { fixed: &fixed, ..conversion })
    }

    /// The candidates of one segment of a fixed segmentation ([`SegmentRequest`]).
    pub fn candidates(&self, request: &SegmentRequest) -> Result<Vec<Candidate>, ConversionError> {
        Self::check_segments(&request.conversion, request.index)?;
        let conversion = self.convert_focused(&request.conversion, Some(request.index))?;
        match conversion.segments.into_iter().nth(request.index) {
            Some(segment) => Ok(segment.candidates),
            None => refuse("segment lost in conversion".to_string()),
        }
    }

    /// Checks that the request's `fixed` lengths are all the segments of its reading and that
    /// segment `index` is one of them; returns the reading's length.
    fn check_segments(conversion: &Request, index: usize) -> Result<usize, ConversionError> {
        let (len, lengths) = (conversion.reading.chars().count(), conversion.fixed);
        if lengths.iter().sum::<usize>() != len || lengths.contains(&0) {
            return refuse(format!("segment lengths {lengths:?} do not add up to the reading's {len} characters"));
        }
        if index >= lengths.len() {
            return refuse(format!("segment {index} does not exist (the conversion has {} segments)", lengths.len()));
        }
        Ok(len)
    }
}

/// Moves the `preferred` texts (best first) to the front of `candidates`, adding those
/// missing, and keeps the list as long as it was by dropping its last candidates that are
/// not reading forms (`forms`, and the forms appended without a path): ordinary ones first,
/// then, only if the writer's texts alone overflow it, the least preferred of those (never
/// the first: a list of only reading forms grows by it).
fn promote(candidates: &mut Vec<Candidate>, preferred: &[String], forms: &[String]) {
    if preferred.is_empty() {
        return;
    }
    let original = candidates.len();
    let mut front: Vec<Candidate> = Vec::new();
    for text in preferred {
        if front.iter().any(|c| &c.text == text) {
            continue;
        }
        match candidates.iter().position(|c| &c.text == text) {
            Some(i) => front.push(candidates.remove(i)),
            None => front.push(Candidate { text: text.clone(), cost: 0, class: None }),
        }
    }
    let mut kept = front.len();
    front.append(candidates);
    let removable = |c: &Candidate| c.cost != i32::MAX && !forms.contains(&c.text);
    while front.len() > original {
        let ordinary = (kept..front.len()).rev().find(|&i| removable(&front[i]));
        // The most preferred text always stays, even if the list grows by it (a list of
        // only the reading forms), or the writer's choice would not come back.
        match ordinary.or_else(|| (1..kept.min(front.len())).rev().find(|&i| removable(&front[i]))) {
            Some(i) => {
                front.remove(i);
                kept -= usize::from(i < kept);
            }
            None => break,
        }
    }
    *candidates = front;
}
