//! The user store shared by processes (docs/LEARNING.md, "More than one process"), with
//! real child processes: this test binary run again with `--ignored --exact
//! child_learner`, which learns into a store and prints a line for every commit whose
//! save was confirmed.
//!
//! - Two processes learning into one store at once keep every confirmed commit of both.
//! - A process killed (SIGKILL) at random moments while it saves, again and again, never
//!   costs a confirmed commit and never leaves a damaged file: at most the save in flight.
//!
//! Both are bounded (a few hundred saves, a few seconds) so they run in the test command.

use cyrillic_ime_core::user::file;
use cyrillic_ime_core::user::store::UserStore;
use cyrillic_ime_core::user::UserData;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kana the readings are spelled with: a commit's number in base 20.
const KANA: [char; 20] = ['か', 'き', 'く', 'け', 'こ', 'さ', 'し', 'す', 'せ', 'そ', 'た', 'ち', 'つ', 'て', 'と', 'な', 'に', 'ぬ', 'ね', 'の'];

/// The reading of commit `n` of writer `writer`: distinct for every (writer, n).
fn reading(writer: &str, n: usize) -> String {
    let mut digits = Vec::new();
    let mut v = n;
    loop {
        digits.push(KANA[v % 20]);
        v /= 20;
        if v == 0 {
            break;
        }
    }
    format!("{writer}{}", digits.iter().rev().collect::<String>())
}

