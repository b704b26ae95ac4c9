//! Path search over the lattice: Viterbi forward (the best cost of reaching every node)
//! and A* backward from the end for the N best paths, over the whole reading or one
//! stretch of it between fixed contexts (a segment between its neighbours).

use super::fnv::{self, FnvHasher};
use super::lattice::{Lattice, Node};
use super::spare::{self, Buffer, Buffers};
use crate::dictionary::reader::Connections;
use crate::dictionary::Dictionary;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::BuildHasherDefault;
use std::thread::LocalKey;

pub use crate::dictionary::format::BOUNDARY_ID;
/// The search never explores paths costlier than the best by more than this: far
/// alternatives are useless as candidates and would only cost time.
const NBEST_MARGIN: i32 = 20_000;
/// Most words a search with the whole reading's costs (`Forward::Whole`) keeps waiting before
/// it gives up (`Search::paths`). Over the 3,138 readings of the benchmark's
/// inputs, a segment's search after its own pass never kept more than 4,581; with the whole
/// reading's costs, 243 of 27,513 segments' searches went past 2,048 (up to 17,818), and their
/// buffers raised the anonymous memory left after 10^4 conversions by about 120 KiB. Giving up
/// past 4,096 still left it about 75 KiB higher (medians of five runs), past 2,048 no higher,
/// for 1 % more instructions per request than never giving up (past 1,024: 6 %).
const MAX_SIBLINGS_AFTER_WHOLE: usize = 2_048;
/// Bounds on the backward search, so a pathological lattice stays cheap.
const MAX_POPS: usize = 20_000;
const MAX_PUSHES: usize = 400_000;
/// Room made for the backward search's words before (`Search::siblings`) before it starts.
const INITIAL_STATES: usize = 1_024;
/// Most bytes of suffix texts a search keeps for pruning (`ExpandedTexts`); past it the
/// search expands every state, as it would without pruning. A segment's search keeps about
/// a kilobyte; a pathological one (20,000 pops of long texts) would otherwise keep megabytes.
const MAX_SUFFIX_BYTES: usize = 16 * 1024;

/// The stretch a search covers and what surrounds it.
#[derive(Debug, Clone)]
pub struct Span {
    /// Doubled positions (character boundary i is 2i), as the lattice's.
    pub start: usize,
    pub end: usize,
    /// The word before the span: the right ids it may have, each with the cost of reading
    /// it so (the sentence start is `[(BOUNDARY_ID, 0)]`; a left context may give several).
    pub left_context: Vec<(u16, i32)>,
    /// Left id of the word after the span (BOUNDARY_ID at the sentence end).
    pub right_context: u16,
    /// Positions inside the span every path must have a word boundary at.
    pub cuts: Vec<usize>,
}

impl Span {
    /// The whole input of `len` characters (positions are doubled, see `lattice/mod.rs`).
    pub fn whole(len: usize) -> Span {
        Span { start: 0, end: 2 * len, left_context: vec![(BOUNDARY_ID, 0)], right_context: BOUNDARY_ID, cuts: Vec::new() }
    }

    /// Whether the span allows every node of `lattice` (the whole reading, no cut): the
    /// searches then skip [`Span::allows`], a check per word visited that was 6 % of a
    /// forward pass.
    fn allows_all(&self, lattice: &Lattice) -> bool {
        self.start == 0 && self.end == 2 * lattice.len() && self.cuts.is_empty()
    }

    fn allows(&self, node: &Node) -> bool {
        let (s, e) = (node.start as usize, node.end as usize);
        s >= self.start && e <= self.end && !self.cuts.iter().any(|&c| s < c && c < e)
    }
}

/// A path: node indices in reading order and its total cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    pub nodes: Vec<u32>,
    pub cost: i32,
}

const UNREACHED: i32 = i32::MAX;

/// A backward search state: a node and the cheapest way on from it to the span's end.
struct State {
    node: u32,
    /// Cost after this node (connections and later words), up to the span's end.
    after: i32,
    /// The state of the next node on the path, or [`AT_END`].
    next: u32,
    /// The family it was taken from (`Search::families`): when it is popped, the next of
    /// its siblings is queued.
    family: u32,
}

/// A word before a state being expanded, waiting in its family. An expansion queues only its
/// cheapest word before and keeps the others with it, queuing the next when the one before is
/// popped: most are never popped (57 words before a state, 3 popped, over the benchmark's
/// segments), and pushing each into the one queue, hundreds long, was a third of the search's
/// time.
#[derive(Clone, Copy)]
struct Sibling {
    /// The queue's order (`queue_key`).
    key: u64,
    node: u32,
    /// As [`State::after`].
    after: i32,
}

/// The words before one expanded state not yet popped, `Search::siblings[first..][..len]`:
/// the first `ready` are the cheapest, in order (`bring_cheapest_forward`), and the first of
/// them is the one queued; `next` is the expanded state.
#[derive(Clone, Copy)]
struct Family {
    first: u32,
    len: u32,
    ready: u32,
    next: u32,
}

/// No next state: the node ends the span.
const AT_END: u32 = u32::MAX;

/// A queued state: its sibling's key, then its index in `Search::states` (which never
/// decides: keys are unique).
type QueueKey = (u64, u32);

/// Bits of a queue key below the start position: the virtual index (`Search::paths`).
const INDEX_BITS: u32 = 22;
const _: () = assert!(MAX_PUSHES < 1 << INDEX_BITS && 2 * crate::limits::MAX_READING_CHARS < 1 << (32 - INDEX_BITS));

/// The queue's order in one integer: total cost, then start position (nearer the span's start
/// first, see `Search::heap`), then the number the state would have had in `Search::states`
/// had every word before been queued when its state was expanded: paths of equal cost come in
/// the order their words were found, whether or not a family held them back.
fn queue_key(total: i32, start: u16, index: u32) -> u64 {
    (u64::from(total as u32 ^ 0x8000_0000) << 32) | (u64::from(start) << INDEX_BITS) | u64::from(index)
}

