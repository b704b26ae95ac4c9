//! The C ABI's contract, exercised through the exported functions themselves:
//! ownership, every failure path, reload semantics and the panic guard.
//! The engine is process-global, so these tests run one at a time (see `serial`).

mod common;
use common::bundled_documents;
use cyrillic_ime_core::ffi::*;
use cyrillic_ime_core::json::{self, Value};
use std::ffi::{c_char, CStr, CString};
use std::sync::{Mutex, MutexGuard};

static SERIAL: Mutex<()> = Mutex::new(());

/// Holds the global engine for one test and starts it from the bundled data.
fn serial() -> MutexGuard<'static, ()> {
    let guard = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    let (profiles, kana) = bundled_documents();
    assert!(init(&profiles, &kana), "bundled data rejected: {}", last_init_error());
    guard
}

fn c(text: &str) -> CString {
    CString::new(text).unwrap()
}

fn init(profiles: &str, kana: &str) -> bool {
    unsafe { rust_init_engine(c(profiles).as_ptr(), c(kana).as_ptr()) }
}

/// Copies and frees a returned string; `None` for NULL.
fn take(ptr: *mut c_char) -> Option<String> {
    if ptr.is_null() {
        return None;
    }
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("result is UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    Some(text)
}

fn last_init_error() -> String {
    take(rust_last_init_error()).expect("not NULL")
}

/// The result object's string fields.
fn fields(json_text: &str) -> Vec<(String, String)> {
    let value = json::parse(json_text, json::Limits { max_bytes: 1 << 16, max_depth: 4, max_values: 64 }).expect("result is JSON");
    let Value::Object(members) = value else { panic!("result is not an object: {json_text}") };
    members
        .into_iter()
        .map(|(k, v)| match v {
            Value::String(s) => (k, s),
            other => panic!("field {k} is {other:?}"),
        })
        .collect()
}

fn field(fields: &[(String, String)], name: &str) -> Option<String> {
    fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
}

fn process_raw(key: *const c_char, buffer: *const c_char, profile: *const c_char) -> Vec<(String, String)> {
    let text = take(unsafe { rust_process_key(key, buffer, profile) }).expect("NULL without a panic");
    fields(&text)
}

fn process(key: &str, buffer: &str, profile: &str) -> Vec<(String, String)> {
    process_raw(c(key).as_ptr(), c(buffer).as_ptr(), c(profile).as_ptr())
}

#[test]
fn results_have_the_documented_fields() {
    let _g = serial();
    let r = process("к", "", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some(""));
    assert_eq!(field(&r, "buffer").as_deref(), Some("к"));
    assert_eq!(field(&r, "action").as_deref(), Some("compose"));
    assert_eq!(field(&r, "error"), None);
    let r = process("а", "к", "rus_standard");
    assert_eq!((field(&r, "output").unwrap(), field(&r, "buffer").unwrap(), field(&r, "action").unwrap()), ("か".into(), "".into(), "commit".into()));
}

#[test]
fn named_keys_follow_the_contract() {
    let _g = serial();
    let r = process("{backspace}", "дз", "rus_standard");
    assert_eq!((field(&r, "output").unwrap(), field(&r, "buffer").unwrap(), field(&r, "action").unwrap()), ("".into(), "д".into(), "compose".into()));
    let r = process("{backspace}", "", "rus_standard");
    assert_eq!(field(&r, "action").as_deref(), Some("delete_backward"));
    let r = process("\u{8}", "н", "rus_standard");
    assert_eq!((field(&r, "buffer").unwrap(), field(&r, "action").unwrap()), ("".into(), "commit".into()));
    let r = process("{flush}", "н", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some("ん"));
    let r = process("{space}", "н", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some("ん "));
    let r = process("{enter}", "кк", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some("っк\n"));
    let r = process(" ", "", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some(" "));
}

#[test]
fn null_arguments_are_errors_that_keep_the_typed_text() {
    let _g = serial();
    let key = c("а");
    let buffer = c("к");
    let profile = c("rus_standard");
    let r = process_raw(std::ptr::null(), buffer.as_ptr(), profile.as_ptr());
    assert_eq!(field(&r, "action").as_deref(), Some("error"));
    assert_eq!(field(&r, "error").as_deref(), Some("key is NULL"));
    assert_eq!(field(&r, "output").as_deref(), Some("к"));
    let r = process_raw(key.as_ptr(), std::ptr::null(), profile.as_ptr());
    assert_eq!(field(&r, "error").as_deref(), Some("buffer is NULL"));
    assert_eq!(field(&r, "output").as_deref(), Some("а"));
    let r = process_raw(key.as_ptr(), buffer.as_ptr(), std::ptr::null());
    assert_eq!(field(&r, "error").as_deref(), Some("profile_id is NULL"));
    assert_eq!(field(&r, "output").as_deref(), Some("ка"));
    assert!(!unsafe { rust_init_engine(std::ptr::null(), std::ptr::null()) });
    assert_eq!(last_init_error(), "profiles_json is NULL");
}

#[test]
fn invalid_utf8_is_an_error_that_keeps_the_readable_text() {
    let _g = serial();
    let bad = CString::new(vec![b'a', 0xff, b'b']).unwrap();
    let buffer = c("к");
    let profile = c("rus_standard");
    let r = process_raw(bad.as_ptr(), buffer.as_ptr(), profile.as_ptr());
    assert_eq!(field(&r, "error").as_deref(), Some("key is not valid UTF-8"));
    assert_eq!(field(&r, "output").as_deref(), Some("кa\u{fffd}b"));
    let r = process_raw(profile.as_ptr(), buffer.as_ptr(), bad.as_ptr());
    assert_eq!(field(&r, "error").as_deref(), Some("profile_id is not valid UTF-8"));
    let kana = c(&bundled_documents().1);
    assert!(!unsafe { rust_init_engine(bad.as_ptr(), kana.as_ptr()) });
    assert_eq!(last_init_error(), "profiles_json is not valid UTF-8");
}

#[test]
fn unknown_profile_and_oversized_input_are_named_errors() {
    let _g = serial();
    let r = process("а", "к", "klingon");
    assert_eq!(field(&r, "action").as_deref(), Some("error"));
    assert!(field(&r, "error").unwrap().contains("unknown profile id \"klingon\""));
    assert_eq!(field(&r, "output").as_deref(), Some("ка"));
    let long_buffer = "к".repeat(200);
    let r = process("а", &long_buffer, "rus_standard");
    assert!(field(&r, "error").unwrap().contains("buffer is 400 bytes, over the limit of 256 bytes"));
    assert_eq!(field(&r, "output").unwrap(), long_buffer.clone() + "а");
    let long_key = "😀".repeat(100);
    let r = process(&long_key, "", "rus_standard");
    assert!(field(&r, "error").unwrap().contains("key is 400 bytes"));
    assert_eq!(field(&r, "output").unwrap(), long_key);
}

#[test]
fn failed_reload_keeps_the_running_engine_and_says_why() {
    let _g = serial();
    let (profiles, kana) = bundled_documents();
    let broken = profiles.replacen("\"ка\": \"ka\"", "\"ка\": \"kx\"", 1);
    assert_ne!(broken, profiles, "the test's edit did not apply");
    assert!(!init(&broken, &kana));
    let error = last_init_error();
    assert!(error.starts_with("profiles.json: $.profiles[0].rules[\"ка\"]"), "{error}");
    assert!(error.contains("unknown kana id \"kx\""), "{error}");
    let r = process("а", "к", "rus_standard");
    assert_eq!(field(&r, "output").as_deref(), Some("か"), "the old engine must keep answering");
    assert!(!init("{", &kana));
    assert!(last_init_error().contains("invalid JSON"));
    assert!(init(&profiles, &kana));
    assert_eq!(last_init_error(), "");
}

#[test]
fn reload_swaps_in_the_new_rules() {
    let _g = serial();
    let (profiles, kana) = bundled_documents();
    let changed = profiles.replacen("\"ка\": \"ka\"", "\"ка\": \"ga\"", 1);
    assert!(init(&changed, &kana), "{}", last_init_error());
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("が"));
    assert!(init(&profiles, &kana));
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"));
}

