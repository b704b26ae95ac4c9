use cyrillic_ime_core::conversion::lattice::Lattice;
use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::dictionary::Dictionary;
use std::collections::HashSet;
use std::io::BufRead;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let d = Dictionary::open(std::path::Path::new(&a[1])).unwrap();
    let heard = a[2] == "heard";
    let hc = HeardCosts::default();
    let mut classes = 0usize; let (mut n, mut chars, mut nodes, mut pairs, mut lids, mut rids, mut ends) = (0usize, 0usize, 0usize, 0usize, 0usize, 0usize, 0usize);
    for line in std::io::stdin().lock().lines() {
        let r = line.unwrap();
        let mut l = Lattice::build_in(&d, &r, heard.then_some(&hc), None, false, &[], a.len() > 3); l.finish();
        classes += l.nodes.iter().map(|x| (x.start,x.end,x.left_id,x.right_id)).collect::<HashSet<_>>().len(); n += 1; chars += l.len(); nodes += l.nodes.len();
        for pos in 0..l.positions() {
            let e = l.ending[pos].len(); let s = l.starting[pos].len();
            ends += e; pairs += e * s;
            let li: HashSet<u16> = l.starting[pos].iter().map(|&i| l.nodes[i as usize].left_id).collect();
            let ri: HashSet<u16> = l.ending[pos].iter().map(|&i| l.nodes[i as usize].right_id).collect();
            lids += li.len(); rids += ri.len();
        }
    }
    println!("readings {n} chars/r {:.1} nodes/r {:.1} pairs(e*s)/r {:.0} distinct-left/r {:.1} distinct-right/r {:.1} lid*rid/r ?", chars as f64/n as f64, nodes as f64/n as f64, pairs as f64/n as f64, lids as f64/n as f64, rids as f64/n as f64);
    let _ = ends; println!("classes/r {:.1}", classes as f64/n as f64);
}