/// The total cost in a queue key.
fn key_total(key: u64) -> i32 {
    ((key >> 32) as u32 ^ 0x8000_0000) as i32
}

/// The buffers of the searches over one lattice, reused by every search of a conversion
/// (the whole reading, then each segment) and then by the next conversion on the thread
/// (`spare.rs`): a search over a segment of a few characters would otherwise spend most of
/// its time allocating and clearing tables sized for the whole lattice and for every word class.
#[derive(Default)]
pub struct Search {
    /// The cheapest cost of a path from the span's start through each node (its own cost
    /// included), UNREACHED when none; valid for the nodes of the last span searched.
    best: Vec<i32>,
    /// The cheapest way to arrive at the current position, per right id of the word ending
    /// there (an id may have two entries after a collision in the forward pass's table of
    /// groups; the minimum over them is the same).
    groups: Vec<(u16, i32)>,
    /// The same with each right id's matrix row (`Connections::row`), cheapest first.
    arrivals: Vec<(usize, i32)>,
    /// The backward search's states and the words waiting to become states.
    queue: Queue,
    /// The nodes of the path popped last.
    path: Vec<u32>,
    /// The backward search's words before each position, grouped by right id: each
    /// position's words the span allows and a path reaches, with what an expansion reads of
    /// them in one run (`members[members_at[pos]]`), and its groups (`rights[rights_at[pos]]`),
    /// both made when a state there is first expanded, that is when `grouped_in[pos]` is the
    /// current search's number; and one connection cost per group for the expansion at hand:
    /// an expansion looks a connection up once per right id instead of once per word.
    members: Vec<Member>,
    members_at: Vec<(u32, u32)>,
    rights: Vec<u16>,
    rights_at: Vec<(u32, u32)>,
    grouped_in: Vec<u32>,
    search_number: u32,
    group_costs: Vec<i32>,
    /// For a search by text, the states taken further by their texts.
    expanded: ExpandedTexts,
}

/// The backward search's queue: the states queued, the words before each expanded state
/// waiting in their families, and the heap that orders what is queued.
#[derive(Default)]
struct Queue {
    states: Vec<State>,
    /// The words before each expanded state, by family ([`Family`]), in one buffer.
    siblings: Vec<Sibling>,
    families: Vec<Family>,
    /// Ordered by total cost, then by how close the state is to the span's start: among paths
    /// of equal cost (a reading repeated, words with the same cost) the search runs one of them
    /// to the start instead of widening through all of them, whose number grows exponentially
    /// with the length of the reading.
    heap: BinaryHeap<Reverse<QueueKey>>,
}

thread_local! {
    /// The buffers of the last search dropped on this thread (`spare.rs`).
    static SPARE: RefCell<Option<Search>> = const { RefCell::new(None) };
}

impl Buffers for Search {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        // `search_number` is no buffer: it goes on with the groups of `grouped_in`.
        let Search { best, groups, arrivals, queue, path, members, members_at, rights, rights_at, grouped_in, search_number: _, group_costs, expanded } = self;
        visit(best);
        visit(groups);
        visit(arrivals);
        queue.each_buffer(visit);
        visit(path);
        visit(members);
        visit(members_at);
        visit(rights);
        visit(rights_at);
        visit(grouped_in);
        visit(group_costs);
        expanded.each_buffer(visit);
    }
}

impl Buffers for Queue {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let Queue { states, siblings, families, heap } = self;
        visit(states);
        visit(siblings);
        visit(families);
        visit(heap);
    }
}

impl spare::Reusable for Search {
    const SPARE: &'static LocalKey<RefCell<Option<Search>>> = &SPARE;
    const MAX_KEPT: usize = spare::MAX_KEPT_SEARCH_BYTES;
}

impl Drop for Search {
    /// Leaves the buffers for the next search on this thread (`spare.rs`); not after a
    /// panic, which may have left a table by class half reset.
    fn drop(&mut self) {
        if !std::thread::panicking() {
            spare::keep(self);
        }
    }
}

/// The forward costs of the last whole-reading pass on this thread, kept for the next
/// lattice, whose first starts' words may be copied from that one's (`lattice/kept.rs`).
///
/// Why they hold: a word's forward cost is the cheapest arrival at its start plus its own
/// cost, and the arrivals at a position depend only on the words ending there and before it
/// (and on the word before the reading and the dictionary's connections). Where the first `k`
/// starts' words were copied from the lattice these costs are of (`Lineage::copied_from`) and
/// nothing after the starts changed or added a word before position 2k in either lattice
/// (`Lineage::starts_changed`, `Lineage::added_from`), the words ending before 2k are the same
/// in both, the first `Lineage::leading_ends[k - 1]` of each in the same order: their costs,
/// and those of every word starting before 2k, are the last pass's. The pass starts at 2k.
#[derive(Default)]
struct KeptCosts {
    /// The lattice they are of (`Lineage::id`), its dictionary and the word before it.
    lattice: u64,
    dictionary: u64,
    left_context: Vec<(u16, i32)>,
    added_from: usize,
    best: Vec<i32>,
}

thread_local! {
    static KEPT_COSTS: RefCell<Option<KeptCosts>> = const { RefCell::new(None) };
}

impl KeptCosts {
    fn take() -> Option<KeptCosts> {
        KEPT_COSTS.try_with(|k| k.try_borrow_mut().ok().map(|mut k| k.take().unwrap_or_default())).ok().flatten()
    }

