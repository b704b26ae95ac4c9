//! The user store's exports, called as C would, together with the conversion exports over
//! the tiny dictionary: without a store, opening one, learning through `rust_learn` and
//! seeing it in `rust_convert`, `rust_resize_segment`, `rust_segment_candidates` and
//! `rust_predict`, user words, forgetting, closing and reopening, bad arguments,
//! conversions racing learning, and learning after a context. The store is process-global,
//! so everything runs in one test, in order.

mod tiny_dictionary;
use cyrillic_ime_core::conversion_ffi::*;
use cyrillic_ime_core::ffi::rust_free_string;
use cyrillic_ime_core::user_ffi::*;
use std::ffi::{c_char, CStr, CString};
use tiny_dictionary::*;

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null(), "an export returned NULL");
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("results are UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    text
}

type Export = unsafe extern "C" fn(*const c_char) -> *mut c_char;

fn call(export: Export, request: &str) -> String {
    let c = CString::new(request).unwrap();
    take(unsafe { export(c.as_ptr()) })
}

fn open(dir: &str) -> String {
    call(rust_open_user_store, dir)
}

fn best(reading: &str) -> String {
    let answer = call(rust_convert, &format!(r#"{{"reading":"{reading}","alternatives":1}}"#));
    let start = answer.find(r#""alternatives":[""#).unwrap_or_else(|| panic!("{answer}")) + r#""alternatives":[""#.len();
    answer[start..start + answer[start..].find('"').unwrap()].to_string()
}

#[test]
fn the_user_store_exports_work_with_the_conversion_exports() {
    let dictionary = write_temp("user-ffi.cimedic", &bytes());
    let loaded = call(rust_load_dictionary, dictionary.to_str().unwrap());
    assert!(loaded.starts_with(r#"{"loaded":true"#), "{loaded}");

    // No store: conversion as before, the store's requests refused.
    assert_eq!(best("はし"), "箸");
    for export in [rust_learn as Export, rust_user_words, rust_forget] {
        assert_eq!(call(export, "{}"), r#"{"error":"no user store open: call rust_open_user_store first"}"#);
        assert_eq!(take(unsafe { export(std::ptr::null()) }), r#"{"error":"request is NULL"}"#);
    }
    assert_eq!(take(rust_close_user_store()), r#"{"closed":false}"#);
    assert_eq!(take(rust_user_store_info()), r#"{"opened":false}"#);
    assert_eq!(take(unsafe { rust_open_user_store(std::ptr::null()) }), r#"{"error":"user store: directory is NULL"}"#);
    let invalid = [0xFFu8, 0];
    assert_eq!(take(unsafe { rust_open_user_store(invalid.as_ptr().cast()) }), r#"{"error":"user store: directory is not valid UTF-8"}"#);
    assert_eq!(open(""), r#"{"error":"user store: directory is empty"}"#);

    let dir = temp_path("user-ffi-store");
    let dir_text = dir.to_str().unwrap().to_string();
    assert_eq!(open(&dir_text), format!(r#"{{"opened":true,"directory":"{dir_text}","persistent":true,"learned":0,"words":0,"warnings":[]}}"#));

    // Learning through the export changes every conversion export.
    assert_eq!(call(rust_learn, r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋"}]}"#), r#"{"learned":true,"saved":true,"warnings":[]}"#);
    assert_eq!(best("はし"), "橋");
    assert!(call(rust_segment_candidates, r#"{"reading":"はし","segments":[2],"index":0,"limit":2}"#).starts_with(r#"{"candidates":["橋","箸""#));
    let resized = call(rust_resize_segment, r#"{"reading":"はしの","segments":[3],"index":0,"delta":0}"#);
    assert!(resized.contains(r#""candidates":["橋の""#), "{resized}");
    let sentence = "わたしのなまえはなかのです";
    assert_eq!(
        call(rust_learn, &format!(r#"{{"reading":"{sentence}","segments":[{{"reading":"わたしのなまえは","text":"私の名前は"}},{{"reading":"なかのです","text":"仲野です"}}]}}"#)),
        r#"{"learned":true,"saved":true,"warnings":[]}"#
    );
    assert_eq!(best(sentence), "私の名前は仲野です");
    let converted = call(rust_convert, &format!(r#"{{"reading":"{sentence}"}}"#));
    assert!(converted.contains(r#""segments":[{"reading":"わたしのなまえは","candidates":["私の名前は""#), "{converted}");
    assert!(call(rust_predict, r#"{"reading":"わたし","limit":3}"#).starts_with(r#"{"predictions":[{"text":"私の名前は仲野です","reading":"わたしのなまえはなかのです"}"#));

    // User words.
    assert_eq!(call(rust_user_words, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#), r#"{"words":[{"reading":"ぬこ","text":"猫","class":"noun"}],"saved":true,"warnings":[]}"#);
    assert_eq!(best("ぬこは"), "猫は");
    assert_eq!(call(rust_predict, r#"{"reading":"ぬ"}"#), r#"{"predictions":[{"text":"猫","reading":"ぬこ"}]}"#);
    assert_eq!(call(rust_user_words, r#"{"action":"list"}"#), r#"{"words":[{"reading":"ぬこ","text":"猫","class":"noun"}],"saved":true,"warnings":[]}"#);
    assert_eq!(call(rust_user_words, r#"{"action":"add","reading":"ネコ"}"#), r#"{"error":"$text is missing"}"#);

    // Close: conversion as before; reopen: everything back.
    assert_eq!(take(rust_close_user_store()), r#"{"closed":true}"#);
    assert_eq!(best("はし"), "箸");
    assert_eq!(best("ぬこ"), "ぬこ");
    assert_eq!(open(&dir_text), format!(r#"{{"opened":true,"directory":"{dir_text}","persistent":true,"learned":5,"words":1,"warnings":[]}}"#));
    assert_eq!(best("はし"), "橋");
    assert_eq!(best("ぬこ"), "猫");

    // A failed open keeps the open store.
    assert!(open(&"x".repeat(5000)).starts_with(r#"{"error":"user store: directory is 5000 bytes"#));
    assert_eq!(best("はし"), "橋");

    // The store's description follows every change (what a host shows after commits).
    assert_eq!(take(rust_user_store_info()), format!(r#"{{"opened":true,"directory":"{dir_text}","persistent":true,"learned":5,"words":1,"warnings":[]}}"#));

    // Forgetting.
    assert_eq!(call(rust_forget, r#"{"reading":"はし","text":"橋"}"#), r#"{"forgotten":2,"saved":true,"warnings":[]}"#);
    assert!(take(rust_user_store_info()).contains(r#""learned":3,"#));
    // A reading alone: every choice learned for it, and the phrases holding one.
    assert_eq!(call(rust_learn, r#"{"reading":"はし","segments":[{"reading":"はし","text":"端"}]}"#), r#"{"learned":true,"saved":true,"warnings":[]}"#);
    assert_eq!(best("はし"), "端");
    assert_eq!(call(rust_forget, r#"{"reading":"ハシ"}"#), r#"{"forgotten":2,"saved":true,"warnings":[]}"#);
    assert_eq!(best("はし"), "箸");
    assert_eq!(call(rust_forget, r#"{"reading":"はし"}"#), r#"{"forgotten":0,"saved":true,"warnings":[]}"#);
    assert_eq!(best("はし"), "箸");
    assert_eq!(call(rust_forget, r#"{"all":true}"#), r#"{"forgotten":3,"saved":true,"warnings":[]}"#);
    assert_eq!(best(sentence), "私の名前は中野です");
    assert_eq!(best("ぬこ"), "猫", "the user dictionary stays");
    assert_eq!(call(rust_forget, r#"{"everything":true}"#), r#"{"error":"forget request: unknown field \"everything\""}"#);

    // Conversions racing learning: every answer is a conversion, no call fails or blocks.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let readers: Vec<_> = (0..3)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) || n == 0 {
                    let text = best("はし");
                    assert!(text == "箸" || text == "橋", "{text}");
                    assert!(call(rust_predict, r#"{"reading":"は"}"#).starts_with(r#"{"predictions":["#));
                    n += 1;
                }
                n
            })
        })
        .collect();
    for i in 0..100 {
        let text = if i % 2 == 0 { "橋" } else { "箸" };
        let answer = call(rust_learn, &format!(r#"{{"reading":"はし","segments":[{{"reading":"はし","text":"{text}"}}]}}"#));
        assert_eq!(answer, r#"{"learned":true,"saved":true,"warnings":[]}"#);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for r in readers {
        assert!(r.join().expect("a reader panicked") > 0);
    }
    assert_eq!(best("はし"), "箸", "the last choice (i = 99) leads");

    // Learning after a context: each choice is also remembered after the word before it, the
    // one conversion reads there; from the text before the cursor, that is the last word the
    // loaded dictionary knows (私 of "昨日の私 "), the same word a committed segment names.
    let after_watashi = r#""context":{"segments":[{"reading":"わたし","text":"私"}]}"#;
    let next_after_watashi = || call(rust_predict, &format!(r#"{{"reading":"",{after_watashi},"limit":1}}"#));
    assert_eq!(next_after_watashi(), r#"{"predictions":[{"text":"です","reading":"です"}]}"#, "nothing learned after 私 yet");
    assert_eq!(
        call(rust_learn, r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋"}],"context":{"text":"昨日の私 "}}"#),
        r#"{"learned":true,"saved":true,"warnings":[]}"#
    );
    assert_eq!(next_after_watashi(), r#"{"predictions":[{"text":"橋","reading":"はし"}]}"#);
    let converted = call(rust_convert, &format!(r#"{{"reading":"はし",{after_watashi}}}"#));
    assert!(converted.contains(r#""candidates":["橋""#), "{converted}");

    // A store that cannot be written still learns, in memory.
    let blocker = write_temp("user-ffi-blocker", b"file");
    let blocked = format!("{}/store", blocker.display());
    let answer = open(&blocked);
    assert!(answer.starts_with(&format!(r#"{{"opened":true,"directory":"{blocked}","persistent":false,"learned":0,"words":0,"warnings":["user store {blocked}: cannot create the directory ("#)), "{answer}");
    let answer = call(rust_learn, r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋"}]}"#);
    assert_eq!(answer, format!(r#"{{"learned":true,"saved":false,"warnings":["user store {blocked}: not writable, the change stays in memory"]}}"#));
    assert_eq!(best("はし"), "橋");
    assert_eq!(take(rust_close_user_store()), r#"{"closed":true}"#);
}