fn text(writer: &str, n: usize) -> String {
    format!("{writer}{n}")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cime-processes-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The child: learns `CIME_CHILD_COUNT` commits of writer `CIME_CHILD_WRITER` into the store
/// in `CIME_CHILD_STORE`, printing `saved <n>` once the save of commit n is confirmed (or
/// `unsaved <n> <warning>`), starting at `CIME_CHILD_FROM`.
#[test]
#[ignore = "the child process of the two-process and kill tests, run by them"]
fn child_learner() {
    let var = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: this test is run by the others"));
    let dir = var("CIME_CHILD_STORE");
    let writer = var("CIME_CHILD_WRITER");
    let from: usize = var("CIME_CHILD_FROM").parse().unwrap();
    let count: usize = var("CIME_CHILD_COUNT").parse().unwrap();
    let (mut store, _) = UserStore::open(&dir).expect("the store opens");
    for n in from..from + count {
        let r = reading(&writer, n);
        let saved = store.learn(&r, &[(r.clone(), text(&writer, n))]).expect("a valid commit");
        // println! flushes at the newline (stdout is line-buffered), so a line the parent
        // reads was printed after the save returned.
        if saved.saved {
            println!("saved {n}");
        } else {
            println!("unsaved {n} {:?}", saved.warnings);
        }
    }
}

fn spawn_child(dir: &Path, writer: &str, from: usize, count: usize) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--ignored", "--exact", "child_learner", "--nocapture", "--test-threads=1", "-q"])
        .env("CIME_CHILD_STORE", dir)
        .env("CIME_CHILD_WRITER", writer)
        .env("CIME_CHILD_FROM", from.to_string())
        .env("CIME_CHILD_COUNT", count.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the test binary runs again as a child")
}

/// The commits a child confirmed (`saved <n>` lines), and the lines that were not.
fn confirmed(child: &mut Child) -> (Vec<usize>, Vec<String>) {
    let mut saved = Vec::new();
    let mut other = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines().map_while(Result::ok) {
        match line.strip_prefix("saved ").and_then(|n| n.parse().ok()) {
            Some(n) => saved.push(n),
            None if line.starts_with("unsaved") => other.push(line),
            None => {}
        }
    }
    (saved, other)
}

/// Asserts the store in `dir` holds commit n of `writer` for every n in `commits`.
fn assert_kept(store: &UserStore, writer: &str, commits: &[usize], context: &str) {
    let data = store.data();
    let lost: Vec<usize> = commits.iter().copied().filter(|&n| data.segment_texts(&reading(writer, n)) != [text(writer, n).as_str()]).collect();
    assert!(lost.is_empty(), "{context}: {} of {} confirmed commits of {writer} lost: {lost:?}", lost.len(), commits.len());
}

#[test]
fn two_processes_learning_at_once_keep_every_commit_of_both() {
    let dir = temp_dir("two");
    const EACH: usize = 200;
    let mut a = spawn_child(&dir, "あ", 0, EACH);
    let mut b = spawn_child(&dir, "い", 0, EACH);
    let (a_saved, a_other) = confirmed(&mut a);
    let (b_saved, b_other) = confirmed(&mut b);
    assert!(a.wait().unwrap().success() && b.wait().unwrap().success(), "both children finish");
    assert!(a_other.is_empty() && b_other.is_empty(), "every save succeeds: {a_other:?} {b_other:?}");
    assert_eq!((a_saved.len(), b_saved.len()), (EACH, EACH), "both confirmed every commit");
    let (store, warnings) = UserStore::open(dir.to_str().unwrap()).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_kept(&store, "あ", &a_saved, "two processes");
    assert_kept(&store, "い", &b_saved, "two processes");
    assert_eq!(store.data().tick, 2 * EACH as u64, "the clock counts the commits of both");
    let left: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).filter(|n| n.contains(".tmp-")).collect();
    assert!(left.is_empty(), "no temporary file is left: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_process_killed_while_saving_loses_no_confirmed_commit() {
    let dir = temp_dir("kill");
    // A store big enough that a save takes a while (about 60 KB per save), so the kills
    // land inside saves: writing, syncing, renaming.
    let mut prefill = UserData::default();
    for n in 0..800 {
        let r = reading("ま", n);
        prefill.learn(&r, &[(r.clone(), text("ま", n))]);
    }
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file::LEARNING_FILE), file::write_learning(&prefill)).unwrap();
    // How long a child takes to learn its 20 commits into such a store here, untouched (in a
    // store of its own): the kills are spread over that time, so they land inside saves
    // however fast the machine writes — kills 20–100 ms after the start let every child
    // finish first on a machine whose saves are fast.
    let probe_dir = temp_dir("kill-probe");
    std::fs::create_dir_all(&probe_dir).unwrap();
    std::fs::write(probe_dir.join(file::LEARNING_FILE), file::write_learning(&prefill)).unwrap();
    let started = Instant::now();
    let mut probe = spawn_child(&probe_dir, "や", 0, 20);
    let (probe_saved, _) = confirmed(&mut probe);
    assert!(probe.wait().unwrap().success() && probe_saved.len() == 20, "the untouched child confirms its 20 commits");
    let child_time = started.elapsed().as_micros().max(1) as u64;
    let _ = std::fs::remove_dir_all(&probe_dir);
    const ROUNDS: usize = 40;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = 0;
    let mut all_confirmed = Vec::new();
    let mut interrupted = 0;
    for round in 0..ROUNDS {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Each child may learn up to 20 commits: the prefill and every child's commits
        // stay under the 2,000 choices kept, so nothing is evicted.
        let mut child = spawn_child(&dir, "や", next, 20);
        std::thread::sleep(Duration::from_micros(seed % child_time));
        let _ = child.kill();
        let (saved, other) = confirmed(&mut child);
        let _ = child.wait();
        assert!(other.is_empty(), "round {round}: {other:?}");
        next += 20;
        all_confirmed.extend(saved);
        let (store, warnings) = UserStore::open(dir.to_str().unwrap()).unwrap();
        for w in &warnings {
            assert!(w.contains(", left by a save that was interrupted (the file before it is intact)"), "round {round}: {w}");
        }
        interrupted += warnings.len();
        let set_aside: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).filter(|n| n.contains(".corrupt-")).collect();
        assert!(set_aside.is_empty(), "round {round}: a killed save damaged the file: {set_aside:?}");
        assert_kept(&store, "や", &all_confirmed, &format!("after kill {}", round + 1));
        assert_kept(&store, "ま", &(0..800).collect::<Vec<_>>(), &format!("after kill {}", round + 1));
    }
    println!("{ROUNDS} kills within the {child_time} µs a child takes: {} commits confirmed and kept, {interrupted} kills interrupted a save (its temporary file was removed at the next open)", all_confirmed.len());
    assert!(interrupted > 0, "no kill landed inside a save: the test did not exercise what it claims");
    let _ = std::fs::remove_dir_all(&dir);
}