    /// Copies the costs that hold for `lattice` into `best`; returns the position the pass
    /// starts from (`span.start` when none hold).
    fn copy_into(&self, best: &mut [i32], dictionary: &Dictionary, lattice: &Lattice, span: &Span) -> usize {
        let lineage = &lattice.lineage;
        let same_source = lineage.copied_from == Some(self.lattice) && self.lattice != 0 && self.dictionary == dictionary.serial() && self.left_context == span.left_context;
        if !same_source || lineage.starts_changed {
            return span.start;
        }
        let starts = lineage.leading_ends.len().min(lineage.added_from / 2).min(self.added_from / 2);
        let Some(words) = starts.checked_sub(1).map(|k| lineage.leading_ends[k] as usize) else { return span.start };
        match (best.get_mut(..words), self.best.get(..words)) {
            (Some(to), Some(from)) => {
                to.copy_from_slice(from);
                2 * starts
            }
            _ => span.start,
        }
    }

    /// Keeps the costs of the pass just made over `lattice`, if its words were kept (and
    /// nothing after its starts changed them).
    fn keep(mut self, best: &[i32], dictionary: &Dictionary, lattice: &Lattice, span: &Span) {
        let lineage = &lattice.lineage;
        match lineage.id.filter(|_| !lineage.starts_changed) {
            Some(id) => {
                self.lattice = id;
                self.dictionary = dictionary.serial();
                self.left_context.clear();
                self.left_context.extend_from_slice(&span.left_context);
                self.added_from = lineage.added_from;
                self.best.clear();
                self.best.extend_from_slice(&best[..lattice.nodes.len()]);
            }
            None => self.lattice = 0,
        }
        let _ = KEPT_COSTS.try_with(|k| {
            if let Ok(mut k) = k.try_borrow_mut() {
                *k = Some(self);
            }
        });
    }
}

impl Search {
    /// Buffers for searching `lattice`: those the last search on this thread left
    /// (`spare.rs`), else new ones. None is sized by the dictionary's classes, so buffers
    /// left by a search with another dictionary serve as well.
    pub fn new(lattice: &Lattice) -> Search {
        let mut search = spare::take::<Search>().unwrap_or_else(|| {
            let mut search = Search::default();
            // Started at a size most searches stay within: growing the queued states from empty
            // reallocated them a dozen times per search (about 7 % of a conversion's
            // instructions); the siblings now take that many, the states and queue a few dozen.
            search.queue.siblings = Vec::with_capacity(INITIAL_STATES);
            search
        });
        search.best.resize(lattice.nodes.len(), UNREACHED);
        search
    }

    /// The forward cost of node `node` from the last forward pass that reached it.
    pub fn forward_cost(&self, node: u32) -> i32 {
        self.best.get(node as usize).copied().unwrap_or(UNREACHED)
    }

    /// Forward Viterbi over `span`: fills `best` for every node the span allows. Over the
    /// whole reading it takes, for the words of the first starts, the costs the last such pass
    /// on this thread gave them where they are provably the same ([`KeptCosts`]).
    pub fn forward(&mut self, dictionary: &Dictionary, lattice: &Lattice, span: &Span) {
        debug_assert!(lattice.is_finished(), "a node was pushed after Lattice::finish");
        if self.best.len() < lattice.nodes.len() {
            self.best.resize(lattice.nodes.len(), UNREACHED);
        }
        let connections = dictionary.connections();
        let Search { best, groups, arrivals, .. } = self;
        let all = span.allows_all(lattice);
        let kept = if all { KeptCosts::take() } else { None };
        let first = kept.as_ref().map_or(span.start, |k| k.copy_into(best, dictionary, lattice, span));
        // By position, the group of each right id ending there and the arrival cost of each
        // left id starting there (`IdSlot`).
        let mut right_cache = IdTable::new();
        let mut left_cache = IdTable::new();
        for pos in first..span.end {
            groups.clear();
            if pos == span.start {
                groups.extend_from_slice(&span.left_context);
            } else {
                for &i in &lattice.ending[pos] {
                    let node = &lattice.nodes[i as usize];
                    if !all && !span.allows(node) {
                        continue;
                    }
                    let cost = best[i as usize];
                    if cost == UNREACHED {
                        continue;
                    }
                    match right_cache.get(pos, node.right_id) {
                        Some(group) => {
                            let group = &mut groups[group as usize].1;
                            *group = (*group).min(cost);
                        }
                        None => {
                            right_cache.set(pos, node.right_id, groups.len() as i32);
                            groups.push((node.right_id, cost));
                        }
                    }
                }
            }
            // Cheapest arrivals first, so the minimum for a left id is usually found among
            // the first few: once an arrival costs more than the best so far less the lowest
            // connection cost, no later one can win (the same minimum, fewer lookups).
            sort_by_cost(groups);
            arrivals.clear();
            arrivals.extend(groups.iter().map(|&(rid, cost)| (connections.row(rid), cost)));
            let arrival = |left: u16| connections.cheapest_arrival(arrivals, left);
            for &i in &lattice.starting[pos] {
                let node = &lattice.nodes[i as usize];
                if !all && !span.allows(node) {
                    continue;
                }
                if groups.is_empty() {
                    best[i as usize] = UNREACHED;
                    continue;
                }
                let arrive = left_cache.get(pos, node.left_id).unwrap_or_else(|| {
                    let cost = arrival(node.left_id);
                    left_cache.set(pos, node.left_id, cost);
                    cost
                });
                best[i as usize] = arrive.saturating_add(node.cost);
            }
        }
        if let Some(kept) = kept {
            kept.keep(best, dictionary, lattice, span);
        }
    }

