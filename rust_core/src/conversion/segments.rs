//! Segments (文節) of a conversion: where the best path is cut into the units a writer
//! chooses candidates for — a new segment starts at every content word, and particles,
//! auxiliaries and endings stay with the word before them — and each segment's
//! candidates, ranked in the context of its neighbours on the best path.

use crate::request::TypedWords;
use super::input::{to_hiragana, to_katakana};
use super::lattice::Lattice;
use super::search::{Distinct, Forward, Path, PathQuery, Search, Span, BOUNDARY_ID};
use crate::dictionary::Dictionary;

/// One candidate for a segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub text: String,
    /// Cost of the candidate in its context (lower is better); the reading forms that are
    /// appended so any reading can be committed have no path and report i32::MAX.
    pub cost: i32,
    /// The class (left id, right id) of the candidate's last word, when it has a path: what
    /// the next conversion connects to once it is committed (the left context).
    pub class: Option<(u16, u16)>,
}

/// Segment boundaries of `path` from position `from` on (doubled positions): a segment
/// starts at `from` and at every later node that is not a function word, never in the
/// middle of a character.
pub fn split(dictionary: &Dictionary, lattice: &Lattice, path: &Path, from: usize) -> Vec<usize> {
    let mut starts = Vec::new();
    for &i in &path.nodes {
        let node = &lattice.nodes[i as usize];
        let start = node.start as usize;
        if start < from || start % 2 == 1 {
            continue;
        }
        if start == from || !dictionary.is_functional(node.left_id) || matches!(node.text, super::lattice::NodeText::AsTyped) {
            starts.push(start);
        }
    }
    starts
}

/// The text a path writes.
pub fn path_text(dictionary: &Dictionary, lattice: &Lattice, nodes: &[u32]) -> String {
    // Room for the reading's kana, which most texts need no more than.
    let span = match (nodes.first(), nodes.last()) {
        (Some(&a), Some(&b)) => (lattice.nodes[b as usize].end as usize).saturating_sub(lattice.nodes[a as usize].start as usize) / 2,
        _ => 0,
    };
    let mut out = String::with_capacity(3 * span);
    push_path_text(dictionary, lattice, nodes, &mut out);
    out
}

/// Appends the text a path writes to `out`.
fn push_path_text(dictionary: &Dictionary, lattice: &Lattice, nodes: &[u32], out: &mut String) {
    for &i in nodes {
        lattice.push_text(dictionary, &lattice.nodes[i as usize], out);
    }
}

/// The word before a stretch: the right ids it may have, each with the cost of reading it so.
#[derive(Debug, Clone, Copy)]
pub enum Before<'a> {
    /// A word of the path: its one right id.
    Word([(u16, i32); 1]),
    /// The conversion's own left context: the stretch starts the reading.
    Start(&'a [(u16, i32)]),
}

impl Before<'_> {
    /// Its right ids with their costs (borrowed: one-best conversions copy none).
    pub fn classes(&self) -> &[(u16, i32)] {
        match self {
            Before::Word(one) => one,
            Before::Start(classes) => classes,
        }
    }
}

/// Contexts of the stretch `start..end` on `path`: the word before it (`sentence_left`, the
/// conversion's own left context, at the start) and the left id of the word after it.
pub fn contexts<'a>(lattice: &Lattice, path: &Path, start: usize, end: usize, sentence_left: &'a [(u16, i32)]) -> (Before<'a>, u16) {
    let mut before = None;
    let mut right = BOUNDARY_ID;
    for &i in &path.nodes {
        let node = &lattice.nodes[i as usize];
        if node.end as usize == start {
            before = Some(node.right_id);
        }
        if node.start as usize == end {
            right = node.left_id;
        }
    }
    let left = before.map_or(Before::Start(sentence_left), |id| Before::Word([(id, 0)]));
    (left, right)
}

/// The class (left id, right id) of the last node of a path.
pub fn last_class(lattice: &Lattice, nodes: &[u32]) -> Option<(u16, u16)> {
    nodes.last().map(|&i| {
        let node = &lattice.nodes[i as usize];
        (node.left_id, node.right_id)
    })
}

/// The cost of the path `nodes` between the contexts `(left, right)`: its words, the
/// connections between them, from the cheapest reading of the word before (with that
/// reading's cost) and to the word after — the total the segment's own search gives it.
fn path_cost(dictionary: &Dictionary, lattice: &Lattice, nodes: &[u32], (left, right): (&[(u16, i32)], u16)) -> i32 {
    let connections = dictionary.connections();
    let mut previous: Option<u16> = None;
    let mut cost = 0i32;
    for &i in nodes {
        let node = &lattice.nodes[i as usize];
        let arrive = match previous {
            None => left.iter().map(|&(rid, extra)| extra.saturating_add(connections.cost(rid, node.left_id))).min().unwrap_or(i32::MAX),
            Some(rid) => connections.cost(rid, node.left_id),
        };
        cost = cost.saturating_add(arrive).saturating_add(node.cost);
        previous = Some(node.right_id);
    }
    previous.map_or(cost, |rid| cost.saturating_add(connections.cost(rid, right)))
}

