//! The conversion exports of the C ABI, called as C would: before any dictionary, loading
//! good and bad files (a failed load leaves the loaded dictionary in place and names the
//! file and the problem), every request kind, NULL and invalid UTF-8 arguments, and
//! conversions racing reloads. The loaded dictionary is process-global, so everything
//! runs in one test, in order.

mod common;
mod tiny_dictionary;
use common::{member, parse};
use cyrillic_ime_core::conversion_ffi::*;
use cyrillic_ime_core::dictionary::format::{field, Section};
use cyrillic_ime_core::ffi::rust_free_string;
use cyrillic_ime_core::json::Value;
use std::ffi::{c_char, CStr, CString};
use std::path::Path;
use tiny_dictionary::*;

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null(), "an export returned NULL");
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("results are UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    text
}

fn str_member<'a>(value: &'a Value, key: &str) -> &'a str {
    match member(value, key) {
        Some(Value::String(s)) => s,
        other => panic!("{key}: expected a string, got {other:?}"),
    }
}

fn load(path: &Path) -> Value {
    let c = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    parse(&take(unsafe { rust_load_dictionary(c.as_ptr()) }))
}

fn info() -> String {
    take(rust_dictionary_info())
}

type Export = unsafe extern "C" fn(*const c_char) -> *mut c_char;

fn call(export: Export, request: &str) -> Value {
    let c = CString::new(request).unwrap();
    parse(&take(unsafe { export(c.as_ptr()) }))
}