    /// The best path through `span`: what [`Search::best_paths`] gives first, found without
    /// its queue. From the end, each step takes the word before with the lowest total, then
    /// the nearest the span's start, then the first in the lattice's order — the state the
    /// queue would pop next, since the forward pass's costs are exact: the cheapest word
    /// before a state has the state's own total and lies nearer the start than anything
    /// queued before it. Where that does not hold (a cost saturated, the queue's push limit
    /// reached), the queue decides.
    pub fn best_path(&mut self, dictionary: &Dictionary, lattice: &Lattice, span: &Span) -> Option<Path> {
        self.forward(dictionary, lattice, span);
        let connections = dictionary.connections();
        let best = &self.best;
        let all = span.allows_all(lattice);
        let floor = connections.floor();
        // (total, start, node, cost after it) of the cheapest word ending at `end` before a word
        // of left id `next_left`, and at least as many as there are words within `bound` (what
        // the queue would take in). Only a total of at most `target` is wanted: a word whose
        // total cannot come down to it even with the cheapest connection is passed over without
        // looking its connection up (the matrix is read at random; most words before are such).
        let cheapest_before = |end: usize, next_left: u16, after: i32, bound: i32, target: i32| {
            let mut found: Option<(i32, u16, u32, i32)> = None;
            let mut within = 0usize;
            for &p in &lattice.ending[end] {
                let node = &lattice.nodes[p as usize];
                if (!all && !span.allows(node)) || best[p as usize] == UNREACHED {
                    continue;
                }
                let least = best[p as usize].saturating_add(after).saturating_add(floor);
                within += usize::from(least <= bound);
                if least > target {
                    continue;
                }
                let after_node = after.saturating_add(connections.cost(node.right_id, next_left));
                let total = best[p as usize].saturating_add(after_node);
                if found.is_none_or(|(t, start, _, _)| (total, node.start) < (t, start)) {
                    found = Some((total, node.start, p, after_node));
                }
            }
            found.map(|f| (f, within))
        };
        let ((cheapest, mut start, mut node, mut after), mut queued) = cheapest_before(span.end, span.right_context, 0, i32::MAX, i32::MAX)?;
        let bound = cheapest.saturating_add(NBEST_MARGIN);
        let mut nodes = vec![node];
        while start as usize != span.start {
            let word = &lattice.nodes[node as usize];
            // Every step of the best path has the path's total (the forward costs are exact):
            // only words that may reach it are looked at, and one that does is taken.
            let step = cheapest_before(start as usize, word.left_id, after.saturating_add(word.cost), bound, cheapest);
            let Some(((_, before_start, before, before_after), within)) = step.filter(|&((total, ..), within)| total == cheapest && cheapest != UNREACHED && queued + within <= MAX_PUSHES) else {
                let query = PathQuery { span, forward: Forward::Run, limit: 1, distinct: Distinct::Paths };
                return self.best_paths(dictionary, lattice, &query, |_, _| true).into_iter().next();
            };
            queued += within;
            (start, node, after) = (before_start, before, before_after);
            nodes.push(node);
        }
        nodes.reverse();
        Some(Path { nodes, cost: cheapest })
    }

    /// The best paths `query` asks for, cheapest first; `keep` decides which paths count as
    /// different (given a path's nodes, and its text when the search has written it, as
    /// [`Search::paths`] gives it). With [`Distinct::Texts`], `keep` keeps at most one path per
    /// text, and the search leaves out paths that could only repeat a text. Always by the
    /// span's own forward costs: a query for [`Forward::Whole`] (a search that may give up,
    /// `Search::paths`) runs the span's own pass instead, so the paths are never partial.
    pub fn best_paths(&mut self, dictionary: &Dictionary, lattice: &Lattice, query: &PathQuery, mut keep: impl FnMut(&[u32], Option<&str>) -> bool) -> Vec<Path> {
        let own = match query.forward {
            Forward::Whole { .. } => PathQuery { forward: Forward::Run, ..*query },
            Forward::Run | Forward::Own => *query,
        };
        let mut paths = Vec::new();
        self.paths(dictionary, lattice, &own, |nodes, cost, known| {
            let kept = keep(nodes, known);
            if kept {
                paths.push(Path { nodes: nodes.to_vec(), cost });
            }
            kept
        });
        paths
    }