/// A segment of a conversion's best path whose candidates are asked for ([`candidates`]).
pub struct SegmentQuery<'a> {
    /// Where it lies: doubled positions, at character boundaries.
    pub start: usize,
    pub end: usize,
    /// Its reading as typed (the lattice's characters there).
    pub reading: &'a str,
    /// Its neighbours on the best path: the word before it, and the left id of the word after
    /// it ([`contexts`]).
    pub before: Before<'a>,
    pub after: u16,
    /// The word boundaries the writer typed (doubled positions): those inside the segment
    /// bind its search.
    pub cuts: &'a [usize],
    /// The best path's words in the segment, and the text they write.
    pub first_nodes: &'a [u32],
    pub first_text: String,
    /// How many candidates (the reading forms come on top).
    pub limit: usize,
    /// The forward costs the segment's search may take ([`Forward`]): with the whole
    /// reading's in place (which are the first segment's own, `Forward::Own`), and no cut inside
    /// the segment, its own forward pass is skipped, unless that search gives up
    /// (`Search::paths`).
    pub forward: Forward,
    /// What the writer typed for spans of the reading: the segment's words as typed are its
    /// last candidate.
    pub typed_words: Option<&'a TypedWords>,
}

/// Candidates for a segment between its neighbours on the best path, with a word boundary at
/// every cut inside it, best first: the text of the best path leads; then the reading in
/// hiragana and in katakana.
pub fn candidates(dictionary: &Dictionary, lattice: &Lattice, search: &mut Search, segment: SegmentQuery) -> Vec<Candidate> {
    let SegmentQuery { start, end, reading, before, after, cuts, first_nodes, first_text, limit, forward, typed_words } = segment;
    // Room for the candidates and the reading forms appended after them (at most four).
    let mut out: Vec<Candidate> = Vec::with_capacity(limit.max(1) + 4);
    // The best path's text leads, at the cost of its own words between these neighbours (they
    // are its neighbours on that path), whatever the number of candidates. Where no space was
    // typed inside the segment they are also the cheapest way through it; across a space the
    // best path may take a word the writer split (`HeardCosts::split_word`), which a search of
    // the segment, bound by the space, cannot take: it finds the same text dearer, if at all.
    let cost = path_cost(dictionary, lattice, first_nodes, (before.classes(), after));
    out.push(Candidate { text: first_text, cost, class: last_class(lattice, first_nodes) });
    if limit > 1 {
        let cuts: Vec<usize> = cuts.iter().copied().filter(|&c| start < c && c < end).collect();
        let forward = if cuts.is_empty() { forward } else { Forward::Run };
        let span = Span { start, end, left_context: before.classes().to_vec(), right_context: after, cuts };
        // The texts found, each with its path's cost and last word's class (all a candidate
        // needs of the path, so no path's nodes are copied). `limit` of them are enough: with
        // the best path's text among them they give `limit` − 1 others, without it `limit`,
        // of which the list keeps `limit` − 1 — the same others either way.
        let mut found: Vec<Candidate> = Vec::with_capacity(limit);
        // Every path popped is written into one buffer and compared with the few texts kept
        // (at most `limit`): only a new text allocates.
        let mut text = String::with_capacity(64);
        let mut search_with = |forward: Forward, found: &mut Vec<Candidate>| {
            let keep = |nodes: &[u32], cost: i32, known: Option<&str>| {
                // The search gives the text while it prunes by text; else it is written here.
                let text = known.unwrap_or_else(|| {
                    text.clear();
                    push_path_text(dictionary, lattice, nodes, &mut text);
                    &text
                });
                let fresh = !found.iter().any(|c| c.text == text);
                if fresh {
                    found.push(Candidate { text: text.to_string(), cost, class: last_class(lattice, nodes) });
                }
                fresh
            };
            search.paths(dictionary, lattice, &PathQuery { span: &span, forward, limit, distinct: Distinct::Texts }, keep)
        };
        // A search with the whole reading's costs that gives up (`Search::paths`) is run
        // again after the segment's own forward pass.
        if search_with(forward, &mut found).is_none() {
            found.clear();
            search_with(Forward::Run, &mut found);
        }
        if let Some(i) = found.iter().position(|c| c.text == out[0].text) {
            found.remove(i);
        }
        out.extend(found);
        out.truncate(limit);
    }
    let mut push_form = |form: String| {
        if !out.iter().any(|c| c.text == form) {
            out.push(Candidate { text: form, cost: i32::MAX, class: None });
        }
    };
    push_form(to_hiragana(reading));
    push_form(to_katakana(reading));
    // Digits and Latin letters: both widths, so a number can be written either way.
    if reading.chars().all(|c| matches!(super::input::class_of(c), super::input::CharClass::Digit | super::input::CharClass::Latin)) {
        push_form(super::input::to_halfwidth(reading));
        push_form(super::input::to_fullwidth(reading));
    }
    if let Some(written) = typed_words.and_then(|w| as_written(w, reading, start / 2, cuts)) {
        push_form(written);
    }
    out
}

/// The segment whose `reading` starts at character `from` as the writer typed it: each typed
/// word inside it in its letters as typed (with the space the writer typed between two of
/// them, `cuts`), the rest of its reading in hiragana. None if no typed word lies inside it.
fn as_written(typed_words: &TypedWords, reading: &str, from: usize, cuts: &[usize]) -> Option<String> {
    let to = from + reading.chars().count();
    let mut inside = typed_words.words.iter().filter(|w| from <= w.span.start && w.span.end <= to).peekable();
    inside.peek()?;
    let chars: Vec<char> = reading.chars().collect();
    let mut out = String::with_capacity(2 * reading.len());
    let mut at = from;
    for word in inside {
        out.push_str(&to_hiragana(&chars[at - from..word.span.start - from].iter().collect::<String>()));
        if at == word.span.start && at > from && cuts.contains(&(2 * at)) {
            out.push(' ');
        }
        out.push_str(&word.text);
        at = word.span.end;
    }
    out.push_str(&to_hiragana(&chars[at - from..].iter().collect::<String>()));
    Some(out)
}