#[test]
fn profiles_json_describes_the_running_engine() {
    let _g = serial();
    let text = take(rust_profiles_json()).unwrap();
    let value = json::parse(&text, json::Limits { max_bytes: 1 << 20, max_depth: 16, max_values: 1 << 16 }).unwrap();
    let Value::Object(root) = value else { panic!() };
    let Value::Array(profiles) = &root[0].1 else { panic!() };
    let Value::Object(first) = &profiles[0] else { panic!() };
    assert_eq!(first[0], ("id".to_string(), Value::String("rus_standard".into())));
    let rows = first.iter().find(|(k, _)| k == "rows").map(|(_, v)| v).unwrap();
    let Value::Array(rows) = rows else { panic!() };
    assert_eq!(rows.len(), 5);
    // The fields added for the layers follow `rows`, so readers of the old shape still work.
    let keys: Vec<&str> = first.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["id", "language", "names", "rows", "lettersLabel", "layers", "keyInputs", "keyNames"]);
}

#[test]
fn abi_version_matches_the_header() {
    let header = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../include/cyrillic_ime_core.h")).unwrap();
    let declared = format!("#define CYRILLIC_IME_CORE_ABI_VERSION {}", rust_abi_version());
    assert!(header.contains(&declared), "header does not declare ABI version {}", rust_abi_version());
}