    /// The best paths `query` asks for, cheapest first, each complete path popped handed to
    /// `keep` (its nodes in reading order, its cost, and its text while a search by text
    /// prunes: the text after its first word was written when that word's next state was
    /// expanded), which tells whether it counts (as in [`Search::best_paths`]); returns how
    /// many did: a caller that needs less than the path's nodes copies nothing. The queue is
    /// ordered by the forward costs `query.forward` names ([`Forward`]): the span's own pass,
    /// run first or already in place, or the whole reading's for a later segment of its best
    /// path.
    ///
    /// The whole reading's costs serve a later segment without a pass of its own (a segment's
    /// pass was an eighth of the keyboard's request). Less the cost at which the best path
    /// enters the segment, a word's whole-reading cost is at most its cost from the segment's
    /// start (that path entered the same way is one of those the whole pass took the minimum
    /// over), and it still grows along every path (it is a minimum over the words before), so
    /// the queue still pops complete paths cheapest first. Only a word at the segment's start,
    /// whose path is then complete, takes its exact cost. The cheapest word at the segment's
    /// end is the best path's, at the best path's cost, so the search's margin is as before.
    /// Paths of equal cost may come in another order than after the segment's own pass.
    ///
    /// Where words crossing the segment's start make those bounds loose, the search queues far
    /// more than after the segment's own pass; past [`MAX_SIBLINGS_AFTER_WHOLE`] words waiting
    /// it gives up and returns None, for the caller to run the segment's own pass (the only
    /// None; the span's own costs always answer).
    pub fn paths(&mut self, dictionary: &Dictionary, lattice: &Lattice, query: &PathQuery, mut keep: impl FnMut(&[u32], i32, Option<&str>) -> bool) -> Option<usize> {
        let PathQuery { span, forward, limit, distinct: kind } = *query;
        if forward == Forward::Run {
            self.forward(dictionary, lattice, span);
        }
        // A new search number makes every position's groups stale (`group_by_right`).
        self.search_number = self.search_number.wrapping_add(1);
        if self.search_number == 0 {
            self.grouped_in.iter_mut().for_each(|n| *n = 0);
            self.search_number = 1;
        }
        if self.grouped_in.len() < lattice.positions() {
            self.grouped_in.resize(lattice.positions(), 0);
            self.rights_at.resize(lattice.positions(), (0, 0));
            self.members_at.resize(lattice.positions(), (0, 0));
        }
        self.rights.clear();
        self.members.clear();
        let connections = dictionary.connections();
        let Search { best, queue, path, members, members_at, rights, rights_at, grouped_in, search_number, group_costs, expanded, .. } = self;
        let entered = match forward {
            Forward::Run | Forward::Own => None,
            Forward::Whole { entered } => Some(entered),
        };
        let costs = ForwardCosts { best, entered, span, connections: &connections };
        queue.clear();
        expanded.clear();
        let mut pruning = kind == Distinct::Texts;
        // How many states there would be had every word before been queued at its
        // expansion: it orders ties (`queue_key`) and bounds the search (MAX_PUSHES).
        let mut virtual_index = 0u32;
        for &i in &lattice.ending[span.end] {
            let node = &lattice.nodes[i as usize];
            if !span.allows(node) || best[i as usize] == UNREACHED {
                continue;
            }
            if virtual_index as usize >= MAX_PUSHES {
                break;
            }
            let after = dictionary.connection_cost(node.right_id, span.right_context);
            queue.siblings.push(Sibling { key: queue_key(costs.of(i, node).saturating_add(after), node.start, virtual_index), node: i, after });
            virtual_index += 1;
        }
        let cheapest = queue.siblings.iter().map(|s| key_total(s.key)).min().unwrap_or(UNREACHED);
        let bound = cheapest.saturating_add(NBEST_MARGIN);
        queue.start_family(0, AT_END);
        let mut kept = 0;
        let mut pops = 0;
        while let Some(Reverse((key, s))) = queue.heap.pop() {
            pops += 1;
            if pops > MAX_POPS || kept >= limit {
                break;
            }
            let total = key_total(key);
            let state = &queue.states[s as usize];
            let (node_index, state_after, state_next) = (state.node, state.after, state.next);
            queue.next_sibling(state.family);
            let node = lattice.nodes[node_index as usize];
            if node.start as usize == span.start {
                // The path is written into one buffer, which the caller copies from if it must.
                path.clear();
                let mut at = s;
                while let Some(state) = queue.states.get(at as usize) {
                    path.push(state.node);
                    at = state.next;
                }
                let cost = total.saturating_sub(entered.unwrap_or(0));
                // While pruning by text, the text after this word is its next state's, kept
                // when that state was expanded: only this word's text is written.
                let text_at = pruning.then(|| expanded.push_text_from(dictionary, lattice, &node, state_next));
                kept += usize::from(keep(path, cost, text_at.map(|from| &expanded.suffixes[from..])));
                if let Some(from) = text_at {
                    expanded.suffixes.truncate(from);
                }
                continue;
            }
            if pruning {
                if expanded.repeats(dictionary, lattice, &queue.states, s) {
                    continue;
                }
                pruning = !expanded.is_full();
            }
            let after = state_after.saturating_add(node.cost);
            let at = node.start as usize;
            if grouped_in[at] != *search_number {
                grouped_in[at] = *search_number;
                (rights_at[at], members_at[at]) = group_by_right(lattice, at, &costs, members, rights);
            }
            let (first, last) = rights_at[at];
            group_costs.clear();
            group_costs.extend(rights[first as usize..last as usize].iter().map(|&right| connections.cost(right, node.left_id)));
            let first_sibling = queue.siblings.len();
            let (first, last) = members_at[at];
            for member in &members[first as usize..last as usize] {
                let after_previous = after.saturating_add(group_costs[member.group as usize]);
                let f = member.best.saturating_add(after_previous);
                if f > bound || virtual_index as usize >= MAX_PUSHES {
                    continue;
                }
                queue.siblings.push(Sibling { key: queue_key(f, member.start, virtual_index), node: member.node, after: after_previous });
                virtual_index += 1;
            }
            queue.start_family(first_sibling, s);
            if entered.is_some() && queue.siblings.len() > MAX_SIBLINGS_AFTER_WHOLE {
                return None;
            }
        }
        Some(kept)
    }
}

impl Queue {
    fn clear(&mut self) {
        self.states.clear();
        self.siblings.clear();
        self.families.clear();
        self.heap.clear();
    }

    /// Makes the siblings from `first` on a family (before state `next`) and queues its cheapest.
    fn start_family(&mut self, first: usize, next: u32) {
        let members = &mut self.siblings[first..];
        if members.is_empty() {
            return;
        }
        let ready = bring_cheapest_forward(members);
        self.families.push(Family { first: first as u32, len: members.len() as u32, ready: ready as u32, next });
        self.queue_first(self.families.len() as u32 - 1);
    }

    /// Takes the queued sibling (just popped) out of family `family` and queues the next.
    fn next_sibling(&mut self, family: u32) {
        let f = &mut self.families[family as usize];
        f.first += 1;
        f.len -= 1;
        f.ready -= 1;
        if f.len == 0 {
            return;
        }
        if f.ready == 0 {
            f.ready = bring_cheapest_forward(&mut self.siblings[f.first as usize..(f.first + f.len) as usize]) as u32;
        }
        self.queue_first(family);
    }

    /// Queues the first sibling of family `family` (its cheapest left) as a state.
    fn queue_first(&mut self, family: u32) {
        let f = self.families[family as usize];
        let first = self.siblings[f.first as usize];
        self.states.push(State { node: first.node, after: first.after, next: f.next, family });
        self.heap.push(Reverse((first.key, self.states.len() as u32 - 1)));
    }
}

