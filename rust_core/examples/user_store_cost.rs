//! Measures the user store's costs on this machine: a learn with its atomic save (file
//! size at the bounds), the same when another store saved in between (the merge), opening a
//! full store, and a conversion with and without the store.
//! Usage: cargo run --release --example user_store_cost -- DICTIONARY DIR
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::limits;
use cyrillic_ime_core::user::store::UserStore;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let converter = Converter::new(Dictionary::open(std::path::Path::new(&args[1])).expect("dictionary"));
    let dir = &args[2];
    let _ = std::fs::remove_dir_all(dir);
    let (mut store, _) = UserStore::open(dir).unwrap();
    let kana: Vec<char> = "あいうえおかきくけこさしすせそたちつてとなにぬねの".chars().collect();
    let mut times = Vec::new();
    for i in 0..limits::MAX_LEARNED_CHOICES + 200 {
        let reading: String = (0..12).map(|k| kana[(i * 7 + k * 13 + i / 25) % kana.len()]).collect::<String>() + &i.to_string();
        let segments = vec![(reading[..18].to_string(), "漢字です".to_string()), (reading[18..].to_string(), "かな".to_string())];
        let start = Instant::now();
        store.learn(&reading, &segments).unwrap();
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let size = std::fs::metadata(format!("{dir}/learning.cime")).unwrap().len();
    times.sort_by(f64::total_cmp);
    println!("learn + atomic save at the bounds ({} choices, {} phrases, file {size} bytes): median {:.2} ms, p99 {:.2} ms",
        store.data().segments.values().map(Vec::len).sum::<usize>(), store.data().phrases.values().map(Vec::len).sum::<usize>(),
        times[times.len() / 2], times[times.len() * 99 / 100]);
    let start = Instant::now();
    let (reopened, _) = UserStore::open(dir).unwrap();
    println!("open the full store: {:.2} ms", start.elapsed().as_secs_f64() * 1e3);
    // Two stores on one directory taking turns, as two processes would: every learn finds
    // the file saved by the other and merges (re-reads and parses it) before its save.
    let (mut other, _) = UserStore::open(dir).unwrap();
    let mut merging = Vec::new();
    for i in 0..200 {
        let who = if i % 2 == 0 { &mut store } else { &mut other };
        let reading = format!("まーじ{i}");
        let start = Instant::now();
        assert!(who.learn(&reading, &[(reading.clone(), "併合".to_string())]).unwrap().saved);
        merging.push(start.elapsed().as_secs_f64() * 1e3);
    }
    merging.sort_by(f64::total_cmp);
    println!("learn + merge with another store's save + atomic save, full store: median {:.2} ms, p99 {:.2} ms", merging[100], merging[198]);
    let data = reopened.data();
    let mut data2 = (*data).clone();
    for i in 0..200 {
        data2.add_word(&format!("ゆーざー{}", "あいうえお".chars().nth(i % 5).unwrap()).repeat(1 + i / 5 % 3), &format!("語{i}")).unwrap();
    }
    let reading = "わたしのなまえはなかのですきょうはいいてんきですね";
    for (name, user) in [("without a store", None), ("with the full store and 200 user words", Some(&data2))] {
        let mut t = Vec::new();
        for _ in 0..50 {
            let start = Instant::now();
            converter.convert(&Request { candidates: 9, alternatives: 0, heard: true, user, ..Request::new(reading) }).unwrap();
            t.push(start.elapsed().as_secs_f64() * 1e3);
        }
        t.sort_by(f64::total_cmp);
        println!("convert {} kana {name}: median {:.2} ms", reading.chars().count(), t[25]);
    }
}