#[test]
fn core_version_is_the_crate_version() {
    let cargo = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let version = take(rust_core_version()).expect("rust_core_version returned NULL");
    assert!(cargo.contains(&format!("\nversion = \"{version}\"\n")), "Cargo.toml does not name version {version}");
    assert_eq!(version.split('.').count(), 3, "{version}");
}

thread_local! {
    /// Panics that started on this thread (the export guard catches them silently).
    static PANICS_ON_THIS_THREAD: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Counts every panic in the thread it starts on, keeping the default report.
fn count_panics() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS_ON_THIS_THREAD.with(|n| n.set(n.get() + 1));
            previous(info);
        }));
    });
}

#[test]
fn free_string_accepts_null_without_a_caught_panic() {
    count_panics();
    let panics = || PANICS_ON_THIS_THREAD.with(|n| n.get());
    // The counter sees panics the guard swallows: a deliberate one counts.
    assert!(rust_test_panic(false).is_null());
    assert_eq!(panics(), 1, "the panic counter missed a caught panic");
    for _ in 0..3 {
        unsafe { rust_free_string(std::ptr::null_mut()) };
    }
    assert_eq!(panics(), 1, "rust_free_string(NULL) panicked inside the guard");
    // A real result is still freed normally afterwards.
    let answer = rust_abi_version();
    assert_eq!(answer, 1);
    let text = take(rust_last_init_error());
    assert!(text.is_some(), "rust_last_init_error returned NULL after rust_free_string(NULL)");
    assert_eq!(panics(), 1);
}

#[test]
fn results_survive_concurrent_calls_and_reloads() {
    let _g = serial();
    let (profiles, kana) = bundled_documents();
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..2000 {
                    let r = process("а", "к", "rus_standard");
                    assert_eq!(field(&r, "output").as_deref(), Some("か"));
                }
            });
        }
        scope.spawn(|| {
            for _ in 0..20 {
                assert!(init(&profiles, &kana));
            }
        });
    });
}

#[cfg(feature = "test-exports")]
#[test]
fn a_panic_returns_null_and_the_next_call_works() {
    let _g = serial();
    assert!(rust_test_panic(false).is_null());
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"));
    // Poison the engine lock: both readers and a reload must recover.
    assert!(rust_test_panic(true).is_null());
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"));
    let (profiles, kana) = bundled_documents();
    assert!(init(&profiles, &kana));
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"));
}

#[test]
fn katakana_is_a_profile_id_suffix() {
    let _g = serial();
    let r = process("а", "кк", "rus_standard:katakana");
    assert_eq!((field(&r, "output").unwrap(), field(&r, "buffer").unwrap()), ("ッカ".into(), "".into()));
    let r = process("-", "", "rus_standard:katakana");
    assert_eq!(field(&r, "output").as_deref(), Some("ー"));
    let r = process("а", "к", "rus_standard:hiragana");
    assert_eq!(field(&r, "output").as_deref(), Some("か"));
    let r = process("а", "к", "rus_standard:cursive");
    assert!(field(&r, "error").unwrap().contains("unknown script or width option \"cursive\""));
    assert_eq!(field(&r, "output").as_deref(), Some("ка"));
    let long_id = "p".repeat(200);
    let r = process("а", "к", &long_id);
    assert!(field(&r, "error").unwrap().contains("profile id is 200 bytes, over the limit of 128 bytes"));
}