/// How many of a family's cheapest siblings one pass brings to its front: about 3 of each
/// family's 57 are popped over the benchmark's segments, so a pass over the family for the
/// next few costs less than ordering all of them (a heap of each family: 5 % more
/// instructions per request).
const FORWARD_BATCH: usize = 4;

/// Moves the cheapest [`FORWARD_BATCH`] siblings (or all, if fewer) to the front of
/// `members`, cheapest first, in one pass; returns how many.
fn bring_cheapest_forward(members: &mut [Sibling]) -> usize {
    let k = FORWARD_BATCH.min(members.len());
    let settle = |members: &mut [Sibling], mut j: usize| {
        while j > 0 && members[j - 1].key > members[j].key {
            members.swap(j - 1, j);
            j -= 1;
        }
    };
    for i in 1..k {
        settle(members, i);
    }
    for i in k..members.len() {
        if members[i].key < members[k - 1].key {
            members.swap(i, k - 1);
            settle(members, k - 1);
        }
    }
    k
}

/// What a search for the best paths looks for ([`Search::paths`], [`Search::best_paths`]).
#[derive(Debug, Clone, Copy)]
pub struct PathQuery<'s> {
    /// The stretch searched and what surrounds it.
    pub span: &'s Span,
    /// The forward costs the queue is ordered by.
    pub forward: Forward,
    /// How many paths that count to find.
    pub limit: usize,
    /// Which paths tell apart.
    pub distinct: Distinct,
}

/// The forward costs a search for the best paths orders its queue by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forward {
    /// The span's own: its forward pass ([`Search::forward`]) runs first.
    Run,
    /// Those of the last [`Search::forward`] over the span, or over a span whose costs are the
    /// same for every word the span allows, already in place.
    Own,
    /// Those of the whole reading's forward pass, for a span between two word boundaries of
    /// its best path with no cut inside it, entered at forward cost `entered` (that of the best
    /// path's word before the span; the span's left context is that word's right id).
    Whole { entered: i32 },
}

/// The forward costs a search for the best paths orders its queue by ([`Forward`]), once in
/// place.
struct ForwardCosts<'a> {
    best: &'a [i32],
    /// `Forward::Whole`'s cost of entering the span.
    entered: Option<i32>,
    span: &'a Span,
    connections: &'a Connections<'a>,
}

impl ForwardCosts<'_> {
    /// The forward cost of word `i` (`node`), which the span allows: for `Forward::Whole` the
    /// whole reading's (a lower bound, plus `entered`), but exact for a word at the span's
    /// start, whose paths are complete.
    #[inline]
    fn of(&self, i: u32, node: &Node) -> i32 {
        let cost = self.best[i as usize];
        match self.entered {
            Some(entered) if node.start as usize == self.span.start && cost != UNREACHED => self.exact_at_start(entered, node),
            _ => cost,
        }
    }

    /// The exact forward cost of a word at the span's start, entered at `entered`.
    #[inline(never)]
    fn exact_at_start(&self, entered: i32, node: &Node) -> i32 {
        let arrive = self.span.left_context.iter().map(|&(rid, extra)| extra.saturating_add(self.connections.cost(rid, node.left_id))).min().unwrap_or(UNREACHED);
        entered.saturating_add(arrive).saturating_add(node.cost)
    }
}

/// Which paths a search for the best paths tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distinct {
    /// Every path (its words, not only its text).
    Paths,
    /// Paths by the text they write: the caller keeps one path per text.
    Texts,
}

/// The states a search by text has taken further, by the text their words write from their
/// start to the span's end, their start and left id (`ExpandedTexts::repeats`).
#[derive(Default)]
struct ExpandedTexts {
    /// The text of each popped state (`suffix_of[state]`, a range of `suffixes`; stale until
    /// the state is popped, and a state's next is always popped before it).
    suffixes: String,
    suffix_of: Vec<(u32, u32)>,
    /// The states taken further, keyed by `suffix_key`.
    expanded: HashMap<u64, u32, BuildHasherDefault<FnvHasher>>,
}

impl ExpandedTexts {
    fn clear(&mut self) {
        self.suffixes.clear();
        self.expanded.clear();
    }

    /// Whether it holds all the texts a search may keep ([`MAX_SUFFIX_BYTES`]).
    fn is_full(&self) -> bool {
        self.suffixes.len() > MAX_SUFFIX_BYTES
    }

    /// Writes the text from word `node` to the span's end, its own then that of expanded state
    /// `next` (recorded when it was expanded; none for the span's end), at the end of
    /// `suffixes`; returns where it starts.
    fn push_text_from(&mut self, dictionary: &Dictionary, lattice: &Lattice, node: &Node, next: u32) -> usize {
        let from = self.suffixes.len();
        lattice.push_text(dictionary, node, &mut self.suffixes);
        if let Some(&(a, b)) = self.suffix_of.get(next as usize) {
            self.suffixes.extend_from_within(a as usize..b as usize);
        }
        from
    }

    /// Records the text of popped state `state` (its word, then its next state), and tells
    /// whether a state with the same text, start and left id was taken further before. Such a
    /// state has the same ways back to the span's start, each at least as dear as the same
    /// way from the earlier one (popped first, so no dearer): every path through it would
    /// repeat a text already found.
    fn repeats(&mut self, dictionary: &Dictionary, lattice: &Lattice, states: &[State], state: u32) -> bool {
        let State { node, next, .. } = states[state as usize];
        let node = &lattice.nodes[node as usize];
        let from = self.push_text_from(dictionary, lattice, node, next);
        let ExpandedTexts { suffixes, suffix_of, expanded } = self;
        if suffix_of.len() < states.len() {
            suffix_of.resize(states.len(), (0, 0));
        }
        suffix_of[state as usize] = (from as u32, suffixes.len() as u32);
        let key = suffix_key(&suffixes[from..], node.start, node.left_id);
        let Some(&earlier) = expanded.get(&key) else {
            expanded.insert(key, state);
            return false;
        };
        let other = &lattice.nodes[states[earlier as usize].node as usize];
        let (a, b) = suffix_of[earlier as usize];
        other.start == node.start && other.left_id == node.left_id && suffixes[a as usize..b as usize] == suffixes[from..]
    }
}

