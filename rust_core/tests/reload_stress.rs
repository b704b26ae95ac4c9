//! Stress: several threads call `rust_process_key` and `rust_profiles_json` while another
//! reloads the engine every few milliseconds, alternating between two different valid
//! engines (A: the bundled data, ка → か; B: ка → が and renamed), and a third thread keeps
//! attempting reloads that must fail. No crash, and every answer comes whole from A or
//! from B: answers are compared byte for byte with what each engine gives on its own, on
//! queries where a mixed answer would show (`ка` typed after `ка`: かか or がが, never かが).
//! Its own test binary, because the engine is process-global.

mod common;
use common::bundled_documents;
use cyrillic_ime_core::ffi::*;
use cyrillic_ime_core::Engine;
use std::ffi::{c_char, CStr, CString};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null(), "NULL without a panic");
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    text
}

fn init(profiles: &CString, kana: &CString) -> bool {
    unsafe { rust_init_engine(profiles.as_ptr(), kana.as_ptr()) }
}

/// Engine B: every ка rule gives が, and the profile has another English name.
fn engine_b_profiles(a: &str) -> String {
    let b = a.replacen("\"ка\": \"ka\"", "\"ка\": \"ga\"", 1).replacen("\"en\": \"", "\"en\": \"B ", 1);
    assert_ne!(b, a);
    b
}

const QUERIES: &[(&str, &str, &str)] = &[
    ("а", "к", "rus_standard"),
    ("ка", "ка", "rus_standard"),
    ("Хоккайдо:", "ка", "rus_standard:katakana"),
    ("{flush}", "ккака", "rus_standard"),
    ("а", "кк", "rus_standard:katakana"),
];

#[test]
fn every_answer_during_reloads_comes_whole_from_one_engine() {
    let (profiles_a, kana) = bundled_documents();
    let profiles_b = engine_b_profiles(&profiles_a);
    let engine_a = Engine::from_documents(&profiles_a, &kana).unwrap();
    let engine_b = Engine::from_documents(&profiles_b, &kana).unwrap();
    let expected: Vec<(String, String)> = QUERIES
        .iter()
        .map(|(k, b, p)| (engine_a.process_key(k, b, p).to_json(), engine_b.process_key(k, b, p).to_json()))
        .collect();
    for (a, b) in &expected {
        assert_ne!(a, b, "the two engines must answer differently for the test to mean anything");
    }
    assert!(expected[1].0.contains("かか") && expected[1].1.contains("がが"));
    let described = (engine_a.describe_profiles_json(), engine_b.describe_profiles_json());
    assert_ne!(described.0, described.1);

    let (a, b, k) = (CString::new(profiles_a).unwrap(), CString::new(profiles_b).unwrap(), CString::new(kana).unwrap());
    assert!(init(&a, &k));
    let stop = AtomicBool::new(false);
    let from_a = AtomicUsize::new(0);
    let from_b = AtomicUsize::new(0);
    let reloads = AtomicUsize::new(0);
    let started = Instant::now();

    std::thread::scope(|scope| {
        for thread in 0..4 {
            let (expected, described, stop, from_a, from_b) = (&expected, &described, &stop, &from_a, &from_b);
            scope.spawn(move || {
                let queries: Vec<_> =
                    QUERIES.iter().map(|(k, b, p)| (CString::new(*k).unwrap(), CString::new(*b).unwrap(), CString::new(*p).unwrap())).collect();
                let mut i = thread;
                while !stop.load(Ordering::Relaxed) {
                    let q = i % queries.len();
                    let (key, buffer, profile) = &queries[q];
                    let answer = take(unsafe { rust_process_key(key.as_ptr(), buffer.as_ptr(), profile.as_ptr()) });
                    if answer == expected[q].0 {
                        from_a.fetch_add(1, Ordering::Relaxed);
                    } else if answer == expected[q].1 {
                        from_b.fetch_add(1, Ordering::Relaxed);
                    } else {
                        panic!("query {:?}: {answer} is from neither engine ({} / {})", QUERIES[q], expected[q].0, expected[q].1);
                    }
                    if i % 16 == 0 {
                        let list = take(rust_profiles_json());
                        assert!(list == described.0 || list == described.1, "profile list from neither engine: {list}");
                    }
                    i += 1;
                }
            });
        }
        // Failed reloads in between must never disturb either engine.
        let (stop_ref, k_ref) = (&stop, &k);
        scope.spawn(move || {
            let broken = CString::new("{\"version\": 1, \"profiles\": [").unwrap();
            while !stop_ref.load(Ordering::Relaxed) {
                assert!(!init(&broken, k_ref));
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        // The reloader: every 2 ms, A and B in turn.
        for round in 0..300 {
            assert!(init(if round % 2 == 0 { &b } else { &a }, &k), "reload {round} rejected");
            reloads.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(2));
        }
        stop.store(true, Ordering::Relaxed);
    });

    let (a_count, b_count) = (from_a.load(Ordering::Relaxed), from_b.load(Ordering::Relaxed));
    eprintln!(
        "reload stress: {} reloads in {:?}; {} answers from engine A, {} from engine B",
        reloads.load(Ordering::Relaxed),
        started.elapsed(),
        a_count,
        b_count
    );
    assert!(a_count > 100 && b_count > 100, "the readers did not see both engines: A {a_count}, B {b_count}");
}