#[test]
fn dakuten_cycles_come_from_the_data() {
    let _g = serial();
    let cycle = |c: &str| fields(&take(unsafe { rust_cycle_dakuten(CString::new(c).unwrap().as_ptr()) }).unwrap());
    let follow = |start: &str, steps: usize| {
        let mut seen = vec![start.to_string()];
        for _ in 0..steps {
            let r = cycle(seen.last().unwrap());
            assert_eq!(field(&r, "action").as_deref(), Some("replace"), "{seen:?}");
            seen.push(field(&r, "output").unwrap());
        }
        seen.join("")
    };
    assert_eq!(follow("は", 3), "はばぱは");
    assert_eq!(follow("つ", 3), "つっづつ");
    assert_eq!(follow("か", 2), "かがか");
    assert_eq!(follow("や", 2), "やゃや");
    assert_eq!(follow("ハ", 3), "ハバパハ");
    for none in ["ん", "a", "", "はは"] {
        assert_eq!(field(&cycle(none), "action").as_deref(), Some("none"), "{none:?}");
    }
    let r = fields(&take(unsafe { rust_cycle_dakuten(std::ptr::null()) }).unwrap());
    assert_eq!(field(&r, "error").as_deref(), Some("character is NULL"));
}

#[test]
fn init_errors_are_per_thread() {
    let _g = serial();
    let (profiles, kana) = bundled_documents();
    assert!(!init("{}", &kana));
    std::thread::spawn(move || assert!(init(&profiles, &kana))).join().unwrap();
    assert!(last_init_error().contains("missing required field"), "another thread's success replaced this thread's error");
}

/// A reload from a thread-local destructor, after this library's own per-thread error slot
/// is gone (glibc runs those destructors last-registered first), must still swap the engine
/// in and report success; it used to panic on the dead slot and return false.
#[test]
fn init_during_thread_teardown_still_swaps_in_the_engine() {
    use std::cell::RefCell;
    use std::sync::atomic::{AtomicU8, Ordering};
    static LATE_INIT: AtomicU8 = AtomicU8::new(0); // 0 not run, 1 true, 2 false

    struct InitOnDrop(String, String);
    impl Drop for InitOnDrop {
        fn drop(&mut self) {
            let ok = init(&self.0, &self.1);
            LATE_INIT.store(if ok { 1 } else { 2 }, Ordering::SeqCst);
        }
    }
    thread_local! {
        static LATE: RefCell<Option<InitOnDrop>> = const { RefCell::new(None) };
    }

    let _g = serial();
    let (profiles, kana) = bundled_documents();
    let changed = profiles.replacen("\"ка\": \"ka\"", "\"ка\": \"ga\"", 1);
    let late_kana = kana.clone();
    std::thread::spawn(move || {
        // Registered first, so destroyed after the library's error slot, which the
        // failed init below registers.
        LATE.with(|slot| *slot.borrow_mut() = Some(InitOnDrop(changed, late_kana)));
        assert!(!init("{", "{"));
    })
    .join()
    .unwrap();
    assert_eq!(LATE_INIT.load(Ordering::SeqCst), 1, "the init in the destructor reported failure");
    assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("が"), "the new engine is running");
    assert!(init(&profiles, &kana));
}

/// After a panic poisoned the engine lock, every export still answers as before: keys,
/// the dakuten key, the profile list, failed and successful reloads, the init error.
#[cfg(feature = "test-exports")]
#[test]
fn every_export_recovers_a_poisoned_lock() {
    let _g = serial();
    let before = (
        take(rust_profiles_json()).unwrap(),
        take(unsafe { rust_cycle_dakuten(c("は").as_ptr()) }).unwrap(),
    );
    for round in 0..3 {
        assert!(rust_test_panic(true).is_null(), "round {round}");
        assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"));
        assert_eq!(field(&process("а", "к", "klingon"), "action").as_deref(), Some("error"));
        assert_eq!(take(rust_profiles_json()).unwrap(), before.0);
        assert_eq!(take(unsafe { rust_cycle_dakuten(c("は").as_ptr()) }).unwrap(), before.1);
        let (profiles, kana) = bundled_documents();
        assert!(!init("{", &kana));
        assert!(last_init_error().contains("invalid JSON"));
        assert_eq!(field(&process("а", "к", "rus_standard"), "output").as_deref(), Some("か"), "a failed reload after a panic");
        assert!(init(&profiles, &kana));
        assert_eq!(last_init_error(), "");
        // 0 would mean the guard caught a panic; 1 is the version docs/FFI.md documents.
        assert_eq!(rust_abi_version(), 1, "round {round}");
    }
}