impl Buffers for ExpandedTexts {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let ExpandedTexts { suffixes, suffix_of, expanded } = self;
        visit(suffixes);
        visit(suffix_of);
        visit(expanded);
    }
}

/// The key of an expanded state by its suffix text, start and left id (FNV-1a; a collision
/// only costs a state expanded that could have been left out).
fn suffix_key(text: &str, start: u16, left_id: u16) -> u64 {
    fnv::extend(fnv::seed((u64::from(start) << 16) | u64::from(left_id)), text.as_bytes())
}

/// Sorts the arrivals of a position by cost. There are a handful (about 7 over the
/// benchmark's readings): an insertion sort in place beats the general sort's setup, which
/// was 4 % of a one-best conversion's time. The order among equal costs does not matter (the
/// forward pass takes the minimum over all of them).
fn sort_by_cost(groups: &mut [(u16, i32)]) {
    if groups.len() > 32 {
        groups.sort_unstable_by_key(|&(_, cost)| cost);
        return;
    }
    for i in 1..groups.len() {
        let item = groups[i];
        let mut j = i;
        while j > 0 && groups[j - 1].1 > item.1 {
            groups[j] = groups[j - 1];
            j -= 1;
        }
        groups[j] = item;
    }
}

/// Slots of an [`IdTable`].
const ID_SLOTS: usize = 64;

/// What a search knows of one class id at one position: the group of a right id, the cheapest
/// arrival of a left id. A small table on the stack, indexed by the id's low bits and made
/// stale by the next position, where dense tables of every id (10 KB each, kept between
/// conversions) were read at random. A collision only costs a second group for one right id
/// (the minimum over the groups, and their connection costs, are the same) or an arrival found
/// again.
struct IdTable([IdSlot; ID_SLOTS]);

#[derive(Clone, Copy)]
struct IdSlot {
    pos: u32,
    id: u16,
    value: i32,
}

impl IdTable {
    fn new() -> IdTable {
        IdTable([IdSlot { pos: u32::MAX, id: 0, value: 0 }; ID_SLOTS])
    }

    /// The value kept for `id` at position `pos`, if any.
    #[inline]
    fn get(&self, pos: usize, id: u16) -> Option<i32> {
        let slot = &self.0[id as usize % ID_SLOTS];
        (slot.pos == pos as u32 && slot.id == id).then_some(slot.value)
    }

    #[inline]
    fn set(&mut self, pos: usize, id: u16, value: i32) {
        self.0[id as usize % ID_SLOTS] = IdSlot { pos: pos as u32, id, value };
    }
}

/// A word before a position, as the backward search's expansions read it (`group_by_right`).
#[derive(Clone, Copy)]
struct Member {
    node: u32,
    /// Its forward cost (`Search::best`).
    best: i32,
    start: u16,
    /// Its group among the position's (by right id).
    group: u32,
}

