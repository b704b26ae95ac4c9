//! The rewriters through the C ABI, called as C would (docs/FFI.md, "Request fields"): a
//! conversion with a clock offers today's date and the time, ねこ offers 🐱 unless the request
//! turns emoji off, and the dictionary info reports the emoji table. The loaded dictionary is
//! process-global, so everything runs in one test.

mod tiny_dictionary;
use cyrillic_ime_core::conversion_ffi::*;
use cyrillic_ime_core::ffi::rust_free_string;
use std::ffi::{c_char, CStr, CString};
use tiny_dictionary::*;

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null(), "an export returned NULL");
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("results are UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    text
}

fn call(export: unsafe extern "C" fn(*const c_char) -> *mut c_char, request: &str) -> String {
    let c = CString::new(request).unwrap();
    take(unsafe { export(c.as_ptr()) })
}

#[test]
fn dates_emoji_and_forms_come_through_the_abi() {
    let path = write_temp("rewriters.cimedic", &bytes());
    let c = CString::new(path.to_str().unwrap()).unwrap();
    let loaded = take(unsafe { rust_load_dictionary(c.as_ptr()) });
    assert!(loaded.contains(r#""loaded":true"#), "{loaded}");
    let clock = r#""clock":{"unix_seconds":1795740060,"utc_offset_minutes":540}"#;
    let today = call(rust_convert, &format!(r#"{{"reading":"きょう","fixed":[3],{clock}}}"#));
    assert!(today.contains(r#""2026/11/27","2026-11-27","11月27日","2026年11月27日","令和8年11月27日","金曜日""#), "{today}");
    let now = call(rust_segment_candidates, &format!(r#"{{"reading":"いま","segments":[2],"index":0,{clock}}}"#));
    assert!(now.contains(r#""9:41","9時41分","午前9時41分""#), "{now}");
    let cat = call(rust_convert, r#"{"reading":"ねこ","fixed":[2]}"#);
    assert!(cat.contains(r#""candidates":["ねこ","🐈","🐱","🐈‍⬛","ネコ","ﾈｺ"]"#), "{cat}");
    let off = call(rust_resize_segment, r#"{"reading":"ねこ","segments":[2],"index":0,"delta":0,"emoji":false}"#);
    assert!(!off.contains("🐱") && off.contains("ﾈｺ"), "{off}");
    let bad = call(rust_convert, r#"{"reading":"きょう","fixed":[3],"clock":{"unix_seconds":"now","utc_offset_minutes":0}}"#);
    assert!(bad.contains("$clock.unix_seconds must be whole seconds") && bad.contains(r#""reading":"きょう""#), "{bad}");
    let info = take(rust_dictionary_info());
    assert!(info.contains(r#""emoji":{"readings":"#), "{info}");
    let _ = std::fs::remove_file(path);
}