fn best(reading: &str) -> String {
    let result = call(rust_convert, &format!(r#"{{"reading":"{reading}","alternatives":1}}"#));
    match member(&result, "alternatives") {
        Some(Value::Array(items)) if !items.is_empty() => match &items[0] {
            Value::String(s) => s.clone(),
            other => panic!("{other:?}"),
        },
        _ => panic!("no alternatives: {result:?}"),
    }
}

/// A failed load: the error names the file (`dictionary <path>: …`) and `needle`, and the
/// loaded dictionary answers exactly as before.
fn load_fails(path: &Path, needle: &str, before_info: &str, probe: (&str, &str)) {
    let answer = load(path);
    let message = str_member(&answer, "error");
    assert!(message.starts_with(&format!("dictionary {}: ", path.display())), "{message}");
    assert!(message.contains(needle), "{message:?} lacks {needle:?}");
    assert_eq!(str_member(&answer, "reading"), "");
    assert_eq!(info(), before_info, "a failed load changed the loaded dictionary");
    assert_eq!(best(probe.0), probe.1);
}

#[test]
fn the_conversion_exports_keep_their_contract() {
    // ---- before any dictionary ----
    assert_eq!(info(), r#"{"loaded":false}"#);
    for export in [rust_convert as Export, rust_resize_segment, rust_segment_candidates, rust_predict] {
        let answer = call(export, r#"{"reading":"なかの","unknown":1}"#);
        assert_eq!(str_member(&answer, "error"), "no dictionary loaded: call rust_load_dictionary first");
        assert_eq!(str_member(&answer, "reading"), "なかの", "the reading comes back to be committed");
    }
    let absent = temp_path("absent.cimedic");
    let answer = load(&absent);
    assert!(str_member(&answer, "error").starts_with(&format!("dictionary {}: cannot open", absent.display())));
    assert_eq!(info(), r#"{"loaded":false}"#, "a failed first load leaves none loaded");

    // ---- the tiny dictionary ----
    let tiny = bytes();
    let a_path = write_temp("a.cimedic", &tiny);
    let loaded = load(&a_path);
    assert_eq!(member(&loaded, "loaded"), Some(&Value::Bool(true)), "{loaded:?}");
    assert_eq!(str_member(&loaded, "path"), a_path.display().to_string());
    assert_eq!(member(&loaded, "bytes"), Some(&Value::Number(tiny.len() as f64)));
    assert_eq!(member(&loaded, "entries"), Some(&Value::Number(24.0)));
    assert_eq!(member(&loaded, "keys"), Some(&Value::Number(20.0)));
    #[cfg(unix)]
    assert_eq!(member(&loaded, "mapped"), Some(&Value::Bool(true)));
    assert_eq!(str_member(member(&loaded, "metadata").unwrap(), "source"), "tiny test dictionary");
    let a_info = info();
    assert_eq!(parse(&a_info), loaded, "rust_dictionary_info describes what was loaded");
    assert_eq!(best("わたしのなまえはなかのです"), "私の名前は中野です");
    let a_probe = ("なかの", "中野");

    // Every request kind through the ABI.
    let resized = call(rust_resize_segment, r#"{"reading":"わたしのなまえはなかのです","segments":[4,4,5],"index":0,"delta":-1}"#);
    let Some(Value::Array(segments)) = member(&resized, "segments") else { panic!("{resized:?}") };
    assert_eq!(segments.iter().map(|s| str_member(s, "reading")).collect::<Vec<_>>(), ["わたし", "の", "なまえは", "なかのです"]);
    let candidates = call(rust_segment_candidates, r#"{"reading":"はし","segments":[2],"index":0,"limit":2}"#);
    assert_eq!(member(&candidates, "candidates"), Some(&Value::Array(["箸", "橋", "🥢", "はし", "ハシ", "ﾊｼ"].map(|s| Value::String(s.into())).to_vec())));
    // What the writer typed (docs/FFI.md, "The writer's own words"): their spelling is the
    // segment's last candidate, in every export that takes a reading to convert.
    let typed = r#""typed":{"language":"ru","words":[{"text":"Хаси","start":0,"end":2}]}"#;
    let candidates = call(rust_segment_candidates, &format!(r#"{{"reading":"はし","segments":[2],"index":0,"limit":2,{typed}}}"#));
    assert_eq!(member(&candidates, "candidates"), Some(&Value::Array(["箸", "橋", "🥢", "はし", "ハシ", "ﾊｼ", "Хаси"].map(|s| Value::String(s.into())).to_vec())));
    let converted = call(rust_convert, &format!(r#"{{"reading":"はし",{typed}}}"#));
    let resized = call(rust_resize_segment, &format!(r#"{{"reading":"はし","segments":[2],"index":0,"delta":0,{typed}}}"#));
    for answer in [converted, resized] {
        let Some(Value::Array(segments)) = member(&answer, "segments") else { panic!("{answer:?}") };
        let Some(Value::Array(texts)) = member(&segments[0], "candidates") else { panic!("{answer:?}") };
        assert_eq!(texts.last(), Some(&Value::String("Хаси".into())), "{answer:?}");
    }
    let refused = call(rust_convert, r#"{"reading":"はし","typed":{"language":"ru","words":[{"text":"Хаси","start":0,"end":3}]}}"#);
    assert_eq!(str_member(&refused, "error"), "$typed.words[0].end is 3, past the end of the reading (2 characters)");
    let predicted = call(rust_predict, r#"{"reading":"ありがと"}"#);
    let Some(Value::Array(items)) = member(&predicted, "predictions") else { panic!("{predicted:?}") };
    assert_eq!(items.iter().map(|p| str_member(p, "text")).collect::<Vec<_>>(), ["ありがとう", "ありがとうございます"]);

    // NULL and invalid UTF-8 requests.
    for export in [rust_convert as Export, rust_resize_segment, rust_segment_candidates, rust_predict] {
        let answer = parse(&take(unsafe { export(std::ptr::null()) }));
        assert_eq!((str_member(&answer, "error"), str_member(&answer, "reading")), ("request is NULL", ""));
        let bad = CString::new(b"{\"reading\":\"\xff\"}".to_vec()).unwrap();
        let answer = parse(&take(unsafe { export(bad.as_ptr()) }));
        assert_eq!(str_member(&answer, "error"), "request is not valid UTF-8");
        assert_eq!(str_member(&answer, "reading"), "{\"reading\":\"\u{FFFD}\"}", "the readable part comes back");
    }

    // ---- failed loads leave it in place ----
    let bad_file = |name: &str, bytes: &[u8]| write_temp(name, bytes);
    load_fails(&absent, "cannot open", &a_info, a_probe);
    load_fails(&bad_file("empty", &[]), "file is 0 bytes", &a_info, a_probe);
    for cut in [7, 200, tiny.len() / 2, tiny.len() - 1] {
        load_fails(&bad_file("cut", &tiny[..cut]), "truncated", &a_info, a_probe);
    }
    let mut magic = tiny.clone();
    magic[..8].copy_from_slice(b"NOTADICT");
    load_fails(&bad_file("magic", &magic), "bad magic number", &a_info, a_probe);
    let mut version = tiny.clone();
    version[field::VERSION] = 9;
    load_fails(&bad_file("version", &version), "format version 9", &a_info, a_probe);
    let mut damaged = tiny.clone();
    let last = damaged.len() - 3;
    damaged[last] ^= 0x40;
    load_fails(&bad_file("damaged", &damaged), "checksum mismatch", &a_info, a_probe);
    let mut hostile = tiny.clone();
    let at = field::SECTION_TABLE + Section::Matrix as usize * 16;
    hostile[at..at + 8].copy_from_slice(&(tiny.len() as u64).to_le_bytes());
    reseal(&mut hostile);
    load_fails(&bad_file("hostile", &hostile), "section connection matrix", &a_info, a_probe);
    // A directory where the file should be: named as what it is, not a success nor a blank.
    load_fails(&std::env::temp_dir(), "cannot read: Is a directory", &a_info, a_probe);
    // Arguments that are not a usable path at all.
    for (path, message) in [(None, "path is NULL".to_string()), (Some(vec![0xC3u8, 0x28]), "path is not valid UTF-8".to_string()), (Some(vec![b'a'; 4097]), "path is 4097 bytes, over the limit of 4096".to_string())] {
        let c = path.map(|p| CString::new(p).unwrap());
        let answer = parse(&take(unsafe { rust_load_dictionary(c.as_ref().map_or(std::ptr::null(), |c| c.as_ptr())) }));
        assert_eq!(str_member(&answer, "error"), message);
        assert_eq!(info(), a_info);
    }

    // ---- another dictionary replaces it; failures leave that one ----
    let b_path = write_temp("b.cimedic", &other_bytes());
    let loaded = load(&b_path);
    assert_eq!(str_member(member(&loaded, "metadata").unwrap(), "source"), "other test dictionary");
    let b_info = info();
    assert_ne!(a_info, b_info);
    let b_probe = ("なかの", "仲の");
    assert_eq!(best(b_probe.0), b_probe.1);
    load_fails(&bad_file("magic", &magic), "bad magic number", &b_info, b_probe);
    // The file may go away once loaded: the mapping keeps it.
    std::fs::remove_file(&b_path).unwrap();
    assert_eq!(best(b_probe.0), b_probe.1);
    for _ in 0..3 {
        assert_eq!(best("わたしのなまえ"), "わたしのなまえ", "the other dictionary knows neither word");
    }

    // ---- conversions racing reloads see one dictionary or the other ----
    let loaded = load(&a_path);
    assert_eq!(member(&loaded, "loaded"), Some(&Value::Bool(true)));
    let b_path = write_temp("b2.cimedic", &other_bytes());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let readers: Vec<_> = (0..3)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let (mut from_a, mut from_b) = (0, 0);
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    match best("なかの").as_str() {
                        "中野" => from_a += 1,
                        "仲の" => from_b += 1,
                        other => panic!("an answer from neither dictionary: {other}"),
                    }
                }
                (from_a, from_b)
            })
        })
        .collect();
    for round in 0..60 {
        let path = if round % 2 == 0 { &b_path } else { &a_path };
        assert_eq!(member(&load(path), "loaded"), Some(&Value::Bool(true)));
        let failed = load(&absent);
        assert!(member(&failed, "error").is_some());
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut a, mut b) = (0, 0);
    for reader in readers {
        let (x, y) = reader.join().expect("a reader panicked");
        a += x;
        b += y;
    }
    assert!(a > 0 && b > 0, "readers saw both dictionaries ({a} from A, {b} from B)");
    for path in [a_path, b_path] {
        std::fs::remove_file(path).ok();
    }
}