/// Groups the words ending at `at` that the span allows and a path reaches by right id: appends
/// each, with its group's index among this position's, to `members`, in the lattice's order,
/// and the groups' right ids to `rights`, returning where each run lies; the groups are found
/// in an [`IdTable`], as in the forward pass.
fn group_by_right(lattice: &Lattice, at: usize, costs: &ForwardCosts, members: &mut Vec<Member>, rights: &mut Vec<u16>) -> ((u32, u32), (u32, u32)) {
    let first = rights.len();
    let first_member = members.len();
    let mut table = IdTable::new();
    for &p in &lattice.ending[at] {
        let node = &lattice.nodes[p as usize];
        if !costs.span.allows(node) || costs.best[p as usize] == UNREACHED {
            continue;
        }
        let group = match table.get(at, node.right_id) {
            Some(group) => group as u32,
            None => {
                let group = (rights.len() - first) as u32;
                rights.push(node.right_id);
                table.set(at, node.right_id, group as i32);
                group
            }
        };
        members.push(Member { node: p, best: costs.of(p, node), start: node.start, group });
    }
    ((first as u32, rights.len() as u32), (first_member as u32, members.len() as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversion::lattice::build::LatticeRequest;
    use crate::dictionary::builder::{self, BuildOptions, MatrixCells, SourceEntry, SourceMatrix};
    use crate::dictionary::format::SPECIAL_ID_COUNT;

    fn dictionary(ids: u16) -> Dictionary {
        let entries = vec![SourceEntry { reading: "か".to_string(), surface: "蚊".to_string(), left_id: 1, right_id: 1, cost: 100 }];
        let matrix = SourceMatrix { left_ids: ids, right_ids: ids, costs: vec![10; ids as usize * ids as usize] };
        let options = BuildOptions { metadata: Vec::new(), special_ids: [1; SPECIAL_ID_COUNT], matrix_cells: MatrixCells::Exact, attach_contexts: Vec::new() };
        Dictionary::from_vec(builder::build(&entries, &matrix, &options).unwrap()).unwrap()
    }

    /// A segment searched with the whole reading's forward costs (`Forward::Whole`) gives the
    /// paths and costs its own forward pass gives, in the same order but among paths of equal
    /// cost, though words crossing its ends make those costs loose bounds: over every stretch
    /// between two word boundaries of the best path, in a dictionary of overlapping words with
    /// uneven connection costs.
    #[test]
    fn a_segment_searched_after_the_whole_forward_pass_finds_what_its_own_pass_finds() {
        let ids = 8u16;
        let words = [("か", "蚊"), ("かき", "柿"), ("き", "木"), ("きく", "菊"), ("く", "区"), ("くか", "句価"), ("かきく", "書く"), ("きくか", "聞く家"), ("か", "科"), ("き", "気"), ("く", "九"), ("か", "可"), ("き", "黄")];
        let entries: Vec<SourceEntry> = words
            .iter()
            .enumerate()
            .map(|(n, &(reading, surface))| SourceEntry { reading: reading.to_string(), surface: surface.to_string(), left_id: 1 + (n as u16 % 7), right_id: 1 + (n as u16 * 3 % 7), cost: 300 + (n as i16 * 157) % 900 })
            .collect();
        // Uneven, so the cheapest way into a word often comes over a word crossing the segment's start.
        let costs = (0..ids as i32 * ids as i32).map(|c| ((c * 7919) % 1013 - 200) as i16).collect();
        let matrix = SourceMatrix { left_ids: ids, right_ids: ids, costs };
        let options = BuildOptions { metadata: Vec::new(), special_ids: [1; SPECIAL_ID_COUNT], matrix_cells: MatrixCells::Exact, attach_contexts: Vec::new() };
        let d = Dictionary::from_vec(builder::build(&entries, &matrix, &options).unwrap()).unwrap();
        let mut compared = 0;
        // Words whose whole-reading cost is below their own pass's, by whether they start the segment.
        let mut loose = std::collections::HashMap::new();
        for reading in ["かきくかきく", "きくかきくか", "かかきききくくか", "くかきくかかき"] {
            let lattice = Lattice::build(&d, &LatticeRequest::new(reading));
            let mut search = Search::new(&lattice);
            let best = search.best_path(&d, &lattice, &Span::whole(lattice.len())).unwrap();
            let whole: Vec<i32> = (0..lattice.nodes.len() as u32).map(|i| search.forward_cost(i)).collect();
            let word = |k: usize| lattice.nodes[best.nodes[k] as usize];
            for a in 1..best.nodes.len() {
                for b in a..best.nodes.len() {
                    let span = Span {
                        start: word(a).start as usize,
                        end: word(b).end as usize,
                        left_context: vec![(word(a - 1).right_id, 0)],
                        right_context: best.nodes.get(b + 1).map_or(BOUNDARY_ID, |&n| lattice.nodes[n as usize].left_id),
                        cuts: Vec::new(),
                    };
                    let own = search.best_paths(&d, &lattice, &PathQuery { span: &span, forward: Forward::Run, limit: 50, distinct: Distinct::Paths }, |_, _| true);
                    let entered = whole[best.nodes[a - 1] as usize];
                    // How loose the whole reading's costs are here (else the test shows nothing).
                    for (i, n) in lattice.nodes.iter().enumerate() {
                        if span.allows(n) && search.best[i] != UNREACHED && whole[i].saturating_sub(entered) < search.best[i] {
                            *loose.entry(n.start as usize == span.start).or_insert(0) += 1;
                        }
                    }
                    search.best[..whole.len()].copy_from_slice(&whole);
                    let mut after_whole = Vec::new();
                    let found = search.paths(&d, &lattice, &PathQuery { span: &span, forward: Forward::Whole { entered }, limit: 50, distinct: Distinct::Paths }, |nodes, cost, _| {
                        after_whole.push(Path { nodes: nodes.to_vec(), cost });
                        true
                    });
                    assert_eq!(found, Some(after_whole.len()), "a small search does not give up");
                    let costs = |paths: &[Path]| paths.iter().map(|p| p.cost).collect::<Vec<_>>();
                    assert_eq!(costs(&after_whole), costs(&own), "{reading}, words {a}..={b}");
                    // Paths of equal cost may come in another order; those of the last cost may
                    // be others (the limit cuts among them).
                    let last = own.last().map_or(0, |p| p.cost);
                    let sorted = |paths: &[Path]| {
                        let mut nodes: Vec<(i32, Vec<u32>)> = paths.iter().filter(|p| p.cost < last).map(|p| (p.cost, p.nodes.clone())).collect();
                        nodes.sort();
                        nodes
                    };
                    assert_eq!(sorted(&after_whole), sorted(&own), "{reading}, words {a}..={b}");
                    compared += own.len();
                }
            }
        }
        assert!(compared > 400, "only {compared} paths compared");
        assert!(loose.get(&false).is_some_and(|&n| n > 10) && loose.get(&true).is_some_and(|&n| n > 10), "the whole reading's costs were seldom loose: {loose:?}");
    }

    /// A search's buffers are handed on whatever the dictionary: after one with other class
    /// counts, the next search on the thread still gets them, sized for its own classes.
    #[test]
    fn kept_search_buffers_serve_a_dictionary_with_other_class_counts() {
        let (small, large) = (dictionary(3), dictionary(40));
        let path = |d: &Dictionary| {
            let lattice = Lattice::build(d, &LatticeRequest::new("かか"));
            let mut search = Search::new(&lattice);
            let path = search.best_path(d, &lattice, &Span::whole(lattice.len()));
            (path, search.queue.states.capacity())
        };
        let first = path(&small);
        for d in [&large, &small, &large] {
            let lattice = Lattice::build(d, &LatticeRequest::new("か"));
            drop(Search::new(&lattice));
            let kept = spare::take::<Search>().expect("the search dropped last left its buffers");
            assert!(kept.best.is_empty() && kept.queue.states.is_empty() && kept.queue.heap.is_empty(), "kept buffers come back empty");
            drop(kept);
        }
        assert_eq!(path(&small), first);
    }
}
