//! A lattice's node indices grouped by position (by start, by end), in the order the nodes
//! were pushed: one flat list and where each position's run starts. Built once when the
//! lattice is complete (`Lattice::finish`): a list per position grew by reallocation at every
//! push, a tenth of a conversion's instructions.

use crate::conversion::spare::{Buffer, Buffers};

/// Indices of items (a lattice's nodes) grouped by position.
#[derive(Debug, Clone, Default)]
pub struct ByPosition {
    /// `starts[pos]..starts[pos + 1]` is position `pos`'s run of `items`.
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl ByPosition {
    /// Groups `nodes` by `position(node)` (each below `positions`), keeping their order;
    /// fills its own buffers again (they may come from an earlier lattice, `spare.rs`).
    pub(super) fn group<T>(&mut self, positions: usize, nodes: &[T], position: impl Fn(&T) -> usize) {
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
    pub(super) fn len(&self) -> usize {
        self.items.len()
    }
}

impl std::ops::Index<usize> for ByPosition {
    type Output = [u32];

    fn index(&self, pos: usize) -> &[u32] {
        &self.items[self.starts[pos] as usize..self.starts[pos + 1] as usize]
    }
}

impl Buffers for ByPosition {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let ByPosition { starts, items } = self;
        visit(starts);
        visit(items);
    }
}

#[cfg(test)]
mod tests {
    use super::ByPosition;

    /// A node of the test: its start and end.
    type Node = (u16, u16);

    fn node(start: u16, end: u16) -> Node {
        (start, end)
    }

    /// Grouping by position keeps each position's nodes in the lattice's order, whether the
    /// nodes come in order of the position (runs of one position, as homophones do) or not, and
    /// leaves positions without nodes empty.
    #[test]
    fn grouping_by_position_keeps_the_lattice_order_within_each_position() {
        let nodes = [node(0, 4), node(0, 4), node(0, 2), node(2, 4), node(2, 4), node(4, 6), node(1, 2), node(4, 8), node(4, 8), node(4, 8)];
        let expect = |position: &dyn Fn(&Node) -> usize, pos: usize| -> Vec<u32> { (0..nodes.len() as u32).filter(|&i| position(&nodes[i as usize]) == pos).collect() };
        let mut grouped = ByPosition::default();
        for (name, position) in [("start", &(|n: &Node| n.0 as usize) as &dyn Fn(&Node) -> usize), ("end", &|n: &Node| n.1 as usize)] {
            grouped.group(9, &nodes, position);
            assert_eq!(grouped.len(), nodes.len(), "{name}");
            for pos in 0..9 {
                assert_eq!(grouped[pos].to_vec(), expect(position, pos), "{name} {pos}");
            }
        }
        // In order of the position: the runs are the nodes themselves.
        let ordered = [node(0, 2), node(0, 4), node(2, 4), node(2, 6), node(2, 6)];
        grouped.group(7, &ordered, |n| n.0 as usize);
        assert_eq!((grouped[0].to_vec(), grouped[1].to_vec(), grouped[2].to_vec()), (vec![0, 1], vec![], vec![2, 3, 4]));
    }
}
